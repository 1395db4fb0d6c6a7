"""How every picture, alt text and final ranking marks a player who left play early: resigned, out of time, or
dropped from a tournament (the table marks a drop on the view: bot/tables/model.py, with_drops)."""

from __future__ import annotations

from bot import i18n
from render import leaving

IN_PLAY = {"resigned": False, "timed_out": False}
RESIGNED = {"resigned": True, "timed_out": False}
OUT_OF_TIME = {"resigned": True, "timed_out": True}
DROPPED = {"resigned": True, "timed_out": False, "dropped": True}


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


def test_a_drop_is_marked_as_a_drop() -> None:
    assert (leaving.tag(DROPPED), leaving.word(DROPPED), leaving.ranked_name("Ann", DROPPED)) == (
        "DROPPED", "dropped", "Ann (dropped)")
    with i18n.speaking("ja"):
        assert leaving.ranked_name("Ann", DROPPED) == "Ann（除外）"
    with i18n.speaking("es-ES"):
        assert leaving.tag(DROPPED) == "RETIRADO"


def test_a_drop_marks_the_seat_where_the_view_says_it_left() -> None:
    """The players of a view and its result's breakdown, by seat; only an entry that says the seat left."""
    from bot.tables.model import with_drops

    view = {"players": [dict(IN_PLAY), dict(RESIGNED)], "result": {"breakdown": [{"total": 3}, dict(RESIGNED)]}}
    marked = with_drops(view, {1})
    assert leaving.dropped(marked["players"][1]) and leaving.dropped(marked["result"]["breakdown"][1])
    assert marked["players"][0] == IN_PLAY and view["players"][1] == RESIGNED  # the view given is unchanged
    assert with_drops(view, {0})["players"][0] == IN_PLAY  # a seat in play is never marked
    assert leaving.seat_part(marked, 1)["dropped"] and leaving.seat_part({"players": []}, 0) == {}
    assert leaving.seat_part({"result": {"breakdown": [RESIGNED]}}, 0) == RESIGNED
