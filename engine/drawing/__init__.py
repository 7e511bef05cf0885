"""Drawing without Qt: the shapes previews and boards are made of (`shapes`), the layout helpers
every ruleset's previews share (`kit`), SVG output (`svg`), dice tables as coverage bars (`dice`)
and print-and-play sheets (`sheets`). Rulesets draw with these; the studio renders them."""
