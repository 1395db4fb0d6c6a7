"""Command line: ``python -m bot`` runs the bot; ``sync`` publishes slash commands; ``demo`` plays a game offline;
``replay FILE`` re-plays a game record offline; ``backup FILE`` copies the database while the bot runs; ``web``
serves the read-only web pages alone. A problem the admin can fix is one sentence on stderr and exit status 2."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from bot import games
from bot.config import Config, ConfigError, StartupError, web_port


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Middle Kingdom, a Discord board-game bot.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)")
    sync = sub.add_parser("sync", help="publish the slash commands to Discord (globally, or to one server)")
    sync.add_argument("--guild", type=int, default=None, help="a server id: sync there only (appears at once)")
    demo = sub.add_parser("demo", help="play a whole game between computer players, without Discord")
    demo.add_argument("game", help="the game key: " + ", ".join(games.GAMES))
    demo.add_argument("--players", type=int, default=4)
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--out", default="demo-out", help="folder for the pictures and the database")
    backup = sub.add_parser(
        "backup", help="copy the database at DATABASE_PATH to FILE, consistently, even while the bot runs"
    )
    backup.add_argument("file", help="where to write the copy (replaced if it exists)")
    replay = sub.add_parser("replay", help="re-play a game record (from /game export) offline, drawing every board")
    replay.add_argument("record", help="the record's JSON file")
    replay.add_argument("--out", default="replay-out", help="folder for the pictures and the log")
    replay.add_argument("--language", default="en", choices=["en", "es-ES", "es-419", "ja"],
                        help="the language of the log, the pictures and any refusal")
    web = sub.add_parser(
        "web", help="serve the read-only web pages alone, from the database at DATABASE_PATH or DATABASE_URL"
    )
    web.add_argument("--port", default=None, help="the port to listen on (default: WEB_PORT, else 8080)")
    catalogs = sub.add_parser(
        "catalogs", help="bring the translation catalogs (bot/locales) up to date with the code; list what is left"
    )
    catalogs.add_argument(
        "--domain", action="append", help="only this catalog (bot, commands, community or a game key)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.command or "run"
    if command == "demo":
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        from bot.demo import run_demo

        try:
            line = asyncio.run(run_demo(args.game, args.players, args.seed, args.out))
        except (KeyError, ValueError) as error:
            print(error.args[0] if error.args else error, file=sys.stderr)
            return 2
        print(line)
        return 0
    if command == "catalogs":
        from bot.catalogs import update_all
        from cogs.client import command_messages  # the slash commands' texts: the Discord layer, for this tool only

        left = asyncio.run(update_all(command_messages, args.domain))
        print("\n".join(left) or "Every message is translated.")
        return 1 if left else 0
    if command == "replay":
        from bot.offline_replay import replay_file
        from bot.records import RecordError

        try:
            print(replay_file(args.record, args.out, args.language))
        except RecordError as error:
            print(error, file=sys.stderr)
            return 2
        return 0
    try:
        config = Config.from_env(need_token=command not in ("backup", "web"))
        port = web_port(args.port, "--port") if command == "web" and args.port is not None else None
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    if command == "backup":
        if config.database_url:
            print("DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump; see the README).",
                  file=sys.stderr)
            return 2
        return _backup(config.database_path, args.file)
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if command == "web":
        return _web(config, port)
    # discord.py logs request bodies and gateway payloads at DEBUG: those carry private DMs (hands), so its
    # loggers never go below INFO, whatever LOG_LEVEL says.
    discord_level = max(logging.getLevelName(config.log_level), logging.INFO)
    logging.getLogger("discord").setLevel(discord_level)
    from cogs import client  # only now: the Discord layer is not needed for the demo or a config error

    try:
        if command == "sync":
            asyncio.run(client.sync_commands(config, args.guild))
        else:
            client.run_bot(config)
    except StartupError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


def _web(config: Config, port: int | None) -> int:
    from web.server import DEFAULT_PORT, run  # only now: aiohttp's server and the templates

    try:
        run(config, port or config.web_port or DEFAULT_PORT)
    except StartupError as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def _backup(database: str, file: str) -> int:
    from bot.store.backup import BackupError, backup

    try:
        made = backup(database, file)
    except BackupError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"Backed up {made.games} games from {database} to {made.path} (schema version {made.schema}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
