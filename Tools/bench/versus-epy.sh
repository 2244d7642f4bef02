#!/usr/bin/env bash
# Start to first full frame, the reader against epy in the same run (issue #20): ROUNDS
# rounds, each opening BOOK once with the reader and once with epy in a detached 100×30
# tmux pane with fresh HOME and XDG folders (no saved state, no cache), timed by
# startup-bench.sh until MARKER shows; prints both medians and their ratio.
#
#   Tools/bench/versus-epy.sh ROUNDS BOOK MARKER
#   READER=path EPY=path Tools/bench/versus-epy.sh 9 war-and-peace.epub Tolstoy
#   (epy: python3 -m venv /tmp/epyvenv && /tmp/epyvenv/bin/pip install epy-reader)
set -euo pipefail
rounds=$1; book=$2; marker=$3
here=$(cd "$(dirname "$0")" && pwd)
reader="${READER:-$here/../../.build/release/reader}"
epy="${EPY:-/tmp/epyvenv/bin/epy}"
ms() { "$here/startup-bench.sh" 1 "$marker" "$@" | sed -E 's/.*best ([0-9]+) ms.*/\1/'; }
r=(); e=()
for ((i = 0; i < rounds; i++)); do
    r+=($(ms "$reader" --images off "$book"))
    e+=($(ms "$epy" "$book"))
done
source "$here/first-frame-lib.sh"   # median
rm_=$(median "${r[@]}"); em=$(median "${e[@]}")
echo "reader: median $rm_ ms (runs: ${r[*]})"
echo "epy:    median $em ms (runs: ${e[*]})"
awk -v r="$rm_" -v e="$em" 'BEGIN { printf "epy / reader: %.1fx\n", e / r }'
