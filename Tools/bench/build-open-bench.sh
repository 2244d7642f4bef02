#!/usr/bin/env bash
# The first open after `reader cache build` against a second open (issue #20): each round
# starts from empty cache and state folders, runs `reader cache build --width WIDTH BOOK`,
# then opens the book in a detached 100×30 tmux pane (the pager's width there is 80: keep
# WIDTH at 80 unless the pane changes), quits, and opens it again. The time is the
# reader's own, from the start of its command to the first frame written
# (`READER_STATS=1`), as in cached-open-bench.sh.
#
# It also checks that the first open used what the build wrote: the content-cache file
# must still be the inode the build wrote (a parse would have replaced it) and no layout
# file may have been added (the pager would have laid out and stored its width).
#
#   Tools/bench/build-open-bench.sh RUNS BOOK [WIDTH]
set -euo pipefail
runs=$1; book=$2; width=${3:-80}
bin="${READER:-$(cd "$(dirname "$0")/../.." && pwd)/.build/release/reader}"   # READER=path compares another build
tmp=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
socket="build-open-$$"
source "$(dirname "$0")/first-frame-lib.sh"
first_frame() {  # prints the first-frame milliseconds of one open
    first_frame_in "$socket" "$tmp/err" 100 30 \
        "READER_STATS=1 XDG_CACHE_HOME='$tmp/cache' XDG_STATE_HOME='$tmp/state' XDG_CONFIG_HOME='$tmp/config' '$bin' '$book' 2> '$tmp/err'"
}
snapshot() {  # the content file's inode and the layout files' names
    echo "$(stat -c %i "$tmp"/cache/reader/content/*.rtc 2>/dev/null) $(ls "$tmp/cache/reader/layout" 2>/dev/null | tr '\n' ' ')"
}
first=(); second=(); reused=0
for ((i = 0; i < runs; i++)); do
    rm -rf "$tmp/cache" "$tmp/state"
    XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" "$bin" cache build --width "$width" "$book" > /dev/null
    before=$(snapshot)
    first+=($(first_frame))
    [ "$(snapshot)" = "$before" ] && reused=$((reused + 1))
    second+=($(first_frame))
done
f=$(median "${first[@]}"); s=$(median "${second[@]}")
echo "first open after cache build: median ${f} ms (runs: ${first[*]})"
echo "second open:                  median ${s} ms (runs: ${second[*]})"
awk -v f="$f" -v s="$s" 'BEGIN { printf "ratio first/second: %.2fx (target <= 1.5)\n", f / s }'
echo "first opens that parsed nothing and laid out nothing new: $reused of $runs"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
