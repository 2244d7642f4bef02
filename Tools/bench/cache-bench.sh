#!/usr/bin/env bash
# Layout cache build throughput: `reader cache build --jobs 1` against `--jobs 2` on the
# books of ../shared/corpus (EPUB and TXT), in MB of text laid out per second, and the
# size of the cache files in bytes per line. Prints the ratio jobs2/jobs1 (target ≥ 1.7).
#
# Usage: Tools/bench/cache-bench.sh [ROUNDS] [-- extra `cache build` options]
#   READER=path/to/reader to use another binary; WIDTHS="80 100" to change the widths.
# Builds the release binary first. Each run gets a fresh empty cache folder, so every run
# lays out and writes everything; the best of ROUNDS runs (default 3) is kept for each
# job count, runs alternating 1, 2, 1, 2… so that machine noise hits both alike.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="$root/../shared/corpus"
rounds="${1:-3}"
shift || true
[ "${1:-}" = "--" ] && shift
if [ -z "${READER:-}" ]; then
    (cd "$root" && swift build -c release --scratch-path /tmp/build-cache-rel --product reader >&2)
    READER=/tmp/build-cache-rel/release/reader
fi
books=()
for f in "$corpus"/epub/*.epub "$corpus"/txt/*; do [ -f "$f" ] && books+=("$f"); done
width_args=()
for w in ${WIDTHS:-80 100}; do width_args+=(--width "$w"); done
scratch="$(mktemp -d /tmp/cache-bench.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT

run() {  # run JOBS → prints "MB/s bytes-per-line"
    rm -rf "$scratch/xdg"
    local out
    out="$(XDG_CACHE_HOME="$scratch/xdg" "$READER" cache build --jobs "$1" "${width_args[@]}" "$@" "${books[@]}" 2>/dev/null || true)"
    echo "$out" >&2
    local rate perline
    rate="$(echo "$out" | sed -n 's/.* = \([0-9.]*\) MB\/s.*/\1/p' | head -1)"
    perline="$(echo "$out" | sed -n 's/.*, \([0-9.]*\) bytes a line on disk.*/\1/p' | head -1)"
    echo "${rate:-0} ${perline:-0}"
}

best1=0; best2=0; perline=0
for ((r = 1; r <= rounds; r++)); do
    read -r m1 p1 < <(run 1 "$@")
    read -r m2 _ < <(run 2 "$@")
    echo "round $r: jobs 1 = $m1 MB/s, jobs 2 = $m2 MB/s" >&2
    best1="$(awk -v a="$best1" -v b="$m1" 'BEGIN { print (b > a ? b : a) }')"
    best2="$(awk -v a="$best2" -v b="$m2" 'BEGIN { print (b > a ? b : a) }')"
    perline="$p1"
done
echo "books: ${#books[@]} (../shared/corpus epub + txt), widths: ${WIDTHS:-80 100}, cores: $(nproc), best of $rounds"
echo "jobs 1: $best1 MB/s"
echo "jobs 2: $best2 MB/s"
awk -v a="$best1" -v b="$best2" 'BEGIN { if (a > 0) printf "ratio jobs2/jobs1: %.2f (target >= 1.7)\n", b / a }'
echo "cache on disk: $perline bytes a line"
