-- A seat a tournament organiser dropped: its game knows only a resignation (the log keeps it so, and replays
-- are unchanged), the table marks it so the final ranking says "dropped" rather than "resigned".
ALTER TABLE seats ADD COLUMN dropped INTEGER NOT NULL DEFAULT 0;
