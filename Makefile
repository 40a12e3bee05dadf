# The README's two commands: `make play` and `make test`. Both bootstrap .venv from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench lint format clean i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install whenever pyproject.toml changes; the stamp records which extras were installed.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

play: $(VENV)/.installed
	$(BIN)/batallas $(ARGS)

# One pytest worker per core and one more: a third of a worker's time is spent asleep (Pilot
# waiting for the app to be idle, sshd and browser round trips), which the extra worker fills.
# An idle worker takes tests from another's share (a long file never leaves a core idle at the
# end; a module fixture may start once on each worker).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run_all.py

# Translations: extract every wrapped string into the template, merge it into each language's
# catalog (new msgids come in empty, changed ones fuzzy), and compile the catalogs the app reads.
LOCALE := tui/locale
I18N_LANGUAGES := es it
KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k plural:2,3

i18n: $(VENV)/.installed
	$(BIN)/pybabel extract -F $(LOCALE)/babel.cfg --no-default-keywords $(KEYWORDS) \
		--add-comments=TRANSLATORS: --project=Batallas --copyright-holder="Batallas authors" \
		-o $(LOCALE)/batallas.pot .
	for lang in $(I18N_LANGUAGES); do \
		$(BIN)/pybabel update -i $(LOCALE)/batallas.pot -d $(LOCALE) -D batallas -l $$lang \
			--ignore-pot-creation-date --ignore-obsolete || exit 1; \
	done
	$(BIN)/pybabel compile -d $(LOCALE) -D batallas --statistics

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
