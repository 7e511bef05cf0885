"""The rules-engine core shared by every ruleset: games, decisions, events, dice, boards.

A ruleset's rules are a generator that yields `Decision`s and receives the chosen
action; everything that happens is an event in the game's log. Given the same
scenario, options, seed and decisions, the log is the same byte for byte, so a
save is just (scenario, options, seed, decisions) and a replay is the log.
"""
