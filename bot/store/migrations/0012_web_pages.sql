-- Web pages (python -m bot web, or WEB_PORT): whether a server's games and tournaments have read-only pages
-- that anyone with the link can open. Off until a member with Manage Server turns them on (/server settings).
ALTER TABLE server_settings ADD COLUMN web_pages INTEGER NOT NULL DEFAULT 0;
