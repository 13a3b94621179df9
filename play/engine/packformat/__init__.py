"""The pack loader, split by section of the pack format (docs/content-format.md).

Each module reads one part and builds on the one below it: `vocabulary` (names and limits) <
`model` (Design, Ability, Sticker, Pack) < `reader` (JSON paths, error messages, small type
checks) < `effect_checks` (effects, counters, conditions, MATCH) < `cards` (designs and
abilities) < `rule_checks` (scenario RULEs) < `legacy_parts` (sides, sticker sheets, VP cards,
scenarios) < `loader` (the top level). Callers import from `play.engine.content`.
"""
