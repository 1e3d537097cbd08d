# The bot's image. Python pinned to the version the project is developed and tested on; every dependency
# pinned by requirements.lock; brbot installed as a wheel (not editable: the migrations travel inside the
# package); running as an unprivileged user. `brbot run` applies the migrations once, then connects.
# BASE: any Debian with Python 3.11 whose `pip` is on PATH; `make image-check` builds on one made from Debian's
# own packages with debootstrap (no image registry reachable there: .ci/image-check).
ARG BASE=python:3.11.7-slim-bookworm
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY requirements.lock pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
# The build backend is pinned too: setuptools from the lock file, then no isolated (unpinned) build env.
RUN pip install --constraint requirements.lock setuptools \
    && pip install --no-build-isolation --constraint requirements.lock . \
    && cd / && rm -rf /src \
    && useradd --system --create-home --home-dir /home/brbot --uid 10001 brbot

USER brbot
WORKDIR /home/brbot
ENV BRBOT_HEALTH_FILE=/tmp/brbot-heartbeat
CMD ["brbot", "run"]
