"""``python -m bench [engine|act|pictures|story] [--game KEY]``: print the figures and whether each target is met."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

import render
from bench.act import act_latency
from bench.ai import RANDOM, match
from bench.engine import games_per_second
from bench.pictures import close_up_ms, picture_throughput
from bench.seating import seconds_per_round
from bench.story import story_figures
from bot import games, i18n
from bot.pictures import cores

# Targets on the 2-core reference machine (foundation issue).
TARGET_GAMES_PER_SECOND_4P = 50.0
TARGET_ACT_P95_MS = 150.0
TARGET_PNG_KB = 1024.0
TARGET_NORMAL_VS_RANDOM = 0.90
TARGET_NORMAL_VS_EASY = 0.65
TARGET_NORMAL_P95_MS = 1000.0
TARGET_EASY_P95_MS = 50.0
TARGET_SWISS_ROUND_S = 0.25  # 40 players
TARGET_STORY_MB = 8.0  # Discord's default upload limit


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument(
        "which", nargs="?", choices=["all", "engine", "act", "ai", "seating", "pictures", "story"], default="all"
    )
    parser.add_argument("--game", choices=games.GAMES, default=None, help="one game (default: all)")
    parser.add_argument("--moves", type=int, default=300, help="moves timed per act() benchmark")
    parser.add_argument("--games", type=int, default=50, help="ai: games per seat position and pairing")
    parser.add_argument("--players", type=int, default=None, help="ai: players per game (default: the minimum)")
    parser.add_argument("--language", choices=i18n.CODES, default=i18n.ENGLISH,
                        help="act: the table's language (pictures and words)")
    args = parser.parse_args(argv)
    keys = [args.game] if args.game else list(games.GAMES)
    ok = True
    if args.which in ("all", "seating"):
        slowest = seconds_per_round()
        met = slowest <= TARGET_SWISS_ROUND_S
        ok &= met
        print(f"swiss seating, 40 players: slowest round {slowest * 1000:.0f} ms"
              f"  [target <= {TARGET_SWISS_ROUND_S * 1000:.0f} ms: {'met' if met else 'MISSED'}]", flush=True)
    if args.which in ("all", "pictures"):
        _pictures()
    for key in keys:
        game = games.get(key)
        if args.which in ("all", "engine"):
            for players in range(game.min_players, game.max_players + 1):
                rate, length = games_per_second(key, players)
                line = f"{key} engine {players}p: {rate:.1f} random games/s ({length:.0f} moves/game)"
                if players == 4:
                    met = rate >= TARGET_GAMES_PER_SECOND_4P
                    ok &= met
                    line += f"  [target >= {TARGET_GAMES_PER_SECOND_4P:.0f}: {'met' if met else 'MISSED'}]"
                print(line, flush=True)
        if args.which in ("all", "act"):
            players = min(max(4, game.min_players), game.max_players)
            with i18n.speaking(args.language):  # the context is copied into the benchmark's event loop
                figures = asyncio.run(act_latency(key, players, moves=args.moves))
            met = figures["p95_ms"] <= TARGET_ACT_P95_MS and figures["png_max_kb"] <= TARGET_PNG_KB
            ok &= met
            print(
                f"{key} act() with render {players}p ({args.language}): p50 {figures['p50_ms']:.1f} ms,"
                f" p95 {figures['p95_ms']:.1f} ms;"
                f" PNG mean {figures['png_mean_kb']:.0f} KB, max {figures['png_max_kb']:.0f} KB"
                f"  [targets p95 <= {TARGET_ACT_P95_MS:.0f} ms, PNG <= 1 MB: {'met' if met else 'MISSED'}]",
                flush=True,
            )
        if args.which == "ai":  # slow: only on request
            ok &= _ai(key, args.players or game.min_players, args.games)
        if args.which == "story":  # slow: only on request
            ok &= _story(key)
    return 0 if ok else 1


def _pictures() -> None:
    """Figures only: how the pool compares with drawing in a thread on this machine."""
    pool = cores()
    for processes, where in ((0, "in a thread"), (pool, f"in {pool} processes")):
        found = picture_throughput(processes)
        print(
            f"pictures {where}: {found['per_second']:.1f} boards/s with 40 requested at once; event loop late by "
            f"p95 {found['lag_p95_ms']:.0f} ms, max {found['lag_max_ms']:.0f} ms",
            flush=True,
        )
    each = ", ".join(f"{key} {close_up_ms(key):.1f} ms" for key in games.GAMES if render.pictures(key).close_ups)
    print(f"close-ups, drawn and encoded in a thread: {each} each", flush=True)


def _story(key: str) -> bool:
    found = story_figures(key)
    met = found.webp_mb <= TARGET_STORY_MB
    parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in found.seconds.items())
    print(
        f"{key} story of the longest game ({found.players}p, seed {found.seed}, {found.moves} moves, {found.turns} "
        f"turns): {found.total_s:.1f} s in a thread (told {found.tell_s:.2f} s, {parts}); {found.frames} frames, "
        f"WebP {found.webp_mb:.2f} MB, chart {found.chart_kb:.0f} KB  [target <= {TARGET_STORY_MB:.0f} MB: "
        f"{'met' if met else 'MISSED'}]",
        flush=True,
    )
    return met


def _ai(key: str, players: int, games_per_seat: int) -> bool:
    ok = True
    checks = [
        ("easy", RANDOM, None, TARGET_EASY_P95_MS),
        ("normal", RANDOM, TARGET_NORMAL_VS_RANDOM, TARGET_NORMAL_P95_MS),
        ("normal", "easy", TARGET_NORMAL_VS_EASY, TARGET_NORMAL_P95_MS),
    ]
    for level, opponent, target, p95_target in checks:
        try:
            found = match(key, level, opponent, players, games_per_seat)
        except ValueError as error:  # an unknown level
            print(f"{key} ai {level}: not available ({error})  [MISSED]", flush=True)
            ok = False
            continue
        met = found.decision_p95_ms <= p95_target and (target is None or found.score >= target)
        ok &= met
        aim = f"win >= {target:.0%}, " if target is not None else ""
        print(
            f"{key} ai {level} vs {opponent} ({players}p, {found.pairs} pairs): win {found.score:.1%} "
            f"[95% CI {found.low:.1%}-{found.high:.1%}], decision p50 {found.decision_p50_ms:.1f} ms, "
            f"p95 {found.decision_p95_ms:.1f} ms  "
            f"[targets {aim}p95 <= {p95_target:.0f} ms: {'met' if met else 'MISSED'}]",
            flush=True,
        )
    return ok


if __name__ == "__main__":
    sys.exit(main())
