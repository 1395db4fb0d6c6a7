-- A quiet table: each outbox row names the turn it belongs to (the version that opened it), so that the
-- moves of one turn edit one board message; and the messages the bot may still edit are remembered.
ALTER TABLE outbox ADD COLUMN turn INTEGER;
CREATE INDEX outbox_turn ON outbox (game_id, turn, version);

CREATE TABLE posts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,  -- 'turn': a turn's board message; 'prompt': a seat's turn DM; 'offer'
    ref        TEXT    NOT NULL,  -- turn: its opening version; prompt: the seat; offer: the offer id
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    since      INTEGER NOT NULL,  -- the first version whose lines it holds (a long turn continues below)
    version    INTEGER NOT NULL,  -- the version it shows now
    closed     INTEGER NOT NULL DEFAULT 0,  -- its controls were removed: nothing more to edit
    content    TEXT    NOT NULL DEFAULT '',  -- offers: the text, kept to add the outcome below it
    PRIMARY KEY (game_id, kind, ref)
);
