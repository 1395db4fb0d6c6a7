"""Progress (spec §5): card values, Noble, Dragon, Infantry ranks and the first-marker subtraction."""

from __future__ import annotations

import pytest

from bot.games.great_wall.data import Section
from bot.games.great_wall.progress import card_values, cover_targets, leader, noble_active, section_progress
from tests.games.great_wall.helpers import card_at, prog, scenario


def _one(text: str, **options: str) -> Section:
    return scenario(3, [text, "{1,2}", "{2,3}"], options=options or None).sections[0]


@pytest.mark.parametrize(
    ("card", "value"), [("WALL", 1), ("GATE", 2), ("TOWER", 3), ("INF", 1), ("CAV", 2), ("NOBLE", 1), ("DRAGON", 1)]
)
def test_printed_values(card: str, value: int) -> None:
    assert section_progress(_one(f"{{3,5}} P0:{card}")) == {0: value}


def test_infantry_ranks_count_per_player_per_section() -> None:
    section = _one("{3,5} P0:INF, P1:INF, P0:INF, P1:INF, P0:INF")
    assert section_progress(section) == {0: 1 + 2 + 3, 1: 1 + 2}
    other = scenario(2, ["{3,5} P0:INF, P0:INF", "{1,2} P0:INF"])
    assert prog(other, 1) == {0: 1}  # a new section starts counting at 1


def test_noble_counts_every_uncovered_card_one_and_leaves_covered_at_zero() -> None:
    section = _one("{3,5} P0:TOWER, P0:INF, P0:INF, P1:DRAGON>P0:GATE, P1:NOBLE")
    assert noble_active(section)
    values = card_values(section)
    assert sorted(values.values()) == [0, 1, 1, 1, 1, 1]
    assert section_progress(section) == {0: 3, 1: 2}


def test_a_second_noble_adds_nothing_and_a_covered_noble_does_nothing() -> None:
    assert section_progress(_one("{3,5} P0:TOWER, P1:NOBLE, P2:NOBLE")) == {0: 1, 1: 1, 2: 1}
    covered = _one("{3,5} P0:TOWER, P1:DRAGON>P2:NOBLE")
    assert not noble_active(covered) and section_progress(covered) == {0: 3, 1: 1, 2: 0}


def test_noble_keeps_the_printed_first_marker_value() -> None:
    assert section_progress(_one("{3} P0:TOWER[7], P0:GATE, P1:NOBLE")) == {0: 2 - 7, 1: 1}


def test_only_the_first_marker_holder_can_be_negative() -> None:
    progress = section_progress(_one("{5} P0:WALL[8], P1:DRAGON>P2:WALL"))
    assert progress == {0: -7, 1: 1, 2: 0}
    assert leader(progress) == 1


def test_leader_is_strict_and_a_sole_participant_leads() -> None:
    assert leader({0: 3, 1: 3}) is None
    assert leader({0: -4}) == 0
    assert leader({}) is None
    assert leader({0: 0, 1: -1, 2: -1}) == 0


def test_non_participants_have_no_progress() -> None:
    state = scenario(3, ["{3,5} P0:WALL", "{1,2}", "{2,3}"])
    assert prog(state, 0) == {0: 1} and 1 not in prog(state, 0)
    assert prog(state, 1) == {}


def test_cover_targets_are_uncovered_unmarked_cards_of_any_owner() -> None:
    state = scenario(2, ["{4} P0:GATE[3], P0:WALL, P1:DRAGON>P1:TOWER", "{1,2}"])
    section = state.sections[0]
    assert cover_targets(section) == tuple(sorted((card_at(state, 0, 1), card_at(state, 0, 2, 1))))


@pytest.mark.parametrize("rule", ["keep_rank", "renumber"])
def test_covered_infantry_adds_zero_either_way(rule: str) -> None:
    section = _one("{3,5} P0:INF, P1:DRAGON>P0:INF", infantry_covered=rule)
    assert card_values(section, rule == "renumber")[section.row[1][0]] == 0
