"""Balance reports for people: HTML tables, matplotlib figures (no Qt: Agg or the studio's
canvas draws them) and self-contained pages, shared by the studio's Balance tab and the
command line's --report."""
