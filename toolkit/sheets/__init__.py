"""Spreadsheets in and out: `toolkit export` writes one kind's cards as a CSV or XLSX sheet
(one row a card, one column a field: `name.en`, `name.zh`, `stats.combat`...; lists as
`a, b`; lists of mappings such as effects one per line, as YAML) and `toolkit import` reads
such a sheet back into the kind's YAML file. The round trip is exact."""
