-- Take-backs: whether a table lets a player take back their own last move (docs/rules/README.md, "Taking a
-- move back"). On for the tables opened before, as for every casual table; tournament tables are opened off.
ALTER TABLE games ADD COLUMN take_backs INTEGER NOT NULL DEFAULT 1;
