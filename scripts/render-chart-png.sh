#!/bin/sh
# Regenerates docs/history-chart.svg and docs/history-chart.png, the chart the README shows: a sandbox
# whose clock runs an hour a second, one event tracked every few sandbox hours (unevenly, so the time axis
# shows its proportions) until a while after its date, then `tix history <evt> --chart --out` as SVG, and
# headless Chromium (Debian's `chromium` package) to turn the SVG into a PNG. Not run by tests or CI.
# Usage: scripts/render-chart-png.sh   (from anywhere; needs a built dist/: node scripts/build.mjs)
set -eu
cd "$(dirname "$0")/.."
tix() { node bin/tix "$@"; }
work=$(mktemp -d)
trap 'kill "$sandbox" 2>/dev/null || true; rm -rf "$work"' EXIT INT TERM

# An hour of sandbox time per second, from a fixed start: the same events every run (the snapshot times
# move by the seconds each tix run takes, so the prices differ a little from run to run).
tix sandbox --now 2026-03-15T00:00:00Z --time-scale 3600 --events 2000 2>"$work/sandbox.log" &
sandbox=$!
while ! grep -q 'http://127.0.0.1:' "$work/sandbox.log" 2>/dev/null; do sleep 0.1; done
TIX_BASE_URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/sandbox.log" | head -n 1)
export TIX_BASE_URL TIX_API_KEY=sandbox-key TIX_DB="$work/history.duckdb" TZ=UTC
# A concert three days after the clock starts, listed by several agents.
event=$(tix events search --category concerts --from 2026-03-18 --to 2026-03-18 --jq '.events[] | select((.agentIds | length) >= 3) | .id' | head -n 1)
echo "charting $event" >&2

# Snapshots after 0, 2, 9, 17, 26, 41, 57, 66, 72, 79 and 84 sandbox hours (seconds here).
started=$(date +%s)
for hour in 0 2 9 17 26 41 57 66 72 79 84; do
  while [ $(($(date +%s) - started)) -lt "$hour" ]; do sleep 0.2; done
  tix track "$event" --quiet
done

mkdir -p docs
tix history "$event" --chart --out docs/history-chart.svg
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,500 \
  --screenshot="$PWD/docs/history-chart.png" "file://$PWD/docs/history-chart.svg"
echo "wrote docs/history-chart.svg and docs/history-chart.png" >&2
