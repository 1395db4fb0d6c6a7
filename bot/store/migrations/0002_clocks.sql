-- Asynchronous play: per-table time control and timeout policy, per-seat time banks and turn starts,
-- durable timers, and per-user settings (DMs, quiet hours, vacation, ping when the player before moves).
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '{"kind": "none"}';
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'ai';
ALTER TABLE games ADD COLUMN vacation_allowed INTEGER NOT NULL DEFAULT 1;

ALTER TABLE seats ADD COLUMN bank REAL;            -- seconds left in a time bank (NULL without one)
ALTER TABLE seats ADD COLUMN turn_started_at REAL; -- when this seat last became one that must act
ALTER TABLE seats ADD COLUMN turn_version INTEGER; -- the game version at that moment (names the turn)
ALTER TABLE seats ADD COLUMN forfeited INTEGER NOT NULL DEFAULT 0;

CREATE TABLE timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL CHECK (kind IN ('deadline', 'reminder', 'upkeep')),
    seat     INTEGER,
    version  INTEGER NOT NULL,  -- the game version it was set at: a move since makes a turn timer moot
    due_at   REAL    NOT NULL,
    fired_at REAL
);
CREATE INDEX timers_due ON timers (fired_at, due_at);
CREATE INDEX timers_game ON timers (game_id, fired_at);

ALTER TABLE users ADD COLUMN dm_on_turn INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN ping_before INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE users ADD COLUMN quiet_start INTEGER;  -- minute of the day in time_zone, NULL: no quiet hours
ALTER TABLE users ADD COLUMN quiet_end INTEGER;
ALTER TABLE users ADD COLUMN vacation_start REAL;
ALTER TABLE users ADD COLUMN vacation_until REAL;
