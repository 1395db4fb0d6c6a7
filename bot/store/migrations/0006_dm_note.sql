-- Onboarding: a player whose DMs are closed is told once, in their Play panel, how to open them (or to keep
-- playing from the thread). Set when told; `/me dm on` clears it, so closed DMs found again are told again.
ALTER TABLE users ADD COLUMN dm_note_shown INTEGER NOT NULL DEFAULT 0;
