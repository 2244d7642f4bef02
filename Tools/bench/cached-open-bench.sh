#!/usr/bin/env bash
# Opening a book with an empty cache against opening it again with the content and layout
# caches warm (issue #5): runs the reader RUNS times each way in a detached tmux pane and
# reads the time from the start of the command to the first frame written, as the reader
# reports it with READER_STATS=1 (so tmux's own latency is not counted). Also prints the
# wall time of `reader --version` (process start-up) for reference.
#
#   Tools/bench/cached-open-bench.sh RUNS BOOK
set -euo pipefail
runs=$1; book=$2
bin="${READER:-$(cd "$(dirname "$0")/../.." && pwd)/.build/release/reader}"   # READER=path compares another build
tmp=$(mktemp -d)
socket="cached-open-$$"
source "$(dirname "$0")/first-frame-lib.sh"
first_frame() {  # $1 = cache dir; prints the first-frame milliseconds
    rm -rf "$tmp/state"
    # Quit once the layout of this width is in the cache (the pager fills it in the
    # background after its first frame; quitting earlier would leave the warm run without it).
    FIRST_FRAME_READY="[ -n \"\$(ls '$1/reader/layout' 2>/dev/null)\" ]" first_frame_in "$socket" "$tmp/err" 100 30 \
        "READER_STATS=1 XDG_CACHE_HOME='$1' XDG_STATE_HOME='$tmp/state' '$bin' '$book' 2> '$tmp/err'"
}
cold=(); warm=()
for ((i = 0; i < runs; i++)); do
    rm -rf "$tmp/cache"; cold+=($(first_frame "$tmp/cache"))
    warm+=($(first_frame "$tmp/cache"))
done
c=$(median "${cold[@]}"); w=$(median "${warm[@]}")
echo "empty cache: median ${c} ms (runs: ${cold[*]})"
echo "warm cache:  median ${w} ms (runs: ${warm[*]})"
awk -v c="$c" -v w="$w" 'BEGIN { printf "ratio: %.1fx\n", c / w }'
s=$(date +%s%N); "$bin" --version > /dev/null; e=$(date +%s%N)
echo "process start-up (reader --version): $(( (e - s) / 1000000 )) ms"
rm -rf "$tmp"
