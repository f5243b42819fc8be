"""Simulation: play games with AI players, in batches, and report balance statistics."""
