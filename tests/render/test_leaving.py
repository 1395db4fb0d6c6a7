"""How every picture and alt text marks a player who left play early: resigned, or out of time."""

from __future__ import annotations

from bot import i18n
from render import leaving

IN_PLAY = {"resigned": False, "timed_out": False}
RESIGNED = {"resigned": True, "timed_out": False}
OUT_OF_TIME = {"resigned": True, "timed_out": True}


def test_a_player_in_play_is_not_marked() -> None:
    assert leaving.tag(IN_PLAY) is None and leaving.word(IN_PLAY) is None
    assert leaving.ranked_name("Ann", IN_PLAY) == "Ann"


def test_out_of_time_is_no_resignation() -> None:
    assert [leaving.tag(p) for p in (RESIGNED, OUT_OF_TIME)] == ["RESIGNED", "OUT OF TIME"]
    assert [leaving.word(p) for p in (RESIGNED, OUT_OF_TIME)] == ["resigned", "out of time"]
    assert [leaving.ranked_name("Ann", p) for p in (RESIGNED, OUT_OF_TIME)] == ["Ann (resigned)", "Ann (out of time)"]


def test_the_marks_in_other_languages() -> None:
    with i18n.speaking("ja"):
        assert leaving.tag(OUT_OF_TIME) == "時間切れ" and leaving.ranked_name("Ann", RESIGNED) == "Ann（投了）"
    with i18n.speaking("es-419"):  # falls back to Spain's words
        assert leaving.word(OUT_OF_TIME) == "sin tiempo" and leaving.tag(RESIGNED) == "ABANDONÓ"
