#!/usr/bin/env python3
"""Checks that the targets table of docs/ARCHITECTURE.md is exactly Package.swift's:
every non-test target appears once, with the dependencies it declares (in any order).
Run from the repository root: `Tools/check/architecture-table.py` (exit 1 on a mismatch)."""
import json, re, subprocess, sys

package = json.loads(subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True, check=True).stdout)
declared = {}
for t in package["targets"]:
    if t["type"] == "test":
        continue
    deps = set()
    for d in t.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in d:
                deps.add(d[kind][0])
    declared[t["name"]] = deps

documented = {}
text = open("docs/ARCHITECTURE.md", encoding="utf-8").read()
table = text.split("## Targets and who may import whom", 1)[1]
for line in table.splitlines():
    m = re.match(r"\|\s*(.+?)\s*\|\s*(.+?)\s*\|\s*(.+?)\s*\|\s*$", line)
    if not m or m.group(1) in ("Target", "---"):
        continue
    names = re.findall(r"`([^`]+)`", re.sub(r"\(.*?\)", "", m.group(1)))
    deps_text = re.sub(r"\(.*?\)", "", m.group(3))
    deps = {d.strip() for d in deps_text.split(",") if d.strip() not in ("", "—")}
    for name in names:
        documented[name] = deps

problems = []
for name, deps in declared.items():
    if name not in documented:
        problems.append(f"{name}: in Package.swift, not in the table")
    elif documented[name] != deps:
        problems.append(f"{name}: Package.swift {sorted(deps)}, table {sorted(documented[name])}")
for name in documented:
    if name not in declared:
        problems.append(f"{name}: in the table, not in Package.swift")
for p in problems:
    print(p)
print(f"{len(declared)} targets, {len(problems)} mismatches")
sys.exit(1 if problems else 0)
