"""What a seat may know (spec §8), in the shape of ``schema.GreatWallView``.

Built up from public fields plus the viewer's own; the state is never copied and pared down. Nothing
here reads another seat's hand or deck, any deck order, the supply order or the seed.
"""

from __future__ import annotations

from collections import Counter

from bot.games.great_wall.data import (
    BASE_VALUE,
    COLOURS,
    DECK_COUNTS,
    MARKER_VALUES,
    CardType,
    Phase,
    Section,
    State,
    card_owner,
    card_type,
)
from bot.games.great_wall.flow import claim_options
from bot.games.great_wall.progress import card_values, leader, noble_active, section_progress
from bot.games.great_wall.schema import (
    CardView,
    GreatWallView,
    LastMoveView,
    LastRoundView,
    PendingClaimView,
    PlayerView,
    SectionView,
)
from bot.games.great_wall.scoring import result


def _card(card: int, value: int, covered: bool = False, marker: int | None = None) -> CardView:
    return {
        "id": card,
        "owner": card_owner(card),
        "type": card_type(card).value,
        "value": value,
        "covered": covered,
        "marker": marker,
    }


def _section(state: State, slot: int) -> SectionView:
    section = state.sections[slot]
    values = card_values(section, state.options.renumber)
    progress = section_progress(section, state.options.renumber)
    first = section.first_marker
    row = [
        [
            _card(card, values[card], depth < len(stack) - 1, first.value if first and first.card == card else None)
            for depth, card in enumerate(stack)
        ]
        for stack in section.row
    ]
    return {
        "slot": slot,
        "open": section.open,
        "markers": list(section.markers),
        "first_marker": (
            {"value": first.value, "card": first.card, "owner": card_owner(first.card)} if first else None
        ),
        "row": row,
        "progress": [progress.get(seat) for seat in range(state.num_players)],
        "leader": leader(progress),
        "noble_active": noble_active(section),
    }


def _on_the_wall(sections: tuple[Section, ...]) -> list[int]:
    return [card for section in sections for card in section.cards]


def _player(state: State, seat: int, viewer: int | None, public_cards: Counter[CardType]) -> PlayerView:
    mine = state.seats[seat]
    visible = seat == viewer or state.options.open_scores or state.phase is Phase.OVER
    unplayed = {kind.value: DECK_COUNTS[kind] for kind in CardType}
    for kind in CardType:
        unplayed[kind.value] -= public_cards[kind]
    return {
        "seat": seat,
        "colour": COLOURS[seat].value,
        "hand_count": len(mine.hand),
        "deck_count": len(mine.deck),
        "markers_count": len(mine.scored),
        "markers": sorted(mine.scored, reverse=True) if visible else None,
        "score": sum(mine.scored) if visible else None,
        "unplayed": unplayed,
        "resigned": seat in state.resigned,
        "timed_out": seat in state.timed_out,
    }


def _pending(state: State) -> PendingClaimView | None:
    if state.pending is None:
        return None
    options = claim_options(state, state.pending)
    return {
        "section": state.pending,
        "markers": sorted({value for value, _ in options}),
        "cards": sorted({card for _, card in options}),
    }


def _last_round(state: State) -> LastRoundView | None:
    if state.declarer is None or state.phase is Phase.OVER:
        return None
    return {
        "declarer": state.declarer,
        "stage": "final_check" if state.phase is Phase.FINAL_CHECK else "last_turns",
        "remaining": list(state.owed),
    }


def _last_move(state: State) -> LastMoveView | None:
    move = state.last_move
    if move is None:
        return None
    return {
        "seat": move.seat,
        "kind": move.kind,
        "section": move.section,
        "cards": list(move.cards),
    }


def build_view(state: State, seat: int | None) -> GreatWallView:
    if seat is not None and not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not in this game")
    # Unplayed cards are derived from what lies (or lay) openly on the table, not from hidden piles.
    public_cards: dict[int, Counter[CardType]] = {s: Counter() for s in range(state.num_players)}
    for card in (*_on_the_wall(state.sections), *state.removed_cards):
        public_cards[card_owner(card)][card_type(card)] += 1
    supply = Counter(state.supply)  # a multiset only: every marker left the supply face up
    own = state.seats[seat] if seat is not None else None
    return {
        "key": "great_wall",
        "viewer": seat,
        "num_players": state.num_players,
        "options": {
            "first_seat": state.options.first_seat,
            "infantry_covered": state.options.infantry_covered,
            "open_scores": state.options.open_scores,
        },
        "phase": state.phase.value,
        "active": state.active,
        "actions_left": state.actions_left if state.phase is Phase.ACTIONS else 0,
        # Free Cavalry is only worth announcing to a player with cards (how many is public, which is not).
        "cavalry_allowed": state.phase is Phase.ACTIONS and state.active is not None
        and bool(state.seats[state.active].hand),
        "pending_claim": _pending(state),
        "last_round": _last_round(state),
        "sections": [_section(state, slot) for slot in range(len(state.sections))],
        "supply_count": len(state.supply),
        "supply_values": {str(value): supply[value] for value in MARKER_VALUES},
        "removed_pairs": list(state.removed_pairs),
        "removed_cards": len(state.removed_cards),
        "players": [_player(state, s, seat, public_cards[s]) for s in range(state.num_players)],
        "hand": [_card(card, BASE_VALUE[card_type(card)]) for card in own.hand] if own is not None else None,
        "deck_composition": (
            {kind.value: sum(1 for card in own.deck if card_type(card) is kind) for kind in CardType}
            if own is not None
            else None
        ),
        "last_move": _last_move(state),
        "result": result(state).to_dict() if state.phase is Phase.OVER else None,
    }
