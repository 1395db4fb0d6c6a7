"""Every message the code says is translated in every language, with the same {fields} as the English."""

from __future__ import annotations

import asyncio
import re
from functools import cache

import pytest

from bot import catalogs, i18n
from bot.catalogs import Message, MessageId
from bot.games.base.language import tr, trn
from cogs.client import command_messages


@cache
def _messages() -> dict[str, dict[tuple[MessageId, str | None], Message]]:
    return asyncio.run(catalogs.all_messages(command_messages))


@pytest.mark.parametrize("code", [info.code for info in i18n.LANGUAGES if info.code != i18n.ENGLISH])
def test_every_message_is_translated_with_the_same_fields(code: str) -> None:
    found = [problem for domain, messages in sorted(_messages().items())
             for problem in catalogs.problems(code, domain, messages.values())]
    assert not found, f"{len(found)} problems, run `python -m bot catalogs`:\n" + "\n".join(found[:40])


def test_a_message_means_the_same_in_every_domain() -> None:
    for info in i18n.LANGUAGES:
        if info.code == i18n.ENGLISH:
            continue
        said: dict[tuple[MessageId, str | None], tuple[str, object]] = {}
        for domain in _messages():
            for entry in catalogs.read(info.code, domain):
                if not entry.id:
                    continue
                key = (entry.id if isinstance(entry.id, str) else tuple(entry.id), entry.context)
                if key in said and said[key][1] != entry.string:
                    pytest.fail(f"{info.code}: {entry.id!r} is translated differently in {said[key][0]} and {domain}")
                said[key] = (domain, entry.string)


def test_the_catalogs_are_up_to_date_with_the_code() -> None:
    """No catalog keeps a message the code no longer says (run `python -m bot catalogs`)."""
    for domain, messages in _messages().items():
        for info in i18n.LANGUAGES:
            if info.code == i18n.ENGLISH:
                continue
            kept = {(e.id if isinstance(e.id, str) else tuple(e.id), e.context)
                    for e in catalogs.read(info.code, domain) if e.id}
            assert kept <= set(messages), f"{info.code}/{domain}.po: {sorted(map(str, kept - set(messages)))[:5]}"


def test_english_is_the_messages_themselves() -> None:
    assert tr("{player} builds", player="Ana") == "Ana builds"
    assert trn("{n} card", "{n} cards", 1) == "1 card"
    assert trn("{n} card", "{n} cards", 3) == "3 cards"


def test_latin_american_spanish_falls_back_to_spain() -> None:
    spain, latin = i18n.language("es-ES").catalog, i18n.language("es-419").catalog
    own = {entry.id for domain in _messages() for entry in catalogs.read("es-419", domain) if entry.id}
    for domain in _messages():
        for entry in catalogs.read("es-ES", domain):
            if isinstance(entry.id, str) and entry.id and entry.string and entry.id not in own:
                assert latin.gettext(entry.id) == spain.gettext(entry.id)


def test_discord_locales_pick_a_language() -> None:
    assert i18n.from_discord("ja") == "ja"
    assert i18n.from_discord("es-ES") == "es-ES"
    assert i18n.from_discord("es-419") == "es-419"
    assert i18n.from_discord("en-GB") == "en"
    assert i18n.from_discord("fr") is None
    assert i18n.choose(None, i18n.from_discord("fr")) == "en"
    assert i18n.choose("ja", "es-ES") == "ja"


# A sentence is one message: a translated fragment spliced into another message's placeholder cannot agree
# with what surrounds it ("esperando a Ana que construyan"). The rule the catalogs keep: a message that is
# only a clause meant to follow a name, an infinitive ("to build", "to refill their hand") or a
# "waiting for"-style complement ("in the warlord window ..."), is no message at all; the game says the
# whole sentence instead ("The game is waiting for {players} to build.", with plural forms for the verb).
# Prepositional labels that stand alone in a menu ("to everybody") are not clauses.
_NOT_CLAUSES = {"everybody", "everyone", "you", "them", "the", "each", "all", "only"}


def test_no_message_is_a_clause_fragment_meant_to_be_spliced_into_a_sentence() -> None:
    fragments = []
    for domain, messages in _messages().items():
        for message in messages.values():
            text = message.id if isinstance(message.id, str) else message.id[0]
            words = text.split()
            infinitive = len(words) >= 2 and words[0] == "to" and words[1] not in _NOT_CLAUSES
            complement = text.startswith("in the ") and not any(c in text for c in "{.:")
            if infinitive or complement:
                fragments.append(f"{domain}: {text!r}")
    assert not fragments, "clause fragments, say whole sentences instead:\n" + "\n".join(fragments)


# A count beside a word must agree with it ("1 ocultos", "(1 fortificadas)"): such a message is counted
# (``trn``), so every language chooses its own form. The rule: a message whose count field ({n}, {count},
# {keep}, {placed}...) is followed by a word (a noun, an adjective or a verb: "{n} hidden", "{count} cards",
# "{count} joined") has plural forms; a count followed by a preposition or a symbol ("{n} of 4", "{n} × ...",
# "{n} toward red") is not beside a noun.
_COUNT_BESIDE_A_WORD = re.compile(
    r"\{(n|count|placed|spaces|empty|keep)\} (?!(of|toward|x|more|to|and|or)\b)[a-z]")


def test_a_count_beside_a_word_has_plural_forms() -> None:
    uncounted = [f"{domain}: {message.id!r}" for domain, messages in _messages().items()
                 for message in messages.values()
                 if isinstance(message.id, str) and _COUNT_BESIDE_A_WORD.search(message.id)]
    assert not uncounted, "use trn for these:\n" + "\n".join(uncounted)


@pytest.mark.parametrize(("code", "wrong"), [("es-ES", "1 ocultos"), ("es-ES", "1 fortificadas"), ("es-ES", "1 libres"),
                                             ("es-ES", "1 colocados")])
def test_one_is_singular_in_spanish(code: str, wrong: str) -> None:
    with i18n.speaking(code):
        said = [trn("warlords: {n} hidden", "warlords: {n} hidden", 1),
                trn("{houses} ({n} fortified)", "{houses} ({n} fortified)", 1, houses="3"),
                trn(" (×{n} free)", " (×{n} free)", 1),
                trn("Emissaries: {n} placed, at most {cap} allowed.", "Emissaries: {n} placed, at most {cap} allowed.",
                    1, cap=2)]
    assert not any(wrong in text for text in said), said


# Common vosotros forms of Spain's Spanish: the verb endings -áis/-éis (hayáis, tenéis, podéis), -ís after a
# consonant (elegís, decís; not país), the pronouns vosotros/os and the possessive vuestro.
_VOSOTROS = re.compile(r"\b(\w+(áis|éis)|\w+[^aeiouáéíóú\s]ís|vosotr[oa]s|vuestr[oa]s?|os)\b", re.IGNORECASE)


def test_no_vosotros_form_reaches_latin_america() -> None:
    """es-419 falls back to Spain's catalog, so every message Spain says with vosotros needs an es-419
    override with ustedes (the policy in ``bot/i18n.py``)."""
    latin = i18n.language("es-419").catalog
    found = []
    for domain, messages in _messages().items():
        for message in messages.values():
            if isinstance(message.id, str):
                said = [latin.pgettext(message.context, message.id) if message.context else latin.gettext(message.id)]
            else:
                said = [latin.ngettext(message.id[0], message.id[1], n) for n in (1, 2, 1_000_000)]
            found += [f"{domain}: {text!r}" for text in said if _VOSOTROS.search(text)]
    assert not found, "\n".join(found)


# Japanese typography: where Japanese text surrounds it, punctuation is full-width. The rule the ja catalogs
# keep: no ASCII ( ) : ! ? , touches a kana or kanji (or Japanese punctuation), and a pair of brackets is one
# style, never "（1〜30)". ASCII stays between Latin letters, digits and {fields} ("{page}/{pages}", "#{offer}").
_JAPANESE = r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60\u3000-\u303f]"
_ASCII_BESIDE_JAPANESE = re.compile(rf"(?<={_JAPANESE})[:()!?,]|[:()!?,](?={_JAPANESE})|（[^()（）]*\)|\([^()（）]*）")


def _japanese() -> list[tuple[str, str, str]]:
    """(domain, English, Japanese) of every message of the ja catalogs, each plural form apart."""
    said = []
    for domain in _messages():
        for entry in catalogs.read("ja", domain):
            if entry.id and entry.string:
                english = entry.id if isinstance(entry.id, str) else entry.id[0]
                forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
                said += [(domain, english, text) for text in forms]
    return said


def test_japanese_punctuation_is_full_width_beside_japanese_text() -> None:
    found = [f"{domain}: {text!r}" for domain, _english, text in _japanese() if _ASCII_BESIDE_JAPANESE.search(text)]
    assert not found, "\n".join(found[:30])


def test_japanese_polish() -> None:
    """One word for a table (テーブル, never 卓); "Nobody" as a name is なし (誰も cannot stand alone); Sun Tzu's
    two double provinces read as one each (晋燕, 韓斉); a Great Wall card is worth progress, not points."""
    said = _japanese()
    assert not [text for _d, _e, text in said if "卓" in text]
    assert all(text != "誰も" for _d, _e, text in said)
    assert not [text for _d, _e, text in said if "晋・燕" in text or "韓・斉" in text]
    with i18n.speaking("ja"):
        assert tr("Nobody") == "なし" and tr("worth 2") == "進捗2"


def test_you_is_no_name_in_a_chinatown_sentence() -> None:
    """Chinatown's viewer is said in sentences of their own: "Bob te da ...", "junto a 16 tuyo (PH)"."""
    with i18n.speaking("es-ES"):
        assert tr("{giver} gives {item} to you", giver="Bob", item="x") == "Bob te da x"
        assert tr("{lot} you ({shop})", lot=16, shop="PH") == "16 tuyo (PH)"
        assert "ti" not in tr("What do you give?").split()
