"""Ratings: openskill Plackett-Luce, checked against the model's formulas worked by hand for two players."""

from __future__ import annotations

import json
import math

import pytest

from bot.ratings import Rating, conservative, new_rating, rate

MU = 25.0
SIGMA = 25.0 / 3
BETA = 25.0 / 6
TAU = 25.0 / 300


def test_new_rating_is_the_prior_and_its_conservative_rating_is_zero() -> None:
    assert new_rating() == Rating(MU, SIGMA)
    assert conservative(new_rating()) == pytest.approx(0.0)
    assert conservative(Rating(30.0, 2.0)) == pytest.approx(24.0)


def test_rating_round_trips_through_json() -> None:
    rating = Rating(27.25, 7.5)
    assert Rating.from_dict(json.loads(json.dumps(rating.to_dict()))) == rating


def test_two_equal_players_match_the_hand_computed_update() -> None:
    # Plackett-Luce, worked by hand: sigma is first widened by tau, c^2 = 2 sigma^2 + 2 beta^2, each side
    # wins with probability 1/2, so the winner gains sigma^2 / (2c) and the loser loses as much;
    # sigma^2 shrinks by the factor 1 - (sigma / c) * (sigma^2 / c^2) * 1/4.
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * s2 + 2 * BETA**2)
    step = s2 / (2 * c)
    shrunk = math.sqrt(s2 * (1 - (math.sqrt(s2) / c) * (s2 / c**2) / 4))
    winner, loser = rate([new_rating(), new_rating()], [1, 2])
    assert winner.mu == pytest.approx(MU + step)
    assert loser.mu == pytest.approx(MU - step)
    assert winner.sigma == pytest.approx(shrunk)
    assert loser.sigma == pytest.approx(shrunk)
    assert step == pytest.approx(2.635389, abs=1e-6)  # the figure to expect on a first win


def test_order_of_the_lists_does_not_matter() -> None:
    loser, winner = rate([new_rating(), new_rating()], [2, 1])
    assert winner.mu > MU > loser.mu


def test_a_draw_between_equal_players_leaves_their_means_and_shrinks_sigma() -> None:
    a, b = rate([new_rating(), new_rating()], [1, 1])
    assert a.mu == pytest.approx(MU)
    assert b.mu == pytest.approx(MU)
    assert a.sigma < SIGMA


def test_a_draw_moves_the_weaker_player_up_and_the_stronger_down() -> None:
    strong, weak = rate([Rating(30.0, 5.0), Rating(20.0, 5.0)], [1, 1])
    assert strong.mu < 30.0
    assert weak.mu > 20.0


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    upset, _ = rate([Rating(20.0, 6.0), Rating(30.0, 6.0)], [1, 2])
    expected, _ = rate([Rating(30.0, 6.0), Rating(20.0, 6.0)], [1, 2])
    assert upset.mu - 20.0 > expected.mu - 30.0 > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_multiplayer_game_with_equal_priors(players: int) -> None:
    after = rate([new_rating()] * players, list(range(1, players + 1)))
    mus = [r.mu for r in after]
    assert mus == sorted(mus, reverse=True)  # better place, higher mean
    assert len(set(mus)) == players
    assert after[0].mu > MU > after[-1].mu
    assert sum(mu - MU for mu in mus) == pytest.approx(0.0, abs=1e-9)
    assert all(r.sigma < SIGMA for r in after)


def test_four_players_with_a_shared_second_place() -> None:
    first, second_a, second_b, last = rate([new_rating()] * 4, [1, 2, 2, 4])
    assert second_a == second_b
    assert first.mu > second_a.mu > last.mu
    assert first.mu + second_a.mu + second_b.mu + last.mu == pytest.approx(4 * MU)


def test_five_players_keep_their_identity_under_a_shuffled_input() -> None:
    priors = [Rating(25.0 + i, 8.0 - i / 2) for i in range(5)]
    places = [3, 1, 5, 2, 4]
    straight = rate(priors, places)
    order = [4, 2, 0, 3, 1]
    shuffled = rate([priors[i] for i in order], [places[i] for i in order])
    for k, i in enumerate(order):
        assert shuffled[k].mu == pytest.approx(straight[i].mu)
        assert shuffled[k].sigma == pytest.approx(straight[i].sigma)


def test_rate_is_deterministic() -> None:
    priors = [Rating(26.0, 7.0), Rating(24.0, 8.0), Rating(25.0, 3.0)]
    assert rate(priors, [2, 1, 3]) == rate(priors, [2, 1, 3])


def test_sigma_falls_as_games_accumulate() -> None:
    a, b = new_rating(), new_rating()
    sigmas = [a.sigma]
    for game in range(10):
        a, b = rate([a, b], [1, 2] if game % 2 else [2, 1])
        sigmas.append(a.sigma)
    assert sigmas == sorted(sigmas, reverse=True)


@pytest.mark.parametrize(
    ("ratings", "places"),
    [([Rating(25, 8)], [1]), ([Rating(25, 8), Rating(25, 8)], [1]), ([Rating(25, 8), Rating(25, 8)], [0, 1])],
)
def test_bad_input_is_refused(ratings: list[Rating], places: list[int]) -> None:
    with pytest.raises(ValueError):
        rate(ratings, places)
