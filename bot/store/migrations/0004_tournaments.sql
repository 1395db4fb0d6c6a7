-- Community tournaments: the event, its players, the tables of every round and the byes.
CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER,
    channel_id     INTEGER,
    message_id     INTEGER,            -- the public sign-up message
    organiser_id   INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    key            TEXT    NOT NULL,   -- game key
    format         TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin', 'elimination')),
    table_size     INTEGER NOT NULL,
    rounds         INTEGER NOT NULL,   -- planned rounds (Swiss: chosen; others: computed at start)
    cap            INTEGER,            -- most players allowed to join (NULL: no cap)
    check_in       INTEGER NOT NULL DEFAULT 0,
    seeding        TEXT    NOT NULL DEFAULT 'random' CHECK (seeding IN ('random', 'rating')),
    options        TEXT    NOT NULL DEFAULT '{}',
    time_control   TEXT    NOT NULL DEFAULT '{"kind": "none"}',
    timeout_policy TEXT    NOT NULL DEFAULT 'ai',
    status         TEXT    NOT NULL CHECK (status IN ('signup', 'checkin', 'running', 'paused', 'finished', 'cancelled')),
    current_round  INTEGER NOT NULL DEFAULT 0,
    seed           INTEGER NOT NULL,
    created_at     REAL    NOT NULL,
    updated_at     REAL    NOT NULL
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('registered', 'checked_in', 'dropped', 'eliminated')),
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    players       TEXT    NOT NULL,  -- JSON list of user ids in seat order
    game_id       INTEGER REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE INDEX tournament_tables_game ON tournament_tables (game_id);

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);
