-- Server settings, chosen by members with Manage Server (/server settings): the channels where tables may be
-- opened (a JSON list of channel ids; empty: anywhere), the default clock of new tables (preset, timeout
-- policy, whether vacations pause clocks; NULL: the bot's default) and whether computer players may be seated.
CREATE TABLE server_settings (
    guild_id INTEGER PRIMARY KEY,
    channels TEXT NOT NULL DEFAULT '[]',
    clock_preset TEXT,
    timeout_policy TEXT,
    vacations INTEGER,
    computers INTEGER NOT NULL DEFAULT 1,
    updated_at REAL NOT NULL
);
