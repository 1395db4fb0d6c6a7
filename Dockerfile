# Middle Kingdom: python -m bot, with the SQLite database on a volume at /data.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/middle-kingdom.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY bench ./bench
COPY web ./web
# pip install also brings the pictures' fonts (Noto Sans, Noto Sans CJK, Noto Emoji: render/FONTS.txt); the
# image needs no system fonts.
RUN pip install . \
    && python -m compileall -q bot cogs render web \
    && useradd --create-home --uid 10001 mk \
    && mkdir -p /data && chown mk:mk /data

USER mk
VOLUME ["/data"]
EXPOSE 8080
# The web pages listen only with WEB_PORT set (docs in the README, "Web pages").
# DISCORD_TOKEN comes from the environment at run time (docker run -e DISCORD_TOKEN=...), never baked in.
CMD ["python", "-m", "bot"]
