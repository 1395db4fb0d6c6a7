-- The budget of requests to Discord that every process of the bot shares (bot/pacing.py, bot/store/pacing.py):
-- the time of its next free slot, in seconds since the epoch by the database's clock. One row; only the
-- processes sharing a PostgreSQL database use it (with SQLite one process is the whole bot); the first makes it.
CREATE TABLE request_budget (
    id INTEGER PRIMARY KEY,
    next_at REAL NOT NULL
);
-- A person's DM channel with the bot, remembered once opened: not opened again after every restart.
ALTER TABLE users ADD COLUMN dm_channel_id INTEGER;
