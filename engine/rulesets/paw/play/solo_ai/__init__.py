"""The rulebook's solo AI (Solo and Coop Mode): AI planes fly and fight by its tables.

Each round an AI plane looks at a focal point (`focal`: its mission's list from the pack,
replaced by an override when it was fired upon, is tailed, is damaged ...), finds where
that point lies (`position`: within one Dashboard or beyond; ahead, side or behind; higher,
level or lower), rolls the ACE AI table and shifts rows for its crew skill (`table`), then
sets its Energy and flies the maneuver on the engine's own moves (`maneuvers`), shifting
down a row while a maneuver is not allowed or would stall or crash. It
fires after every step in which an enemy is in sight, and again in the Combat phase.

Why the engine flies AI planes itself (`play.SoloPlay`) rather than leaving it to a
controller: the ACE roll is a rule the rulebook makes a player roll, and the AI changes
rules (it fires while moving, fires again in Combat, never collides). Rolled inside the
rules, a save of (seed, decisions) replays the AI exactly. A plane is AI-flown when the
scenario says `ai: true` or its side answers the `paw.pilots` decision with the solo AI
(`sortie play --side axis=bot:ai`).
"""
