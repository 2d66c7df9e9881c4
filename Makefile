# Duplicate Auction: the two commands of the README, and a few helpers.
#   make run    set up, migrate, load the demo on an empty database, serve the room
#               (gunicorn on every interface, HOST=0.0.0.0 PORT=8000; prints the
#               address the tablets use)
#   make test   set up and run the whole test suite
#   make dev    Django's development server on 127.0.0.1:$(PORT), DEBUG on, long work
#               run in the request (no task worker: TASKS_BACKEND=immediate)
#   make docs   the docs site (docs/, mkdocs.yml), built and served on $(DOCS_ADDR)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
HOST   ?= 0.0.0.0
PORT   ?= 8000
DOCS_ADDR ?= 127.0.0.1:8000

.PHONY: run dev test browser lint format bench docs docs-build clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# manage.py room migrates, runs "manage.py demo --if-empty", collects the static
# files, prints the tablets' address and becomes gunicorn (tournament/room/address.py),
# whose server hooks start the task worker beside it and stop it with it
# (tournament/room/taskworker.py).
run: $(STAMP)
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python manage.py room

dev: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createdirector --if-none
	$(BIN)/python manage.py demo --if-empty
	DEBUG=1 TASKS_BACKEND=immediate $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# On every core (pytest-xdist; each worker has its own test database), an idle worker
# taking tests from a busy one's queue, so the long end-to-end tests do not finish last.
# --durations: the 15 slowest tests named at the end, where the suite's time goes.
# PYTEST_ARGS: more of pytest's options (CI's PostgreSQL pass: '-m "not e2e" --no-cov --ignore=tests/scoring').
test: $(STAMP) browser
	$(BIN)/python -m pytest --cov -n auto --dist worksteal --durations=15 $(PYTEST_ARGS)

# The end-to-end tests drive Debian's Chromium, its headless shell where it can be had
# (tests/e2e/conftest.py), else chromium; install one when we may (.ci/run relies on it).
APT_INSTALL = DEBIAN_FRONTEND=noninteractive apt-get install -y -qq
browser:
	@command -v chromium-headless-shell >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && { $(APT_INSTALL) chromium-headless-shell >/dev/null \
	      || command -v chromium >/dev/null 2>&1 || $(APT_INSTALL) chromium >/dev/null; } \
	      || echo "note: no browser could be installed; the end-to-end tests will be skipped"; \
	  elif ! command -v chromium >/dev/null 2>&1; then \
	    echo "note: chromium is not installed; the end-to-end tests will be skipped"; fi; }

# mypy with the django-stubs plugin, configured in pyproject.toml ([tool.mypy]).
.PHONY: typecheck
typecheck: $(STAMP)
	$(BIN)/mypy

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The docs site: served with live reload while it is edited (DOCS_ADDR), or built
# into site/ as CI builds it, every warning an error (a broken link, a page left
# out of the nav). NO_MKDOCS_2_WARNING: Material prints a notice about its future
# at every build; nothing to act on here.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr $(DOCS_ADDR)

docs-build: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

bench: $(STAMP)
	$(BIN)/python -m benchmarks.score_deals

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis staticfiles site
