#!/usr/bin/env bash
# Start to first full frame: launches a reader in a detached tmux pane (100×30) and polls
# capture-pane until MARKER shows on screen; prints the elapsed milliseconds. Runs each
# command RUNS times (fresh HOME and XDG folders each time, so no saved state helps) and
# prints the best and the median.
#
#   Tools/bench/startup-bench.sh RUNS MARKER COMMAND...
#   e.g. Tools/bench/startup-bench.sh 7 "Tolstoy" .build/release/reader book.epub
#        Tools/bench/startup-bench.sh 7 "Tolstoy" epy book.epub        (pip install epy-reader)
set -euo pipefail
runs=$1; marker=$2; shift 2
socket="startup-bench-$$"
times=()
for ((i = 0; i < runs; i++)); do
    home=$(mktemp -d)
    tmux -L "$socket" kill-server 2>/dev/null || true
    start=$(date +%s%N)
    HOME="$home" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config" \
        tmux -L "$socket" new-session -d -x 100 -y 30 "$*; sleep 30"
    while ! tmux -L "$socket" capture-pane -p 2>/dev/null | grep -qF "$marker"; do
        now=$(date +%s%N)
        if (( (now - start) / 1000000 > 20000 )); then echo "timeout: marker '$marker' never appeared" >&2; break; fi
    done
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
    tmux -L "$socket" kill-server 2>/dev/null || true
    sleep 0.1; rm -rf "$home" 2>/dev/null || true
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "$*: best ${sorted[0]} ms, median ${sorted[$((runs / 2))]} ms (runs: ${times[*]})"
