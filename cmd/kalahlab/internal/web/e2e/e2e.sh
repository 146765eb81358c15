#!/usr/bin/env bash
# End-to-end test of the lab in a browser (kalahlab serve), in headless Chromium
# (Debian's chromium package, installed with apt when missing), driven from Go with
# chromedp (this directory is a module of its own: chromedp is never linked into
# kalahlab). It builds kalahlab, runs a small study for the Results and Replay pages,
# starts `kalahlab serve` on a free port and then, asserting on what each page shows:
# opens the variants page; plays a whole Kalah game against the random agent by
# clicking the board, undoes, asks for a hint, redoes; watches four agents play Ludo;
# replays a trial from the results (from a first move's games), stepping through it;
# pastes a Lua rule, checks it and studies it against its parent. The screenshots go
# to ../testdata/screenshots (the README shows them).
#
#   cmd/kalahlab/internal/web/e2e/e2e.sh      # or: make e2e
#   E2E_OUT=/tmp/web-e2e cmd/kalahlab/internal/web/e2e/e2e.sh   # keep the build and study there
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../../.." && pwd)"
GO=${GO:-go}

# shellcheck source=experiments/e2e/chromium.sh
. "$ROOT/experiments/e2e/chromium.sh" "web e2e"

OUT=${E2E_OUT:-$(mktemp -d)}
mkdir -p "$OUT"
(cd "$ROOT" && "$GO" build -o "$OUT/kalahlab" ./cmd/kalahlab)
"$OUT/kalahlab" experiment run study-kalah-small --games 200 --out "$OUT/results" --force \
  --format table --progress none > "$OUT/table.txt"
cd "$HERE"
"$GO" run . -bin "$OUT/kalahlab" -results "$OUT/results" -chromium "$CHROMIUM" \
  -shots "$HERE/../testdata/screenshots"
