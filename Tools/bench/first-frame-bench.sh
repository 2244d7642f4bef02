#!/usr/bin/env bash
# First frame with a fresh cache and no saved state (issue #20): opens each BOOK RUNS
# times in a detached 80×24 tmux pane with empty XDG folders and reads the time from the
# start of the command to the first frame written, as the reader reports it with
# READER_STATS=1 (tmux's own latency is not counted). Prints the median and the best per
# book, and the slowest book.
#
#   Tools/bench/first-frame-bench.sh RUNS BOOK...
#   READER=path/to/reader Tools/bench/first-frame-bench.sh 5 ../shared/corpus/epub/*.epub
set -euo pipefail
runs=$1; shift
bin="${READER:-$(cd "$(dirname "$0")/../.." && pwd)/.build/release/reader}"
tmp=$(mktemp -d)
socket="first-frame-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
source "$(dirname "$0")/first-frame-lib.sh"
first_frame() {  # $1 = book; prints the first-frame milliseconds
    rm -rf "$tmp/x"; mkdir -p "$tmp/x"
    first_frame_in "$socket" "$tmp/err" 80 24 \
        "READER_STATS=1 HOME='$tmp/x' XDG_CACHE_HOME='$tmp/x/cache' XDG_STATE_HOME='$tmp/x/state' XDG_CONFIG_HOME='$tmp/x/config' '$bin' --images off '$1' 2> '$tmp/err'"
}
worst=0; worst_book=""
for book in "$@"; do
    times=()
    for ((i = 0; i < runs; i++)); do times+=($(first_frame "$book")); done
    m=$(median "${times[@]}"); best=$(printf '%s\n' "${times[@]}" | sort -n | head -1)
    printf '%-60s median %6s ms  best %6s ms  (runs: %s)\n' "$(basename "$book")" "$m" "$best" "${times[*]}"
    if awk -v m="$m" -v w="$worst" 'BEGIN { exit !(m > w) }'; then worst=$m; worst_book=$(basename "$book"); fi
done
echo "slowest: $worst_book, median $worst ms"
