"""`sortie play`: a scenario to the end with bots, or with a person at a text prompt."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.content.validate import UsageError
from engine.core.controllers import Quit
from engine.cli.prompt import TerminalController, Undo
from engine.core.events import canonical
from engine.core.decisions import IllegalAction
from engine.core.game import Game, SaveMismatch, resume, run
from engine.core.recall import caught_up
from engine.cli.narrate import line
from engine.core.sight import Sight, Watch
from engine.core.jsonfile import FileShapeError
from engine.core.saves import read_save

from .args import MAX_SEED, check_writable, distinct_files, parse_options, parse_pairs, playable, seat, seed, write_output


# Not told to a person at the prompt: questions (theirs are asked), dice (each result says its
# rolls), and the end (the result line follows).
UNTOLD = {"decision.pending", "roll", "game.end"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play a scenario to the end (bots, or a person at the prompt)",
        description="Play SCENARIO (a scenario file, PACK/ID or ID) with bots on every side "
        "unless --side NAME=human. The same seed gives byte-identical output. Exit status: 0 played to the "
        "end (or quit at the prompt), 1 the scenario's pack has errors, 2 usage error, 130 interrupted.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file, PACK/ID or ID")
    p.add_argument("--seed", type=seed, help=f"random seed, 0 to {MAX_SEED} (default: 1)")
    p.add_argument("--json", action="store_true", help="print one JSON summary object")
    p.add_argument("--log", type=Path, metavar="FILE", help="write every event as JSON lines")
    p.add_argument("--side", action="append", default=[], metavar="NAME=WHO",
                   help="who plays a side: human, bot, or bot:STRENGTH (repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=on|off",
                   help="switch an optional rule of the scenario (repeatable)")
    p.add_argument("--save", type=Path, metavar="FILE",
                   help="write a save (seed and decisions) at the end or when you quit")
    p.add_argument("--resume", type=Path, metavar="FILE", help="continue from a save file")
    p.set_defaults(func=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    launch = playable(args.scenario)
    engine = launch.ruleset.engine
    if args.resume and (args.seed is not None or args.option):
        raise UsageError("--resume goes on with the save's own seed and options; drop --seed and --option")
    options = parse_options(parse_pairs(args.option, "option"))
    who = parse_pairs(args.side, "side")
    distinct_files(resume=args.resume, log=args.log)  # --save over --resume is carrying on: allowed
    distinct_files(log=args.log, save=args.save)
    for out in (args.log, args.save):
        if out:
            check_writable(out)  # a person may play for an hour before the file is written
    try:
        save = read_save(args.resume) if args.resume else None
    except FileShapeError as exc:
        raise UsageError(str(exc)) from None
    try:
        if save is not None:
            game = resume(engine, launch.scenario, launch.content, save, pack=launch.pack_id)
        else:
            game = Game(engine, launch.scenario, launch.content, 1 if args.seed is None else args.seed, options,
                        pack=launch.pack_id)
    except (ValueError, SaveMismatch) as exc:
        raise UsageError(f"{args.resume}: {exc}" if save is not None else str(exc)) from None
    # With --json, stdout carries the one summary object; a person's game is told on stderr.
    talk = sys.stderr if args.json else sys.stdout

    def say(text: str) -> None:
        print(text, file=talk, flush=True)

    def ask(prompt: str) -> str:
        talk.write(prompt)
        talk.flush()
        return input()

    seats = {side: seat(side, who.pop(side, "bot"), engine.bot_strengths) for side in game.sides}
    if who:
        raise UsageError(f"no side named {', '.join(who)}; sides: {', '.join(game.sides)}")

    def bots(g: Game) -> dict:
        """Bots for the bots' seats that have seen `g` so far (a resumed game plays on as it would have)."""
        return dict(caught_up(g, {side: engine.bot(side, who_plays) for side, who_plays in seats.items()
                                  if who_plays != "human"}))

    controllers = {side: TerminalController(ask, say) for side, who_plays in seats.items() if who_plays == "human"}
    controllers.update(bots(game))

    printed = 0
    persons = frozenset(side for side, c in controllers.items() if isinstance(c, TerminalController))
    sight, watch = Sight(persons), Watch(persons)

    def show_new(g: Game) -> None:
        """Bots only: the summaries. With a person at the prompt: everything that happened since,
        as they may see it (no other side's secret, no unit they cannot identify)."""
        nonlocal printed
        new = g.log[printed:]
        printed = len(g.log)
        if not persons:
            if not args.json:
                for event in new:
                    if event["type"] == "summary":
                        print(event["text"])
            return
        sight.learn(new)
        for event, hidden in zip(new, watch.note(g, new)):
            if event["type"] not in UNTOLD:
                say(f"  {line(sight.show(event, hidden), limit=None)}")

    if persons:
        scenario = launch.scenario
        say(f"{scenario.name} ({launch.pack_id}/{scenario.id}), seed {game.seed}; "
            + ", ".join(f"{side}: {'you' if side in persons else f'bot ({who_plays})'}"
                        for side, who_plays in seats.items()))
        if getattr(scenario, "briefing", None):
            say(f"  {scenario.briefing}")
        say("  At a prompt: a number, part of a label to narrow the list, units for the board, undo, ? for help, "
            "q to stop.")
        if save is not None:  # the story so far was told when it was played: from the person's last answer on
            mine = [i for i, e in enumerate(game.log) if e["type"] == "decision" and e["side"] in persons]
            printed = mine[-1] if mine else 0
            sight.learn(game.log[:printed])
            say(f"  resumed from {args.resume} after {len(game.decisions)} decision(s); from your last answer on:")
        show_new(game)  # the set-up, before the first question
    def taken_back(g: Game) -> Game:
        """The game played again up to the person's last answer, which is asked again."""
        nonlocal printed
        mine = [i for i, d in enumerate(g.decisions) if d["side"] in persons]
        if not mine:
            say("  nothing to take back: you have not answered yet")
            return g
        undone = g.decisions[mine[-1]]
        back = resume(engine, launch.scenario, launch.content, {**g.save(), "decisions": g.decisions[:mine[-1]]},
                      pack=launch.pack_id)
        controllers.update(bots(back))  # what the bots planned after the answer taken back is forgotten
        printed = len(back.log)
        watch.note(back, [])
        say(f"  took back your answer '{undone['action'].get('label', undone['action'])}' and "
            f"{len(g.decisions) - mine[-1] - 1} decision(s) after it")
        return back

    try:
        while True:
            try:
                run(game, controllers, on_decision=show_new if persons else None)
                break
            except Undo:
                game = taken_back(game)
    except (Quit, KeyboardInterrupt) as stop:  # Ctrl-C at the prompt is a way to quit: keep the game
        how = "interrupted" if isinstance(stop, KeyboardInterrupt) else "quit"
        if args.save:
            write_output(args.save, json.dumps(game.save(), indent=1))
            print(f"{how}; saved to {args.save}; continue with --resume {args.save}", file=sys.stderr)
        else:
            print(f"{how} without saving (use --save FILE to keep the game)", file=sys.stderr)
        return 130 if how == "interrupted" else 0
    except IllegalAction as exc:
        print(f"sortie play: internal error: {exc}", file=sys.stderr)
        return 1
    show_new(game)
    outcome = game.outcome
    if args.log:
        write_output(args.log, game.log.to_jsonl())
    if args.save:
        write_output(args.save, json.dumps(game.save(), indent=1))
    if args.json:
        print(canonical({
            "scenario": launch.scenario.id,
            "pack": launch.pack_id,
            "seed": game.seed,
            "options": game.options,
            "winner": outcome.winner,
            "result": outcome.result,
            "score": outcome.score,
            "turns": outcome.turns,
            "events": len(game.log),
            "decisions": len(game.decisions),
        }))
    else:
        scores = ", ".join(f"{side} {value:g}" for side, value in outcome.score.items())
        why = outcome.details.get("why")
        print(f"Result: {outcome.result} (winner: {outcome.winner or 'none'}){f' — {why}' if why else ''}; "
              f"score {scores}; {outcome.turns} turn(s), {len(game.log)} events")
    return 0
