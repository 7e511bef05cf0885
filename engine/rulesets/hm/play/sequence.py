"""The rules of play as a generator: card by card, each activated plane moves, shoots, bombs.

Sequence of play (rulebook: Sequence of Play, Choose Cards): turn over the top
card; the fighter or bomber squadron it belongs to moves, then shoots, then
bombs, in the order the core rules record lists the steps. When the deck is
spent a round ends and the cards of the planes still on the mat are shuffled
again; a shot-down plane's card (or a squadron's, once it has no bomber left)
leaves the deck at once. The game ends after the scenario's last round or as
soon as one of its end triggers fires.

Decisions: `hm.designate` (a secret designation at set-up), `hm.move` (one
plane's end state, or an exit off the mat), `hm.turret_target` (which of
several planes a turret fires at). Shots with only one possible target are
fired without asking: a gun may only ever fire at the first plane in its line.
"""

from __future__ import annotations

from engine.content.dice import parse_roll
from engine.core.board import FACINGS, Cube
from engine.core.decisions import Action, Decision, confirm
from engine.core.game import Game, Outcome, Rules

from .fire import Shot, fighter_guns, in_reach, line_target, turret_shots
from .moves import Candidate, Move, Mover
from .offsets import around
from .state import OFF_MAT, SHOT_DOWN, Plane, State
from .victory import check_end, outcome

TARGET_UNIT = "target:"


# --------------------------------------------------------------------------- the game


def play(game: Game) -> Rules:
    state: State = game.state
    yield from designate(game, state)
    steps = [step.phase for step in state.rules.sequence]
    while state.ended is None and state.round < state.scenario.end.max_rounds:
        state.round += 1
        cards = state.live_cards() if state.rules.activation.remove_shot_down else list(state.cards)
        state.deck = game.dice.shuffle(cards, f"round {state.round}: shuffle the deck")
        state.drawn = set()
        game.emit("hm.round", round=state.round, cards=sorted(cards))
        news_from = len(state.news)
        while state.deck and state.ended is None:
            card = state.deck.pop(0)
            state.drawn.add(card)
            yield from activate(game, state, card, steps)
        game.emit("summary", text=round_summary(state, news_from))
    return finish(game, state)


def round_summary(state: State, news_from: int) -> str:
    forces = ", ".join(f"{side.id} {len(state.live(side.id))} on the mat" for side in state.scenario.sides)
    news = "; ".join(state.news[news_from:]) or "no losses"
    return f"Round {state.round}: {news}. {forces}; score " + ", ".join(
        f"{side} {points:g}" for side, points in state.score.items())


def finish(game: Game, state: State) -> Outcome:
    for designation, plane_id in state.designated.items():
        reveal(game, state, designation, plane_id, "end of the game")
    result = outcome(state)
    game.emit("summary", text=f"Game over after round {state.round}: {result.details['why']}")
    return result


def designate(game: Game, state: State) -> Rules:
    """Each designation (Yamamoto's bomber) is chosen in secret by its side at set-up."""
    for d in state.scenario.designations:
        options = [
            {"type": "designate", "designation": d.id, "plane": plane_id,
             "label": f"{d.name} flies in {plane_id} ({state.planes[plane_id].record.name})"}
            for plane_id in d.choose_from if plane_id in state.planes
        ]
        action = yield Decision(
            d.side, "hm.designate", f"Secretly choose the plane that carries {d.name}", options,
            context={"designation": d.id}, secret=d.secret,
            explain=lambda a, d=d: f"choose one of {', '.join(d.choose_from)} for {d.name}",
        )
        state.designated[d.id] = action["plane"]
        game.emit("hm.designated", designation=d.id, side=d.side, secret=d.secret,
                  **({} if d.secret else {"plane": action["plane"]}))


def reveal(game: Game, state: State, designation: str, plane_id: str, why: str) -> None:
    if designation not in state.revealed:
        state.revealed.add(designation)
        game.emit("hm.revealed", designation=designation, plane=plane_id, why=why)


def activate(game: Game, state: State, card: str, steps: list[str]) -> Rules:
    planes = [p for p in state.cards[card] if p.on_mat]
    game.emit("hm.activation", round=state.round, card=card, planes=[p.id for p in planes])
    moved: set[str] = set()
    for phase in steps:
        for plane in planes:
            if state.ended is not None:
                return
            if not plane.on_mat:
                continue
            if phase == "move":
                if (yield from move(game, state, plane, card)):
                    moved.add(plane.id)
            elif phase == "shoot":
                if plane.role == "fighter":  # (a fighter's guns ask nothing: no generator made for them)
                    fighter_shoot(game, state, plane)
                else:
                    yield from turrets_shoot(game, state, plane)
            elif phase == "bomb" and plane.role == "bomber" and plane.id in moved:
                bomb(game, state, plane)


# --------------------------------------------------------------------------- movement


def move_action(state: State, m: Move) -> Action:
    way = m.way
    if m.exit:
        edge = state.mat.edge(m.to)
        return {"type": "exit", "edge": edge, "cost": way.cost, "path": list(m.codes),
                "label": f"fly off the {edge} edge, out of play (cost {way.cost}: {way.how})"}
    to = m.codes[-1] if m.codes else state.mat.labels[m.to]
    return {"type": "move", "to": to, "facing": m.facing, "cost": way.cost, "path": list(m.codes),
            "label": f"{to} facing {FACINGS[m.facing]} (cost {way.cost}: {way.how})"}


class MoveOffers:
    """The legal moves of one decision, kept compact (end states, an exit last), and their actions
    made one at a time: the one a bot picks, the one an action names, or all for the list."""

    def __init__(self, state: State, mover: Mover, moves: list[Candidate]) -> None:
        self.state, self.mover, self.moves = state, mover, moves
        self.actions: dict[int, Action] = {}
        self._ends: dict[tuple[Cube, int], int] | None = None  # (offset, facing) -> index

    def action(self, index: int) -> Action:
        found = self.actions.get(index)
        if found is None:
            found = self.actions[index] = move_action(self.state, self.mover.move(self.moves[index]))
        return found

    def options(self) -> list[Action]:
        return [self.action(i) for i in range(len(self.moves))]

    def accept(self, action: Action) -> Action | None:
        """The offered action of the one legal move `action` names, if it is that move."""
        for offered in self.actions.values():  # (a loop, not a generator made for each decision)
            if offered is action:
                return action
        moves, kind = self.moves, action.get("type")
        if kind == "exit":
            index = len(moves) - 1 if moves[-1].exit else None
        elif kind == "move" and isinstance(action.get("to"), str) and isinstance(action.get("facing"), int):
            if self._ends is None:
                self._ends = {(m.offset, m.facing): i for i, m in enumerate(moves) if not m.exit}
            to, (sx, sy, sz) = self.state.mat.at.get(action["to"]), self.mover.start
            index = None if to is None else self._ends.get(((to[0] - sx, to[1] - sy, to[2] - sz), action["facing"]))
        else:
            index = None
        return None if index is None else confirm(action, self.action(index))


class MoveDecision(Decision):
    """`hm.move` with its legal moves kept compact: `moves` for bots to weigh, `action(i)` the
    action of one of them. The labelled list is made only when asked for; any other action is
    checked against the one legal move it names. (The decision keeps no bound method of its own,
    so nothing ties it in a reference cycle.)"""

    def __init__(self, state: State, plane: Plane, mover: Mover, moves: list[Candidate], prompt: str,
                 context: dict) -> None:
        self.mover, self.moves = mover, moves
        self.offers = offers = MoveOffers(state, mover, moves)
        super().__init__(plane.side, "hm.move", prompt, offers.options, context,
                         explain=lambda a: f"{plane.id} cannot do that: {explain_move(state, mover, a)}",
                         accept=offers.accept)

    def action(self, index: int) -> Action:
        return self.offers.action(index)

    def index(self, action: Action) -> int:
        """Which move an accepted action is."""
        for i, offered in self.offers.actions.items():
            if offered is action:
                return i
        raise ValueError("not an action this decision offered")


def explain_move(state: State, mover: Mover, action: Action) -> str:
    if action.get("type") == "exit":
        return mover.why_not(None, None, exit_=True)
    if action.get("type") != "move":
        return f"'{action.get('type')}' is not a move: choose a 'move' (to, facing) or an 'exit'"
    try:
        to = state.mat.grid.cube(state.mat.grid.parse(str(action.get("to", ""))))
    except ValueError as exc:
        return str(exc)
    facing = action.get("facing")
    return mover.why_not(to, facing if isinstance(facing, int) else None)


def move(game: Game, state: State, plane: Plane, card: str) -> Rules:
    """One plane's move; True when it moved (a stalled bomber may not)."""
    rules = state.rules
    speed = plane.speed(rules)
    if speed == 0:
        hits = rules.engine_hits
        span = parse_roll(hits.stalled_move_roll, hits.die)
        roll = game.dice.one(hits.die, f"{plane.id} at speed 0: roll to move", plane=plane.id, need=span.text())
        game.emit("hm.stalled", plane=plane.id, roll=roll, need=span.text(), moves=roll in span)
        if roll not in span:
            return False
        speed = hits.stalled_move_hexes
    flight = state.flight(speed, plane.record)
    planes = around(plane.number, state.numbers, plane)  # the other planes' hexes, as offsets
    mover = Mover(state.mat, rules.movement, flight, plane.nose, plane.facing, state.held, plane.length, plane.id,
                  planes)
    moves = mover.legal()
    here = state.mat.labels[plane.nose]
    if not moves:
        game.emit("hm.no_move", plane=plane.id, at=here, why="every hex it could end in is taken")
        return False
    decision = MoveDecision(
        state, plane, mover, moves,
        f"{card}: move {plane.id} ({plane.record.name}, speed {speed}, hits {plane.hits}/{plane.record.damage}) "
        f"from {here} facing {FACINGS[plane.facing]}; {nearest_enemies(state, plane)}",
        context={"plane": plane.id, "card": card, "at": here, "facing": plane.facing, "speed": speed},
    )
    action = yield decision
    chosen = moves[decision.index(action)]
    cost = chosen.ways[0].cost
    state.lift(plane)
    path = action["path"]
    if chosen.exit:  # the path it flew out by goes with its removal: it never stops on those hexes
        leave(game, state, plane, OFF_MAT, f"{plane.id} flew off the {action['edge']} edge",
              flown={"path": path, "edge": action["edge"], "cost": cost})
        return True
    plane.nose, plane.facing = mover.end(chosen), chosen.facing
    state.place(plane)
    game.emit("unit.moved", unit=plane.id, to=action["to"], facing=chosen.facing, path=path, cost=cost)
    if plane.length > 1:  # the hexes behind the nose followed it
        game.emit("unit.changed", unit=plane.id, state={"hexes": state.labels(plane)})
    return True


def nearest_enemies(state: State, plane: Plane, count: int = 3) -> str:
    """The situation in a line, for a person at the prompt: the nearest enemies and where they point."""
    enemies, here, hexes = state.enemies(plane.side), plane.number, state.hexes  # (hexes by the noses' numbers)
    near = sorted([(hexes[e.number - here], e.id, e) for e in enemies])  # (distances, ids and planes at once)
    if not near:
        return "no enemy on the mat"
    seen, said = state.seen, []  # an enemy's place and facing in words, kept till it moves
    for d, _, e in near[:count]:
        where = seen.get(e.id)
        if where is None:
            where = seen[e.id] = f"{e.id} at {state.mat.labels[e.nose]} facing {FACINGS[e.facing]}"
        said.append(f"{where} ({d} {'hex' if d == 1 else 'hexes'})")
    return "nearest enemies: " + ", ".join(said)


# --------------------------------------------------------------------------- shooting


def fighter_shoot(game: Game, state: State, plane: Plane) -> None:
    """The forward guns, then the tail gun, each at the first plane on its line if that is an enemy."""
    for dice, facing, reach, weapon in fighter_guns(state, plane, plane.facing):
        if dice and state.ended is None:
            shot = line_target(state, plane, facing % 6, reach)
            if shot is not None:
                fire(game, state, plane, weapon, shot, dice)


def turrets_shoot(game: Game, state: State, plane: Plane) -> Rules:
    """Each turret of a bomber in turn; its side chooses the target when the turret sees several."""
    near = in_reach(state, plane)
    for turret, dice in plane.turrets:
        if state.ended is not None or not plane.on_mat:
            return
        shots = turret_shots(state, plane, turret, near)
        if not shots:
            continue
        shot = shots[0]
        if len(shots) > 1:
            options = [{"type": "fire", "turret": turret.id, "target": s.target.id, "range": s.range,
                        "label": f"{turret.name} at {s.target.id} ({s.target.record.name}), range {s.range}"}
                       for s in shots]
            action = yield Decision(
                plane.side, "hm.turret_target",
                f"{plane.id}: {turret.name} ({dice} dice) fires at which plane?", options,
                context={"plane": plane.id, "turret": turret.id},
                explain=lambda a, t=turret, s=shots: (
                    f"the {t.name} of {plane.id} can fire at {', '.join(x.target.id for x in s)} only "
                    f"(range {state.table.ranges.turret}, its arc, planes block the line)"),
            )
            shot = shots[options.index(action)]
        fire(game, state, plane, turret.name, shot, dice)


def fire(game: Game, state: State, shooter: Plane, weapon: str, shot: Shot, dice: int) -> None:
    """Roll the gun dice against the shooting table; engine hits on heavy bombers; damage."""
    table, rules = state.table, state.rules
    target, distance = shot
    span = state.hit_spans[distance]
    need, low, high = span.text(), span.low, span.high  # the span's bounds, not its method per die
    rolls = game.dice.roll(table.die, f"{shooter.id} {weapon} at {target.id}", dice,
                           shooter=shooter.id, target=target.id, range=distance, need=need)
    hits = sum([low <= r <= high for r in rolls])
    engines = 0
    event = {"shooter": shooter.id, "target": target.id, "weapon": weapon, "range": distance,
             "need": need, "rolls": rolls, "hits": hits}
    if shooter.role == "fighter" and target.suffers_engine_hits(rules):
        eh = rules.engine_hits
        triggers = sum([r == eh.trigger_roll and low <= r <= high for r in rolls])
        if triggers:
            confirm = parse_roll(eh.confirm, eh.die)
            checks = game.dice.roll(eh.die, f"engine hit on {target.id}?", triggers, target=target.id,
                                    need=confirm.text())
            engines = sum([r in confirm for r in checks])
            event.update(engine_rolls=checks, engine_need=confirm.text(), engine_hits=engines)
    game.emit("hm.shot", **event)
    if hits:
        target.hits += hits
        game.emit("unit.changed", unit=target.id, state={"hits": target.hits})
    if engines:
        state.slowed(target, engines)
        game.emit("unit.changed", unit=target.id,
                  state={"engines_lost": target.engines_lost, "speed": target.speed(rules)})
    count = target.engines()
    if count is not None and engines and target.engines_lost >= count:
        shoot_down(game, state, target, shooter, f"lost all {count} engines")
    elif target.record.damage and target.hits >= target.record.damage:
        shoot_down(game, state, target, shooter, f"{target.hits} hits, damage rating {target.record.damage}")


def shoot_down(game: Game, state: State, target: Plane, by: Plane, cause: str) -> None:
    state.kills[by.side] += 1
    state.losses[target.side] += 1
    score(game, state, by.side, 1, f"{by.id} shot down {target.id}")
    leave(game, state, target, SHOT_DOWN, f"{by.id} shot down {target.id} ({cause})", by=by, cause=cause)
    for designation, plane_id in state.designated.items():
        if plane_id == target.id:
            reveal(game, state, designation, plane_id, "shot down")


def leave(game: Game, state: State, plane: Plane, status: str, news: str, by: Plane | None = None,
          cause: str = "", flown: dict | None = None) -> None:
    """The plane leaves the mat: shot down or flown off. Its card leaves the deck with its last plane."""
    state.leave(plane, status)
    event = {"unit": plane.id, "box": status, "destroyed": status == SHOT_DOWN, **(flown or {})}
    if by is not None:
        event.update(by=[by.id], cause=cause)
    game.emit("unit.removed", **event)
    state.news.append(news)
    card = plane.card
    if state.rules.activation.remove_shot_down and not any(p.on_mat for p in state.cards[card]):
        if card in state.deck:
            state.deck.remove(card)
        game.emit("hm.card_removed", card=card, why=f"no plane of card {card} is left on the mat")
    check_end(game, state)


def score(game: Game, state: State, side: str, points: int, why: str) -> None:
    state.score[side] += points
    game.emit("hm.score", side=side, points=points, why=why, total=state.score[side])


# --------------------------------------------------------------------------- bombing


def bomb(game: Game, state: State, bomber: Plane) -> None:
    """A bomber that moved onto a target hex rolls one die against its Bomb rating."""
    die = state.rules.bombing.die
    for target in state.targets.values():
        if target.destroyed or target.cube not in bomber.hexes or state.ended is not None:
            continue
        span = parse_roll(bomber.record.bomb, die)
        roll = game.dice.one(die, f"{bomber.id} bombs {target.id}", bomber=bomber.id, target=target.id,
                             need=span.text())
        game.emit("hm.bomb", bomber=bomber.id, target=target.id, roll=roll, need=span.text(),
                  destroyed=roll in span)
        if roll in span:
            target.destroyed = True
            game.emit("unit.changed", unit=TARGET_UNIT + target.id, state={"destroyed": True})
            state.news.append(f"{bomber.id} destroyed {target.name}")
            score(game, state, bomber.side, 1, f"{bomber.id} destroyed {target.id}")
            check_end(game, state)
