#!/usr/bin/env bash
# Compares two reader binaries' `dump` output (its md5) for BOOKs at widths 20/37/60/80
# with the defaults, `--ruby inline`, `--ruby off`, `--wrap greedy` and `--justify`, each
# with its own empty cache folders; one line per output that differs, then a count.
# For a change that must not move a line (a speed-up of the layout).
#
#   Tools/check/compare-dumps.sh OLD_READER NEW_READER BOOK...
set -uo pipefail
old="$1"; new="$2"; shift 2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
same=0; differ=0
for book in "$@"; do
    for w in 20 37 60 80; do
        for opts in "" "--ruby inline" "--ruby off" "--wrap greedy" "--justify"; do
            # shellcheck disable=SC2086
            a=$(XDG_CACHE_HOME="$work/old" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" \
                "$old" dump -w "$w" $opts "$book" 2>/dev/null | md5sum)
            # shellcheck disable=SC2086
            b=$(XDG_CACHE_HOME="$work/new" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" \
                "$new" dump -w "$w" $opts "$book" 2>/dev/null | md5sum)
            if [ "$a" = "$b" ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "differs: $book -w $w $opts"; fi
        done
    done
done
echo "$same same, $differ different"
