"""The records' charts (``/stats``, ``/server stats``): a player's rating over time and a server's finished games
per month, each game a line in its own colour and marker shape (its place in the games' menu: the same in every
chart), with their alt text. Drawn with ``render.plotting`` in the picture processes.

Pure: ``bot.stats_view`` data and the games' titles (in the language in force, as the caller names them) in,
PNG bytes or words out. Dates on the axes are numbers (``2026-11``), the same in every language.

matplotlib is imported when a chart is drawn, not with this module: the bot's own process imports it for the
alt text and to hand the drawing functions to the picture processes, and never draws a chart itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from typing import TYPE_CHECKING

from bot.games.base.language import tr, trn
from bot.stats_view import MonthlyGames, RatingLine
from render import theme
from render.alt_text.words import LIMIT, clean_name, fit

if TYPE_CHECKING:
    from render import plotting

MONTH_TICKS = 6  # month labels along the axis at most: "2026-11" x 6 fits the width at the tick size
DAY = 86_400.0


def colour(order: int) -> str:
    """A game's colour key (and so its marker shape) from its place in the menu."""
    return theme.SEAT_ORDER[order % len(theme.SEAT_ORDER)]


def _legend(orders: Sequence[int], titles: Sequence[str]) -> list[plotting.Key]:
    from render import plotting

    # Each game's badge wears its title's initial, as a player's wears theirs.
    theme.Seats([colour(o) for o in orders], titles)
    return [plotting.Key(theme.printable(t), colour(o)) for o, t in zip(orders, titles, strict=True)]


def _day(moment: float) -> float:
    """A moment as matplotlib's date number: days since 1970-01-01 UTC (its default epoch)."""
    return moment / DAY


def rating_chart(lines: Sequence[RatingLine], titles: Sequence[str], heading: str) -> bytes:
    """Each game's conservative rating over time; ``titles[i]`` names ``lines[i]``'s game."""
    from matplotlib import dates

    from render import plotting

    with plotting.chart() as (figure, axes):
        moments = [p.at for line in lines for p in line.points]
        for line in lines:
            axes.plot([_day(p.at) for p in line.points], [p.rating for p in line.points],
                      **plotting.style(colour(line.order)))
        if moments:
            first, last = min(moments), max(moments)
            pad = max((last - first) * 0.04, DAY / 2)
            axes.set_xlim(_day(first - pad), _day(last + pad))
            # The stubs leave these two untyped (unused-ignore: the strict run of render sees them otherwise).
            locator = dates.AutoDateLocator(maxticks=MONTH_TICKS)  # type: ignore[no-untyped-call,unused-ignore]
            span = last - first
            shown = "%Y-%m" if span > 90 * DAY else "%m-%d" if span > 3 * DAY else "%m-%d %H:%M"
            formatter = dates.DateFormatter(shown, tz=UTC)  # type: ignore[no-untyped-call,unused-ignore]
            axes.xaxis.set_major_locator(locator)
            axes.xaxis.set_major_formatter(formatter)
        return plotting.png(
            figure, title=heading, legend=_legend([line.order for line in lines], titles),
            x_caption=tr("Date (UTC)"), y_caption=tr("Rating (μ − 3σ)"),
        )


def monthly_chart(monthly: MonthlyGames, titles: Sequence[str], heading: str) -> bytes:
    """Finished games per month, a line per game; ``titles[i]`` names ``monthly.games[i]``'s game."""
    from matplotlib import ticker

    from render import plotting

    with plotting.chart() as (figure, axes):
        months = list(range(len(monthly.months)))
        for line in monthly.games:
            axes.plot(months, list(line.counts), **plotting.style(colour(line.order)))
        step = -(-len(months) // MONTH_TICKS)
        axes.set_xticks(months[::step], [monthly.months[m] for m in months[::step]])
        axes.set_xlim(-0.5, max(0.5, len(months) - 0.5))
        axes.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))
        axes.set_ylim(bottom=-0.3)  # room for the markers of months without a game
        return plotting.png(
            figure, title=heading, legend=_legend([line.order for line in monthly.games], titles),
            x_caption=tr("Month (UTC)"), y_caption=tr("Games finished"),
        )


def number(value: float) -> str:
    return f"{value:.1f}"


def rating_words(lines: Sequence[RatingLine], titles: Sequence[str], heading: str) -> str:
    """The rating chart's alt text: per game, where the rating began and ended, its highest and lowest."""
    sentences = [tr("A chart: {title}.", title=clean_name(heading))]
    for line, title in zip(lines, titles, strict=True):
        ratings = [p.rating for p in line.points]
        if not ratings:
            continue
        sentences.append(trn(
            "{game}: from {first} to {last} over {n} rated game (highest {high}, lowest {low}).",
            "{game}: from {first} to {last} over {n} rated games (highest {high}, lowest {low}).", len(ratings),
            game=clean_name(title), first=number(ratings[0]), last=number(ratings[-1]), high=number(max(ratings)),
            low=number(min(ratings)),
        ))
    return fit(sentences, LIMIT)


def monthly_words(monthly: MonthlyGames, titles: Sequence[str], heading: str) -> str:
    """The monthly chart's alt text: the span, then each game's count per month."""
    first, last = monthly.months[0], monthly.months[-1]
    sentences = [tr("A chart: {title}, {first} to {last}.", title=clean_name(heading), first=first, last=last)]
    for line, title in zip(monthly.games, titles, strict=True):
        counts = ", ".join(f"{month} {n}" for month, n in zip(monthly.months, line.counts, strict=True) if n)
        sentences.append(trn("{game}: {n} game ({months}).", "{game}: {n} games ({months}).", sum(line.counts),
                             game=clean_name(title), months=counts))
    return fit(sentences, LIMIT)


__all__ = ["colour", "monthly_chart", "monthly_words", "rating_chart", "rating_words"]
