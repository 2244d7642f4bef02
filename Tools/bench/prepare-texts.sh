#!/usr/bin/env bash
# Converts the real-world books of ../shared/corpus into UTF-8 text files for the layout
# benchmark: English, Chinese, Japanese (from the TXT corpus) and Arabic (text extracted
# from the Arabic EPUB, repeated to ~1 MB), and Hebrew (see below); zh-1para.txt is the
# Chinese text as a single paragraph (the resize benchmark's worst case); th.txt is Thai
# (~1 MB of the sentences of Tools/fixtures/make_sa_fixtures.py, for the SA dictionary breaks).
# Usage: Tools/bench/prepare-texts.sh [OUTDIR]
#
# There is no Hebrew book in the corpus. he.txt is real Hebrew, but not prose: the Hebrew
# translations of program messages in this machine's gettext catalogs
# (/usr/share/locale/he/LC_MESSAGES/*.mo: glib, gtk, iso-codes, PackageKit…; free-software
# translations, used here only as benchmark input and never committed). They mix Hebrew
# with numbers, Latin names, punctuation and printf placeholders. Messages are joined
# into paragraphs of about 600 bytes (a novel's paragraph length) and the whole is
# repeated to ~1 MB.
set -euo pipefail
corpus="$(cd "$(dirname "$0")/../.." && pwd)/../shared/corpus"
out="${1:-/tmp/reader-bench}"
mkdir -p "$out"
python3 "$(dirname "$0")/../fixtures/make_sa_fixtures.py" --bench "$out/th.txt"
cp "$corpus/txt/pride-and-prejudice_en_utf8.txt" "$out/en.txt"
tail -c +4 "$corpus/txt/xiyouji_zh-Hans_utf8-bom.txt" > "$out/zh.txt"
# The same text as one 2 MB paragraph (newlines removed), for `layout-bench --resize`.
tr -d '\r\n' < "$out/zh.txt" > "$out/zh-1para.txt"
iconv -f SHIFT_JIS -t UTF-8 "$corpus/txt/wagahai-wa-neko-de-aru_ja_shift-jis_crlf.txt" | tr -d '\r' > "$out/ja.txt"
python3 - "$corpus/epub/idpf_regime-anticancer-ar-rtl.epub" "$out/ar.txt" <<'PY'
import re, sys, zipfile, html
z = zipfile.ZipFile(sys.argv[1])
paras = []
for name in sorted(z.namelist()):
    if name.endswith((".xhtml", ".html")):
        doc = z.read(name).decode("utf-8")
        for p in re.findall(r"<p[^>]*>(.*?)</p>", doc, re.S):
            t = html.unescape(re.sub(r"<[^>]+>", "", p)).strip()
            if t:
                paras.append(re.sub(r"\s+", " ", t))
text = "\n".join(paras) + "\n"
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write(text * max(1, 1_000_000 // max(1, len(text.encode()))))
PY
python3 - "$out/he.txt" <<'PY'
import gettext, glob, sys
messages = []
for path in sorted(glob.glob("/usr/share/locale/he/LC_MESSAGES/*.mo")):
    with open(path, "rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog
    for key in sorted(catalog, key=str):
        value = catalog[key]
        if isinstance(value, str) and any("\u05d0" <= c <= "\u05ea" for c in value):
            messages.append(" ".join(value.split()))
paras, current = [], []
for m in messages:
    current.append(m)
    if sum(len(x.encode()) for x in current) >= 600:
        paras.append(" ".join(current)); current = []
if current:
    paras.append(" ".join(current))
text = "\n".join(paras) + "\n"
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write(text * max(1, 1_000_000 // max(1, len(text.encode()))))
PY
ls -l "$out"
