#!/usr/bin/env bash
# Issue #15's two measures against each other: raggedness (optimal + hyphenation against
# greedy) and the share of hyphenated lines, for cost models the reader does not ship.
# Builds layout-bench from a temporary worktree of HEAD with typeset-frontier.patch applied
# (Demerits' penalties read from EXP_* variables; EXP_ALL=1 offers every word's hyphenation
# points instead of those around loose lines), then runs `layout-bench --typeset` on BOOK…
# for each cost model and prints the optimal+hyph rows at widths 60 and 80.
#
#   Tools/bench/typeset-frontier.sh BOOK...
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WORK="$(mktemp -d /tmp/typeset-frontier.XXXXXX)"
trap 'git -C "$ROOT" worktree remove --force "$WORK/tree" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
git -C "$ROOT" worktree add --detach "$WORK/tree" HEAD >/dev/null
git -C "$WORK/tree" apply "$ROOT/Tools/bench/typeset-frontier.patch"
(cd "$WORK/tree" && swift build -c release --scratch-path "${FRONTIER_BUILD:-/tmp/typeset-frontier-build}" --product layout-bench 2>&1 | tail -1)
BENCH="${FRONTIER_BUILD:-/tmp/typeset-frontier-build}/release/layout-bench"
for model in \
    "EXP_NONE=1" \
    "EXP_ALL=1" \
    "EXP_ALL=1 EXP_ADJACENTPENALTY=0 EXP_RUNTPENALTY=0 EXP_HYPHENPENALTY=45" \
    "EXP_ALL=1 EXP_ADJACENTPENALTY=0 EXP_RUNTPENALTY=0" \
    "EXP_ALL=1 EXP_HYPHENPENALTY=10 EXP_DOUBLEHYPHENPENALTY=50" \
    "EXP_ALL=1 EXP_HYPHENPENALTY=0 EXP_DOUBLEHYPHENPENALTY=0" \
    "EXP_ALL=1 EXP_HYPHENPENALTY=0 EXP_DOUBLEHYPHENPENALTY=0 EXP_ADJACENTPENALTY=0 EXP_RUNTPENALTY=0"; do
    echo "== $model"
    env $model "$BENCH" --typeset "$@" | grep -E "^ +(60|80) +(greedy|optimal\+hyph)"
done
