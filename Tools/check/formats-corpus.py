#!/usr/bin/env python3
"""Opens every book of the shared corpus's FB2 and MOBI folders (or the files given) with
`reader info --json` and `reader dump`, and prints one row per file: format, title,
authors, language, chapters, text size, warnings, the first words of text, and whether
the text looks right (no U+FFFD, no markup left over, no control characters, no
entity reference left that no warning names).

    python3 Tools/check/formats-corpus.py [--reader .build/release/reader] [FILE...]

Exit status 1 when a file fails to open or its text looks wrong.
"""
import argparse, glob, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")


def check(reader, path):
    info = subprocess.run([reader, "info", "--json", path], capture_output=True, text=True)
    if info.returncode != 0:
        return {"file": os.path.basename(path), "error": info.stderr.strip()}, False
    meta = json.loads(info.stdout)
    dump = subprocess.run([reader, "dump", "--width", "10000", path], capture_output=True, text=True).stdout
    problems = []
    if "\ufffd" in dump: problems.append("U+FFFD")
    if re.search(r"</?(p|div|span|a|section|body|html|br|mbp:[a-z]+)\b", dump): problems.append("markup left")
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", dump): problems.append("control characters")
    # An undefined entity is kept as text on purpose, with a warning that names it.
    warned = " ".join(meta.get("warnings", []))
    for entity in sorted(set(re.findall(r"&[a-zA-Z][a-zA-Z0-9]*;", dump))):
        if entity not in warned: problems.append("entity left: " + entity)
    words = " ".join(dump.split())[:70]
    row = {
        "file": os.path.basename(path), "format": meta.get("formatName", meta["format"]), "title": meta["title"],
        "authors": ", ".join(meta["authors"]), "language": meta["language"], "chapters": len(meta["chapters"]),
        "text": meta["textBytes"], "warnings": len(meta.get("warnings", [])), "problems": ", ".join(problems) or "-",
        "start": words, "titles": [c["title"] for c in meta["chapters"]][:6],
    }
    return row, not problems and meta["textBytes"] > 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reader", default=os.path.join(ROOT, ".build", "debug", "reader"))
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(CORPUS, "fb2", "*")) + glob.glob(os.path.join(CORPUS, "mobi", "*")))
    ok_all = True
    for f in files:
        row, ok = check(a.reader, f)
        ok_all &= ok
        if "error" in row:
            print(f"FAIL {row['file']}: {row['error']}")
            continue
        print(f"{'ok  ' if ok else 'BAD '}{row['file']}\n     {row['format']} | {row['title']} | {row['authors'] or '-'} | "
              f"{row['language'] or '-'} | {row['chapters']} chapters | {row['text']} bytes | {row['warnings']} warnings | "
              f"problems: {row['problems']}\n     chapters: {row['titles']}\n     text: {row['start']}")
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
