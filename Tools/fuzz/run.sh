#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for SECONDS (default 600), one after
# the other (never in parallel), with a seed corpus made from Fixtures/.
#
#   Tools/fuzz/run.sh [SECONDS] [TARGET...]      targets: epub fb2 txt layout cachedecode keys bidi hyphenation config css html markdown mobi image notes segmentation dictionary vertical json
#
# Environment:
#   FUZZ_WORK       work folder: corpora, artifacts, logs (default /tmp/reader-fuzz)
#   FUZZ_BUILD      SwiftPM scratch path for the sanitized build (default /tmp/reader-fuzz-build-<checkout folder>)
#   FUZZ_RSS_MB     libFuzzer -rss_limit_mb (default 2048; also the per-input malloc limit)
#   FUZZ_TIMEOUT    libFuzzer -timeout per input in seconds (default 10)
#   FUZZ_JOBS       build jobs (default 1: the machine is shared)
#
# A crash, sanitizer report, timeout or out-of-memory leaves the input in
# $FUZZ_WORK/<target>/artifacts/ (crash-*, timeout-*, oom-*, leak-*). Reproduce with
#   $FUZZ_BUILD/debug/fuzz-<target> <artifact>
# and, once fixed, copy it to Fixtures/fuzz-regressions/<target>/ (replayed by the tests).
# See docs/FUZZING.md.
#
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_PER_TARGET="${1:-600}"
shift || true
ALL_TARGETS=(epub fb2 txt layout cachedecode keys bidi hyphenation config css html markdown mobi image notes segmentation dictionary vertical json)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

WORK="${FUZZ_WORK:-/tmp/reader-fuzz}"
BUILD="${FUZZ_BUILD:-/tmp/reader-fuzz-build-$(basename "$ROOT")}"   # one per checkout: worktrees must not share a build
RSS_MB="${FUZZ_RSS_MB:-2048}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
JOBS="${FUZZ_JOBS:-1}"

for t in "${TARGETS[@]}"; do
    case " ${ALL_TARGETS[*]} " in *" $t "*) ;; *) echo "run.sh: unknown target '$t' (${ALL_TARGETS[*]})" >&2; exit 2 ;; esac
done

echo "== building Fuzz/ (sanitize=fuzzer,address) into $BUILD"
build() {
    (cd "$ROOT/Fuzz" && swift build -c debug -j "$JOBS" --scratch-path "$BUILD" \
        -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v 'ld.gold: warning: Cannot export local symbol' | tail -3)
}
# Once more when it fails: after source files are added to the reader package, the first
# build of this dependent package can still compile the old file list (seen twice with
# SwiftPM 6.3); the second sees the new files.
build || { echo "== the build failed; building once more"; build; }
BIN="$BUILD/debug"

# seed TARGET DIR: fills DIR with the seed corpus of TARGET.
seed() {
    local target="$1" dir="$2" f i=0
    case "$target" in
    epub)
        # Every EPUB fixture, the reading-system conformance books (issue #22) included.
        cp "$ROOT"/Fixtures/epub/*.epub "$ROOT"/Fixtures/epub/conformance/*.epub "$dir"/ ;;
    fb2)
        # The documents as they are; zips ("PK") are read as .fb2.zip.
        cp "$ROOT"/Fixtures/fb2/*.fb2 "$ROOT"/Fixtures/fb2/*.zip "$dir"/ ;;
    mobi)
        # The generated fixtures (good and broken), and the corpus files when present.
        cp "$ROOT"/Fixtures/mobi/* "$dir"/
        for f in "$ROOT"/../shared/corpus/mobi/*; do [ -f "$f" ] && cp "$f" "$dir"/ || true; done ;;
    txt)
        # Byte 0 picks the encoding override (0 = detect).
        for f in "$ROOT"/Fixtures/txt/*.txt "$ROOT"/Fixtures/sample/*.txt; do
            { printf '\0'; head -c 65536 "$f"; } > "$dir/$(basename "$f")"
        done ;;
    layout)
        # Byte 0 width, byte 1 options, then blocks separated by NUL, each with a kind byte.
        for f in "$ROOT"/Fixtures/txt/*.expected.txt; do
            i=$((i + 1))
            { printf "\\x$(printf %02x $((i * 7 % 64)))\\x$(printf %02x $((i * 37 % 256)))\\x00"; head -c 4000 "$f"; } > "$dir/seed-$i"
        done ;;
    cachedecode)
        FUZZ_WRITE_SEEDS="$dir" "$BIN/fuzz-cachedecode" ;;
    bidi)
        # Byte 0: direction (low 2 bits), width (next 5), shaping (top bit); then UTF-8 text:
        # the paragraphs of the Arabic/Hebrew fixture and mixed-direction samples.
        python3 - "$ROOT/Fixtures/epub/rtl-arabic-hebrew.epub" "$dir" <<'PY'
import re, sys, zipfile, html
z = zipfile.ZipFile(sys.argv[1])
texts = ["a (b) [c] 1984 \u05d0\u05d1\u05d2 iPhone.", "\u202bRLE \u05d0 \u202c\u2067isolate\u2069 \u202e override",
         "\u0627\u0644\u0644\u0647 \u0644\u0627 \u0628\u0650\u0633\u0652\u0645\u0650 (\u0661\u0662\u0663) abc"]
for name in z.namelist():
    if name.endswith(".xhtml"):
        texts += [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p[^>]*>(.*?)</p>", z.read(name).decode(), re.S)]
for i, t in enumerate(texts):
    with open(f"{sys.argv[2]}/seed-{i}", "wb") as f:
        f.write(bytes([(i * 37) % 256]) + t.encode())
PY
        ;;
    segmentation)
        # UTF-8 text as it is: mixed scripts, the fixtures' texts, and a few malformed bytes.
        printf "Don't e-mail 3.14 people. Mr. Smith? \xe2\x80\x9cYes!\xe2\x80\x9d she said.\r\n" > "$dir/latin"
        printf '私は学生です。カタカナ、２０２４年。สวัสดีครับ ທ່ານ ខ្មែរ မြန်မာ' > "$dir/dictionary"
        printf '\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9 \xd9\x83\xd8\xaa\xd8\xa8 \xff\xe3\x81 a\xcc\x81b' > "$dir/emoji-arabic-bad"
        for f in "$ROOT"/Fixtures/txt/*.expected.txt; do head -c 8000 "$f" > "$dir/$(basename "$f")"; done ;;
    hyphenation)
        # Byte 0 0: the file as is; then the pattern file, 0xFF, words separated by spaces.
        python3 - "$dir" <<'PY'
import pathlib, sys
words = {"it_IT": "architettura dell'anno Bologna", "es_ES": "murciélago corazón", "pt_PT": "desenvolvimento",
         "pt_BR": "música lápis", "fr": "aujourd'hui éléphant", "pl_PL": "niezapominajka".encode("iso8859-2"),
         "ru_RU": "программирование".encode("koi8-r")}
for name, w in words.items():
    f = pathlib.Path(f"/usr/share/hyphen/hyph_{name}.dic")
    if f.exists() and 0xFF not in f.read_bytes():
        pathlib.Path(sys.argv[1], f"seed-{name}").write_bytes(b"\0" + f.read_bytes() + b"\xff" + (w if isinstance(w, bytes) else w.encode()))
pathlib.Path(sys.argv[1], "seed-small").write_bytes(
    b"\x01LEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\nxab2c\nNOHYPHEN ',a\nNEXTLEVEL\nab1c/a=b,1,2\n1ba\n\xffxabd xabc ab'cd")
PY
        ;;
    config)
        "$ROOT/.build/debug/reader" config --default > "$dir/default" 2>/dev/null \
            || printf 'width 72\njustify on\ntheme light\n' > "$dir/default"
        printf 'width auto\r\nmap ctrl+x next_page\nunmap space\nmap alt+left jump_back\n# c\nreveal 300\n' > "$dir/maps"
        printf 'colour red\nwidth 0\nmap ctrl+1 quit\nunmap\nmap j\ntheme\n' > "$dir/bad"
        ;;
    css)
        printf '.em-sesame { -epub-text-emphasis-style: filled sesame; }\n.em-dot, span.em-circle { text-emphasis: open circle red }\n' > "$dir/dendenkit"
        printf '@media screen { .a { -webkit-text-emphasis-style: "x" } }\n/* c */ .b { content: "}"; text-emphasis: none }\n.c.d{x:y}' > "$dir/nested"
        printf 'strong.sesame_dot\n{\n    font-weight: normal;\n    -epub-text-emphasis-style: sesame;\n}\n@font-face { src: url(a) }' > "$dir/kusamakura"
        ;;
    html)
        cp "$ROOT"/Fixtures/html/* "$dir"/ ;;
    markdown)
        cp "$ROOT"/Fixtures/markdown/* "$dir"/ ;;
    image)
        # The image fixtures as they are (good and hostile: PNG, JPEG, GIF, WebP, SVG).
        cp "$ROOT"/Fixtures/images/* "$dir"/ ;;
    notes)
        # Two bytes (old start / 16, scale), a text, 0xFF, then a quote 0xFE before 0xFE after,
        # or a notes JSON document.
        printf '\x02\x00It was the best of times, it was the worst of times.\xffworst of times\xfeit was the \xfe.' > "$dir/quote"
        printf '\x00\x01Call me Ishmael. Some years ago.\xff{"format":"reader-notes","version":1,"book":{"title":"t","authors":[],"language":"","key":"k"},"highlights":[{"id":"a","start":8,"end":15,"chapter":0,"percent":0,"color":"blue","quote":"Ishmael","before":"Call me ","after":". Some","created":0,"updated":0,"found":true}]}' > "$dir/json"
        printf '\x10\x03\xe5\xad\xa6\xe7\x94\x9f\xe3\x81\xa7\xe3\x81\x99\xff\xe7\x94\x9f\xfe\xe5\xad\xa6\xfe\xe3\x81\xa7' > "$dir/cjk"
        ;;
    dictionary)
        # Byte 0: 0 dictd, 1 StarDict (0x11: the .ifo made to agree), 2 a dictzip alone; files
        # separated by "\n====\n" — every fixture dictionary, good and damaged.
        python3 - "$ROOT/Fixtures/dictionaries" "$dir" <<'PY'
import pathlib, sys
root, out, sep = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), b"\n====\n"
for n, index in enumerate(sorted(root.rglob("*.index"))):
    data = [p for p in (index.with_suffix(".dict.dz"), index.with_suffix(".dict")) if p.exists()]
    (out / f"dictd-{n}").write_bytes(b"\0" + index.read_bytes() + sep + (data[0].read_bytes() if data else b""))
for n, ifo in enumerate(sorted(root.rglob("*.ifo"))):
    parts = [ifo.with_suffix(s) for s in (".idx", ".dict.dz", ".syn")]
    if not parts[1].exists():
        parts[1] = ifo.with_suffix(".dict")
    (out / f"stardict-{n}").write_bytes(b"\x01" + ifo.read_bytes() + b"".join(sep + (p.read_bytes() if p.exists() else b"") for p in parts))
(out / "dictzip").write_bytes(b"\x02" + (root / "dictzip/sample.txt.dz").read_bytes())
PY
        ;;
    vertical)
        # Height, indent, placements, then Japanese and Chinese text with punctuation, small
        # kana, digits and Latin (the corpus's kinds of column ends).
        printf '\x0a\x01\x11\x02\x01\x05\x00%s' '吾輩は猫である。名前はまだ無い。「どこで生れたか」とんと見当がつかぬ。' > "$dir/ja"
        printf '\x05\x00\x09\x01\x02\x03\x01%s' '第12章、1904年にABCDの話!?　ゃっ、ーー。（本当に）' > "$dir/mixed"
        printf '\x14\x03\x00%s\n%s' '混沌未分天地乱，茫茫渺渺无人见。' '自从盘古破鸿蒙，开辟从兹清浊辨。' > "$dir/zh"
        ;;
    json)
        # States written by the target itself in the three output formats, a generic
        # document with every escape, and the regression inputs.
        FUZZ_WRITE_SEEDS="$dir" "$BIN/fuzz-json"
        cat > "$dir/escapes.json" <<'JSON'
{"a":[1,-0,2.5e-3,1E+2,true,false,null],"s":"\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00 é","e":{},"l":[],"d":{"k":1,"k":2}}
JSON
        printf '[{"version":1,"key":"k","position":{"chapter":0,"offset":0},"updated":0}]' > "$dir/array.json"
        cp "$ROOT"/Fixtures/fuzz-regressions/json/* "$dir"/ 2>/dev/null || true ;;
    keys)
        printf '\0jk q\x1b[A\x1b[B\x1b[5~\x1b[6~\x1bOP' > "$dir/arrows"
        printf '\x85\x1b[<64;10;5M\x1b[<65;10;5M\x1b[<0;3;4m\x1b[M !!' > "$dir/mouse"
        printf '\x13\x1b[200~pasted \x1b text\x1b[201~/' > "$dir/paste"
        printf '\x80\x1b[1;5A\x1b[27;5;106~\x1b[106;5u\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\x1b' > "$dir/mods-utf8"
        # Answers to the graphics queries (xterm 379; kitty; CSI 16 t), with keys after them.
        printf '\x01\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28cjq' > "$dir/answer-xterm"
        printf '\x02\x1b[6;20;10t\x1b_Gi=31;OK\x1b\\\x1bP>|kitty(0.26.5)\x1b\\\x1b[?62;c ' > "$dir/answer-kitty"
        ;;
    esac
}

STATUS=0
for t in "${TARGETS[@]}"; do
    dir="$WORK/$t"
    mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/tmp"
    if [ -z "$(ls -A "$dir/corpus")" ]; then seed "$t" "$dir/corpus"; fi
    echo "== fuzz-$t for ${SECONDS_PER_TARGET}s (corpus $(ls "$dir/corpus" | wc -l) files, artifacts in $dir/artifacts)"
    set +e
    # SWIFT_BACKTRACE=enable=no: the Swift runtime's backtracer trips ASan after a trap and
    # hides the real stack; libFuzzer prints the stack itself.
    FUZZ_TMPDIR="$dir/tmp" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}" \
        "$BIN/fuzz-$t" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb="$RSS_MB" -timeout="$TIMEOUT" \
        -max_len=1048576 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" \
        > "$dir/fuzz.log" 2>&1
    rc=$?
    set -e
    grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$dir/fuzz.log" | tail -1 || true
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$dir/fuzz.log" || true
    if [ $rc -ne 0 ]; then
        echo "!! fuzz-$t stopped with status $rc: see $dir/fuzz.log and $dir/artifacts/"
        grep -m3 -E 'ERROR|Fatal error|SUMMARY|deadly signal|timeout|out-of-memory' "$dir/fuzz.log" || true
        STATUS=1
    fi
done
exit $STATUS
