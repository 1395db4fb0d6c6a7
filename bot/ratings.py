"""Player ratings: openskill's Plackett-Luce model, one rating per player and game.

The model is openskill's ``PlackettLuce`` with its defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300,
kappa 0.0001, no sigma limit): a generalisation of Elo/TrueSkill to a full finishing order of any number of
players, where ties are shared places. Every call is pure arithmetic, so the same inputs always give the same
ratings. Which games count (none with a computer seat) and where resigned or forfeited players stand (last) is
the caller's business: :func:`rate` takes the finishing places as given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

#: How many standard deviations the conservative rating stays below the mean (openskill's ordinal).
CONSERVATIVE_Z = 3.0


@dataclass(frozen=True)
class Rating:
    """A skill estimate: ``mu`` the mean, ``sigma`` the uncertainty. JSON through :meth:`to_dict`."""

    mu: float
    sigma: float

    def to_dict(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rating:
        return cls(mu=float(data["mu"]), sigma=float(data["sigma"]))


def new_rating() -> Rating:
    """The rating of a player with no rated game yet: the model's prior."""
    return Rating(mu=float(_MODEL.mu), sigma=float(_MODEL.sigma))


def conservative(rating: Rating) -> float:
    """mu - 3 sigma: a skill the player very probably has at least; leaderboards sort by it, so a lucky
    newcomer with one win does not top players with a long record."""
    return rating.mu - CONSERVATIVE_Z * rating.sigma


def rate(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """New ratings after one game, in the order given.

    ``places[i]`` is the 1-based finishing place of the player whose rating is ``ratings[i]``; tied players
    share a place (competition ranking 1, 1, 3 as in ``Result.ranking``). Put resigned or forfeited players
    last before calling. Raises ValueError for fewer than two players or mismatched lengths.
    """
    if len(ratings) != len(places):
        raise ValueError("every rated player needs exactly one finishing place")
    if len(ratings) < 2:
        raise ValueError("a rated game needs at least two players")
    if any(place < 1 for place in places):
        raise ValueError("finishing places start at 1")
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in places])
    return [Rating(mu=float(team[0].mu), sigma=float(team[0].sigma)) for team in rated]


__all__ = ["CONSERVATIVE_Z", "Rating", "conservative", "new_rating", "rate"]
