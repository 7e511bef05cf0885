"""The Pocket Air War rules engine: `engine.PawEngine` (the round, decision kinds and events
are described there), on `state` (pieces and derived values), `start` (the state a game
starts from), `flight` (maneuvers, energy, stall, initiative), `combat` and `damage`
(weapons, Flak, ordnance, hits), `victory`, `bots`, and the rulebook's solo AI, `solo_ai`
(the engine flies AI planes itself: see there). The mat it flies on is `draw.free_mat.FreeMat`.

What bots and the solo AI read (from `game.state`, a `state.State`; nothing below changes
the game):

- `flight.energy_options(state, plane)` / `flight.maneuver_options(state, plane)`: the
  legal Energy settings and maneuvers now, exactly as the engine offers them (dicts with
  `type`, parameters and `label`); `single_step=True` gives the one-step choices of a Time
  Freeze impulse.
- `flight.predict(state, plane, option)` -> `Prediction`: end pose (x, y, heading), altitude,
  Energy, movement points left, the path, the edge it would leave the mat by, the Energy
  it would lack (`deficit`: an intentional stall), and whether it `stalls` next round or
  `crashes`. Chain maneuvers by passing `fl=` a copied `state.Flight`.
- `flight.overlaps(state, plane, pose, alt)` (collision check), `flight.off_mat(state, pose)`,
  `flight.stall_outcome(state, plane)` ('crash' or 'drop'), `flight.initiative(state, roll)`.
- `combat.attack_options(state, plane, used)`, `combat.gun_target` / `gunner_target` (the
  ruler box a counter is in, or None), `combat.plane_aspect` (front/side/back),
  `geometry.bearing` / `local` for relative position (ahead/side/behind) and
  `state.State.same_alt`; a Dashboard's length is `rules.components.dashboard_length_mm`.
- `state.State.max_energy`, `acceleration`, `letters` (templates allowed at an Energy),
  `turn_sides`, `barred_high`, `hit_modifier`: the numbers the optional rules change.
"""
