"""The "normal" assignment (phase 2): determinized Monte Carlo over the opponent's hidden cards, then the
best reply to the sampled assignments.

1. A fixed number of determinizations (ai_sample) give the opponent a hand consistent with the viewer's
   view; in each, the opponent's assignment is predicted from its own view of that sample: half the time
   the plain heuristic of the "easy" player, half the time a noisy variant of it (its choices are not
   known, only likely).
2. Each of the viewer's card kinds is fought in each province against each prediction (ai_battle), giving
   the mean worth of "card k in province p". Battles in different provinces barely interact, so the best
   assignment is a matching of cards to provinces, found exactly by a small dynamic programme.
3. A few matchings (spending cards more or less freely) and the "easy" choice are then compared on the
   whole sampled round, with the scoring's clamp and the instant win, through a win-chance curve.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.sun_tzu import ai_easy, views
from bot.games.sun_tzu.ai_battle import (
    ARMY_OUT,
    ONE_BONUS,
    Ground,
    battle,
    card_worth,
    clamp,
    province_worth,
    scoring_now,
    strength,
)
from bot.games.sun_tzu.ai_sample import determinize
from bot.games.sun_tzu.data import DOUBLE_SIX, PROVINCES, SCREENS, TRACK, Colour, card_id, face

SAMPLES = 24  # determinizations per assignment: about 40 ms in all
SPEND_SCALES = (0.5, 1.0, 1.6)  # how dearly a spent card counts, for the candidate matchings
WIN_CURVE = 3.0  # marker spaces over which the win chance goes from 27% to 73%
NOISE = 1.2  # spread of the noisy opponent's province weights


def _grounds(view: Mapping[str, Any]) -> dict[str, Ground]:
    return {p["id"]: Ground(Colour(p["owner"]) if p["owner"] else None, p["armies"]) for p in view["provinces"]}


def six_allowed(view: Mapping[str, Any], province: str) -> bool:
    """The 6 may not go where the viewer has marked (red's Double Six: once)."""
    me = view["viewer_colour"]
    marks = next(p for p in view["provinces"] if p["id"] == province)["marks"][me]
    return marks == 0 or (me == "red" and marks == 1 and DOUBLE_SIX in (view["warlords_held"] or []))


# -- the opponent ----------------------------------------------------------------------------------------
def predict(view: Mapping[str, Any], rng: random.Random, noisy: bool) -> dict[str, str]:
    """The opponent's assignment, from its own (sampled) view."""
    if not noisy:
        plain = ai_easy._commit(dict(view), [], rng)
        if plain is not None:
            return dict(plain["cards"])
    me = view["viewer_colour"]
    cards = [c["id"] for c in view["hand"] or []] + [c["id"] for c in (view["assignment"] or {}).values()]
    framed = sorted((c for c in cards if card_id(c) in ("n1", "n2", "n3", "n4", "n5", "n6")), key=strength)
    spare = sorted((c for c in cards if c not in framed), key=lambda c: -strength(c) + rng.random())
    budget = min(len(spare), rng.choice((0, 1, 1, 2, 2, 3)))
    picks = sorted(spare[:budget] + framed[::-1][: 5 - budget], key=strength, reverse=True)
    weight = {}
    for p in view["provinces"]:
        enemy = p["owner"] not in (None, me)
        weight[p["id"]] = p["screen"]["current"] + rng.gauss(0.0, NOISE) + (0.3 * p["armies"] if enemy else 0.0)
    order = sorted(PROVINCES, key=lambda p: -weight[p])
    placed: dict[str, str] = {}
    for card in picks:
        spot = next((p for p in order if p not in placed and (card_id(card) != "n6" or six_allowed(view, p))), None)
        if spot is None:
            spot = next(p for p in order if p not in placed)
        placed[spot] = card
    return placed


# -- the reply ---------------------------------------------------------------------------------------------
class Table:
    """Per sample, province and card kind: the spaces scored now and the worth later, for the viewer."""

    def __init__(self, view: Mapping[str, Any], replies: Sequence[Mapping[str, str]], kinds: Sequence[str]) -> None:
        me = Colour(view["viewer_colour"])
        grounds = _grounds(view)
        screens = {p["id"]: p["screen"]["number"] for p in view["provinces"]}
        rounding = view["options"]["plague_rounding"]
        round_no = view["round"]
        now = scoring_now(round_no)
        self.now: dict[tuple[int, str, str], float] = {}
        self.later: dict[tuple[int, str, str], float] = {}
        for i, reply in enumerate(replies):
            for p in PROVINCES:
                theirs = reply.get(p, "n1")
                for kind in kinds:
                    blue, red = (kind, theirs) if me is Colour.BLUE else (theirs, kind)
                    fought = battle(grounds[p], blue, red, rounding, view["total_plague"])
                    paid = fought.paid[me.slot]
                    side = 0.0 if fought.owner is None else (1.0 if fought.owner is me else -1.0)
                    score = side * SCREENS[screens[p] - 1][face(round_no)] if now else 0.0
                    future = province_worth(screens[p], fought.owner, fought.armies, round_no, me)
                    self.now[(i, p, kind)] = score
                    self.later[(i, p, kind)] = future - ARMY_OUT * paid + (ONE_BONUS if kind == "n1" else 0.0)
        self.samples = len(replies)

    def mean(self, province: str, kind: str) -> float:
        return sum(self.now[(i, province, kind)] + self.later[(i, province, kind)] for i in range(self.samples)) / max(
            1, self.samples
        )


def best_matching(view: Mapping[str, Any], table: Table, cards: Sequence[str], spend: float) -> dict[str, str] | None:
    """The assignment with the highest total mean worth, a spent card counting ``spend`` times its worth."""
    round_no = view["round"]
    gain = {
        (p, c): table.mean(p, card_id(c)) - spend * card_worth(c, round_no)
        for p in PROVINCES
        for c in cards
        if card_id(c) != "n6" or six_allowed(view, p)
    }
    full = (1 << len(PROVINCES)) - 1
    # best[mask] = (worth, province -> card) using the cards seen so far, provinces in ``mask`` filled.
    best: dict[int, tuple[float, tuple[tuple[str, str], ...]]] = {0: (0.0, ())}
    for card in cards:
        nxt = dict(best)
        for mask, (worth, chosen) in best.items():
            for i, p in enumerate(PROVINCES):
                if mask & (1 << i) or (p, card) not in gain:
                    continue
                key = mask | (1 << i)
                value = worth + gain[(p, card)]
                if key not in nxt or value > nxt[key][0]:
                    nxt[key] = (value, (*chosen, (p, card)))
        best = nxt
    if full not in best:
        return None
    return dict(best[full][1])


def win_chance(view: Mapping[str, Any], table: Table, assignment: Mapping[str, str]) -> float:
    """Mean over the samples of the chance to win after the round, marker clamped, instant wins counted."""
    me = Colour(view["viewer_colour"])
    toward_me = view["score_marker"] * (1 if me is Colour.BLUE else -1)
    round_no = view["round"]
    kept = -sum(card_worth(c, round_no) for c in assignment.values())
    total = 0.0
    for i in range(table.samples):
        now = sum(table.now[(i, p, card_id(c))] for p, c in assignment.items())
        later = sum(table.later[(i, p, card_id(c))] for p, c in assignment.items())
        marker = clamp(toward_me + now)
        if round_no in (3, 6) and abs(marker) >= TRACK:
            total += 1.0 if marker > 0 else 0.0
            continue
        total += 1.0 / (1.0 + math.exp(-(marker + later + kept) / WIN_CURVE))
    return total / max(1, table.samples)


def choose_commit(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any] | None:
    me = Colour(view["viewer_colour"])
    local = random.Random(rng.getrandbits(64))
    other_seat = next(p["seat"] for p in view["players"] if p["colour"] != me.value)
    replies = []
    for i in range(SAMPLES):
        sample = determinize(view, local)
        replies.append(predict(views.view(sample, other_seat), local, noisy=bool(i % 2)))
    cards = [c["id"] for c in view["hand"] or []] + [c["id"] for c in (view["assignment"] or {}).values()]
    kinds = sorted({card_id(c) for c in cards})
    table = Table(view, replies, kinds)
    candidates = [m for scale in SPEND_SCALES if (m := best_matching(view, table, cards, scale)) is not None]
    plain = ai_easy._commit(dict(view), [], local)
    if plain is not None:
        candidates.append(dict(plain["cards"]))
    if not candidates:
        return None
    best = max(candidates, key=lambda a: win_chance(view, table, a))
    return {"type": "commit", "cards": {p: best[p] for p in PROVINCES}}
