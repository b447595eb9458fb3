# The two commands of README.md: `make run` (set up, start Neo4j and the service) and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
export GRAPHITI_TELEMETRY_ENABLED := false
export OMP_NUM_THREADS ?= 2

.PHONY: setup run test test-launched lint typecheck neo4j-start neo4j-stop proto bench-locomo bench-latency

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

run: setup
	$(BIN)/graphmem neo4j start
	$(BIN)/graphmem serve

neo4j-start: setup
	$(BIN)/graphmem neo4j start

neo4j-stop:
	$(BIN)/graphmem neo4j stop

lint: setup
	$(BIN)/ruff check graphmem server tests scripts
	$(BIN)/ruff format --check graphmem server tests scripts

typecheck: setup
	$(BIN)/mypy

# Starts the local Neo4j unless GRAPHMEM_NEO4J_URI points elsewhere, runs lint, types and every test
# (unit, integration against Neo4j over Bolt, API against a real gRPC server), then the as-launched stage
# (`graphmem serve` in a subprocess with default settings, driven over the network; any ERROR it logs fails
# the stage), then stops what it started.
test: setup
	@status=0; \
	$(BIN)/graphmem neo4j start || exit 1; \
	$(BIN)/ruff check graphmem server tests scripts || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/python -m pytest -p no:cacheprovider --ignore=tests/launched || status=1; \
	$(BIN)/graphmem neo4j start || exit 1; \
	$(BIN)/python -m pytest -p no:cacheprovider tests/launched || status=1; \
	$(BIN)/graphmem neo4j stop; \
	exit $$status

proto: setup
	$(BIN)/python scripts/gen_proto.py

bench-locomo: setup
	$(BIN)/python -m tests.bench.locomo

bench-latency: setup
	$(BIN)/python -m tests.bench.latency

test-launched: setup
	$(BIN)/graphmem neo4j start
	$(BIN)/python -m pytest -p no:cacheprovider tests/launched
