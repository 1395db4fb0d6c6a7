-- Players' and servers' records (/stats, /server stats, /profile, the lobby): how each seat left a game is read
-- from its resignation in the move log, for every game of a player or a server at once. The log's key is
-- (game, move number); this index finds a game's resignations without reading its other moves.
CREATE INDEX moves_resigned ON moves (game_id, seat) WHERE kind = 'resign';
