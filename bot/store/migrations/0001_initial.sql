-- Games, their seats, the move log (the truth), and the outbox of notifications still to send.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    key              TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    creator_id       INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    seat_count       INTEGER NOT NULL,
    options          TEXT    NOT NULL,           -- JSON: every option with its value
    seed             INTEGER NOT NULL,
    version          INTEGER NOT NULL DEFAULT 0, -- number of moves applied
    snapshot         TEXT,                       -- engine dump after `version` moves (a cache of the log)
    result           TEXT,                       -- JSON Result once finished
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX games_guild_status ON games (guild_id, status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    slot      INTEGER NOT NULL,   -- order of joining
    user_id   INTEGER,            -- NULL for a computer player
    name      TEXT    NOT NULL,
    ai_level  TEXT,               -- NULL for a person
    seat      INTEGER,            -- engine seat, drawn from the seed at start
    PRIMARY KEY (game_id, slot),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,  -- 1-based; equals games.version after it
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('action', 'resign')),
    action     TEXT    NOT NULL,  -- JSON action dict ('{}' for a resignation)
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    payload      TEXT    NOT NULL,  -- JSON: events and who acted
    created_at   REAL    NOT NULL,
    delivered_at REAL
);
CREATE INDEX outbox_pending ON outbox (delivered_at, game_id, id);

CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL
);
