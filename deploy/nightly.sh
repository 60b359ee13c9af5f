#!/usr/bin/env bash
# deploy/nightly.sh CONFIG ROOT [dtbench run flags...]: one night of a
# nightly job. Runs CONFIG into ROOT/<night>/ (night: $NIGHT, default
# today's UTC date, YYYY-MM-DD), then compares the run with the latest
# earlier night's run of the same config name under ROOT (dtbench compare
# --fail-on regression): exit 0 when nothing regressed (or there is no
# earlier night), 1 on a regression, 2 when the runs cannot be compared
# (another config, other inputs), anything else when the run failed. The
# comparison is in ROOT/<night>/compare-<name>/ (compare.md,
# compare.parquet).
#
#   15 2 * * * cd /srv/dtbench && deploy/nightly.sh configs/oracle-paper.yaml /srv/runs >> /srv/runs/nightly.log 2>&1
#
# DTBENCH names the binary (default: dtbench on PATH); COMPARE_FLAGS adds
# flags to the comparison (e.g. "--measure accuracy,mae --min-effect 0.01").
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 CONFIG ROOT [dtbench run flags...]" >&2
  exit 2
fi
config=$1 root=$2
shift 2
dtbench=${DTBENCH:-dtbench}
night=${NIGHT:-$(date -u +%F)}
# A rerun of the same night finishes (or recomputes) its own folder.
run=$("$dtbench" run -c "$config" --out "$root/$night" --resume --quiet "$@")
name=$(basename "$run")
prev=""
for dir in "$root"/*/; do
  earlier=$(basename "$dir")
  if [[ "$earlier" < "$night" && -f "$root/$earlier/$name/manifest.json" ]]; then
    prev="$root/$earlier/$name"   # the glob is sorted: the last one is the latest
  fi
done
if [ -z "$prev" ]; then
  echo "$run: no earlier night of $name under $root; nothing to compare"
  exit 0
fi
# shellcheck disable=SC2086 # COMPARE_FLAGS is a list of flags
"$dtbench" compare "$prev" "$run" --out "$root/$night/compare-$name" --fail-on regression ${COMPARE_FLAGS:-}
