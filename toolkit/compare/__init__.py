"""A/B comparison of two content versions: paired games, a sequential test per metric, and
a structural diff of what the edit touched (`toolkit compare`)."""
