#!/usr/bin/env python3
"""Lists Swift functions (func, init, closures assigned to static lets excluded) longer than
N lines in the given folders: `Tools/check/long-functions.py [--max N] Sources`.
Counts from the declaration line to its closing brace, by brace depth (strings and
comments are stripped first, roughly). Generated tables are skipped."""
import re, sys, os

def strip(line, state):
    out, i = [], 0
    while i < len(line):
        if state['block']:
            j = line.find('*/', i)
            if j < 0: return ''.join(out)
            state['block'] = False; i = j + 2; continue
        if line.startswith('//', i): break
        if line.startswith('/*', i): state['block'] = True; i += 2; continue
        if line.startswith('"""', i):
            state['multi'] = not state['multi']; i += 3; continue
        if state['multi']: i += 1; continue
        c = line[i]
        if c == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == '\\' else 1
            i = j + 1; continue
        out.append(c); i += 1
    return ''.join(out)

def scan(path, limit):
    lines = open(path, encoding='utf-8').read().split('\n')
    state = {'block': False, 'multi': False}
    stack = []  # (name, start line, depth at open)
    depth = 0
    pending = None
    found = []
    for n, raw in enumerate(lines, 1):
        code = strip(raw, state)
        m = re.search(r'\b(func\s+[^\s(<]+|init\??|subscript|deinit)\b', code)
        if m and not state['multi']:
            pending = (m.group(1), n)
        for c in code:
            if c == '{':
                if pending:
                    stack.append((pending[0], pending[1], depth)); pending = None
                depth += 1
            elif c == '}':
                depth -= 1
                if stack and stack[-1][2] == depth:
                    name, start, _ = stack.pop()
                    if n - start + 1 > limit: found.append((n - start + 1, path, start, name))
    return found

limit = 100
args = sys.argv[1:]
if args[:1] == ['--max']: limit = int(args[1]); args = args[2:]
results = []
for root in args or ['Sources']:
    for d, _, files in os.walk(root):
        if 'Generated' in d: continue
        for f in files:
            if f.endswith('.swift'): results += scan(os.path.join(d, f), limit)
for length, path, start, name in sorted(results, reverse=True):
    print(f"{length:4d} lines  {path}:{start}  {name}")
print(f"{len(results)} function(s) over {limit} lines")
