"""Determinization for the "normal" computer player: a full engine State built from one seat's view.

What the view shows is copied. What it hides is sampled so that it agrees with the view and with card
conservation (20 cards a colour, 18 in the beginner game):
- the opponent's cards: its framed 1-6 are always in hand or face down on the table; the rest of the hand,
  its face-down cards, deck, drawn cards and face-down removals come from its cards not yet seen out of the
  game or on the table, in the counts the view gives;
- the opponent's unused warlords (never a Head Start, which is used at once) and its unchosen ones;
- the order of the viewer's own deck above the cards it put under it, and the order of the event deck;
- the seed.
The viewer's view of the sampled state equals the view it was built from. Nothing here reads a real state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.sun_tzu.data import (
    EVENT_IDS,
    FRAMED,
    HEAD_START,
    PROVINCES,
    WARLORDS,
    Colour,
    Options,
    all_instances,
    card_id,
    card_sort_key,
    is_framed,
)
from bot.games.sun_tzu.state import (
    RESTING,
    Battle,
    Dest,
    PayKind,
    Payment,
    Province,
    Scoring,
    Side,
    Stage,
    State,
)
from bot.games.sun_tzu.turns import RECYCLING

# The resting stages of a round's battles: every one but choosing warlords before them and recycling, keeping
# and the end after them (taken from RESTING rather than a second list to keep in step with it).
BEFORE_CLEANUP = RESTING - {Stage.CHOOSE_WARLORD, Stage.RECYCLE, Stage.KEEP, Stage.OVER}


def _ids(cards: Sequence[Mapping[str, Any]] | None) -> list[str]:
    return [c["id"] for c in cards or []]


def _sorted(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_sort_key))


def _battles(view: Mapping[str, Any]) -> tuple[Battle, ...]:
    return tuple(
        Battle(
            province=b["province"],
            blue=b["blue"]["id"],
            red=b["red"]["id"],
            countered=b["countered"],
            capped=Colour(b["capped"]) if b["capped"] else None,
            outcome=b["outcome"],
            margin=b["margin"],
        )
        for b in view["battles"]
    )


def _on_table(stage: Stage, battles: Sequence[Battle], colour: Colour) -> list[str]:
    """This round's revealed cards of ``colour`` still face up: all of them in the battle stages, the
    non-framed ones while recycling (the framed ones are back in hand), none once they have left."""
    played = [b.card_of(colour) for b in battles]
    if stage in BEFORE_CLEANUP:
        return played
    if stage is Stage.RECYCLE:
        return [c for c in played if not is_framed(c)]
    return []


def _own_side(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    colour: Colour,
    stage: Stage,
    battles: Sequence[Battle],
    rng: random.Random,
    beginner: bool,
) -> Side:
    hand = _ids(view["hand"])
    assignment = [view["assignment"][p]["id"] for p in PROVINCES] if view["assignment"] else None
    bottom = _ids(view["deck_bottom"])
    drawn = _ids(view["drawn"])
    secret = _ids(view["out_hidden"])
    out = _ids(player["out"])
    table = [] if stage is not Stage.RECYCLE else [c for c in _on_table(stage, battles, colour) if c not in bottom]
    seen = {*hand, *(assignment or ()), *bottom, *drawn, *secret, *out, *table}
    unknown = [c for c in all_instances(beginner) if c not in seen]
    rng.shuffle(unknown)
    return Side(
        seat=player["seat"],
        reserve=player["reserve"],
        set_aside=player["set_aside"],
        marks_total=player["marks_total"],
        hand=_sorted(hand),
        deck=(*unknown, *bottom),
        known_bottom=len(bottom),
        out=tuple(out),
        out_secret=tuple(secret),
        warlords_held=tuple(view["warlords_held"] or ()),
        warlords_unchosen=tuple(view["warlords_unchosen"] or ()),
        warlords_used=tuple(player["warlords_used"]),
        assignment=tuple(assignment) if assignment else None,
        table=tuple(table),
        drawn=tuple(drawn),
        pass_windows=bool(view["passing_windows"]),
    )


def _other_side(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    colour: Colour,
    stage: Stage,
    battles: Sequence[Battle],
    rng: random.Random,
    options: Options,
) -> Side:
    out = _ids(player["out"])
    shown = _on_table(stage, battles, colour)
    committed = player["committed"]
    face_down = [p for p in PROVINCES if p not in {b.province for b in battles}] if committed else []
    front_size = player["hand_count"] + len(face_down)
    back_size = player["deck_count"] + player["drawing"] + player["out_hidden_count"]
    framed = [c for c in FRAMED if c not in shown]
    loose = [c for c in all_instances(options.beginner) if not is_framed(c) and c not in out and c not in shown]
    table = [c for c in shown if not is_framed(c)] if stage is Stage.RECYCLE else []
    surplus = len(framed) + len(loose) - front_size - back_size
    if surplus < 0 and table:  # a card recycled this round is back in the deck: take it off the table
        kind = RECYCLING[colour][1]
        recycled = next((c for c in table if card_id(c) == kind), table[0])
        table.remove(recycled)
        loose.append(recycled)
    rng.shuffle(loose)
    cut = front_size - len(framed)
    front = framed + loose[:cut]
    back = loose[cut:]
    rng.shuffle(front)
    assignment = _face_down(view, colour, front[: len(face_down)], face_down, battles) if committed else None
    hand = front[len(face_down) :]
    deck_n, drawn_n = player["deck_count"], player["drawing"]
    held, unchosen = _warlords(player, colour, options, rng)
    return Side(
        seat=player["seat"],
        reserve=player["reserve"],
        set_aside=player["set_aside"],
        marks_total=player["marks_total"],
        hand=_sorted(hand),
        deck=tuple(back[:deck_n]),
        known_bottom=0,
        out=tuple(out),
        out_secret=tuple(back[deck_n + drawn_n :]),
        warlords_held=held,
        warlords_unchosen=unchosen,
        warlords_used=tuple(player["warlords_used"]),
        assignment=assignment,
        table=tuple(table),
        drawn=tuple(back[deck_n : deck_n + drawn_n]),
    )


def _face_down(
    view: Mapping[str, Any], colour: Colour, cards: list[str], provinces: list[str], battles: Sequence[Battle]
) -> tuple[str, ...]:
    """A full assignment: the revealed cards where they were revealed, the sampled ones face down. A 6 is
    kept off a province its owner has marked (it could not have been put there)."""
    marks = {p["id"]: p["marks"][colour.value] for p in view["provinces"]}
    if "n6" in cards and len(cards) > 1:
        i = cards.index("n6")
        if marks[provinces[i]]:
            j = next((k for k, p in enumerate(provinces) if not marks[p]), i)
            cards[i], cards[j] = cards[j], cards[i]
    placed = dict(zip(provinces, cards, strict=True))
    placed |= {b.province: b.card_of(colour) for b in battles}
    return tuple(placed[p] for p in PROVINCES)


def _warlords(
    player: Mapping[str, Any], colour: Colour, options: Options, rng: random.Random
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not options.warlords:
        return (), ()
    used = set(player["warlords_used"])
    left = [w for w in WARLORDS[colour] if w not in used]
    if not player["chose_warlord"]:
        return (), tuple(left)
    candidates = [w for w in left if w != HEAD_START]  # a chosen Head Start is used at once (R25)
    rng.shuffle(candidates)
    held = tuple(candidates[: player["warlords_unused"]])
    return held, tuple(w for w in left if w not in held)


def determinize(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state consistent with ``view`` (a seat's own view), the hidden parts drawn with ``rng``."""
    if view["viewer"] is None:
        raise ValueError("determinization needs a seat's own view")
    me = Colour(view["viewer_colour"])
    options = Options(**view["options"])
    stage = Stage(view["stage"])
    battles = _battles(view)
    players = {Colour(p["colour"]): p for p in view["players"]}
    sides = {
        me: _own_side(view, players[me], me, stage, battles, rng, options.beginner),
        me.other: _other_side(view, players[me.other], me.other, stage, battles, rng, options),
    }
    seat_colour = {p["seat"]: c for c, p in players.items()}
    pending = view["pending"]
    payments = tuple(
        Payment(seat_colour[p["seat"]], PayKind(p["kind"]), Dest(p["dest"]), p["province"], p["owed"])
        for p in pending["payments"]
    )
    owing = {p.colour for p in payments}
    waiting = {seat_colour[s] for s in pending["seats"]}
    answers = stage in (Stage.RECYCLE, Stage.EVENT_EFFECT)

    def _awaits(colour: Colour) -> bool:
        """A recycling, Light Infantry or War Chariot answer is owed: waited for, with nothing to pay."""
        return answers and colour in waiting and colour not in owing

    events_left = [e for e in EVENT_IDS if e != view["active_event"] and e not in view["events_done"]]
    rng.shuffle(events_left)
    scorings: list[Scoring] = []
    before = 1 if HEAD_START in players[Colour.BLUE]["warlords_used"] else 0
    for s in view["scorings"]:
        scorings.append(Scoring(s["round"], s["blue"], s["red"], before, s["marker"]))
        before = s["marker"]
    holder = view["privilege_holder"]
    result = view["result"]
    resigned = next((c for c, p in players.items() if p["resigned"]), None)
    return State(
        options=options,
        seed=rng.getrandbits(63),
        sides=(sides[Colour.BLUE], sides[Colour.RED]),
        screens=tuple(p["screen"]["number"] for p in view["provinces"]),
        provinces=tuple(
            Province(
                blue=p["armies"] if p["owner"] == "blue" else 0,
                red=p["armies"] if p["owner"] == "red" else 0,
                marks_blue=p["marks"]["blue"],
                marks_red=p["marks"]["red"],
            )
            for p in view["provinces"]
        ),
        stage=stage,
        round=view["round"],
        score_marker=view["score_marker"],
        privilege_holder=None if holder is None else seat_colour[holder],
        battles=battles,
        total_plague=view["total_plague"],
        payments=payments,
        passed=(players[Colour.BLUE]["passed"], players[Colour.RED]["passed"]),
        awaiting=(_awaits(Colour.BLUE), _awaits(Colour.RED)),
        plagues_revealed=tuple(view["plagues_revealed"]),
        event_deck=tuple(events_left[: view["events_left"]]),
        active_event=view["active_event"],
        events_done=tuple(view["events_done"]),
        scorings=tuple(scorings),
        end_reason=None if result is None else result["reason"],
        resigned=resigned,
        timed_out=any(p["timed_out"] for p in players.values()),
    )
