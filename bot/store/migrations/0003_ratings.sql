-- Ratings (openskill, Plackett-Luce) per user and game, and every finished game's result per player.
CREATE TABLE ratings (
    key        TEXT    NOT NULL,  -- game key
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (key, user_id)
);

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    guild_id    INTEGER,
    place       INTEGER NOT NULL,
    players     INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    rating_before REAL,
    rating_after  REAL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_user ON results (user_id, finished_at);
CREATE INDEX results_guild ON results (guild_id, key);
