#!/usr/bin/env python3
"""Validate the labels of the agent-file corpus (tests/agents/corpus).

Every `labels/<nn>_<slug>.json` must:
- follow the schema in README.md (source, format, lang, rules, not_rules_note);
- name a stored file `files/<nn>_<slug>/<source.path>` that exists;
- use a format that fits the file's path;
- carry a known license (files from unlicensed repositories are kept out);
- point each rule at a 1-based line whose text contains the rule's first 20
  characters (whitespace collapsed), in ascending line order, without duplicates;
- be listed in the README's table of sources, with the same repo, path, commit and license.

Standard library only. Run from anywhere: `python3 tests/agents/corpus/check_labels.py`.
Exits 1 and lists every problem when a label is wrong.
"""

import json
import re
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent
FORMATS = {
    "AgentsMd": r"(^|/)AGENTS\.md$",
    "ClaudeMd": r"(^|/)CLAUDE\.md$",
    "ClaudeRule": r"(^|/)\.claude/rules/.+\.md$",
    "CursorMdc": r"(^|/)\.cursor/rules/.+\.mdc$",
    "Cursorrules": r"(^|/)\.cursorrules$",
    "CopilotInstructions": r"(^|/)\.github/copilot-instructions\.md$",
    "CopilotScoped": r"(^|/)\.github/instructions/.+\.instructions\.md$",
    "Clinerules": r"(^|/)\.clinerules(/.+\.md)?$",
    "RooRules": r"(^|/)(\.roo/rules(-[\w-]+)?/.+|\.roorules)$",
    "WindsurfRule": r"(^|/)(\.windsurf/rules/.+\.md|\.windsurfrules)$",
    "DevinRule": r"(^|/)\.devin/rules/.+\.md$",
    "GeminiMd": r"(^|/)GEMINI\.md$",
    "ContinueRule": r"(^|/)\.continue/rules/.+\.md$",
    "KiroSteering": r"(^|/)\.kiro/steering/.+\.md$",
    "AntigravityRule": r"(^|/)\.agent/rules/.+\.md$",
}
LICENSES = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "MPL-2.0",
            "GPL-2.0", "GPL-3.0", "LGPL-3.0", "AGPL-3.0", "CC0-1.0", "Unlicense"}
LANGS = {"en", "es"}
SOURCE_KEYS = {"repo", "path", "commit", "license"}
TOP_KEYS = {"source", "format", "lang", "rules", "not_rules_note"}
RULE_KEYS = {"line", "text", "files"}
PREFIX = 20


def collapse(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def readme_rows() -> dict:
    """The sources table of README.md: stem -> (repo, path, commit, license)."""
    rows = {}
    readme = CORPUS / "README.md"
    if not readme.exists():
        return rows
    for line in readme.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and re.fullmatch(r"\d\d_[\w.-]+", cells[0]):
            unquote = lambda c: c.strip("`")
            rows[cells[0]] = tuple(unquote(c) for c in cells[2:6])
    return rows


def check(label: Path, table: dict) -> list:
    errors = []
    err = lambda msg: errors.append(f"{label.name}: {msg}")
    try:
        data = json.loads(label.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"{label.name}: not valid JSON: {e}"]
    if not isinstance(data, dict):
        return [f"{label.name}: not a JSON object"]
    if set(data) != TOP_KEYS:
        err(f"keys {sorted(data)} != {sorted(TOP_KEYS)}")
    src = data.get("source")
    if not isinstance(src, dict) or set(src) != SOURCE_KEYS:
        return errors + [f"{label.name}: source must have exactly {sorted(SOURCE_KEYS)}"]
    for k in SOURCE_KEYS:
        if not isinstance(src[k], str) or not src[k]:
            err(f"source.{k} must be a non-empty string")
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", src.get("repo", "")):
        err(f"source.repo {src.get('repo')!r} is not owner/name")
    if not re.fullmatch(r"[0-9a-f]{40}", src.get("commit", "")):
        err(f"source.commit {src.get('commit')!r} is not a 40-hex sha")
    if src.get("license") not in LICENSES:
        err(f"source.license {src.get('license')!r} is not a known license")
    fmt = data.get("format")
    if fmt not in FORMATS:
        err(f"format {fmt!r} is not one of {sorted(FORMATS)}")
    elif not re.search(FORMATS[fmt], src.get("path", "")):
        err(f"path {src.get('path')!r} does not fit format {fmt}")
    if data.get("lang") not in LANGS:
        err(f"lang {data.get('lang')!r} is not one of {sorted(LANGS)}")
    if not isinstance(data.get("not_rules_note"), str) or not data["not_rules_note"].strip():
        err("not_rules_note must be a non-empty string")

    stored = CORPUS / "files" / label.stem / src["path"]
    if not stored.is_file():
        return errors + [f"{label.name}: stored file {stored.relative_to(CORPUS)} does not exist"]
    raw = stored.read_bytes()
    if len(raw) > 30 * 1024:
        err(f"stored file is {len(raw)} bytes (> 30 KB)")
    text = raw.decode("utf-8").removeprefix("\ufeff")
    lines = text.split("\n")
    others = [p for p in (CORPUS / "files" / label.stem).rglob("*") if p.is_file() and p != stored]
    if others:
        err(f"unexpected extra files {[str(p.relative_to(CORPUS)) for p in others]}")

    rules = data.get("rules")
    if not isinstance(rules, list):
        return errors + [f"{label.name}: rules must be a list"]
    seen, last = set(), 0
    for i, rule in enumerate(rules):
        where = f"rules[{i}]"
        if not isinstance(rule, dict) or set(rule) != RULE_KEYS:
            err(f"{where} must have exactly {sorted(RULE_KEYS)}")
            continue
        line, rtext, files = rule["line"], rule["text"], rule["files"]
        if not isinstance(line, int) or isinstance(line, bool) or not 1 <= line <= len(lines):
            err(f"{where}.line {line!r} is not a line of the file (1..{len(lines)})")
            continue
        if not isinstance(rtext, str) or not rtext.strip():
            err(f"{where}.text must be a non-empty string")
            continue
        if not isinstance(files, list) or not all(isinstance(f, str) and f for f in files):
            err(f"{where}.files must be a list of non-empty strings")
        if line < last:
            err(f"{where} line {line} comes after line {last}")
        last = line
        if (line, rtext) in seen:
            err(f"{where} duplicates line {line} / {rtext[:30]!r}")
        seen.add((line, rtext))
        head = collapse(rtext)[:PREFIX]
        if head not in collapse(lines[line - 1]):
            err(f"{where} line {line} {lines[line - 1][:60]!r} does not contain {head!r}")

    row = table.get(label.stem)
    want = (src["repo"], src["path"], src["commit"], src["license"])
    if row is None:
        err("missing from the README table of sources")
    elif row != want:
        err(f"README row {row} != label source {want}")
    return errors


def main() -> int:
    labels = sorted((CORPUS / "labels").glob("*.json"))
    table = readme_rows()
    errors = []
    for label in labels:
        errors += check(label, table)
    stems = {p.stem for p in labels}
    for d in sorted((CORPUS / "files").iterdir()):
        if d.name not in stems:
            errors.append(f"files/{d.name}: no label file")
    for stem in sorted(set(table) - stems):
        errors.append(f"README row {stem}: no label file")
    rules = sum(len(json.loads(p.read_text(encoding="utf-8"))["rules"]) for p in labels)
    for e in errors:
        print(e)
    print(f"{len(labels)} label files, {rules} rules, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
