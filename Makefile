# kalahlab — make help lists the targets.
GO      ?= go
BIN     ?= bin/kalahlab
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
FUZZTIME ?= 10s
# gocyclo, pinned, run through the module proxy (no install step).
GOCYCLO ?= $(GO) run github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0
CYCLO_OVER ?= 30
# where make run writes its run and reports (a previous run there is replaced)
RUN_OUT ?= results/kalah-fairness

.PHONY: help build test test-deep run play bench fuzz lint cyclo check-deps e2e clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-11s %s\n", $$1, $$2}'

build: ## build bin/kalahlab
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/kalahlab

# The race step runs the Lua bridge and the sandbox with -short: the long contract
# sweeps (whole games checked ply by ply), which share nothing between goroutines, run
# in full in the plain step and shortened under the race detector, so that the step
# takes minutes, not ten. Every step has a -timeout with margin for a loaded machine.
TEST_TIMEOUT ?= 25m

test: ## vet, no function over complexity 30, and every test (the one test command; race detector on the Lua bridge and the threaded solver)
	$(GO) vet ./...
	$(GOCYCLO) -over $(CYCLO_OVER) -ignore '_test\.go$$|(^|/)testdata/' .
	$(GO) test -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -race -short -count=1 -timeout $(TEST_TIMEOUT) ./variants/...
	$(GO) test -race -count=1 -timeout $(TEST_TIMEOUT) -run 'ThreadsAgree|EndgameLevels|EndgameFiles|EndgameOpenShared' ./ai/solve/kalahsolve/ ./ai/endgame/

test-deep: ## the slow checks (KALAHLAB_DEEP=1): checkers perft 9-11, Kalah(6,4) solved seven ways (2-3 min)
	@pkgs=$$(grep -rl --include='*_test.go' 'KALAHLAB_DEEP' . | xargs -n1 dirname | sort -u); \
	cache=$$(mktemp -d) && trap 'rm -rf "$$cache"' EXIT && \
	echo "KALAHLAB_DEEP=1 go test -count=1 -timeout 30m" $$pkgs && \
	GOCACHE="$$($(GO) env GOCACHE)" XDG_CACHE_HOME="$$cache" KALAHLAB_DEEP=1 \
	  $(GO) test -count=1 -timeout 30m $$pkgs

run: ## the main job: is Kalah fair for the first player, and does the pie rule help? A skill ladder per variant, topped by perfect play where solved; ends with a verdict and writes the report to RUN_OUT (results/kalah-fairness; about 3 min of CPU, 2 min on two quiet cores, plus the endgame databases on a first run)
	@echo "building kalahlab (a first build downloads and compiles the modules: a minute or two)..."
	@$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/kalahlab
	$(BIN) experiment run --out $(RUN_OUT) --force

play: ## two agents play Kalah(6,4), printed move by move
	$(GO) run -ldflags "$(LDFLAGS)" ./cmd/kalahlab play --p1 random --p2 random --seed 1 --color never

bench: ## run the benchmarks (figures in docs/performance.md)
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 2s ./core/... ./variants/... ./ai/...
	$(GO) test -run '^$$' -bench 'RawPlayout|Runner|OverheadRatio|Scaling|ReportCost' ./experiments/run/ ./experiments/report/

fuzz: ## run every fuzz test briefly (FUZZTIME=10s each), then a table; fails on a failing input
	GO="$(GO)" FUZZTIME="$(FUZZTIME)" ./.ci/fuzz

lint: ## gofmt, go vet, the dependency checks (import direction, no testing in the binary) and make cyclo
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...
	$(GO) test -run 'TestImportDirection|TestBinaryLinksNoTesting' ./core/
	$(MAKE) --no-print-directory cyclo

cyclo: ## list non-test functions over cyclomatic complexity 30 (CYCLO_OVER), worst first; fails if there are any
	$(GOCYCLO) -over $(CYCLO_OVER) -ignore '_test\.go$$|(^|/)testdata/' .

check-deps: ## core imports no Lua, viper or cobra, and bin/kalahlab links no testing (also part of make test)
	$(GO) test -run 'TestImportDirection|TestBinaryLinksNoTesting' -count=1 ./core/

e2e: ## in headless Chromium: the HTML report's charts, then the lab in a browser (kalahlab serve) clicked through; installs chromium with apt if missing
	./experiments/e2e/e2e.sh
	./cmd/kalahlab/internal/web/e2e/e2e.sh

clean: ## remove build outputs
	rm -rf bin
