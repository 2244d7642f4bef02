#!/usr/bin/env bash
# Compares what two reader binaries print for every book in the given folders: `info --json`
# and `dump` at several widths (and `--compact --justify`), with fresh XDG folders for
# each binary. Prints one line per difference and a total; exits 1 when anything differs.
#
#   Tools/check/compare-dumps.sh OLD_READER NEW_READER ../shared/corpus/epub ../shared/corpus/txt
set -uo pipefail
old=$1; new=$2; shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differ=0; compared=0
run() {  # binary tag args...
    local bin=$1 tag=$2; shift 2
    XDG_CACHE_HOME="$work/$tag/cache" XDG_STATE_HOME="$work/$tag/state" "$bin" "$@" 2>&1
}
for folder in "$@"; do
    for book in "$folder"/*; do
        [ -f "$book" ] || continue
        for args in "info --json" "dump --width 20" "dump --width 37" "dump --width 80" "dump --width 132" "dump --width 60 --compact --justify"; do
            set -- $args
            a=$(run "$old" old "$@" "$book" | md5sum); b=$(run "$new" new "$@" "$book" | md5sum)
            # A second run of the new binary reads its content and layout caches.
            c=$(run "$new" new "$@" "$book" | md5sum)
            compared=$((compared + 1))
            if [ "$a" != "$b" ] || [ "$b" != "$c" ]; then echo "DIFF $args $book"; differ=$((differ + 1)); fi
        done
    done
done
echo "$compared comparisons, $differ differences"
[ "$differ" -eq 0 ]
