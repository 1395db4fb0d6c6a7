"""The bracket and podium pictures, and the tie-breaks named in the standings picture: legible at phone width
(the legibility audit), nothing cut, in every language, with alt text that says what they show.

Looked at (scripts in the helper's notes): 5 players, a bye to the top seed in rounds 1 and 2, the champion on a
gold strip; 8 players in round 2, the final drawn as an empty box of two "?"; 13 players in round 1, six tables
and a bye, rounds 2, 3 and the final to come; the podium's three steps with names and points above them.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import i18n
from bot.tournaments import RoundPlan, TableResult
from bot.tournaments.bracket import Bracket, Podium, PodiumStep
from bot.tournaments.progress import elimination_bracket
from bot.tournaments.seating import advance_per_table, advancers, elimination_round
from bot.tournaments.standings import StandingRow
from render import bracket as bracket_picture
from render import podium as podium_picture
from render import standings as standings_picture
from render import theme
from tests.render.legible import check_minimums, check_phone

NAMES = {n: name for n, name in enumerate(
    ["Alice", "Bob", "Chen", "Dai", "Eun", "Fatima", "Gustavo", "Hiro", "Ines", "Jamal", "Kasia", "Liu",
     "Bartholomew Wigglesworth-Featherstonehaugh"], start=1)}
JAPANESE = {n: name for n, name in enumerate(
    ["山田太郎", "佐藤花子", "鈴木一郎", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤", "吉田",
     "山口さくらこ"], start=1)}


def played(players: int, rounds: int | None = None) -> Bracket:
    """An elimination of ``players`` at two-player tables, the better seed winning each game, played to the end
    (or ``rounds`` rounds seated, the last one under way with its first table over)."""
    seeds = list(range(1, players + 1))
    field, plans, results = list(seeds), [], {}
    while True:
        advance = advance_per_table(len(field), 2, 2, 2)
        plan = elimination_round(field, 2, advance, 2, 2)
        plans.append(plan)
        number = len(plans)
        under_way = rounds is not None and number == rounds
        through = set(plan.byes)
        for table_no, table in enumerate(plan.tables, start=1):
            if under_way and table_no > 1:
                continue
            result = TableResult(table, (1, 2) if table[0] < table[1] else (2, 1), (3.0, 1.0))
            results[(number, table_no)] = result
            through |= set(advancers(result, advance, seeds))
        if under_way or (len(plan.tables) == 1 and not plan.byes):
            break
        field = [p for p in seeds if p in through]
    return elimination_bracket(plans, results, seeds=seeds, size=2, min_size=2, max_size=2, over=rounds is None)


CASES = {"5 over": played(5), "8 in round 2": played(8, 2), "13 in round 1": played(13, 1), "13 over": played(13)}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("code", ["en", "es-ES", "ja"])
def test_every_bracket_is_legible_and_nothing_is_cut(case: str, code: str) -> None:
    names = JAPANESE if code == "ja" else NAMES
    with i18n.speaking(code), theme.audit() as labels, theme.clipping() as clipped:
        png = bracket_picture.bracket(CASES[case], names, "Spring Open")
    assert clipped == []
    check_minimums(labels)
    check_phone(labels)
    image = Image.open(io.BytesIO(png))
    assert image.width == bracket_picture.WIDTH
    # Every known player's name is drawn (cut with "…" when long), once per round they sat in.
    seated = [s.player for r in CASES[case].rounds for t in r.tables for s in t.seats if s.player is not None]
    keys = [label.text for label in labels if label.role == "key"]
    for player in set(seated):
        name = names[player]
        drawn = [k for k in keys if k == name or (k.endswith("…") and name.startswith(k[:-1]))]
        assert len(drawn) >= seated.count(player)


def test_the_shapes_of_5_8_and_13() -> None:
    assert [(len(r.tables), len(r.byes)) for r in CASES["5 over"].rounds] == [(2, 1), (1, 1), (1, 0)]
    assert [(len(r.tables), len(r.byes)) for r in CASES["8 in round 2"].rounds] == [(4, 0), (2, 0), (1, 0)]
    assert [(len(r.tables), len(r.byes)) for r in CASES["13 in round 1"].rounds] == [(6, 1), (3, 1), (2, 0),
                                                                                    (1, 0)]
    assert CASES["5 over"].champions == (1,) and CASES["13 over"].champions == (1,)


def test_a_long_tournament_continues_in_a_band_below() -> None:
    five_rounds = played(17)  # 17 -> 9 -> 5 -> 3 -> 2: five rounds, the fifth under the first four
    assert len(five_rounds.rounds) == 5
    with theme.clipping() as clipped:
        tall = Image.open(io.BytesIO(bracket_picture.bracket(five_rounds, NAMES, "Cup")))
    assert clipped == [] and tall.width == bracket_picture.WIDTH


def test_the_bracket_alt_text_tells_the_latest_round_first() -> None:
    words = bracket_picture.bracket_words(CASES["5 over"], NAMES, "Spring Open")
    # By hand: Alice (seed 1) has the byes; seeds 2-5 snake over two tables, (2, 5) and (3, 4); the better seed
    # wins every game.
    assert words == (
        "Bracket: Spring Open. Champion: Alice. Final: Alice (1st) and Bob (2nd); won by Alice. "
        "Round 2, table 1: Bob (1st) and Chen (2nd); through: Bob. Round 2, bye: Alice. "
        "Round 1, table 1: Bob (1st) and Eun (2nd); through: Bob. Round 1, table 2: Chen (1st) and Dai (2nd); "
        "through: Chen. Round 1, bye: Alice."
    )
    words = bracket_picture.bracket_words(CASES["13 in round 1"], NAMES, "Spring Open")
    assert "Round 1, table 2: Chen and Liu, playing." in words  # seeds 3 and 12: the snake deals 2-13 over six
    assert words.endswith("Round 2: 3 tables to come, and 1 bye. Round 3: 2 tables to come. Final: 1 table to come.")
    assert len(bracket_picture.bracket_words(played(40), NAMES, "Big")) <= 1024


def test_the_podium_is_legible_with_shared_ranks_and_long_names() -> None:
    podium = Podium((PodiumStep(1, (13,), 7.5), PodiumStep(2, (2, 3), 5.0), PodiumStep(4, (4,), 3.0)))
    for code, names in (("en", NAMES), ("ja", JAPANESE), ("es-ES", NAMES)):
        with i18n.speaking(code), theme.audit() as labels, theme.clipping() as clipped:
            png = podium_picture.podium(podium, names, "Autumn Cup: podium")
        assert clipped == []
        check_minimums(labels)
        assert Image.open(io.BytesIO(png)).width == podium_picture.WIDTH
    assert podium_picture.podium_words(podium, NAMES, "Autumn Cup") == (
        "Podium: Autumn Cup. 1st: Bartholomew Wigglesworth-Featherstonehaugh (7.5 points). 2nd: Bob and Chen "
        "(5 points). 4th: Dai (3 points)."
    )
    crowd = Podium((PodiumStep(1, tuple(range(1, 8))),))
    with theme.clipping() as clipped:
        podium_picture.podium(crowd, NAMES, "Everyone won")
    assert clipped == []


def test_the_standings_picture_names_its_tie_breaks() -> None:
    assert standings_picture.key_lines() == [
        "Pts: tournament points · 2= a shared rank",
        "Tie-break 1 · Opp: opponents' points (Buchholz)",
        "Tie-break 2 · Score: total game score",
    ]
    rows = [StandingRow(1, 1, 2, 1, 30, 2, 0), StandingRow(2, 2, 1, 2, 12, 2, 0)]
    for code in ("en", "es-ES", "ja"):
        with i18n.speaking(code), theme.audit() as labels, theme.clipping() as clipped:
            standings_picture.standings(rows, NAMES, "Cup")
            shown = standings_picture.key_lines()
        assert clipped == [] and all(line in [label.text for label in labels] for line in shown)
    words = standings_picture.standings_words(rows, NAMES, "Cup: after round 2")
    assert words == ("Standings: Cup: after round 2. Rank 1: Alice, 2 Pts, 1 Opp, 30 Score. Rank 2: Bob, 1 Pts, "
                     "2 Opp, 12 Score. Pts: tournament points · 2= a shared rank. Tie-break 1 · Opp: opponents' "
                     "points (Buchholz). Tie-break 2 · Score: total game score.")


def test_a_round_plan_with_an_unknown_name_still_draws() -> None:
    bracket = elimination_bracket([RoundPlan(tables=((1, 99999),))], {}, seeds=[1, 99999], size=2, min_size=2,
                                  max_size=2, over=False)
    with theme.clipping() as clipped:
        bracket_picture.bracket(bracket, {1: "🐉"}, "")
    assert clipped == []
