"""A whole Chinatown game through the cogs in Spanish and in Japanese: the thread (its texts, the offer
messages, the pictures drawn in it), each person's private prompts and their controls' labels are in that
language, and no public post says one of the game's English sentences. The Spanish table has one player
whose Discord app is in Japanese: their private prompts are in Japanese, the thread stays Spanish.

The people act through the controls by their payloads (never by English labels), the way the other whole
games do: keep cards, one trade answered from the thread, build, to the end. One game per language, pictures
as the JSON of their view (plus the language they were drawn in): these games are slow enough as it is."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import discord
import pytest

import render
from bot import catalogs, i18n
from bot.games.base import language
from bot.games.base.language import tr
from tests.cogs.harness import FakeDiscord, Posted, walk
from tests.cogs.test_chinatown_flows import control, has


@pytest.fixture
def spoken_pictures(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pictures as the JSON of their kind and the language they were drawn in: fast, and checkable."""

    def draw(kind: str) -> Any:
        def picture(key: str, view: dict[str, Any], names: Any = None, *focus: Any) -> bytes:
            return json.dumps({"picture": kind, "language": language.code()}).encode()

        return picture

    for kind in ("board", "hand", "final", "focus"):
        monkeypatch.setattr(render, kind, draw(kind))
    yield


pytestmark = pytest.mark.usefixtures("spoken_pictures")


def said(code: str, text: str) -> str:
    """A label as the language ``code`` shows it (the bot's own words, translated or not yet)."""
    with i18n.speaking(code):
        return tr(text)


@cache
def english_sentences() -> tuple[str, ...]:
    """The literal parts of Chinatown's own messages (between their {fields}) of two words or more, which no
    other catalog's message contains and no translation keeps as they are ("Dim Sum" is Spanish too)."""
    messages = catalogs.code_messages()  # the slash commands' texts are read from their catalog instead
    others: set[Any] = {m.id for domain, found in messages.items() if domain != "chinatown" for m in found.values()}
    others |= {e.id if isinstance(e.id, str) else tuple(e.id) for e in catalogs.read("ja", catalogs.COMMANDS) if e.id}
    kept = {str(e.string) for code in ("es-ES", "ja") for e in catalogs.read(code, "chinatown") if e.id}
    said = {text for o in others for text in ((o,) if isinstance(o, str) else o)}  # "Waiting for" is the lobby's too
    found = set()
    for message in messages["chinatown"].values():
        if message.id in others:
            continue
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            for part in re.split(r"\{[a-z_]+\}", text):
                part = part.strip(" .,:;()*#•…\n")
                if len(part.split()) >= 2 and not any(part in k for k in kept) and not any(part in o for o in said):
                    found.add(part)
    return tuple(sorted(found))


def english_in(text: str, words: int = 3) -> list[str]:
    """Chinatown's English phrases in ``text``: of three words or more in a post (the bot's other words, English
    until their own catalogs say them, share a two-word phrase now and then: "Waiting for"), of two or more in
    the game's own controls."""
    sentences, anywhere = _phrases(words)
    if anywhere.search(text) is None:  # the usual answer, in one pass over the text
        return []
    return [sentence for sentence in sentences if sentence in text]


@cache
def _phrases(words: int) -> tuple[tuple[str, ...], re.Pattern[str]]:
    """The phrases of ``words`` words or more, and one pattern that finds any of them."""
    sentences = tuple(sentence for sentence in english_sentences() if len(sentence.split()) >= words)
    return sentences, re.compile("|".join(map(re.escape, sentences)) or r"(?!)")


def board(fake: FakeDiscord) -> Posted:
    """The newest board message: the one with the Play button (found by its payload, not its label)."""
    for sent in reversed(fake.sent):
        if not sent.private and any(str(getattr(getattr(i, "item", i), "custom_id", "")).endswith(":play")
                                    for i in walk(sent.view)):
            return sent.message
    raise AssertionError("no board message")


class Person:
    def __init__(self, fake: FakeDiscord, game_id: int, user: Any) -> None:
        self.fake, self.game_id, self.user = fake, game_id, user

    async def panel(self) -> Posted:
        play = next(getattr(i, "item", i) for i in walk(board(self.fake).view)
                    if str(getattr(getattr(i, "item", i), "custom_id", "")).endswith(":play"))
        await self.fake.dispatch(self.user, board(self.fake), play.custom_id)
        message = self.fake.last(private=True)
        assert message.owner == self.user.id, message.content
        return message

    async def use(self, message: Posted, verb: str, *values: str) -> None:
        await self.fake.dispatch(self.user, message, control(message, verb=verb).custom_id, tuple(values))

    async def keep(self) -> None:
        panel = await self.panel()
        select = control(panel, verb="kp")
        await self.use(panel, "kp", *[str(o.value) for o in select.options][: select.max_values])
        await self.use(panel, "kc")

    async def build(self, most: int = 3) -> None:
        panel = await self.panel()
        for _ in range(most):
            if not has(panel, verb="ps"):
                break
            await self.use(panel, "ps", str(control(panel, verb="ps").options[0].value))
            if has(panel, verb="pd"):  # more lots than a short list: the district first
                await self.use(panel, "pd", str(control(panel, verb="pd").options[0].value))
            await self.use(panel, "pl", str(control(panel, verb="pl").options[0].value))
        if has(panel, verb="end"):
            await self.use(panel, "end")

    async def done_trading(self) -> None:
        await self.use(await self.panel(), "rdy")

    async def sell_a_lot(self, buyer: Person, me: int, other: int) -> None:
        """Offer a lot for $10,000 from the builder; ``buyer`` accepts from the offer's message in the thread."""
        builder = await self.panel()
        await self.use(builder, "new")
        if has(builder, verb="who"):
            await self.use(builder, "who", str(other))
        sides = {str(getattr(i.item, "custom_id", "")).split(".")[-1]: i.item for i in walk(builder.view)
                 if ":add." in str(getattr(i.item, "custom_id", ""))}
        if "lots" in {o.value for o in sides[str(me)].options}:  # a short list: the lots are a step of their own
            await self.fake.dispatch(self.user, builder, sides[str(me)].custom_id, ("lots",))
            step = [i.item for i in walk(builder.view) if ":add." in str(getattr(i.item, "custom_id", ""))]
            sides = {str(me): step[0]}
        lot = next(o.value for o in sides[str(me)].options if str(o.value).startswith("L"))
        await self.fake.dispatch(self.user, builder, sides[str(me)].custom_id, (lot,))
        sides = {str(getattr(i.item, "custom_id", "")).split(".")[-1]: i.item for i in walk(builder.view)
                 if ":add." in str(getattr(i.item, "custom_id", ""))}
        await self.fake.dispatch(self.user, builder, sides[str(other)].custom_id, ("M",))
        await self.use(builder, "mny", "1")
        await self.use(builder, "pst")
        offer = next(s.message for s in reversed(self.fake.sent) if not s.private and has(s.message, verb="acc"))
        await buyer.use(offer, "acc")


async def play_game(fake: FakeDiscord, people: list[Any], code: str) -> int:
    """/game new in a server speaking ``code``, three people, played to the end."""
    host = people[0]
    await fake.command(fake.bot.get_cog("GameCommands").new, host, game="chinatown", seats=3)  # type: ignore[union-attr]
    mark = len(fake.sent)
    host_code = i18n.from_discord(fake.locales.get(host.id)) or "en"
    await fake.click(host, fake.last(private=True), label=said(host_code, "Open the table"))
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    game_id = int(found[1])
    for user in people[1:]:
        await fake.click(user, lobby, label=said(code, "Join"))
    await fake.click(host, lobby, label=said(code, "Start"))
    seats = {p.id: Person(fake, game_id, p) for p in people}
    traded = False
    for _ in range(500):
        table = await fake.bot.service.get(game_id)
        assert table.language == code
        if table.status != "running":
            return game_id
        phase = table.view(None)["phase"]
        seat = min(table.to_act())
        mover = seats[table.player_at(seat).user_id or 0]
        if phase == "deal_buildings":
            await mover.keep()
        elif phase == "trades" and not traded:
            traded = True
            first, second = table.seat_of(people[0].id), table.seat_of(people[1].id)
            assert first is not None and second is not None
            await seats[people[0].id].sell_a_lot(seats[people[1].id], first, second)
        elif phase == "trades":
            await mover.done_trading()
        else:
            await mover.build()
    raise AssertionError("the game did not end")


def control_words(view: discord.ui.View | None) -> list[str]:
    """The words of Chinatown's own controls in a message: labels, placeholders, options, descriptions."""
    words: list[str] = []
    for item in walk(view):
        inner = getattr(item, "item", item)
        payload = str(getattr(inner, "custom_id", "")).split(":", 4)[-1]
        if "." not in payload and payload not in ("home", "end"):
            continue  # the bot's generic buttons (Play, My hand, Rules), not the game's
        words += [str(getattr(inner, "label", "") or ""), str(getattr(inner, "placeholder", "") or "")]
        for option in getattr(inner, "options", ()):
            words += [option.label, option.description or ""]
    return [w for w in words if w]


def check(fake: FakeDiscord, thread: str, private: dict[int, str], term: str, private_terms: dict[str, str]) -> None:
    public = [s for s in fake.sent if not s.private]
    assert any(term in s.content for s in public)
    for sent in public:
        assert not english_in(sent.content), (english_in(sent.content), sent.content)
        assert not english_in(" | ".join(control_words(sent.view)), words=2)
        for data in sent.files:
            assert json.loads(data)["language"] == thread
    for sent in fake.sent:
        if not sent.private or sent.message.owner not in private:
            continue
        code = private[sent.message.owner]
        assert not english_in(sent.content), (english_in(sent.content), sent.content)
        labels = " | ".join(control_words(sent.view))
        assert not english_in(labels, words=2), (english_in(labels, words=2), labels)
        for data in sent.files:
            assert json.loads(data)["language"] == code
    for owner, code in private.items():
        mine = " ".join(s.content for s in fake.sent if s.private and s.message.owner == owner)
        assert private_terms[code] in mine, (owner, mine[-300:])


async def test_a_game_in_japanese(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    fake.guild_locale = "ja"
    for person in (alice, bob, carol):
        fake.locales[person.id] = "ja"
    game_id = await play_game(fake, [alice, bob, carol], "ja")
    assert (await fake.bot.service.get(game_id)).status == "finished"
    check(fake, "ja", {p.id: "ja" for p in (alice, bob, carol)}, "取引#", {"ja": "区画"})
    assert any("ゲーム終了" in s.content for s in fake.sent if not s.private)


async def test_a_game_in_spanish_with_one_player_in_japanese(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    fake.guild_locale = "es-ES"
    fake.locales.update({alice.id: "es-ES", bob.id: "ja", carol.id: "es-ES"})
    await play_game(fake, [alice, bob, carol], "es-ES")
    languages = {alice.id: "es-ES", bob.id: "ja", carol.id: "es-ES"}
    check(fake, "es-ES", languages, "Intercambio #", {"es-ES": "edificio", "ja": "区画"})
    assert any("La partida ha terminado" in s.content for s in fake.sent if not s.private)


def test_the_rules_summary_in_three_languages() -> None:
    from cogs import rulebook

    english = rulebook.summary("chinatown")
    assert english.startswith("**Goal**: the most money")
    for code, word in (("es-ES", "Cartas de Edificio"), ("es-419", "Cartas de Edificio"), ("ja", "建物カード")):
        with i18n.speaking(code):
            text = rulebook.summary("chinatown")
        assert word in text and len(text) <= 4096 and text != english
