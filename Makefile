# The two commands of README.md: `make run` (set up, start Neo4j and the service) and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
export GRAPHITI_TELEMETRY_ENABLED := false
export OMP_NUM_THREADS ?= 2

.PHONY: setup tools clients clients-generate run test test-unit test-launched lint typecheck neo4j-start neo4j-stop proto bench-locomo bench-latency bench-startup

# Tools the as-launched stage runs, built from their Go modules into .tools/ (git-ignored); a version bump
# rebuilds (the stamp file names the version).
TOOLS           := $(CURDIR)/.tools/bin
GRPCURL_VERSION := v1.9.4

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

tools: $(TOOLS)/.grpcurl-$(GRPCURL_VERSION)

$(TOOLS)/.grpcurl-$(GRPCURL_VERSION):
	@command -v go >/dev/null || { echo "go is required to build grpcurl (the README's grpcurl commands are tested)" >&2; exit 1; }
	GOBIN=$(TOOLS) go install github.com/fullstorydev/grpcurl/cmd/grpcurl@$(GRPCURL_VERSION)
	@rm -f $(TOOLS)/.grpcurl-* && touch $@

# The Go, TypeScript and Java clients (clients/README.md), built for the as-launched stage that runs their
# tests and quickstarts: Go modules, npm ci and the TypeScript build, the Maven package (stubs from proto/).
# Caches live outside the repo (~/go, ~/.npm, ~/.m2); node_modules/, dist/ and target/ are git-ignored.
clients:
	@for tool in go node npm mvn java; do command -v $$tool >/dev/null || { echo "$$tool is required to build the clients (clients/README.md)" >&2; exit 1; }; done
	cd clients/go && go mod download && go vet ./...
	cd clients/ts && npm ci --no-audit --no-fund && npm run --silent build
	cd clients/java && mvn -q -B -DskipTests package

# Regenerates the committed Go and TypeScript code from proto/ with buf (the npm package in clients/ts).
BUF := clients/ts/node_modules/.bin/buf
clients-generate:
	cd clients/ts && npm ci --no-audit --no-fund
	$(BUF) lint
	$(BUF) generate --template buf.gen.go.yaml
	$(BUF) generate --template buf.gen.ts.yaml

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
# the stage; it also runs every grpcurl command and Python snippet of README.md, and the Go, TypeScript and
# Java clients' tests and quickstarts), then stops what it started.
test: setup tools clients
	@status=0; \
	$(BIN)/graphmem neo4j start || exit 1; \
	$(BIN)/ruff check graphmem server tests scripts || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/python -m pytest -p no:cacheprovider --ignore=tests/launched || status=1; \
	$(BIN)/graphmem neo4j start || exit 1; \
	$(BIN)/python -m pytest -p no:cacheprovider tests/launched || status=1; \
	$(BIN)/graphmem neo4j stop; \
	exit $$status

# The unit tests alone (no Neo4j, no server): meant to stay under 20 s; the run ends with the time they took.
test-unit: setup
	$(BIN)/python -m pytest -p no:cacheprovider -q tests/unit

proto: setup
	$(BIN)/python scripts/gen_proto.py

bench-locomo: setup
	$(BIN)/python -m tests.bench.locomo

bench-latency: setup
	$(BIN)/python -m tests.bench.latency

bench-startup: setup
	$(BIN)/python -m tests.bench.startup

test-launched: setup tools clients
	$(BIN)/graphmem neo4j start
	$(BIN)/python -m pytest -p no:cacheprovider tests/launched
