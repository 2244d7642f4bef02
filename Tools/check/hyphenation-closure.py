#!/usr/bin/env python3
"""Why Sources/Hyphenation closes pattern files (PatternClosure): for each fixture language,
hyphenates the words of Fixtures/hyphenation/words-<lang>.txt (lower case; those without
apostrophes, hyphens, dots, digits) with libhyphen reading the Debian file *as shipped*
(ctypes, hnj_hyphen_load + hnj_hyphen_hyphenate2) and with pyphen (Liang's algorithm) over
the same file, same minimums, and counts the words where they differ.

    pip install pyphen && python3 Tools/check/hyphenation-closure.py
"""
import ctypes
import pathlib
import re

import pyphen

lib = ctypes.CDLL("libhyphen.so.0")
lib.hnj_hyphen_load.restype = ctypes.c_void_p
lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
lib.hnj_hyphen_hyphenate2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "hyphenation"
FILES = {"en-us": "hyph_en_US.dic", "en-gb": "hyph_en_GB.dic", "de": "hyph_de_DE.dic", "fr": "hyph_fr.dic",
         "es": "hyph_es_ES.dic", "it": "hyph_it_IT.dic", "pt": "hyph_pt_PT.dic", "pt-br": "hyph_pt_BR.dic",
         "ru": "hyph_ru_RU.dic", "nl": "hyph_nl_NL.dic", "pl": "hyph_pl_PL.dic", "sv": "hyph_sv_SE.dic"}

for name, file in FILES.items():
    path = "/usr/share/hyphen/" + file
    encoding = open(path, "rb").readline().decode().strip()
    raw_dict = lib.hnj_hyphen_load(path.encode())
    liang = pyphen.HyphDict(pathlib.Path(path))
    header = (FIXTURES / f"expected-{name}.txt").read_text(encoding="utf-8").split("\n")[0]
    left, right = map(int, re.search(r"minimums (\d+)/(\d+)", header).groups())
    words = (FIXTURES / f"words-{'pt' if name == 'pt-br' else name}.txt").read_text(encoding="utf-8").split()
    compared, differ = 0, []
    for word in (w.lower() for w in words):
        if any(c in word for c in "'’-.@/") or any(c.isdigit() for c in word):
            continue
        try:
            encoded = word.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            continue
        hyphens = ctypes.create_string_buffer(len(encoded) + 5)
        rep, pos, cut = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        lib.hnj_hyphen_hyphenate2(raw_dict, encoded, len(encoded), hyphens, None,
                                  ctypes.byref(rep), ctypes.byref(pos), ctypes.byref(cut))
        raw = [i + 1 for i in range(len(word)) if hyphens.raw[i] & 1 and left <= i + 1 <= len(word) - right]
        ref = [p for p in liang.positions(word) if left <= p <= len(word) - right and p.data is None]
        compared += 1
        if raw != ref:
            differ.append(word)
    print(f"{name:6} {file:16} {compared:4} words, libhyphen as shipped differs on {len(differ):3}  {' '.join(differ[:5])}")
