"""Sortie studio: the Qt editor. Depends on `engine`; the engine never imports this."""
