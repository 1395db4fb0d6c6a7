-- Fairer tournaments (issue 16). `uneven`: what the organiser chose for numbers that do not divide into tables,
-- 'byes' (no table above the chosen size) or 'larger' (some larger tables; what every earlier tournament did).
-- `announced_round`: the last round whose end was posted, so a round ending while paused is told once.
-- Players: the round in which they dropped (NULL: never, or dropped before this was kept) and who took their
-- place, if anyone (the newcomer takes over their results).
ALTER TABLE tournaments ADD COLUMN uneven TEXT NOT NULL DEFAULT 'larger' CHECK (uneven IN ('byes', 'larger'));
ALTER TABLE tournaments ADD COLUMN announced_round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_players ADD COLUMN left_round INTEGER;
ALTER TABLE tournament_players ADD COLUMN replaced_by INTEGER;
