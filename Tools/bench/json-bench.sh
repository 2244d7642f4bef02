#!/usr/bin/env bash
# JSONTextEncoder/JSONTextDecoder (Support, no Foundation) against Foundation's JSONEncoder
# and JSONDecoder on a ~230 KB state-like document (a library of 700 entries and 300 days),
# compact with sorted keys and pretty-printed: best of 50 runs each, in ms. Checks first
# that both write the same bytes and that ours reads Foundation's file back.
#
# Usage: Tools/bench/json-bench.sh
# Builds Sources/Support as its own optimized module (as in a release build: no
# specialization across the module boundary) with swiftc into /tmp/json-bench.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out=/tmp/json-bench
mkdir -p "$out/mod"
swiftc -O -wmo -parse-as-library -emit-library -emit-module -module-name Support \
    -emit-module-path "$out/mod/Support.swiftmodule" "$root"/Sources/Support/*.swift "$root"/Sources/Support/JSON/*.swift \
    -o "$out/mod/libSupport.so"
swiftc -O -I "$out/mod" -L "$out/mod" -lSupport "$root/Tools/bench/json-bench/main.swift" -o "$out/json-bench"
LD_LIBRARY_PATH="$out/mod" "$out/json-bench"
