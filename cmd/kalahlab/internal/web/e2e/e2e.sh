#!/usr/bin/env bash
# End-to-end test of the lab in a browser (kalahlab serve), in headless Chromium
# (Debian's chromium package, installed with apt when missing), driven from Go with
# chromedp (this directory is a module of its own: chromedp is never linked into
# kalahlab). It builds kalahlab, runs a small study for the Results and Replay pages,
# starts `kalahlab serve` on a free port and then, asserting on what each page shows:
# opens the variants page and filters it (typing, a mechanism); picks a seat's strength
# and checks the knobs fit their box; plays a whole Kalah game against the random agent
# by clicking the board, looks back at a move from the move list, undoes, asks for a
# hint, redoes; plays a relay move of Pallanguzhi and watches it sown seed by seed
# (its words, Skip, reduced motion; screenshots to docs/screenshots); watches four agents play Ludo; replays a trial from the results (from a
# first move's games) from its start, stepping and jumping by a move's text; pastes a
# Lua rule, checks it and studies it against its parent with the default study's
# ladder; checks a rule with an error, whose line the editor marks. The screenshots go
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
  -shots "$HERE/../testdata/screenshots" -docshots "$ROOT/docs/screenshots"
