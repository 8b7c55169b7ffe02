# belote_lab — `make lab` and `make test` set up .venv themselves (see README.md).
#
# Every target that needs Python depends on `venv`, which creates .venv with `python3 -m venv`
# when it is missing and (re)installs the package only when pyproject.toml is newer than the
# stamp .venv/.installed, so repeated runs start at once.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
EXTRAS ?= test,fast,present

# `make test` is the single place the checks run from.  Later issues extend PYTEST_ARGS
# (e.g. browser tests); with paths given pytest ignores pyproject's testpaths (tests/ + the
# doctests of belote_lab/ and widgets/), so they are spelled out here.  nbval re-runs every
# notebook and compares each cell's output with the one stored in it (`make notebooks` stores them);
# notebooks/sanitize.cfg rewrites only what cannot be stable (addresses, widget model ids).
# Any non-zero pytest status fails the target, including 5 (no tests collected).
NBVAL_ARGS  := --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg
# -n auto --dist loadfile: the tests run on every core (pytest-xdist), each file on one worker
# (a notebook's cells share one kernel; a browser test file shares its server).
XDIST_ARGS  ?= -n auto --dist loadfile
PYTEST_ARGS ?= $(XDIST_ARGS) $(NBVAL_ARGS) tests belote_lab widgets notebooks
RUFF_ARGS   ?= check .

# JupyterLab refuses to start as root without --allow-root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_ARGS   ?=
NB         ?=
PRESENT_ARGS ?=
NOTEBOOKS  ?=
STUDIES_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help venv lab test notebooks book bench bench-learn bench-colver bench-advice calibration tips studies present screenshots clean

help:
	@echo "make lab      JupyterLab on notebooks/ (127.0.0.1); creates/refreshes .venv first"
	@echo "make test     ruff + pytest (tests/, belote_lab doctests, notebooks/ by nbval); creates/refreshes .venv"
	@echo "make notebooks  re-run the notebooks and store their outputs (NOTEBOOKS=\"04 06\": some)"
	@echo "make book     static HTML site of the notebooks' stored outputs in build/book/ (index.html)"
	@echo "make bench    run benchmarks/bench_play.py"
	@echo "make bench-learn  time the review, the hints and the bidding advice per game"
	@echo "make bench-colver  levels 3 and 4 against colver's IS-DD(10) (800 duplicate Coinche deals"
	@echo "              each) and the hints' regret against it (2,000 positions); about an hour;"
	@echo "              needs colver (pip install -e \".[bench]\"); COLVER_DEALS, REGRET_POSITIONS"
	@echo "make bench-advice  the bidding advice that reads the auction against level 2's call and"
	@echo "              the advice that does not, on 2,000 seeded auctions a game (ADVICE_AUCTIONS);"
	@echo "              40 deals an advice (ADVICE_SAMPLES=200: the table's); about an hour on one core"
	@echo "make calibration  the inference's calibration on 1,200 Belote self-play hands (7-15 min on"
	@echo "              2 shared cores); CALIBRATION_ARGS=\"--deals 10000 --fit 2000\": the issue's run"
	@echo "make tips     test the seeds' strategy tips (4000 deals a row, 2 processes, about"
	@echo "              12 minutes) into the shipped belote_lab/studies/data/tip_study.json;"
	@echo "              stored chunks are kept"
	@echo "make studies  the taking table (double dummy, level 4) and the Coinche bids into the"
	@echo "              shipped belote_lab/studies/data/taking_study.json (resumable:"
	@echo "              build/studies/; hours on 2 cores)"
	@echo "make present  NB=notebooks/<name>.ipynb   serve one notebook with Voila (127.0.0.1)"
	@echo "make screenshots  regenerate docs/screenshots/ in JupyterLab + headless chromium"
	@echo "make clean    remove .venv and caches"

# The packages are installed by uv (itself from PyPI, into .venv by pip): 144 packages in 4-11 s
# from an empty cache where pip took ~38 s, most of it compiling the bytecode of every module.
# uv compiles none: the bytecode of what is used is written below.  Should uv not be had, pip
# installs as before.
# rfc3987-syntax (which jsonschema's format-nongpl extra brings in for Jupyter's event schemas)
# is removed again: jsonschema imports it when it is there, and it builds a Lark grammar on
# import — 1.6-1.8 CPU-s in every process that imports jsonschema (each Jupyter or Voilà
# server, each pytest worker through nbval); a Voilà page's start 1.75-2.0 -> 0.75 s.  Without
# it jsonschema leaves the "iri" string format unchecked, which nothing here uses.
# The numba warm (belote_lab.batch.warm): numba's cache, so that a fresh kernel's first solve
# loads its kernels instead of compiling them.  Beside it, one process imports what the
# servers, kernels and pytest workers of `make lab` and `make test` import, writing their
# bytecode once: uv writes none, and each process that imports a module before its bytecode is
# on disk compiles it again (two pytest workers, ~40 notebook and Voila kernels, the servers
# start side by side).  The import itself: 7.6 CPU-s.  A fresh clone's .ci/run, one run each
# (2026-12-06, benchmarks/results/ci-time-2026-12-06.txt): 514 -> 502 CPU-s of the machine,
# 276 -> 269 s — within this machine's drift from one run to the next.  A module of a missing
# extra is left out.
BYTECODE_FOR := pytest xdist nbval.plugin hypothesis pandas matplotlib.pyplot \
    matplotlib_inline.backend_inline IPython ipykernel.kernelapp ipywidgets belote_widgets \
    jupyter_client nbformat nbconvert playwright.sync_api dask.distributed voila.app \
    jupyter_server.serverapp jupyterlab.labapp
IMPORT_EACH := import importlib, importlib.util as u, sys; \
    [importlib.import_module(m) for m in sys.argv[1:] if u.find_spec(m.split(".")[0])]

venv: $(STAMP)

$(STAMP): pyproject.toml
	@if [ ! -x "$(BIN)/python" ]; then \
	    echo "creating $(VENV) with $(PYTHON) -m venv"; \
	    if ! $(PYTHON) -m venv "$(VENV)"; then \
	        rm -rf "$(VENV)"; \
	        echo "error: '$(PYTHON) -m venv' failed; on Debian/Ubuntu run:" >&2; \
	        echo "    apt-get install -y python3-venv make" >&2; \
	        exit 1; \
	    fi; \
	fi
	$(BIN)/python -m pip install --quiet "uv>=0.5" \
	    && $(BIN)/uv pip install --python "$(BIN)/python" --upgrade-package pip pip -e ".[$(EXTRAS)]" \
	    || { echo "uv failed: installing with pip"; \
	         $(BIN)/python -m pip install --upgrade pip \
	         && $(BIN)/python -m pip install -e ".[$(EXTRAS)]"; }
	$(BIN)/python -m pip uninstall --yes --quiet rfc3987-syntax 2>/dev/null || true  # see above
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m belote_lab.batch.warm & warm=$$!; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -c '$(IMPORT_EACH)' $(BYTECODE_FOR); \
	wait $$warm
	@touch "$@"

lab: venv
	$(BIN)/jupyter lab notebooks/ --ServerApp.ip=127.0.0.1 $(ALLOW_ROOT) $(LAB_ARGS)

# compileall: the package's bytecode is written once, even where PYTHONDONTWRITEBYTECODE is set
# (as on the CI machine), so that the ~100 processes a run starts (notebook kernels, Voila, the
# CLI) do not each compile belote_lab from its sources (0.35 s each).  pytest runs with
# PYTHONDONTWRITEBYTECODE unset for the same reason: it keeps the test modules it rewrites for
# its assertions (~8 s a worker), so that a worker reads those the other one wrote first, and a
# later run all of them (the collection of two workers: 17.0 s; 14.6 s from a fresh clone;
# 8.3 s the next time).
# --durations: the slowest tests of the run are printed at its end.
test: venv
	$(BIN)/ruff $(RUFF_ARGS)
	$(BIN)/python -m compileall -q belote_lab widgets
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --durations=25 $(PYTEST_ARGS)

notebooks: venv
	$(BIN)/python notebooks/run_all.py $(NOTEBOOKS)

# The notebooks as they were last run (`make notebooks`), no kernel needed: nbconvert's lab
# pages plus index.html, nothing loaded from the network (notebooks/build_book.py).
book: venv
	$(BIN)/python notebooks/build_book.py --out build/book

bench: venv
	$(BIN)/python benchmarks/bench_play.py

bench-learn: venv
	$(BIN)/python benchmarks/bench_review.py
	$(BIN)/python benchmarks/bench_hints.py --hands 10
	$(BIN)/python benchmarks/bench_advice.py

# colver's IS-DD(10) agent as the yardstick (issue 27, items 4-5; the bench extra): the duplicate
# match of each level in COLVER_LEVELS (with each side's double-dummy regret: where the points go),
# then the hint's double-dummy regret against colver's cards.  COLVER_ARGS (--seed, --jobs,
# --out FILE) goes to both scripts.
COLVER_LEVELS    ?= 3 4
COLVER_DEALS     ?= 800
REGRET_POSITIONS ?= 2000
COLVER_ARGS      ?=
bench-colver: venv
	for level in $(COLVER_LEVELS); do \
	    $(BIN)/python benchmarks/duplicate_colver.py --level $$level --deals $(COLVER_DEALS) \
	        --regret --quiet $(COLVER_ARGS) || exit 1; \
	done
	$(BIN)/python benchmarks/hint_regret.py --positions $(REGRET_POSITIONS) $(COLVER_ARGS)

# The bidding advice, paired against level 2's call and the advice dealing at random (issue 27,
# item 2): benchmarks/advice_auctions.py; ADVICE_ARGS (--jobs, --out FILE, --games, --rows FILE)
# goes to it.  ADVICE_SAMPLES: the advice's deals; the table asks up to 200 (ADVICE_SAMPLES=200:
# what a learner is shown, about five times slower; benchmarks/results/advice-auctions-200-*).
ADVICE_AUCTIONS ?= 2000
ADVICE_SAMPLES  ?= 40
ADVICE_ARGS     ?=
bench-advice: venv
	$(BIN)/python benchmarks/advice_auctions.py --auctions $(ADVICE_AUCTIONS) \
	    --samples $(ADVICE_SAMPLES) $(ADVICE_ARGS)

# The inference's calibration (benchmarks/calibration.py): uniform against weighted deals.
calibration: venv
	$(BIN)/python benchmarks/calibration.py --out build/calibration/calibration.json \
	    --raw build/calibration $(CALIBRATION_ARGS)

# The shipped tables (package data in belote_lab/studies/data/) are written only here, by naming
# them: without --out the commands write to the user's data folder (belote_lab.studies.folders).
SHIPPED := belote_lab/studies/data

# The tip table (belote_lab.studies.tipstudy): chunks already in the file are not played again.
tips: venv
	$(BIN)/python -m belote_lab tips --deals 4000 --jobs 2 --out $(SHIPPED)/tip_study.json

# The taking table and the Coinche bids (belote_lab.studies.taking_study) into
# $(SHIPPED)/taking_study.json; chunks already in build/studies/ are not played again.
studies: venv
	$(BIN)/python -m belote_lab.studies.taking_study --out $(SHIPPED)/taking_study.json \
	    --chunks build/studies $(STUDIES_ARGS)

present: venv
	@if [ -z "$(NB)" ]; then \
	    echo "usage: make present NB=notebooks/<name>.ipynb" >&2; exit 2; fi
	@if [ ! -f "$(NB)" ]; then echo "error: no such notebook: $(NB)" >&2; exit 2; fi
	$(BIN)/voila "$(NB)" --Voila.ip=127.0.0.1 --no-browser $(PRESENT_ARGS)

# JupyterLab (127.0.0.1) and Debian's chromium: light, dark, Korean and 600 px pictures.
screenshots: venv
	$(BIN)/python benchmarks/screenshots.py

clean:
	rm -rf "$(VENV)" build dist *.egg-info widgets/*.egg-info \
	    .pytest_cache .ruff_cache .hypothesis .mypy_cache .coverage htmlcov
	find . -path ./.git -prune -o \
	    \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +
