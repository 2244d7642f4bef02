#!/usr/bin/env bash
# Key press to frame, two pager-bench binaries alternated RUNS times on one book (same
# machine, same minutes): prints, for each key, the median over runs of each binary's
# median and p95, and new/old.
#
#   Tools/bench/compare-pager.sh OLD_PAGER_BENCH NEW_PAGER_BENCH BOOK [RUNS]
set -euo pipefail
old=$1; new=$2; book=$3; runs=${4:-7}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
for ((i = 0; i < runs; i++)); do
    "$old" "$book" >> "$out/old"
    "$new" "$book" >> "$out/new"
done
python3 - "$out/old" "$out/new" <<'PY'
import re, sys, statistics
def parse(path):
    rows = {}
    for line in open(path):
        m = re.match(r"(.+?)\s+median ([\d.]+) ms, p95 ([\d.]+) ms", line)
        if m: rows.setdefault(m.group(1).strip(), []).append((float(m.group(2)), float(m.group(3))))
        m = re.match(r"open: .*first frame .*?: ([\d.]+) ms", line)
        if m: rows.setdefault("first frame (one chapter)", []).append((float(m.group(1)), float(m.group(1))))
    return rows
old, new = parse(sys.argv[1]), parse(sys.argv[2])
print(f"{'key':<28} {'old median':>10} {'new median':>10} {'new/old':>8} {'old p95':>8} {'new p95':>8}")
for key in old:
    om = statistics.median(x[0] for x in old[key]); nm = statistics.median(x[0] for x in new[key])
    op = statistics.median(x[1] for x in old[key]); np_ = statistics.median(x[1] for x in new[key])
    print(f"{key:<28} {om:>10.3f} {nm:>10.3f} {nm/om:>8.2f} {op:>8.3f} {np_:>8.3f}")
PY
