#!/usr/bin/env python3
"""Sanity check of the real-rule corpus: every case parses, `class` is one of the four, every
marker pair (U+27E6 / U+27E7) is balanced, never nested or empty, never inside `rule`, and
`behaviour`/`vague` cases mark nothing.

Usage: python3 tests/inference/real/check_markers.py [split ...]   (default: every split)
Exit status 1 when a case is wrong. Prints counts per split, class and language only.
"""

import json
import sys
from collections import Counter
from pathlib import Path

OPEN, CLOSE = "\u27e6", "\u27e7"
CLASSES = {"unambiguous", "hard", "behaviour", "vague"}
ROOT = Path(__file__).resolve().parent


def marker_errors(text: str) -> tuple[list[str], int]:
    errors, pairs, depth, line, start = [], 0, 0, 1, None
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        elif c == OPEN:
            if depth:
                errors.append(f"line {line}: nested {OPEN}")
            depth, start = 1, i
        elif c == CLOSE:
            if not depth:
                errors.append(f"line {line}: {CLOSE} without {OPEN}")
                continue
            if start == i - 1:
                errors.append(f"line {line}: empty marker")
            depth, pairs = 0, pairs + 1
    if depth:
        errors.append(f"{OPEN} never closed")
    return errors, pairs


def check(path: Path) -> tuple[list[str], dict]:
    try:
        case = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        return [f"does not parse: {e}"], {}
    errors = []
    if case.get("class") not in CLASSES:
        errors.append(f"class {case.get('class')!r} is not one of {sorted(CLASSES)}")
    if case.get("lang") not in {"en", "es"}:
        errors.append(f"lang {case.get('lang')!r}")
    rule = json.dumps(case.get("rule", {}), ensure_ascii=False)
    if OPEN in rule or CLOSE in rule:
        errors.append("a marker inside the rule")
    if not case.get("rule", {}).get("Instruction"):
        errors.append("no rule.Instruction")
    for key in ("repo", "path", "commit", "license"):
        if not case.get("source", {}).get(key):
            errors.append(f"no source.{key}")
    marks = 0
    for f in case.get("files", []):
        errs, pairs = marker_errors(f.get("text", ""))
        errors += [f"{f.get('path')}: {e}" for e in errs]
        marks += pairs
    if not case.get("files"):
        errors.append("no sample files")
    if case.get("class") in {"behaviour", "vague"} and marks:
        errors.append(f"a {case['class']} case marks {marks} violation(s)")
    return errors, case


def main() -> int:
    splits = sys.argv[1:] or sorted(p.name for p in ROOT.iterdir() if p.is_dir())
    bad = 0
    for split in splits:
        counts = Counter()
        for path in sorted((ROOT / split).glob("*.json")):
            errors, case = check(path)
            for e in errors:
                print(f"{split}/{path.name}: {e}")
            bad += bool(errors)
            if case:
                counts[(case.get("lang"), case.get("class"))] += 1
        total = sum(counts.values())
        detail = ", ".join(f"{lang}/{cls} {n}" for (lang, cls), n in sorted(counts.items()))
        print(f"{split}: {total} cases ({detail})")
    print("markers and classes: OK" if not bad else f"{bad} case(s) wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
