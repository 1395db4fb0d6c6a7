"""Nothing English left at a Spanish or Japanese table (issue 26, item 5): China's scores, the close-up alt
text of every game, a game record's refusals and the offline replay, and the commands the bot tells people to
type, named as their Discord app shows them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import render
from bot import i18n
from bot.games import GAMES, get
from bot.games.base.language import tr
from bot.offline_replay import replay_file
from bot.records import RecordError, parse
from cogs.board_posts import how_to_play
from cogs.language import command_name, slash
from cogs.play import DMS_CLOSED
from tests.render.close_ups import NAMES, play


@pytest.mark.parametrize(("code", "said"), [("en", "45 points"), ("es-ES", "45 puntos"), ("es-419", "45 puntos"),
                                            ("ja", "45点")])
def test_china_scores_in_the_tables_language(code: str, said: str) -> None:
    with i18n.speaking(code):
        assert get("china").score_text(45) == said
        assert get("china").score_text(1) == {"en": "1 point", "ja": "1点"}.get(code, "1 punto")


@pytest.mark.parametrize("code", ["es-ES", "ja"])
@pytest.mark.parametrize("key", sorted(k for k in GAMES if (i18n.LOCALES / "ja" / f"{k}.po").exists()))
def test_every_close_up_alt_text_is_in_the_tables_language(key: str, code: str) -> None:
    view = get(key).view(play(key, min(3, get(key).max_players), 5, 30), None)
    names = list(NAMES[: view["num_players"]])
    for kind, close_up in render.pictures(key).close_ups.items():
        part = close_up.samples(view)[0]
        english = close_up.words(view, names, part)[0]
        with i18n.speaking(code):
            said = close_up.words(view, names, part)[0]
        assert said != english, (key, kind, said)
        assert "close-up" not in said and "score track" not in said, (key, kind, said)


def test_a_record_is_refused_in_the_readers_language() -> None:
    with pytest.raises(RecordError) as english:
        parse("[1, 2")
    with i18n.speaking("es-ES"), pytest.raises(RecordError) as spanish:
        parse("[1, 2")
    with i18n.speaking("ja"), pytest.raises(RecordError) as japanese:
        parse(json.dumps({"format": "middle-kingdom-game-record", "format_version": 1, "game": "go"}))
    assert str(english.value).startswith("The record is not valid JSON")
    assert str(spanish.value) == "El registro no es JSON válido (línea 1, columna 6)."
    assert str(japanese.value).startswith("記録のゲーム 'go' は、")


def test_the_offline_replay_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """The command line has no Discord locale: its ``--language`` (English by default) is the reader's."""
    with pytest.raises(RecordError, match=r"^No se puede leer el registro"):
        replay_file(str(tmp_path / "missing.json"), str(tmp_path / "out"), "es-ES")
    with pytest.raises(RecordError, match=r"^The record .* cannot be read"):
        replay_file(str(tmp_path / "missing.json"), str(tmp_path / "out"))


@pytest.mark.parametrize(("code", "new", "dm_off", "help_"), [
    ("en", "/game new", "/me dm off", "/help"),
    ("es-ES", "/partida nueva", "/yo md no", "/ayuda"),
    ("ja", None, None, None),
])
def test_commands_are_mentioned_by_the_names_the_reader_sees(
    code: str, new: str | None, dm_off: str | None, help_: str | None
) -> None:
    with i18n.speaking(code):
        expected = (new or slash("game new"), dm_off or slash("me dm", "off"), help_ or slash("help"))
        lines = how_to_play()
        on = slash("me dm", "on")
        closed = tr(DMS_CLOSED, command=on)
    if code == "ja":  # the Japanese names, whatever they are ("dm" stays dm in Japanese too)
        assert expected == ("/ゲーム 新規", "/マイ dm オフ", "/ヘルプ"), expected
    assert f"`{expected[1]}`" in lines[0] and f"`{expected[2]}`" in lines[2]
    assert f"`{on}`" in closed
    if code != "en":
        assert "/me dm" not in "".join(lines) + closed and "/help" not in "".join(lines)


# -- command names by meaning (item 6) ---------------------------------------------------------------------
@pytest.mark.parametrize("code", ["es-ES", "es-419", "ja"])
def test_a_name_shared_by_two_meanings_is_two_words(code: str) -> None:
    from cogs.language import INCOMING_PLAYER, LEAVING_PLAYER, WHICH_GAME

    with i18n.speaking(code):
        match, which = command_name("game"), command_name("game", WHICH_GAME)
        new_table, incoming = command_name("new"), command_name("new", INCOMING_PLAYER)
        leaving = command_name("old", LEAVING_PLAYER)
    assert new_table != incoming and incoming != "new" and leaving != "old"
    if code.startswith("es"):
        assert (match, which) == ("partida", "juego")
        assert (new_table, incoming, leaving) == ("nueva", "entrante", "saliente")
    else:
        assert new_table == "新規" and "新規" not in incoming and leaving != "旧"
