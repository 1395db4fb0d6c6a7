"""Signed private links (web/links.py): each refusal, and nothing private without a secret."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from web.links import PRIVATE_HOURS, Refusal, SeatKey, WebLinks

SECRET = "a-secret-for-the-tests-only-0123456789"
LINKS = WebLinks("https://pages.example.org", SECRET)
NOW = 1_800_000_000.0


def _key(url: str) -> str:
    return parse_qs(urlsplit(url).query)["key"][0]


def test_a_private_link_opens_its_seat_of_its_game_until_it_expires() -> None:
    url = LINKS.private(12, 3, NOW)
    assert url is not None and url.startswith("https://pages.example.org/games/12/private?key=")
    checked = LINKS.check(_key(url), 12, NOW + 3600)
    assert checked == SeatKey(12, 3, int(NOW + PRIVATE_HOURS * 3600))
    assert LINKS.check(_key(url), 12, NOW + PRIVATE_HOURS * 3600 + 1) == Refusal.EXPIRED


def test_every_refusal() -> None:
    key = LINKS.key(12, 3, int(NOW + 60))
    assert key is not None
    assert LINKS.check(None, 12, NOW) == Refusal.UNSIGNED
    assert LINKS.check("", 12, NOW) == Refusal.UNSIGNED
    assert LINKS.check(key, 13, NOW) == Refusal.WRONG_GAME
    assert LINKS.check(key, 12, NOW + 61) == Refusal.EXPIRED
    game, seat, until, signature = key.split(".")
    tampered = [
        f"{game}.{int(seat) + 1}.{until}.{signature}",  # another seat
        f"{game}.{seat}.{int(until) + 86400}.{signature}",  # a longer life
        f"{int(game) + 1}.{seat}.{until}.{signature}",  # another game, signature kept
        f"{game}.{seat}.{until}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}",
        f"{game}.{seat}.{until}", "12.3", "garbage", f"{game}.{seat}.-5.{signature}",
        WebLinks("https://pages.example.org", "another-secret-0123456789").key(12, 3, int(NOW + 60)) or "",
    ]
    for forged in tampered:
        assert LINKS.check(forged, 12, NOW) == Refusal.TAMPERED, forged


def test_without_a_secret_no_private_link_is_made_or_believed() -> None:
    plain = WebLinks("https://pages.example.org")
    assert plain.private(12, 3, NOW) is None and not plain.signs
    key = LINKS.key(12, 3, int(NOW + 60))
    assert plain.check(key, 12, NOW) == Refusal.TAMPERED
    assert plain.game(12) == "https://pages.example.org/games/12"
    assert plain.tournament(4) == "https://pages.example.org/tournaments/4"
    assert plain.player(99) == "https://pages.example.org/players/99"
