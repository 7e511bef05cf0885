"""Content packs: models, YAML I/O with source positions, loading and validation."""
