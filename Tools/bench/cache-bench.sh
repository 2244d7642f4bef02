#!/usr/bin/env bash
# Layout cache build throughput: `reader cache build --jobs 1` against `--jobs 2` on the
# books of ../shared/corpus (EPUB and TXT), in MB of text laid out per second, and the
# size of the cache files in bytes per line. Prints the ratio jobs2/jobs1 (target ≥ 1.7).
#
# Usage: Tools/bench/cache-bench.sh [ROUNDS (default 5)] [-- extra `cache build` options]
#   READER=path/to/reader to use another binary; WIDTHS="80 100" to change the widths (default 60 80 100 120).
# Builds the release binary first. Each run gets a fresh empty cache folder, so every run
# lays out and writes everything; the best and the median of ROUNDS runs are
# reported for each job count, runs alternating 1, 2, 1, 2… so that machine noise hits both alike.
# A reference — two separate `--jobs 1` processes at once — shows how much parallelism the
# machine offers at that moment (other work on the cores lowers both it and jobs 2).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="$root/../shared/corpus"
rounds="${1:-5}"
shift || true
[ "${1:-}" = "--" ] && shift
if [ -z "${READER:-}" ]; then
    (cd "$root" && swift build -c release --scratch-path /tmp/build-cache-rel --product reader >&2)
    READER=/tmp/build-cache-rel/release/reader
fi
books=()
for f in "$corpus"/epub/*.epub "$corpus"/txt/*; do [ -f "$f" ] && books+=("$f"); done
width_args=()
for w in ${WIDTHS:-60 80 100 120}; do width_args+=(--width "$w"); done
scratch="$(mktemp -d /tmp/cache-bench.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT

run() {  # run JOBS [extra options] → prints "MB/s bytes-per-line"
    local jobs="$1"
    shift
    rm -rf "$scratch/xdg"
    local out cpu
    out="$(XDG_CACHE_HOME="$scratch/xdg" /usr/bin/time -f "cpu %U %S" -o "$scratch/time" \
        "$READER" cache build --jobs "$jobs" "${width_args[@]}" "$@" "${books[@]}" 2>/dev/null || true)"
    echo "$out" >&2
    local rate perline mb
    rate="$(echo "$out" | sed -n 's/.* = \([0-9.]*\) MB\/s.*/\1/p' | head -1)"
    mb="$(echo "$out" | sed -n 's/.*, \([0-9.]*\) MB of text.*/\1/p' | head -1)"
    perline="$(echo "$out" | sed -n 's/.*, \([0-9.]*\) bytes a line on disk.*/\1/p' | head -1)"
    # MB per CPU-second (user + sys): equal for 1 and 2 jobs when nothing is contended,
    # whatever else the machine is running.
    cpu="$(awk -v mb="${mb:-0}" '/^cpu/ { t = $2 + $3; printf "%.2f", (t > 0 ? mb / t : 0) }' "$scratch/time")"
    echo "${rate:-0} ${perline:-0} ${cpu:-0}"
}

pair() {  # reference: two separate `--jobs 1` processes at once → total MB/s
    local t0 t1 mb
    rm -rf "$scratch/xa" "$scratch/xb"
    t0="$(date +%s.%N)"
    XDG_CACHE_HOME="$scratch/xa" "$READER" cache build --jobs 1 "${width_args[@]}" "$@" "${books[@]}" >"$scratch/pa" 2>/dev/null &
    XDG_CACHE_HOME="$scratch/xb" "$READER" cache build --jobs 1 "${width_args[@]}" "$@" "${books[@]}" >"$scratch/pb" 2>/dev/null || true
    wait || true
    t1="$(date +%s.%N)"
    mb="$(sed -n 's/.*, \([0-9.]*\) MB of text.*/\1/p' "$scratch/pa" | head -1)"
    awk -v mb="${mb:-0}" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", 2 * mb / (b - a) }'
}

all1=(); all2=(); allp=(); cpu1=(); cpu2=(); perline=0
for ((r = 1; r <= rounds; r++)); do
    read -r m1 p1 c1 < <(run 1 "$@")
    read -r m2 _ c2 < <(run 2 "$@")
    read -r mp < <(pair "$@")
    echo "round $r: jobs 1 = $m1 MB/s ($c1 MB/CPU-s), jobs 2 = $m2 MB/s ($c2 MB/CPU-s), two processes = $mp MB/s" >&2
    all1+=("$m1"); all2+=("$m2"); allp+=("$mp"); cpu1+=("$c1"); cpu2+=("$c2"); perline="$p1"
done
best_median() {  # best and median of the arguments
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%s %s\n", v[NR], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
read -r best1 med1 < <(best_median "${all1[@]}")
read -r best2 med2 < <(best_median "${all2[@]}")
echo "books: ${#books[@]} (../shared/corpus epub + txt), widths: ${WIDTHS:-60 80 100 120}, cores: $(nproc), $rounds rounds"
echo "jobs 1: best $best1 MB/s, median $med1 MB/s"
echo "jobs 2: best $best2 MB/s, median $med2 MB/s"
awk -v a="$best1" -v b="$best2" -v c="$med1" -v d="$med2" \
    'BEGIN { if (a > 0 && c > 0) printf "ratio jobs2/jobs1: best %.2f, median %.2f (target >= 1.7)\n", b / a, d / c }'
read -r bestp medp < <(best_median "${allp[@]}")
echo "reference, two --jobs 1 processes at once: best $bestp MB/s, median $medp MB/s (what the free cores allow)"
awk -v a="$best1" -v b="$bestp" -v c="$med1" -v d="$medp" \
    'BEGIN { if (a > 0 && c > 0) printf "ratio two processes/jobs1: best %.2f, median %.2f\n", b / a, d / c }'
read -r _ cmed1 < <(best_median "${cpu1[@]}")
read -r _ cmed2 < <(best_median "${cpu2[@]}")
echo "CPU efficiency (median MB per CPU-second): jobs 1 $cmed1, jobs 2 $cmed2"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other processes on these $(nproc) cores lower the jobs 2 figure)"
echo "cache on disk: $perline bytes a line"
