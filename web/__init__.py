"""Read-only web pages of games, tournaments and players, updated live as moves happen (``python -m bot web``,
or inside the bot with ``WEB_PORT``). They read the services (``bot.pages``), say what the thread says
(``bot.sentences``) and draw what the thread shows (``render``, in the picture processes); never Discord.

Only ``web.links`` is light (the Discord layer makes its links with it); ``web.server`` brings aiohttp's
server and the templates.
"""
