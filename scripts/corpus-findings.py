#!/usr/bin/env python3
"""Findings of `plist-lsp check` on the shared corpus, per severity and per rule (issue #13's measure).

Usage: scripts/corpus-findings.py [--hints] [BINARY] [CORPUS]
  BINARY defaults to .build/debug/plist-lsp, CORPUS to ../shared/corpus/files. Without --hints it
  counts what check and the editor report by default; with --hints, also the opt-in hint rules.
"""
import collections, json, subprocess, sys

args = [a for a in sys.argv[1:] if a != "--hints"]
binary = args[0] if args else ".build/debug/plist-lsp"
corpus = args[1] if len(args) > 1 else "../shared/corpus/files"
flags = ["--hints"] if "--hints" in sys.argv else []
out = subprocess.run([binary, "check", "--format", "json", "--no-source-evidence", *flags, corpus], capture_output=True, text=True).stdout
files = json.loads(out)["files"]
severities, rules = collections.Counter(), collections.Counter()
for f in files:
    for d in f["problems"]:
        severities[d["severity"]] += 1
        rules[(d["severity"], d["code"])] += 1
print(f"{len(files)} files")
for s in ("error", "warning", "information", "hint"):
    with_any = sum(1 for f in files if any(d["severity"] == s for d in f["problems"]))
    print(f"{s:12s} {severities[s]:5d}  {severities[s] / max(len(files), 1):.2f} per file  in {with_any} files")
for (s, r), k in sorted(rules.items(), key=lambda x: (-x[1], x[0])):
    print(f"  {k:5d} {s:12s} {r}")
