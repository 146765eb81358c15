#!/usr/bin/env bash
# End-to-end test of the HTML report: run a small study, render its report.html in
# headless Chromium (Debian's chromium package, installed with apt when missing), and
# check that the browser drew the charts: the SVG elements are in the rendered DOM, the
# page's own check counted every chart with a non-empty bounding box, the sweep's curves
# (5 metrics x 2 knobs, 4 lines each) have length on the page, and the screenshot is not
# blank. Then "experiment report --format svg,png" writes the curves as files, and
# Chromium renders one of the SVG files. No network: the report is self-contained.
#
#   experiments/e2e/e2e.sh            # or: make e2e
#   E2E_OUT=/tmp/e2e experiments/e2e/e2e.sh   # keep the report, DOM dump and PNG there
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}

# shellcheck source=experiments/e2e/chromium.sh
. "experiments/e2e/chromium.sh" "e2e"

OUT=${E2E_OUT:-$(mktemp -d)}
mkdir -p "$OUT"
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT

"$GO" build -o "$OUT/kalahlab" ./cmd/kalahlab
"$OUT/kalahlab" experiment run study-kalah-small --games 300 --out "$OUT/results" --force \
  --format table,html --progress none > "$OUT/table.txt"
REPORT="$OUT/results/report.html"
test -s "$REPORT"

chrome() {
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-extensions --disable-default-apps --mute-audio --hide-scrollbars \
    --user-data-dir="$PROFILE" "$@" "file://$REPORT" 2>>"$OUT/chromium.log"
}
chrome --dump-dom > "$OUT/dom.html"
chrome --window-size=1280,3000 --screenshot="$OUT/report.png" >/dev/null
"$OUT/kalahlab" experiment report "$OUT/results" --format svg,png --out "$OUT/figures" > "$OUT/figures.txt"

fail() { echo "e2e: FAIL: $*" >&2; exit 1; }
charts=$(grep -o '<svg class="chart"' "$OUT/dom.html" | wc -l)
rects=$(grep -o '<rect ' "$OUT/dom.html" | wc -l)
circles=$(grep -o '<circle ' "$OUT/dom.html" | wc -l)
declared=$(sed -n 's/.*data-charts="\([0-9]*\)".*/\1/p' "$OUT/dom.html" | head -1)
drawn=$(sed -n 's/.*data-charts-drawn="\([0-9]*\)".*/\1/p' "$OUT/dom.html" | head -1)
# 8 cells: the win-rate chart, the comparison chart, and a length and a margin histogram per cell.
[ "$charts" -ge 18 ] || fail "$charts charts in the DOM, want at least 18"
[ "$rects" -ge 50 ] || fail "$rects bars in the DOM, want at least 50"
[ "$circles" -ge 8 ] || fail "$circles win-rate dots in the DOM, want at least 8"
[ -n "$drawn" ] || fail "the page's chart check did not run (no data-charts-drawn)"
[ "$drawn" = "$declared" ] || fail "the browser drew $drawn of $declared charts"
grep -q "First seat's win rate" "$OUT/dom.html" || fail "the win-rate section is missing"
# The curves over the knobs: houses and seeds are swept, so 5 metrics x 2 knobs charts,
# each with a line per variant and value of the other knob (2 x 2).
curve_charts=$(grep -o '<svg class="chart curve-chart"' "$OUT/dom.html" | wc -l)
# Both knobs take two values: each chart draws the cells as points with whiskers, no
# line through two points and no band.
curves=$({ grep -o '<path [^>]*class="curve"' "$OUT/dom.html" || true; } | wc -l)
whiskers=$(grep -o 'class="curve-whisker"' "$OUT/dom.html" | wc -l)
points=$(grep -o 'class="curve-point"' "$OUT/dom.html" | wc -l)
bands=$({ grep -o 'class="curve-band"' "$OUT/dom.html" || true; } | wc -l)
refs=$(grep -o 'class="curve-ref"' "$OUT/dom.html" | wc -l)
curves_drawn=$(sed -n 's/.*data-curves-drawn="\([0-9]*\)".*/\1/p' "$OUT/dom.html" | head -1)
[ "$curve_charts" -eq 10 ] || fail "$curve_charts curve charts in the DOM, want 10 (5 metrics x 2 knobs)"
[ "$curves" -eq 0 ] || fail "$curves lines in the DOM, want none (two values per knob: points)"
[ "$points" -eq 80 ] || fail "$points curve points in the DOM, want 80 (8 cells per chart)"
[ "$whiskers" -eq 80 ] || fail "$whiskers whiskers in the DOM, want 80 (one per point)"
[ "$bands" -eq 0 ] || fail "$bands interval bands in the DOM, want none (whiskers on two values)"
[ "$refs" -ge 8 ] || fail "$refs perfect-play markers in the DOM, want at least 8"
[ "$curves_drawn" = 80 ] || fail "the browser laid out ${curves_drawn:-no} of 80 whiskers"
figures=$(grep -c '^'"$OUT"'/figures/chart-.*\.\(svg\|png\)$' "$OUT/figures.txt" || true)
[ "$figures" -eq 20 ] || fail "experiment report --format svg,png printed $figures chart files, want 20"
SVGFILE="$OUT/figures/chart-first_seat_win_rate-by-houses.svg"
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
  --user-data-dir="$PROFILE" --dump-dom "file://$SVGFILE" 2>>"$OUT/chromium.log" > "$OUT/svgfile-dom.xml"
[ "$(grep -o 'class="curve-whisker"' "$OUT/svgfile-dom.xml" | wc -l)" -eq 8 ] || fail "Chromium did not render the points of $SVGFILE"
grep -qE '(src|href)="https?:' "$REPORT" && fail "the report refers to the network"
png=$(wc -c < "$OUT/report.png")
[ "$png" -ge 20000 ] || fail "the screenshot is $png bytes: blank?"
echo "e2e: ok: $drawn of $declared charts drawn ($rects bars, $circles dots; $curves_drawn curves on $curve_charts curve charts), $figures chart files, screenshot $png bytes, in $OUT"
