"""Instructions per game of a scenario played by bots, counted by valgrind: a speed figure that
does not move with the load of a shared machine.

Wall-clock benchmarks (`test_*_speed.py`) are the targets, but on two shared cores their means
swing by half; a change is judged better by the instructions it saves. Two batches of games
are counted under cachegrind and differenced, so start-up and content loading drop out.

    .venv/bin/python bench/instructions.py bombers-over-berlin --strength hard --games 2 6

Needs valgrind (Debian: `apt-get install valgrind`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys


def play(spec: str, strength: str, first_seed: int, games: int) -> None:
    """The child run under valgrind: load once, then play `games` whole games."""
    from engine.core.game import Game, run
    from engine.rulesets.launch import find_scenario
    from engine.core.simulate import frozen_heap

    launch = find_scenario(spec)
    engine = launch.ruleset.engine
    with frozen_heap():
        for seed in range(first_seed, first_seed + games):
            game = Game(engine, launch.scenario, launch.content, seed)
            run(game, {side: engine.bot(side, strength) for side in game.sides})


# What else moves the count from run to run: string hashes, address layout (setarch -R), and
# numpy's BLAS threads (shapely imports it) spinning while valgrind runs one thread at a time.
STEADY = {"PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


def count(child: list[str], games: int) -> int:
    """Instructions of the child run `child` playing `games` games."""
    fixed = ["setarch", "-R"] if shutil.which("setarch") else []
    command = [*fixed, "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               *child, str(games)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **STEADY})
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or found is None:
        sys.exit(f"valgrind run failed ({' '.join(command)}):\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", help="scenario id or PACK/ID, as `sortie play` takes it")
    parser.add_argument("--strength", default="hard", help="bot strength on every side (default: hard)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default: 1)")
    parser.add_argument("--games", type=int, nargs=2, default=(2, 6), metavar=("FEW", "MANY"),
                        help="the two batch sizes differenced (default: 2 6)")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the child under valgrind
    args = parser.parse_args()
    if args.play is not None:
        play(args.scenario, args.strength, args.seed, args.play)
        return
    few, many = args.games
    if not 0 <= few < many:
        parser.error(f"--games takes FEW MANY with 0 <= FEW < MANY; got {few} {many}")
    from engine.content.validate import UsageError
    from engine.rulesets.launch import find_scenario

    try:
        engine = find_scenario(args.scenario).ruleset.engine
    except UsageError as exc:
        parser.error(str(exc))
    if args.strength not in engine.bot_strengths:
        parser.error(f"--strength: one of {', '.join(engine.bot_strengths)}; got '{args.strength}'")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    child = [sys.executable, __file__, args.scenario, "--strength", args.strength, "--seed", str(args.seed),
             "--play"]
    # once, outside valgrind: compiles what changed, so neither batch pays for it
    if subprocess.run([*child, "0"], env={**os.environ, **STEADY}).returncode:
        sys.exit("loading the scenario failed; see above")
    # the same seeds in both batches: the extra games of the larger batch are the ones measured
    per_game = (count(child, many) - count(child, few)) / (many - few)
    print(f"{args.scenario} ({args.strength} bots), seeds {args.seed + few}-{args.seed + many - 1}: "
          f"{per_game / 1e6:.2f} M instructions a game")


if __name__ == "__main__":
    main()
