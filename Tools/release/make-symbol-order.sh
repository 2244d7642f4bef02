#!/usr/bin/env bash
# Writes Tools/release/symbol-order.txt: the functions of the reader that its common runs
# execute, for lld's --symbol-ordering-file (`make release`). Placed together, the code a
# session runs takes a few hundred pages instead of being spread over the whole 17 MB of
# text, every one of whose touched pages the kernel maps with its neighbours.
#
# Runs a release binary (debug info stripped: valgrind 3.19 cannot read DWARF 5) under
# callgrind: --version; info, cold and warm dumps of an English TXT, an EPUB with pictures,
# a Chinese and a Japanese text; the full-screen reader in tmux (pages, a search, the
# contents, quit) on the EPUB, the TXT and a vertical Japanese EPUB, and a few pages of an
# EPUB with a JPEG cover and of one with tables, lists and code. Functions are sorted by
# the runs that execute them, the full-screen runs first (their peak memory is the one held
# to a target): all the functions of the first pager run come first, in one dense stretch,
# those it shares with the second pager ahead of the rest, and so on — each run's functions
# lie in a few dense stretches, where sorting by the number of runs spread every run's
# functions among others' (resident code of the JPEG pager 3.11 → 2.72 MB, of the TXT pager
# 3.24 → 3.04; docs/PERFORMANCE.md, "Memory the background jobs leave").
#
#   Tools/release/make-symbol-order.sh [READER_BINARY] [CORPUS_DIR]
#
# Needs valgrind and tmux (apt; not part of `make deps`: the list is committed, and a
# release build only reads it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
READER="${1:-$ROOT/.build/release/reader}"
CORPUS="${2:-$ROOT/../shared/corpus}"
SWIFT_STATIC="$(dirname "$(realpath "$(command -v swift)")")/../lib/swift_static/linux"
WORK="$(mktemp -d /tmp/symbol-order.XXXXXX)"
trap 'tmux -L symorder kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
objcopy --strip-debug "$READER" "$WORK/reader"
export XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config"
n=0
pagers=(); others=()   # the runs' numbers, for the order of the sort
profile() {   # profile ARGS...: one run under callgrind, output discarded
    n=$((n + 1)); others+=($n)
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/run$n.out" "$WORK/reader" "$@" >/dev/null 2>&1 || true
}
pager() {     # pager BOOK KEYS...: the full-screen reader in a 100×30 tmux pane, keys 1.5 s apart
    local book=$1; shift
    n=$((n + 1)); pagers+=($n)
    tmux -L symorder new-session -d -x 100 -y 30 \
        "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$WORK/run$n.out $WORK/reader '$book' 2>/dev/null"
    sleep 8
    for k in "$@"; do tmux -L symorder send-keys "$k"; sleep 1.5; done
    tmux -L symorder send-keys q
    for _ in $(seq 60); do tmux -L symorder has-session 2>/dev/null || break; sleep 1; done
    tmux -L symorder kill-server 2>/dev/null || true
}
TXT="$CORPUS/txt/pride-and-prejudice_en_utf8.txt"
EPUB="$CORPUS/epub/idpf_childrens-literature.epub"
ZH="$CORPUS/txt/xiyouji_zh-Hans_utf8-bom.txt"
JA="$CORPUS/txt/wagahai-wa-neko-de-aru_ja_shift-jis_crlf.txt"
VERTICAL="$CORPUS/epub/idpf_kusamakura-ja-vertical.epub"
JPEG="$CORPUS/epub/idpf_moby-dick.epub"          # a JPEG cover (the EPUB above has PNG pictures)
SPEC="$CORPUS/epub/idpf_epub30-spec.epub"        # tables, lists, code, many small chapters
profile --version
for book in "$TXT" "$EPUB" "$ZH" "$JA"; do
    profile info "$book"
    profile dump --lines 60 "$book"
    profile dump --offset 5000 --lines 60 "$book"
done
# The pagers in the order of their memory margins, the tightest first.
pager "$JPEG" Space Space
pager "$EPUB" Space Space j k / l i t t l e Enter n Escape t Escape G g
pager "$SPEC" Space Space
pager "$TXT" Space Space Space b /  D a r c y Enter Escape
pager "$VERTICAL" Space Space Left Right
ORDER_PY=$(cat <<'PY'
import collections, glob, re, sys
work, out, priority = sys.argv[1], sys.argv[2], [int(n) for n in sys.argv[3].split()]
runs = collections.defaultdict(set)   # function -> the runs that execute it
for n in priority:
    path = f"{work}/run{n}.out"
    names, seen = {}, set()
    for line in open(path, errors="replace"):
        m = re.match(r"^c?fn=\((\d+)\)(?: (.+))?$", line.rstrip("\n"))
        if not m:
            continue
        if m.group(2):
            names[m.group(1)] = m.group(2)
        if line.startswith("fn="):
            seen.add(names[m.group(1)])
    for name in seen:
        runs[name].add(n)
# A function in its own section (ours, built with -function-sections, and most of the Swift
# runtime's) is placed alone; one in an object's plain .text drags that whole section (most
# of Foundation, the runtime's Swift.o remainder, libdispatch). Listing those last keeps the
# functions that can be packed together in one dense run of pages ahead of them.
monolithic = set()
for line in sys.stdin:
    fields = [f for f in line.split() if f not in (".hidden", ".protected", ".internal")]
    if len(fields) >= 5 and fields[-3] == ".text":
        monolithic.add(fields[-1])
symbols = sorted((name for name in runs if not name.startswith("0x")),
                 key=lambda s: (s in monolithic, [n not in runs[s] for n in priority], s))
with open(out, "w") as f:
    f.write("".join(s + "\n" for s in symbols))
print(f"{len(symbols)} functions from {len(glob.glob(work + '/run*.out'))} runs -> {out}")
PY
)
# Symbols and their sections in the prebuilt archives and our objects (`objdump -t`).
{ for a in "$SWIFT_STATIC"/*.a "$ROOT"/.build/release/*.build/*.o; do objdump -t "$a" 2>/dev/null; done; } |
python3 -c "$ORDER_PY" "$WORK" "$ROOT/Tools/release/symbol-order.txt" "${pagers[*]} ${others[*]}"
