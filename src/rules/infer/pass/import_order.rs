//! Import order pass: "Sort imports with standard library first, then third-party, then local",
//! "Organize imports: dart:core first, then package imports, then relative imports", "Agrupa
//! los imports: primero la librería estándar, luego las de terceros y al final las locales" — in
//! one block of imports, an import of an earlier group after one of a later group is flagged,
//! per language: Python (standard-library modules, relative imports), Go (standard packages in
//! an `import (…)` block), JS/TS (bare specifiers, relative and `@/` ones), Dart (`dart:`,
//! `package:`, relative), Rust (`std`/`core`/`alloc`, `crate`/`self`/`super`). Groups named in
//! another order, and orders no group tells ("alphabetically"), are left unchecked with a note.

use super::super::files::{FileScope, Lang};
use super::super::text::Kind;
use super::super::words::{
    ALPHABETICAL_WORDS, EXTERNAL_GROUP_WORDS, GO_STD_PACKAGES, IMPORT_ORDER_WORDS, IMPORT_WORDS,
    JS_SOURCE_FOLDERS, LOCAL_GROUP_WORDS, PYTHON_STDLIB, STD_GROUP_WORDS,
};
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

/// The groups of imports a rule orders, in the order every convention puts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    /// The language's own library: Python's stdlib, Go's standard packages, `dart:`, `std`.
    Std,
    /// Packages from elsewhere: third-party, external, `package:`.
    External,
    /// The project's own modules: local, internal, relative, aliased (`@/`).
    Local,
}

impl Group {
    fn name(self) -> &'static str {
        match self {
            Group::Std => "standard library",
            Group::External => "third-party",
            Group::Local => "local",
        }
    }
}

/// The ecosystems whose import blocks the pass can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Python,
    Go,
    Js,
    Dart,
    Rust,
}

impl Syntax {
    const ALL: [Syntax; 5] = [Syntax::Python, Syntax::Go, Syntax::Js, Syntax::Dart, Syntax::Rust];

    fn langs(self) -> &'static [Lang] {
        match self {
            Syntax::Python => &[Lang::Python],
            Syntax::Go => &[Lang::Go],
            Syntax::Js => &[Lang::TypeScript, Lang::JavaScript],
            Syntax::Dart => &[Lang::Dart],
            Syntax::Rust => &[Lang::Rust],
        }
    }

    /// The ecosystem a named language writes its imports in.
    fn of(lang: Lang) -> Option<Syntax> {
        match lang {
            Lang::Python => Some(Syntax::Python),
            Lang::Go => Some(Syntax::Go),
            Lang::TypeScript | Lang::JavaScript | Lang::React | Lang::Vue | Lang::Svelte => Some(Syntax::Js),
            Lang::Dart => Some(Syntax::Dart),
            Lang::Rust => Some(Syntax::Rust),
            _ => None,
        }
    }
}

/// Which of the two orderings the rule's words state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Order {
    /// The standard library comes first: one of its imports after any other is out of place.
    std_first: bool,
    /// Third-party before local: an outside import after a local one is out of place.
    external_before_local: bool,
}

pub fn run(ctx: &Context, out: &mut Found) {
    let tool = said_syntax(ctx);
    if !ctx.says(IMPORT_WORDS) && tool.is_none() {
        return;
    }
    if !ctx.says(IMPORT_ORDER_WORDS) {
        return;
    }
    let said = groups_said(ctx);
    if said.len() < 2 {
        if ctx.says(ALPHABETICAL_WORDS) {
            out.note(
                At::Places,
                "imports in alphabetical order: no check is inferred for an order within a group".into(),
            );
        }
        return;
    }
    let words: Vec<String> = said.iter().map(|(_, w)| format!("\"{w}\"")).collect();
    if said.windows(2).any(|w| w[0].0 > w[1].0) {
        let order: Vec<&str> = said.iter().map(|(g, _)| g.name()).collect();
        out.note(
            At::Places,
            format!(
                "imports grouped {} ({}): only standard library → third-party → local is checked",
                order.join(" → "),
                words.join(", ")
            ),
        );
        return;
    }
    let has = |g: Group| said.iter().any(|(s, _)| *s == g);
    let order = Order {
        std_first: has(Group::Std),
        external_before_local: has(Group::External) && has(Group::Local),
    };
    let named: Vec<Lang> = ctx.named.langs();
    let syntaxes: Vec<Syntax> = match tool {
        Some(s) => vec![s],
        None if named.is_empty() => Syntax::ALL.to_vec(),
        None => {
            let mut v: Vec<Syntax> = Vec::new();
            for s in named.iter().filter_map(|l| Syntax::of(*l)) {
                if !v.contains(&s) {
                    v.push(s);
                }
            }
            if v.is_empty() {
                out.note(
                    At::Places,
                    format!(
                        "the order of imports in {} is not checked (Python, Go, JS/TS, Dart and Rust are)",
                        lang_names(&named)
                    ),
                );
            }
            v
        }
    };
    let groups: Vec<&str> = said.iter().map(|(g, _)| g.name()).collect();
    for syntax in syntaxes {
        let langs = syntax.langs();
        let mut scope = FileScope::of_langs(langs, String::new());
        scope.why = format!("{} ({})", lang_names(langs), scope.describe());
        ctx.narrow(&mut scope);
        let within = if syntax == Syntax::Go {
            Within::Any
        } else {
            Within::Code
        };
        for (pattern, flags) in patterns(syntax, order) {
            let explanation = format!(
                "imports in the order {} ({}): {flags}, in one block of imports; scope {}",
                groups.join(" → "),
                words.join(", "),
                scope.why
            );
            out.check(
                At::Places,
                ctx.pattern_check(pattern, scope.clone(), None, explanation, within),
            );
        }
    }
}

/// The ecosystem of an import-sorting tool the rule names ("use goimports to auto-fix", isort).
/// Also the ecosystem a path the rule quotes is Rust's (`crate::…`).
fn said_syntax(ctx: &Context) -> Option<Syntax> {
    ctx.tokens.iter().find_map(|t| match t.lower.trim() {
        "goimports" | "gci" => Some(Syntax::Go),
        "isort" => Some(Syntax::Python),
        s if t.is_code() && s.starts_with("crate::") => Some(Syntax::Rust),
        _ => None,
    })
}

/// The groups the rule names, each at its first mention, in the order it names them.
fn groups_said(ctx: &Context) -> Vec<(Group, String)> {
    let mut said: Vec<(Group, String)> = Vec::new();
    let tokens = ctx.tokens;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let next = tokens
            .get(i + 1)
            .filter(|n| n.is_word())
            .map(|n| n.lower.as_str());
        let (group, words, width) = match t.kind {
            Kind::Word => {
                let w = t.lower.as_str();
                // "standard library", "librería estándar": one group in two words.
                let library = |x: Option<&str>| {
                    x.is_some_and(|x| {
                        matches!(
                            x,
                            "library" | "libraries" | "lib" | "libs" | "librería" | "libreria" | "biblioteca"
                        )
                    })
                };
                let standard =
                    |x: Option<&str>| x.is_some_and(|x| matches!(x, "estándar" | "estandar" | "standard"));
                if (w == "standard" && library(next)) || (library(Some(w)) && standard(next)) {
                    (Some(Group::Std), format!("{} {}", t.text, tokens[i + 1].text), 2)
                } else if w == "dart" && ctx.rule.instruction.contains("dart:") {
                    // "dart:core first, then dart:*", unquoted: the tokens lose the colon.
                    (Some(Group::Std), "dart:".to_string(), 1)
                } else if w == "package" && matches!(next, Some("imports" | "import")) {
                    (
                        Some(Group::External),
                        format!("{} {}", t.text, tokens[i + 1].text),
                        2,
                    )
                } else if STD_GROUP_WORDS.contains(&w) {
                    (Some(Group::Std), t.text.clone(), 1)
                } else if EXTERNAL_GROUP_WORDS.contains(&w) {
                    (Some(Group::External), t.text.clone(), 1)
                } else if LOCAL_GROUP_WORDS.contains(&w) {
                    (Some(Group::Local), t.text.clone(), 1)
                } else {
                    (None, String::new(), 1)
                }
            }
            Kind::Span(_) | Kind::Bare | Kind::Path => {
                let s = t.text.trim();
                let group = if s.starts_with("dart:") || matches!(s, "std" | "stdlib" | "node:*") {
                    Some(Group::Std)
                } else if s.starts_with("package:") {
                    Some(Group::External)
                } else if s.starts_with("./")
                    || s.starts_with("../")
                    || s.starts_with("@/")
                    || s.starts_with("crate::")
                    || s == "."
                {
                    Some(Group::Local)
                } else {
                    None
                };
                (group, s.to_string(), 1)
            }
            _ => (None, String::new(), 1),
        };
        if let Some(g) = group
            && !said.iter().any(|(s, _)| *s == g)
        {
            said.push((g, words));
        }
        i += width;
    }
    said
}

/// The patterns flagging out-of-place imports of `syntax` under `order`, each with what it
/// flags in words, when the order says anything its imports can show. Each has one `hit` (a
/// regex names a group once), so an order of three groups takes two patterns; neither crosses a
/// line the other starts from, so no import is flagged twice.
fn patterns(syntax: Syntax, order: Order) -> Vec<(String, String)> {
    match syntax {
        Syntax::Python => python(order),
        Syntax::Go if order.std_first => vec![(
            go(),
            "a standard package after a path with a dot (`github.com/…`)".into(),
        )],
        Syntax::Js if order.external_before_local => vec![(
            js(),
            "a bare package name (`react`, `@scope/pkg`, `node:fs`) after a relative or aliased specifier (`./`, `../`, `@/`, `~/`, `#`)".into(),
        )],
        Syntax::Go | Syntax::Js => Vec::new(),
        Syntax::Dart => dart(order),
        Syntax::Rust => rust(order),
    }
}

/// A run of one group's import lines (`line`: one line, and the blank and comment lines after
/// it), then the first import `hit` names: what follows the run out of place.
fn after_run(line: &str, hit: &str) -> String {
    format!("^{line}(?:{line})*?{hit}")
}

/// Blank lines and `//` comment lines between imports (Dart, Rust).
const SLASH_GAP: &str = r"(?:[ \t]*(?://[^\n]*)?\r?\n)*";

/// Python. Blank and comment lines and the lines of a parenthesized `from x import (…)` stay in
/// the block; any other line ends it (`try:`, `if TYPE_CHECKING:`, code), and only imports at
/// the start of a line count. A line importing the standard library is consumed by the first
/// alternative (no hit), so the second one starts only at an import of another module, and
/// crosses absolute imports only: after a relative import, the other pattern takes over.
fn python(order: Order) -> Vec<(String, String)> {
    const GAP: &str = r"(?:[ \t]*(?:#[^\n]*)?\r?\n)*";
    const TAIL: &str = r"(?:[ \t]*\([^)]*\))?[^\n]*\n";
    let std = format!(r"(?:{})\b(?:\.\w+)*", PYTHON_STDLIB.join("|"));
    let absolute = r"\w+(?:\.\w+)*";
    let relative = r"\.+(?:\w+(?:\.\w+)*)?";
    let line = |module: &str| format!(r"(?:import[ \t]+{module}|from[ \t]+{module}[ \t]+import\b)");
    let hit = |module: &str| format!(r"(?P<hit>{}(?:[^\r\n#]*[^\s#])?)", line(module));
    let mut patterns = Vec::new();
    if order.std_first {
        let absolute_line = format!("{}{TAIL}{GAP}", line(absolute));
        patterns.push((
            format!("^{}|{}", line(&std), after_run(&absolute_line, &hit(&std))),
            "a standard-library import after another module's".to_string(),
        ));
    }
    // After a run of relative imports, the first absolute one: any when third-party comes
    // before local, one of the standard library's when only it is said to come first.
    let (after_local, what) = if order.external_before_local {
        (absolute, "absolute")
    } else {
        (std.as_str(), "standard-library")
    };
    let relative_line = format!(r"from[ \t]+{relative}[ \t]+import\b{TAIL}{GAP}");
    patterns.push((
        after_run(&relative_line, &hit(after_local)),
        format!("after relative imports (`from .`), the first {what} one"),
    ));
    patterns
}

/// Go: in an `import (…)` block, a standard package after a path whose first element has a dot
/// (`github.com/…`); paths without one (a module named `myapp`) are never taken for either.
fn go() -> String {
    const GAP: &str = r"[ \t]*(?://[^\n]*)?\r?\n";
    const SPEC: &str = r#"[ \t]*(?:[\w.]+[ \t]+)?""#;
    let std = GO_STD_PACKAGES.join("|");
    format!(
        r#"^import[ \t]*\([^\n]*\n(?:{GAP}|{SPEC}[^".\n]*"[^\n]*\n)*{SPEC}[^"/\n]*\.[^"\n]*"[^\n]*\n(?:{GAP}|{SPEC}[^"\n]*"[^\n]*\n)*?{SPEC}(?P<hit>(?:{std})(?:/[^"\n]*)?)""#
    )
}

/// JS/TS: a bare package name imported after a relative or aliased specifier. A bare name that
/// is a usual source folder (`components/Button`, `utils/dates`: a `baseUrl` import) is taken
/// for neither.
fn js() -> String {
    const GAP: &str = r"(?:[ \t]*(?://[^\n]*|/\*[^\n]*\*/[ \t]*)?\r?\n)*";
    const HEAD: &str = r#"import[ \t]+(?:type[ \t]+)?(?:[^'";]*?\bfrom[ \t]*)?['"]"#;
    let local = r#"(?:\.\.?(?:/[^'"\n]*)?|[@~]/[^'"\n]*|#[^'"\n]*)"#;
    let bare = format!(
        r#"(?:node:[^'"\n]*|@[\w.\-]+/[^'"\n]*|{}(?:/[^'"\n]*)?)"#,
        name_except("a-zA-Z0-9", r"a-zA-Z0-9_.\-", JS_SOURCE_FOLDERS)
    );
    format!(
        r#"^{HEAD}{local}['"][^\n]*\n{GAP}(?:{HEAD}[^'"\n]*['"][^\n]*\n{GAP})*?(?P<hit>{HEAD}{bare}['"])"#
    )
}

/// Dart: `dart:` after `package:` imports, and after relative ones the first `package:` (or
/// `dart:`) import.
fn dart(order: Order) -> Vec<(String, String)> {
    const DART: &str = r#"['"]dart:[^'"\n]*['"]"#;
    const PACKAGE: &str = r#"['"]package:[^'"\n]*['"]"#;
    const RELATIVE: &str = r#"['"][^'":\n]*['"]"#;
    let line = |what: &str| format!(r"import[ \t]+(?:{what})[^\n]*\n{SLASH_GAP}");
    let hit = |what: &str| format!(r"(?P<hit>import[ \t]+(?:{what})[^;\n]*;?)");
    let mut patterns = Vec::new();
    if order.std_first {
        patterns.push((
            after_run(&line(PACKAGE), &hit(DART)),
            "a `dart:` import after a `package:` one".to_string(),
        ));
    }
    let (after_local, what) = match (order.std_first, order.external_before_local) {
        (true, true) => (format!("{DART}|{PACKAGE}"), "`dart:` or `package:`"),
        (false, true) => (PACKAGE.to_string(), "`package:`"),
        _ => (DART.to_string(), "`dart:`"),
    };
    patterns.push((
        after_run(&line(RELATIVE), &hit(&after_local)),
        format!("after relative imports, the first {what} one"),
    ));
    patterns
}

/// Rust: `use std::…` (`core`, `alloc`) after another crate's, and after the crate's own
/// (`crate::`, `self::`, `super::`) the first `use` of anything else. `use` at the start of a
/// line only (not inside `mod tests`); attributes and other items end the block.
fn rust(order: Order) -> Vec<(String, String)> {
    const NAME: &str = "A-Za-z0-9_";
    let use_of = |krate: &str| format!(r"(?:pub(?:\([^)\n]*\))?[ \t]+)?use[ \t]+(?:::)?(?:{krate})\b");
    let line = |krate: &str| format!(r"{}[^;]*;[^\n]*\n{SLASH_GAP}", use_of(krate));
    let hit = |krate: &str| format!(r"(?P<hit>{}[^;\n]*;?)", use_of(krate));
    let std = "std|core|alloc";
    let local = "crate|self|super";
    let not_local = name_except("A-Za-z_", NAME, &["crate", "self", "super"]);
    let mut patterns = Vec::new();
    if order.std_first {
        patterns.push((
            format!("^{}|{}", use_of(std), after_run(&line(&not_local), &hit(std))),
            "a `use` of `std`, `core` or `alloc` after another crate's".to_string(),
        ));
    }
    let (after_local, what) = if order.external_before_local {
        (not_local.as_str(), "another crate")
    } else {
        (std, "`std`, `core` or `alloc`")
    };
    patterns.push((
        after_run(&line(local), &hit(after_local)),
        format!("after `use crate::`, `self::` or `super::`, the first `use` of {what}"),
    ));
    patterns
}

/// A regex for a name of `class` characters starting with one of `first` (the insides of
/// character classes: `a-z0-9_.\-`) that is none of `words`. The checks' regexes have no
/// look-ahead, so the exclusion is spelled out over the words' prefixes: at each prefix, a
/// character that leads away from every word (then anything), a character that follows one, or —
/// where the prefix is not itself a word — the end. Where the pattern uses it, the name must be
/// followed by something outside `class`.
fn name_except(first: &str, class: &str, words: &[&str]) -> String {
    fn node(first: &str, class: &str, words: &[&str], prefix: &str) -> String {
        let here = if prefix.is_empty() { first } else { class };
        let mut next: Vec<char> = words
            .iter()
            .filter_map(|w| w.strip_prefix(prefix).and_then(|rest| rest.chars().next()))
            .collect();
        next.sort_unstable();
        next.dedup();
        let mut alternatives = Vec::new();
        if next.is_empty() {
            alternatives.push(format!("[{here}][{class}]*"));
        } else {
            let away: String = next.iter().map(|c| regex::escape(&c.to_string())).collect();
            alternatives.push(format!("[[{here}]&&[^{away}]][{class}]*"));
            for c in &next {
                let longer = format!("{prefix}{c}");
                alternatives.push(format!(
                    "{}{}",
                    regex::escape(&c.to_string()),
                    node(first, class, words, &longer)
                ));
            }
        }
        let body = format!("(?:{})", alternatives.join("|"));
        if !prefix.is_empty() && !words.contains(&prefix) {
            format!("{body}?")
        } else {
            body
        }
    }
    node(first, class, words, "")
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;
    use super::name_except;

    const PY_RULE: &str =
        "**Imports**: Sort imports with standard library first, then third-party, then local";

    #[test]
    fn a_name_except_some_words() {
        let re = regex::Regex::new(&format!(
            r"^{}$",
            name_except("a-z_", "a-z0-9_", &["std", "core", "crate", "self", "super"])
        ))
        .unwrap();
        for yes in [
            "serde", "s", "st", "stdx", "cor", "cores", "crates", "sel", "selfish", "sup", "tokio", "c",
        ] {
            assert!(re.is_match(yes), "{yes}");
        }
        for no in ["std", "core", "crate", "self", "super", ""] {
            assert!(!re.is_match(no), "{no}");
        }
    }

    #[test]
    fn python_standard_library_after_the_others() {
        let py = "\"\"\"Client.\"\"\"\nfrom __future__ import annotations\n\nimport os\nfrom dataclasses import dataclass\n\nimport requests\nimport json  # late\n\nfrom pinecone_evals.models import EvalResult\nfrom typing import (\n    Any,\n)\n\n\ndef f():\n    import json\n    return json\n";
        assert_eq!(
            texts(PY_RULE, "client.py", py),
            ["import json", "from typing import ("]
        );
        let ordered = "import os\nimport sys\n\nimport requests\nfrom django.db import models\n\nfrom . import views\nfrom .models import Post\n";
        assert!(texts(PY_RULE, "app/views.py", ordered).is_empty());
        // CRLF, a comment between groups, `import osmosis` is not `os`.
        let crlf = "import requests\r\n# stdlib\r\n\r\nimport osmosis\r\nimport os.path\r\n";
        assert_eq!(texts(PY_RULE, "a.py", crlf), ["import os.path"]);
        // A third-party import after a relative one.
        let rel = "import os\n\nfrom .models import Post\nimport requests\n";
        assert_eq!(texts(PY_RULE, "a.py", rel), ["import requests"]);
        // Code, `try:` and `if TYPE_CHECKING:` end the block; a docstring's example is prose.
        let blocks = "import requests\n\ntry:\n    import ujson as json\nexcept ImportError:\n    import json\nimport os\n";
        assert!(texts(PY_RULE, "a.py", blocks).is_empty());
        let doc = "\"\"\"Example:\n\nimport requests\nimport os\n\"\"\"\nimport os\n";
        assert!(texts(PY_RULE, "a.py", doc).is_empty());
    }

    #[test]
    fn go_standard_packages_after_the_others() {
        let i = "Imports: group standard library, external, internal; use goimports to auto-fix.";
        let go = "package handlers\n\nimport (\n\t\"database/sql\"\n\t\"net/http\"\n\n\t\"github.com/google/uuid\"\n\n\tdatabase \"ytsruh.com/envoy/server/database/generated\"\n\t\"fmt\"\n\t\"ytsruh.com/envoy/server/utils\"\n)\n\nvar names = []string{\n\t\"github.com\",\n\t\"fmt\",\n}\n";
        assert_eq!(texts(i, "server/handlers/projects.go", go), ["fmt"]);
        let ordered = "package main\n\nimport (\n\t\"fmt\"\n\t\"myapp/internal/db\"\n\n\t\"github.com/google/uuid\"\n\t\"myapp/internal/api\"\n)\n";
        assert!(texts(i, "main.go", ordered).is_empty());
        // goimports names Go: no check in Python.
        assert!(texts(i, "a.py", "import requests\nimport os\n").is_empty());
    }

    #[test]
    fn js_packages_after_local_ones() {
        let i = "Order imports: external libraries first, then internal modules.";
        let ts = "import React from 'react';\nimport { Button } from '@/components/ui/button';\n// utils\nimport {\n  format,\n} from 'date-fns';\nimport Card from 'components/Card';\n";
        assert_eq!(
            texts(i, "src/App.tsx", ts),
            ["import {\n  format,\n} from 'date-fns'"]
        );
        let ordered = "import React from 'react';\nimport { z } from 'zod';\nimport type { Post } from '@scope/types';\n\nimport { api } from '../api';\nimport './App.css';\nimport Card from 'components/Card';\n";
        assert_eq!(texts(i, "src/App.tsx", ordered), Vec::<String>::new());
        let node = "import { helper } from './helper'\nimport fs from 'node:fs'\n";
        assert_eq!(texts(i, "a.js", node), ["import fs from 'node:fs'"]);
    }

    #[test]
    fn dart_and_rust_groups() {
        let i = "Organize imports: dart:core first, then dart:*, then package imports, then relative imports";
        let dart = "import 'package:flutter/foundation.dart';\nimport 'package:shared_preferences/shared_preferences.dart';\nimport 'dart:async';\n\nimport '../../utils/currency_utils.dart';\nimport 'package:http/http.dart' as http;\n";
        assert_eq!(
            texts(i, "lib/core/services/currency_service.dart", dart),
            ["import 'dart:async';", "import 'package:http/http.dart' as http;"]
        );
        let ordered = "import 'dart:async';\nimport 'dart:io';\n\nimport 'package:flutter/material.dart';\n\nimport 'widgets/card.dart';\n";
        assert!(texts(i, "lib/main.dart", ordered).is_empty());
        let r = "Group Rust imports: std first, then external crates, then crate-local modules";
        let rs = "use std::fmt;\n\nuse serde::Deserialize;\nuse std::collections::HashMap;\n\nuse crate::model::{\n    Rule,\n};\nuse rayon::prelude::*;\nuse self::inner::X;\n";
        assert_eq!(
            texts(r, "src/lib.rs", rs),
            ["use std::collections::HashMap;", "use rayon::prelude::*;"]
        );
        let r2 = "Imports: group std, external, crate; no glob imports; prefer explicit use; keep `crate::…` paths";
        assert_eq!(
            texts(r2, "src/lib.rs", rs),
            ["use std::collections::HashMap;", "use rayon::prelude::*;"]
        );
        assert!(
            texts(r2, "a.py", "import requests\nimport os\n").is_empty(),
            "`crate::` says Rust"
        );
        let ordered = "use std::fmt;\nuse core::mem;\n\nuse serde::Deserialize;\nuse stdx::Thing;\n\nuse crate::model::Rule;\nuse super::X;\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use std::io;\n}\n";
        assert!(texts(r, "src/lib.rs", ordered).is_empty());
    }

    #[test]
    fn spanish_and_orders_not_checked() {
        let es =
            "Agrupa los imports: primero la librería estándar, luego las de terceros y al final las locales.";
        assert_eq!(texts(es, "a.py", "import requests\nimport os\n"), ["import os"]);
        // Another order, one group, an order within groups, no order at all: no check.
        for i in [
            "Imports: local modules first, then third-party, then standard library.",
            "Sort imports alphabetically.",
            "Prefer relative imports for local modules.",
            "Never import third-party libraries into local modules.",
        ] {
            assert!(texts(i, "a.py", "import requests\nimport os\n").is_empty(), "{i}");
            assert!(
                texts(i, "a.py", "from .a import b\nimport requests\n").is_empty(),
                "{i}"
            );
        }
    }
}
