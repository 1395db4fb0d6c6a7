"""Game tables: the model, the table service and its parts (see ``bot/tables/service.py``)."""

from bot.tables.delivery import Notifier, NullNotifier
from bot.tables.model import AI_LEVELS, ClockNews, MoveOutcome, Notification, Player, Position, Table, opens_turn
from bot.tables.replay import replay_moves, table_at
from bot.tables.service import TableService

__all__ = [
    "AI_LEVELS",
    "ClockNews",
    "MoveOutcome",
    "Notification",
    "Notifier",
    "NullNotifier",
    "Player",
    "Position",
    "Table",
    "TableService",
    "opens_turn",
    "replay_moves",
    "table_at",
]
