#!/usr/bin/env bash
# Compares two reader binaries on the corpus EPUBs (good and broken): `reader info`
# (stdout and stderr) and the piped dump (its checksum and its stderr), one line per book
# that differs. Used for issue #22's measure "the corpus EPUBs behave as before".
#
#   Tools/check/compare-epub-corpus.sh OLD_READER NEW_READER [CORPUS]    (default ../shared/corpus)
set -uo pipefail
old="$1"; new="$2"
corpus="${3:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/corpus}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
same=0; differ=0
for book in "$corpus"/epub/*.epub "$corpus"/epub-broken/*; do
    [ -f "$book" ] || continue
    for side in old new; do
        bin=${!side}
        mkdir -p "$work/$side"
        env XDG_CACHE_HOME="$work/$side/cache" XDG_STATE_HOME="$work/$side/state" XDG_CONFIG_HOME="$work/$side/config" \
            timeout 120 "$bin" info "$book" > "$work/$side/info" 2> "$work/$side/info.err"; echo "info exit $?" >> "$work/$side/info"
        env XDG_CACHE_HOME="$work/$side/cache" XDG_STATE_HOME="$work/$side/state" XDG_CONFIG_HOME="$work/$side/config" \
            timeout 120 "$bin" "$book" 2> "$work/$side/dump.err" | md5sum > "$work/$side/dump"
    done
    what=""
    for f in info info.err dump dump.err; do cmp -s "$work/old/$f" "$work/new/$f" || what="$what $f"; done
    if [ -z "$what" ]; then same=$((same + 1)); else
        differ=$((differ + 1)); echo "differs:$what  $(basename "$book")"
        for f in $what; do diff "$work/old/$f" "$work/new/$f" | head -${COMPARE_LINES:-6} | sed "s/^/    /"; done
    fi
done
echo "$same same, $differ different"
