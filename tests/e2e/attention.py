"""What a game costs its players' attention, counted from what the double saw: public posts in the game's
thread, the pictures they carried, and each person's notifications (a new message that pinged them, or a
new DM), against their own turns (a seat newly waited for, or an offer addressed to them).
Edits notify nobody on Discord, so they are not counted as notifications."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tests.e2e.double import DiscordDouble
from tests.e2e.records import Recorded

OFFER_TYPES = ("offer_proposed", "offer_edited")


@dataclass
class Attention:
    posts: int = 0  # new public messages in the game's thread
    pictures: int = 0  # pictures in those posts and in the edits that changed them
    notifications: Counter[int] = field(default_factory=Counter)  # per user
    turns: Counter[int] = field(default_factory=Counter)  # per user
    openings: int = 0  # positions that opened a turn (a seat newly waited for, or the game's end)
    offers: int = 0  # offers proposed or changed in public (each has its own message, pinging its players)
    continued: int = 0  # turns too long for one message, which went on in a new one
    posted: list[str] = field(default_factory=list)  # each post's words, to tell what an extra one was

    @property
    def quiet(self) -> bool:
        """One post per turn and one per public offer, however long the game was (and one more for a turn too
        long for one message)."""
        return self.posts <= self.openings + self.offers + self.continued

    def per_turn(self, user_id: int) -> float:
        return self.notifications[user_id] / max(self.turns[user_id], 1)

    def summary(self, names: dict[int, str]) -> str:
        people = ", ".join(f"{names[u]} {self.notifications[u]}/{self.turns[u]}" for u in sorted(names))
        said = (f"{self.posts} posts for {self.openings} turns, {self.offers} offers and {self.continued} long turns "
                f"continued, {self.pictures} pictures; "
                f"notifications/own turns: {people}")
        if not self.quiet:  # a message posted more than once word for word, the likeliest extra post
            again = [text for text, n in Counter(self.posted).items() if n > 1]
            said += f"; posted twice: {again[:3]}"
        return said


def count_attention(double: DiscordDouble, recorded: Recorded, thread_id: int) -> Attention:
    world = double.world
    people = {p.user_id for p in recorded.players if p.user_id is not None}
    dms = {c.id: c.recipient_id for c in world.channels.values() if c.recipient_id in people}
    found = Attention(continued=recorded.continued)
    shown: set[str] = set()
    for revision in world.revisions:
        if revision.channel_id == thread_id and revision.audience is None:
            fresh = [a for a in revision.attachments if a.digest not in shown]
            shown.update(a.digest for a in revision.attachments)
            found.pictures += len(fresh)
            if not revision.edit:
                found.posts += 1
                found.posted.append(revision.content or "")
                found.notifications.update(u for u in revision.pinged if u in people)
        elif revision.channel_id in dms and not revision.edit:
            found.notifications[dms[revision.channel_id]] += 1
    user_of = {p.seat: p.user_id for p in recorded.players if p.user_id is not None}
    engine, before = recorded.engine, frozenset[int]()
    for state in recorded.states():
        over = engine.is_over(state)
        now = frozenset() if over else engine.to_act(state)
        found.turns.update(user_of[s] for s in now - before if s in user_of)
        found.openings += bool(now - before) or over
        before = now
    for event in recorded.events():
        offer = event.public.get("offer") if event.type in OFFER_TYPES else None
        if isinstance(offer, dict):
            found.offers += 1
            addressed = set(offer.get("participants", [])) - set(offer.get("accepted", []))
            found.turns.update(user_of[s] for s in addressed if s in user_of)
    return found
