-- Languages (English, Spanish, Japanese): the language of a table's public texts and pictures, chosen when it
-- is opened; a person's own choice for their private texts (/me language; NULL: their Discord client's
-- language), and the Discord locale last seen from them, for what is sent when they are not clicking (DMs).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE users ADD COLUMN discord_locale TEXT;
