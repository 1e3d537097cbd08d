# Two commands on a fresh machine: `make demo` and `make test`. Versions come from requirements.lock.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_DB := demo.db

.PHONY: demo test test-postgres check format run install lock clean docs-pictures plain-install-check image-check

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c requirements.lock -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# A whole simulated game, kept in demo.db (replaced on every run, so it is always game #1) for
# `brbot log 1 --database sqlite+aiosqlite:///demo.db`, `brbot replay 1 1 ...`, `brbot verify 1 ...`.
demo: $(STAMP)
	rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm
	$(BIN)/brbot simulate --players 20 --seed 42 --database sqlite+aiosqlite:///$(DEMO_DB)

# The card game's board pictures for its players' page (docs/images/cards-board-*.png, from a seeded game),
# and Mazeworld's battlespace (docs/images/mazeworld-battlespace-*.png, from the demo fight of a seed), and the
# web site's pages in headless Chromium (docs/images/web-*.png: needs chromium and chromium-driver), and what a phone
# player sees on Discord (docs/images/discord-*.png: the real bot's messages in two seeded games against the fake
# Discord, drawn as the phone app shows them and photographed in the same Chromium).
docs-pictures: $(STAMP)
	$(BIN)/python -m tests.battle_royale_cards.render_doc_pictures
	$(BIN)/python -m tests.mazeworld.render_doc_pictures
	$(BIN)/python -m tests.web.screenshots docs/images
	$(BIN)/python -m tests.e2e.discord_screens docs/images

run: $(STAMP)
	$(BIN)/brbot run

# The whole suite, in parallel on every core (pytest-xdist). Bytecode is cached even where the environment says
# PYTHONDONTWRITEBYTECODE: every xdist worker and every bot process the end-to-end tests start would otherwise
# compile the whole project again (collection took 52 s instead of 28 s on the development machine).
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n auto --durations=25

# Every database test on PostgreSQL (make test runs them on SQLite, and on PostgreSQL those where the two
# databases differ: tests/conftest.py BOTH_DATABASES). CI runs it after make test.
test-postgres: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE BRBOT_TEST_DATABASES=postgres $(BIN)/python -m pytest -n auto

# A plain install runs every command: brbot's wheel in a fresh venv with no extras (requirements.lock as
# constraints), then each command's quick path from outside the checkout (.ci/plain-install, docs/deployment.md).
plain-install-check:
	bash .ci/plain-install

# The Docker image built and its commands run: a Debian base made with debootstrap, the Dockerfile built on it
# with podman, every command's quick path as a build step of a derived image (.ci/image-check, as root;
# installs podman and debootstrap when missing; docs/deployment.md says what it proves and what it cannot).
image-check:
	bash .ci/image-check

# Lint, types and formatting (configured in pyproject.toml): all three run and any failure fails the target.
# Until the tree has been through `make format` once, ruff reports the import order, old-style annotations and
# long code lines that its fixes and formatter take care of.
check: $(STAMP)
	@status=0; \
	$(BIN)/ruff check bot engine || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/ruff format --check bot engine || status=1; \
	exit $$status

# ruff's safe fixes (import order, modern annotations), then the formatter.
format: $(STAMP)
	$(BIN)/ruff check --fix --quiet bot engine || true
	$(BIN)/ruff format bot engine

# Re-resolve the newest versions the ranges in pyproject.toml allow, in a fresh venv, and pin them.
lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet --upgrade pip
	.venv-lock/bin/pip install --quiet '.[dev]'
	(echo "# Every package a fresh install uses, pinned (make lock regenerates it; make install uses it)."; \
	 .venv-lock/bin/pip freeze --all --exclude brbot --exclude pip) > requirements.lock
	rm -rf .venv-lock build

clean:
	rm -rf $(VENV) .pytest_cache $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm
