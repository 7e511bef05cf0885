# Two entry points that work on a fresh machine with only Python 3.11+ and pip:
#   make run   - set up a local virtual environment and open the studio on the bundled content
#   make test  - set up the same environment and run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test bench schemas validate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/sortie studio content

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest bench -q --benchmark-only --benchmark-columns=min,mean,max,rounds

schemas: $(STAMP)
	$(BIN)/sortie schemas

validate: $(STAMP)
	$(BIN)/sortie validate content

clean:
	rm -rf $(VENV) .pytest_cache .benchmarks
