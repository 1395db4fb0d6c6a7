-- The language of a tournament's public posts, standings pictures and games: the creating server's preferred
-- locale (or the organiser's pick in /tournament create), like a table's (0009).
ALTER TABLE tournaments ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
