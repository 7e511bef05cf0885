# Two entry points that work on a fresh machine with only Python 3.11+ and pip:
#   make run   - set up a local virtual environment and open the studio on the bundled content
#   make test  - set up the same environment and run the whole test suite
# The interpreter behind .venv: the system's /usr/bin/python3 when it is 3.11+ and can make a
# venv, else python3 on PATH (override: make test PYTHON=...). A distribution's Python is built
# with profile-guided optimisation and linked statically; pyenv's default build is neither and
# plays the engine ~13% slower (README: Speed).
PYTHON ?= $(or $(shell for p in /usr/bin/python3 python3; do \
	$$p -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done),python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test test-slow bench schemas validate clean

# --clear: a fresh environment whenever the requirements change, so one made by another
# interpreter (an older checkout's, say) is rebuilt rather than patched into a broken mix.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[studio,test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/sortie studio content

# The long property and simulation runs (marked slow) are left to `make test-slow`; each has a
# short version that `make test` runs. -n auto: one pytest worker per core (pytest-xdist).
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m "not slow" -n auto

test-slow: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m slow

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest bench -q --benchmark-only --benchmark-columns=min,mean,max,rounds

schemas: $(STAMP)
	$(BIN)/sortie schemas

validate: $(STAMP)
	$(BIN)/sortie validate content

clean:
	rm -rf $(VENV) .pytest_cache .benchmarks
