"""Middle Kingdom: a Discord bot for four strategy board games set in China."""
