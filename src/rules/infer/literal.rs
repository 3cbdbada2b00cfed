//! A forbidden literal: what kind of code it is (identifier, call, operator, dotted path,
//! directive, command…), which languages it implies on its own, and the boundary-aware regex
//! that finds it (`var` never in `variable`, `print(` never in `blueprint(`, `==` never inside
//! `===` or `!==`).

use super::concepts;
use super::files::Lang;
use super::text::{
    OP_CHARS, callee, first_segment, has_code_prefix, is_call, is_go_member, is_ident, is_operator,
    is_qualified, looks_like_path,
};
use super::words;
use super::words::{
    CODE_LEADS, COMMENT_DIRECTIVES, NAMING_STYLES, PROSE_WORDS, RUST_MACROS, SQL_WORDS, TOOLS,
};

/// What a literal is, which decides its boundaries and when a fix may replace it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LitKind {
    /// `any`, `lodash`, `innerHTML`.
    Identifier,
    /// `print(`, `eval()`, `console.log()`: matched as calls of the callee.
    Call,
    /// `.only`, `.unwrap`: a member access.
    Member,
    /// `os.path`, `console.log`, `std::mem::forget`.
    Dotted,
    /// `println!`.
    Macro,
    /// `==`, `=>`, `&&`.
    Operator,
    /// `@ts-ignore`, `!important`, `# noqa`, `#[allow(dead_code)]`.
    Directive,
    /// Several tokens of code: `as any`, `SELECT *`, `import *`.
    Phrase,
    /// A shell command: `npm install`, `git push --force`.
    Command,
    /// A command-line flag: `--force`, `--no-verify`.
    Flag,
    /// An HTML tag: `<center>`.
    Tag,
    /// A path: `src/api/`, `.env`.
    Path,
}

impl LitKind {
    pub fn describe(self) -> &'static str {
        match self {
            LitKind::Identifier => "identifier",
            LitKind::Call => "call",
            LitKind::Member => "member access",
            LitKind::Dotted => "qualified name",
            LitKind::Macro => "macro",
            LitKind::Operator => "operator",
            LitKind::Directive => "directive",
            LitKind::Phrase => "code phrase",
            LitKind::Command => "command",
            LitKind::Flag => "command-line flag",
            LitKind::Tag => "HTML tag",
            LitKind::Path => "path",
        }
    }
}

/// A code span read as a literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    pub text: String,
    pub kind: LitKind,
    /// Languages the literal implies on its own (`os.path` → Python).
    pub langs: Vec<Lang>,
    pub case_insensitive: bool,
}

impl Literal {
    /// The text a fix should put in place of a match of this literal's kind: the callee for
    /// calls (`logger.info()` → `logger.info`), the text itself otherwise.
    pub fn replacement(&self) -> String {
        match self.kind {
            LitKind::Call => callee(&self.text).trim_start_matches('.').to_string(),
            LitKind::Member => self.text.trim_start_matches('.').to_string(),
            _ => self.text.clone(),
        }
    }
}

/// First segments of qualified names (in `words`) and the language they give away.
const CODE_PREFIXES: &[(&[&str], &[Lang])] = &[
    (words::JS_OBJECTS, &[Lang::TypeScript, Lang::JavaScript]),
    (words::PY_MODULES, &[Lang::Python]),
    (words::PY_ONLY_MODULES, &[Lang::Python]),
    (words::GO_PACKAGES, &[Lang::Go]),
    (words::JAVA_OBJECTS, &[Lang::Java]),
    (words::CSHARP_OBJECTS, &[Lang::CSharp]),
    (words::RUST_CRATES, &[Lang::Rust]),
];

pub fn is_prose_word(word: &str) -> bool {
    PROSE_WORDS.contains(&word.to_lowercase().as_str())
}

/// Why a span is not turned into a literal.
pub type Skip = &'static str;

/// Reads a code span as a literal, or says why it is not one.
pub fn classify(raw: &str) -> Result<Literal, Skip> {
    let text = raw.trim();
    let lit = |kind: LitKind, langs: Vec<Lang>| {
        Ok(Literal {
            text: text.to_string(),
            kind,
            langs,
            case_insensitive: false,
        })
    };
    if text.is_empty() {
        return Err("empty");
    }
    // `@Input()`: a decorator written as its call names the decorator, however it is called
    // (`@Input() label`, `@Input({ required: true })`).
    if let Some(name) = text.strip_suffix("()")
        && let Some(ident) = name.strip_prefix('@')
        && ident.len() > 1
        && ident.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')
    {
        return classify(name);
    }
    if text.chars().count() == 1 {
        return Err("a single character is too generic to match");
    }
    if text.chars().count() > 80 {
        return Err("too long to be a literal");
    }
    let style = text
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_lowercase();
    if NAMING_STYLES.contains(&style.as_str())
        && text
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '-')
    {
        return Err("a naming style, not a literal");
    }
    // `$: total = a + b;`, `$: { ... }`: a Svelte reactive statement, its placeholders and all.
    if text.starts_with("$:") {
        return lit(LitKind::Phrase, vec![Lang::Svelte]);
    }
    // `Log.*`: any member of a class.
    if super::text::is_member_wildcard(text) {
        return lit(LitKind::Dotted, vec![]);
    }
    // `type(scope): ...`, `feat: …`: a form with a placeholder, not text to find — a "..." of
    // its own (inside brackets it is a call's arguments, `console.log(...)`; against words it is
    // text, `// ...existing code...`).
    let mut depth = 0i32;
    let mut outside = String::new();
    for c in text.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ if depth <= 0 => outside.push(c),
            _ => {}
        }
    }
    if outside.split_whitespace().any(|w| w == "..." || w == "…") {
        // `npx nx ...`: a command and its subcommand, whatever arguments follow — the command
        // (a tool alone, `cargo …`, stands for all it does: that stays a form).
        if let Some(head) = text.strip_suffix("...").or_else(|| text.strip_suffix('…'))
            && head.ends_with(' ')
            && head.split_whitespace().count() >= 2
            && let Ok(l) = classify(head.trim_end())
            && l.kind == LitKind::Command
        {
            return Ok(l);
        }
        return Err("a form with a placeholder (\"...\"), not code to find");
    }
    // `if (foo) x = 1`: code written with placeholder names shows a form, it is not code to find.
    if text.contains(char::is_whitespace)
        && text
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|w| matches!(w, "foo" | "bar" | "baz" | "qux"))
    {
        return Err("an example with placeholder names (`foo`, `bar`), not code to find");
    }
    // "fire-and-forget", "quick-and-dirty", "up-to-date": words joined into one adjective.
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() >= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase()))
        && parts[1..parts.len() - 1].iter().any(|p| {
            matches!(
                *p,
                "and" | "or" | "to" | "of" | "in" | "the" | "a" | "by" | "for" | "on"
            )
        })
    {
        return Err("a hyphenated phrase, not code");
    }
    // `0755`: an octal literal in the old spelling ("use `0o755` not `0755`") is code.
    let old_octal =
        text.len() >= 3 && text.starts_with('0') && text[1..].chars().all(|c| ('0'..='7').contains(&c));
    if old_octal {
        // A number is code only: "mode 0755" in a string is a message.
        return lit(LitKind::Phrase, vec![]);
    }
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '_' | '-' | '+' | '%'))
    {
        return Err("a number");
    }
    if text.contains(char::is_whitespace) {
        return classify_phrase(text);
    }
    // `feat:`, `fix(api):`: a Conventional Commits type, which only commit messages hold.
    if is_commit_type(text) {
        return lit(LitKind::Phrase, vec![Lang::Commit]);
    }
    if is_operator(text) {
        let langs = match text {
            "===" | "!==" | "??" | "?." | "??=" => vec![Lang::TypeScript, Lang::JavaScript],
            "<>" => vec![Lang::Sql],
            _ => vec![],
        };
        return lit(LitKind::Operator, langs);
    }
    // `<stdint.h>`, `<sys/types.h>`: a C/C++ header, included, not an HTML tag.
    if let Some(header) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>'))
        && [".h", ".hpp", ".hh", ".hxx"].iter().any(|e| header.ends_with(e))
        && header
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-'))
    {
        return lit(LitKind::Phrase, vec![Lang::Cpp]);
    }
    if text.starts_with('<')
        && text.len() > 2
        && text[1..].chars().next().is_some_and(|c| c.is_ascii_alphabetic())
    {
        let name: String = text[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !name.is_empty() {
            let mut l = Literal {
                text: format!("<{name}"),
                kind: LitKind::Tag,
                langs: vec![Lang::Html, Lang::React, Lang::Vue, Lang::Svelte],
                case_insensitive: true,
            };
            if name.chars().any(|c| c.is_ascii_uppercase()) {
                // `<Foo>` is a component, not an HTML tag.
                l.case_insensitive = false;
                l.langs = vec![Lang::React, Lang::Vue, Lang::Svelte];
            }
            return Ok(l);
        }
    }
    if RUST_MACROS.contains(&text.trim_end_matches("()"))
        || (text.ends_with('!') && is_ident(&text[..text.len() - 1]))
    {
        return Ok(Literal {
            text: text.trim_end_matches("()").to_string(),
            kind: LitKind::Macro,
            langs: vec![Lang::Rust],
            case_insensitive: false,
        });
    }
    if let Some(open) = text.find('(')
        && text[..open].ends_with('!')
        && is_ident(text[..open].trim_end_matches('!'))
    {
        return Ok(Literal {
            text: text[..open].to_string(),
            kind: LitKind::Macro,
            langs: vec![Lang::Rust],
            case_insensitive: false,
        });
    }
    if is_call(text) {
        let name = callee(text);
        let langs = implied_by_name(name);
        if name.starts_with('.') {
            return Ok(Literal {
                text: text.to_string(),
                kind: LitKind::Call,
                langs,
                case_insensitive: false,
            });
        }
        return lit(LitKind::Call, langs);
    }
    if let Some(rest) = text.strip_prefix('.')
        && is_ident(rest)
    {
        let langs = if matches!(rest, "unwrap" | "expect" | "clone") {
            vec![Lang::Rust]
        } else {
            vec![]
        };
        return lit(LitKind::Member, langs);
    }
    if is_directive(text) {
        return lit(LitKind::Directive, directive_langs(text));
    }
    if looks_like_path(text) && !has_code_prefix(text) && !is_go_member(text) {
        return lit(LitKind::Path, vec![]);
    }
    if is_qualified(text) {
        return lit(LitKind::Dotted, implied_by_name(text));
    }
    if text.starts_with('-')
        && text.len() > 2
        && text
            .trim_start_matches('-')
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-')
    {
        // A command-line flag: `--force`, `--no-verify`.
        return lit(LitKind::Flag, vec![]);
    }
    // `bg-opacity-*`, `sp_*`: every name with that prefix.
    if let Some(stem) = text.strip_suffix('*')
        && (stem.ends_with('-') || stem.ends_with('_'))
        && stem.len() > 2
        && stem.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    {
        return lit(LitKind::Identifier, vec![]);
    }
    if is_ident(text)
        || text.contains('-')
            && text
                .split('-')
                .all(|p| !p.is_empty() && p.chars().all(char::is_alphanumeric))
    {
        if TOOLS.contains(&text) {
            return lit(LitKind::Command, vec![]);
        }
        if SQL_WORDS.contains(&text) {
            return Ok(Literal {
                text: text.to_string(),
                kind: LitKind::Identifier,
                langs: vec![Lang::Sql],
                case_insensitive: true,
            });
        }
        return lit(LitKind::Identifier, vec![]);
    }
    lit(LitKind::Phrase, vec![])
}

/// A Conventional Commits type with its colon: `feat:`, `fix(parser):`, `refactor!:`.
fn is_commit_type(text: &str) -> bool {
    const TYPES: &[&str] = &[
        "feat", "fix", "chore", "docs", "refactor", "test", "tests", "style", "perf", "build", "ci", "revert",
    ];
    let Some(head) = text.strip_suffix(':') else {
        return false;
    };
    let head = head.trim_end_matches('!');
    let name = match head.split_once('(') {
        Some((name, scope)) if scope.ends_with(')') => name,
        Some(_) => return false,
        None => head,
    };
    TYPES.contains(&name)
}

fn classify_phrase(text: &str) -> Result<Literal, Skip> {
    let first = text.split_whitespace().next().unwrap_or("");
    if TOOLS.contains(&first) {
        return Ok(Literal {
            text: text.to_string(),
            kind: LitKind::Command,
            langs: vec![],
            case_insensitive: false,
        });
    }
    if SQL_WORDS.contains(&first) {
        return Ok(Literal {
            text: text.to_string(),
            kind: LitKind::Phrase,
            langs: vec![Lang::Sql],
            case_insensitive: true,
        });
    }
    if is_directive(text) {
        return Ok(Literal {
            text: text.to_string(),
            kind: LitKind::Directive,
            langs: directive_langs(text),
            case_insensitive: false,
        });
    }
    // `is null`, `is not null`: C#'s null patterns ("use `is null` instead of `== null`"),
    // whose language the rule's other code is then checked in; SQL writes `IS NULL`.
    if let Some(lang) = match text {
        "is null" | "is not null" => Some(Lang::CSharp),
        "IS NULL" | "IS NOT NULL" => Some(Lang::Sql),
        _ => None,
    } {
        return Ok(Literal {
            text: text.to_string(),
            kind: LitKind::Phrase,
            langs: vec![lang],
            case_insensitive: lang == Lang::Sql,
        });
    }
    let code_chars = text.chars().any(|c| "(){}[]<>=;:*$@#!|&\\/._".contains(c));
    if !code_chars && !CODE_LEADS.contains(&first) {
        return Err("reads as prose, not code");
    }
    // `ddl-auto: update`, `standalone: true`: a setting, in configuration files or in code.
    let setting = text.split_once(": ").is_some_and(|(key, value)| {
        !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            && !value.trim().is_empty()
            && !value.contains(char::is_whitespace)
    });
    let langs = match first {
        _ if setting => vec![Lang::Yaml],
        "as" | "declare" | "namespace" | "interface" => vec![Lang::TypeScript],
        "def" | "lambda" | "except" | "raise" => vec![Lang::Python],
        "fn" | "impl" | "unsafe" | "mut" | "pub" => vec![Lang::Rust],
        "func" | "defer" => vec![Lang::Go],
        _ => vec![],
    };
    Ok(Literal {
        text: text.to_string(),
        kind: LitKind::Phrase,
        langs,
        case_insensitive: false,
    })
}

/// A directive that lives in a comment (`@ts-ignore`, `eslint-disable`, `# noqa`, `// x`), as
/// opposed to one in code (`!important`, `#[allow(…)]`, `@Decorator`).
pub fn in_comments(text: &str) -> bool {
    let lower = text.to_lowercase();
    COMMENT_DIRECTIVES
        .iter()
        .any(|d| lower.contains(&d.to_lowercase()))
        || text.starts_with("//")
        || text.starts_with("/*")
        || (text.starts_with('#') && !text.starts_with("#[") && !text.starts_with("#!"))
}

fn is_directive(text: &str) -> bool {
    COMMENT_DIRECTIVES.iter().any(|d| text.contains(d))
        || text.starts_with('@') && text.len() > 2
        || text.eq_ignore_ascii_case("!important")
        || text.starts_with("#[")
        || text.starts_with("#!")
        || (text.starts_with('#')
            && text[1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_alphabetic())
            && text.contains(char::is_whitespace))
        || text.starts_with("//") && text.len() > 3
        || text.starts_with("/*") && text.len() > 3
}

fn directive_langs(text: &str) -> Vec<Lang> {
    let lower = text.to_lowercase();
    if lower.contains("@ts-") || lower.contains("eslint") {
        vec![Lang::TypeScript, Lang::JavaScript]
    } else if lower.contains("noqa") || lower.contains("type: ignore") || lower.contains("pylint") {
        vec![Lang::Python]
    } else if text.starts_with("#[") {
        vec![Lang::Rust]
    } else if lower.contains("nolint") {
        vec![Lang::Go]
    } else if lower == "!important" {
        vec![Lang::Css]
    } else {
        vec![]
    }
}

/// A Svelte reactive statement of the form a rule writes after `$:` — a block (`{ ... }`), a
/// declaration (`derived = expression;`) or any — as it opens a line; the hit is the label.
fn svelte_reactive(form: &str) -> String {
    let form = form.trim_start();
    let declares = form.split_once('=').is_some_and(|(name, rest)| {
        let name = name.trim();
        !name.is_empty()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$')
            && !rest.starts_with('=')
    });
    let after = if form.starts_with('{') {
        r"[ \t]*\{"
    } else if declares {
        r"[ \t]*[A-Za-z_$][\w$]*[ \t]*=(?:[^=]|$)"
    } else {
        ""
    };
    format!(r"^[ \t]*(?P<hit>\$:){after}")
}

/// `DB::`, `Carbon::`: a class name (capitalized) and `::`, where its static members follow.
fn is_static_prefix(text: &str) -> bool {
    text.strip_suffix("::").is_some_and(|class| {
        class.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && class.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn implied_by_name(name: &str) -> Vec<Lang> {
    let name = name.trim_start_matches('.');
    // `Model::query()`, `DB::`: a class's static member is PHP's as much as Rust's; a module
    // path (`std::fs`, `super::`) is Rust's.
    if name.contains("::") && name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        return vec![Lang::Php, Lang::Rust];
    }
    if name.contains("::") {
        return vec![Lang::Rust];
    }
    if is_go_member(name) {
        return vec![Lang::Go];
    }
    let first = first_segment(name);
    if name.contains('.')
        && let Some((_, langs)) = CODE_PREFIXES.iter().find(|(p, _)| p.contains(&first))
    {
        return langs.to_vec();
    }
    match name {
        "print" | "input" | "exec" | "breakpoint" | "isinstance" => vec![Lang::Python],
        "unwrap" | "expect" | "clone" => vec![Lang::Rust],
        // `<stdint.h>`'s fixed-width types.
        "int8_t" | "int16_t" | "int32_t" | "int64_t" | "uint8_t" | "uint16_t" | "uint32_t" | "uint64_t"
        | "intptr_t" | "uintptr_t" | "intmax_t" | "uintmax_t" | "size_t" | "ssize_t" => vec![Lang::Cpp],
        "require" | "setTimeout" | "setInterval" | "alert" | "fetch" => {
            vec![Lang::TypeScript, Lang::JavaScript]
        }
        _ => vec![],
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The lint a Rust attribute written as `#[allow(LINT)]` (or `#![allow]`, `#[expect]`) silences:
/// one lint path (`clippy::too_many_lines`, `dead_code`), not a placeholder or a list.
fn silenced_lint(text: &str) -> Option<&str> {
    let inner = text.strip_prefix("#!").or_else(|| text.strip_prefix('#'))?;
    let inner = inner.strip_prefix('[')?.strip_suffix(']')?.trim();
    let args = inner
        .strip_prefix("allow")
        .or_else(|| inner.strip_prefix("expect"))?
        .trim_start()
        .strip_prefix('(')?
        .strip_suffix(')')?
        .trim();
    let is_lint = !args.is_empty()
        && args
            .split("::")
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    is_lint.then_some(args)
}

/// The text between a call-shaped span's parentheses, trimmed (`f(a, b)` → `a, b`).
fn call_arguments(call: &str) -> Option<&str> {
    let open = call.find('(')?;
    Some(call[open + 1..].strip_suffix(')')?.trim())
}

/// The text of a call's only argument when it is one quoted string (`ctx.Value("auth")` →
/// `auth`); `None` for `f()`, `f(x)`, `f("a", b)` or `f("…")`, whose arguments stand for any.
fn quoted_argument(call: &str) -> Option<&str> {
    let inner = call_arguments(call)?;
    let quote = inner.chars().next().filter(|c| matches!(c, '"' | '\'' | '`'))?;
    let text = inner[1..].strip_suffix(quote)?;
    let placeholder = text.is_empty() || text.contains(['…', '"', '\'', '`', '\\']) || text.contains("...");
    (!placeholder).then_some(text)
}

/// The keyword arguments a call-shaped span passes, as written: `load(validate=False)` gives
/// `[("validate", "False")]`. Only a call whose every argument is `name=value`, with a plain
/// value (a word, a number, a quoted string): `f(x=...)` names no value.
fn keyword_arguments(call: &str) -> Option<Vec<(&str, &str)>> {
    let inner = call_arguments(call)?;
    if inner.is_empty() {
        return None;
    }
    inner
        .split(',')
        .map(|arg| {
            let (name, value) = arg.split_once('=')?;
            let (name, value) = (name.trim(), value.trim());
            let plain = !value.is_empty()
                && !value.starts_with('=')
                && (value
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
                    || (value.len() >= 2
                        && matches!(value.chars().next(), Some('"' | '\''))
                        && value.ends_with(value.chars().next()?)
                        && !value[1..value.len() - 1].contains(['"', '\'', '…'])))
                && !value.contains("...");
            (is_ident(name) && plain).then_some((name, value))
        })
        .collect()
}

/// The parameter types of a call-shaped span that is a signature: `Update(tea.Msg)` names
/// the type a declaration takes, which no call passes as it is (a call passes values:
/// `m.input.Update(msg)`).
fn signature_types(call: &str) -> Option<Vec<&str>> {
    let inner = call_arguments(call)?;
    if inner.is_empty() {
        return None;
    }
    inner
        .split(',')
        .map(|param| {
            let ty = param.trim().trim_start_matches(['*', '&']);
            let (qualifier, name) = ty.rsplit_once('.')?;
            let qualified = !qualifier.is_empty()
                && qualifier
                    .split('.')
                    .all(|q| q.starts_with(|c: char| c.is_ascii_lowercase()) && is_ident(q));
            (qualified && name.starts_with(|c: char| c.is_ascii_uppercase()) && is_ident(name)).then_some(ty)
        })
        .collect()
}

/// Characters that must not come right before an operator for it to be that operator.
const OP_BEFORE: &str = r"=!<>&|+\-*/%^~?:";
/// Characters that must not come right after it (unary starters `!`, `-`, `+`, `~` may).
const OP_AFTER: &str = r"=<>&|*/%^?:";

/// The regex a literal compiles to. A group named `hit` always holds the literal itself.
pub fn pattern(lit: &Literal) -> String {
    let flags = if lit.case_insensitive { "(?i)" } else { "" };
    let body = match lit.kind {
        LitKind::Operator => {
            format!(
                "(?:^|[^{OP_BEFORE}])(?P<hit>{})(?:[^{OP_AFTER}]|$)",
                regex::escape(&lit.text)
            )
        }
        LitKind::Call => {
            let name = callee(&lit.text);
            // `ctx.Value("auth")`: a quoted argument is what is forbidden, not every call.
            let argument = match (quoted_argument(&lit.text), signature_types(&lit.text)) {
                (Some(quoted), _) => format!(r#"[ \t]*["'`]{}["'`][ \t]*\)"#, regex::escape(quoted)),
                // `load(validate=False)`: those keyword arguments, among any others.
                _ if let Some(arguments) = keyword_arguments(&lit.text) => arguments
                    .iter()
                    .map(|(name, value)| {
                        format!(
                            r"(?:[^()\r\n]*?[(,\s])?{}[ \t]*=[ \t]*{}(?:[\s,)]|$)",
                            regex::escape(name),
                            regex::escape(value)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(""),
                // A signature: the declaration whose parameters name its types.
                (None, Some(types)) => types
                    .iter()
                    .map(|t| format!(r"(?:[^()\r\n]*?[^\w.\r\n])?{}\b", regex::escape(t)))
                    .collect(),
                (None, None) => String::new(),
            };
            match name.strip_prefix('.') {
                // A method: the hit is its name, after the dot.
                Some(method) => format!(r"\.(?P<hit>{})[ \t]*\({argument}", regex::escape(method)),
                // `findViewById<TextView>(…)`: type arguments may stand between name and call.
                None => format!(
                    r"(?:^|[^\w$])(?P<hit>{})[ \t]*(?:<[^<>()\r\n]*>)?[ \t]*\({argument}",
                    regex::escape(name)
                ),
            }
        }
        LitKind::Member => {
            let name = lit.text.trim_start_matches('.');
            format!(r"\.(?P<hit>{})\b", regex::escape(name))
        }
        LitKind::Macro => {
            let name = lit.text.trim_end_matches('(');
            format!(r"(?:^|[^\w.$:])(?P<hit>{})[ \t]*[(\[{{]", regex::escape(name))
        }
        LitKind::Tag => format!(r"(?P<hit>{}(?:>|\b))", regex::escape(&lit.text)),
        // `[[ ]]`, `{{ }}`: a pair of brackets with something between, as written in rules.
        LitKind::Phrase if let Some((open, close)) = bracket_pair(&lit.text) => {
            let (o, c) = (regex::escape(&open[..1]), regex::escape(&close[..1]));
            format!(
                r"(?:^|[^{o}])(?P<hit>{})[ \t][^\r\n]*?[ \t]{}(?:[^{c}]|$)",
                regex::escape(open),
                regex::escape(close)
            )
        }
        // `typing.List`: written so, or imported (`from typing import List`) and used bare.
        LitKind::Dotted if let Some(alias) = concepts::typing_alias(&lit.text) => {
            concepts::typing_alias_pattern(alias)
        }
        // `Log.*`: the class's members (`Log.d(`, `Log.e(`), not a field of another object.
        LitKind::Dotted if lit.text.ends_with(".*") => format!(
            r"(?:^|[^\w$.])(?P<hit>{}\.[A-Za-z_]\w*)",
            regex::escape(lit.text.trim_end_matches(".*"))
        ),
        LitKind::Phrase if let Some(keyword) = block_pair_keyword(&lit.text) => format!(
            r"\}}[ \t]*(?:\r?\n[ \t]*)?(?P<hit>{})\b[ \t]*(?:\([^()\r\n]*\)[ \t]*)?\{{",
            regex::escape(keyword)
        ),
        LitKind::Phrase if lit.text.starts_with("$:") => svelte_reactive(&lit.text[2..]),
        // `DB::`, a class's static members: the member used is the hit (`DB::table`); a module
        // path (`super::`) stays as written.
        LitKind::Phrase if is_static_prefix(&lit.text) => {
            format!(r"(?:^|[^\w$:])(?P<hit>{}[A-Za-z_]\w*)", regex::escape(&lit.text))
        }
        LitKind::Identifier if fragment(&lit.text).is_some() => fragment_pattern(&lit.text),
        LitKind::Identifier if lit.text.ends_with('*') => prefix_pattern(&lit.text),
        // `#[allow(clippy::too_many_lines)]` is that lint silenced however the attribute is
        // written: beside other lints, with a `reason`, as `#![allow(…)]` or `#[expect(…)]`.
        LitKind::Directive if let Some(lint) = silenced_lint(&lit.text) => format!(
            r"(?P<hit>#!?\[[ \t]*(?:allow|expect)[ \t]*\((?:[^()\]]*?,)?\s*{}\s*(?:,[^\]]*?)?\)[ \t]*\])",
            regex::escape(lint)
        ),
        // TypeScript reads `@ts-expect-error` only where a comment starts with it: the same
        // words further into a comment ("`@ts-expect-error` tests can verify …") are prose.
        LitKind::Directive if lit.text.starts_with("@ts-") => format!(
            r"(?://+|/\*+)[ \t]*(?P<hit>{})(?:[^\w-]|$)",
            regex::escape(&lit.text)
        ),
        // `eslint-disable` covers `eslint-disable-next-line`: a directive's family shares its prefix.
        LitKind::Directive => generic_opts(&lit.text, true),
        _ => generic(&lit.text),
    };
    format!("{flags}{body}")
}

/// `try {} finally {}`, `if {} else {}`: two keywords each with an empty block, which stands for
/// any block — the second keyword is what is forbidden, found where it follows a block
/// (`} finally {`, `} catch (e) {`), whatever the blocks hold.
fn block_pair_keyword(text: &str) -> Option<&str> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let keyword = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase());
    match parts.as_slice() {
        [first, "{}", second, "{}"] if keyword(first) && keyword(second) => Some(second),
        _ => None,
    }
}

/// `[[ ]]` → `("[[", "]]")`: a run of one opening bracket, blanks, the run of its closer.
fn bracket_pair(text: &str) -> Option<(&str, &str)> {
    let (open, close) = text.split_once(char::is_whitespace)?;
    let close = close.trim_start();
    let closer = match open.chars().next()? {
        '[' => ']',
        '{' => '}',
        '(' => ')',
        _ => return None,
    };
    let first = open.chars().next()?;
    (!open.is_empty()
        && open.len() <= 2
        && open.chars().all(|ch| ch == first)
        && close.len() == open.len()
        && close.chars().all(|ch| ch == closer))
    .then_some((open, close))
}

/// Keywords that define a type or a function: the name after one is being defined.
const DEFINING: &str =
    r"\b(?:class|interface|struct|enum|trait|type|function|def|fn|func|object|record|protocol)[ \t]+";

/// `pattern` (an identifier's), except in a file that defines the function `wrapper` (`def
/// icon`, `function icon`, `const icon =`): the wrapper calls what it wraps. The file is
/// consumed whole from its start, without a `hit`.
pub fn outside_files_defining(pattern: &str, wrapper: &str) -> String {
    let esc = regex::escape(wrapper);
    consumed_first(
        pattern,
        &format!(r"\A(?s:.*?(?:{DEFINING}{esc}\b|\b(?:const|let|var)[ \t]+{esc}[ \t]*=).*)\z"),
    )
}

/// `pattern` (an identifier's), except where the identifier `name` is itself defined (`class
/// Name`, `def name`, `func Name`): a ban on using a class or a function does not reach the
/// code that defines it. The definition is a leading branch with no `hit` group, which the
/// checker reports nothing for.
pub fn outside_its_definition(pattern: &str, name: &str) -> String {
    let (flags, body) = pattern
        .strip_prefix("(?i)")
        .map_or(("", pattern), |b| ("(?i)", b));
    format!(r"{flags}(?:{DEFINING}{}\b)|(?:{body})", regex::escape(name))
}

/// Reserved words of the C-family and scripting languages that a rule bans as a statement or an
/// operator ("do not use `async` / `await` or `try` / `catch`"): after a dot and before a
/// parenthesis the word names a method (`promise.catch(…)`, `Fiber.await(f)`), before a colon
/// an object's key (`Effect.tryPromise({ try: …, catch: … })`), and after or before `as` an
/// export's name (`export { catch_ as catch }`) — none is the keyword.
const STATEMENT_KEYWORDS: &[&str] = &[
    "else",
    "async",
    "await",
    "catch",
    "try",
    "finally",
    "throw",
    "new",
    "delete",
    "typeof",
    "instanceof",
    "yield",
    "with",
    "goto",
    "switch",
];

/// Python's keywords that a colon follows (`try:`, `finally:`): there the colon is the keyword's.
const COLON_KEYWORDS: &[&str] = &["try", "finally", "with", "else"];

/// `pattern` (an identifier's), except where a reserved word `name` is a method called by that
/// name or an object's key: branches consumed without a `hit`. Other names are returned as they
/// are.
pub fn as_the_keyword(pattern: &str, name: &str) -> String {
    if !STATEMENT_KEYWORDS.contains(&name) {
        return pattern.to_string();
    }
    let esc = regex::escape(name);
    // Python's `try:` ends its line (or a comment follows); a key has its value after it.
    let key = if COLON_KEYWORDS.contains(&name) {
        format!(r"|\b{esc}[ \t]*:[ \t]*[^\s#:]")
    } else {
        format!(r"|\b{esc}[ \t]*:(?:[^:]|$)")
    };
    // An export or import renamed to or from the word (`export { catch_ as catch }`) names it.
    let alias = format!(r"|\bas[ \t]+{esc}\b|\b{esc}[ \t]+as[ \t]+[\w$]");
    // Python's conditional expression (`a if c else b`): an `else` after an `if` on its line,
    // no colon between, is no `else` statement.
    let alias = if name == "else" {
        format!(r"{alias}|\bif\b[^:\r\n]*\belse\b")
    } else {
        alias
    };
    consumed_first(pattern, &format!(r"\.[ \t]*{esc}[ \t]*\({key}{alias}"))
}

/// `pattern` (an identifier's) where `name` is the global one: not a member (`app.fetch`), an
/// object's key (`fetch: app.fetch`), a method's definition (`async fetch(request) {`), its
/// type (`typeof fetch`, no call), nor anywhere in a file that imports it (`import { fetch }
/// from "undici"`) or declares its own (`const fetch = …`, `function fetch`) — that file's
/// `name` is no global. The file is consumed whole from its start, without a `hit`.
pub fn as_the_global(pattern: &str, name: &str) -> String {
    let esc = regex::escape(name);
    consumed_first(
        pattern,
        &format!(
            r"\A(?s:.*?(?:\bimport\b[^;]*?\b{esc}\b[^;]*?\bfrom\b|\b(?:const|let|var|function)[ \t]+{esc}\b).*)\z|\.[ \t]*{esc}\b|\b{esc}[ \t]*:(?:[^:]|$)|\b(?:async|typeof)[ \t]+{esc}\b|(?:^|[{{,])[ \t]*{esc}[ \t]*\([^)\r\n]*\)[ \t]*(?::[^{{\r\n]*)?\{{|(?:^|[^:\w]):{esc}\b"
        ),
    )
}

/// `pattern` with the branches of `consumed` tried first at each position, matched without a
/// `hit` so they report nothing; a leading `(?i)` stays in front.
pub fn consumed_first(pattern: &str, consumed: &str) -> String {
    let (flags, body) = pattern
        .strip_prefix("(?i)")
        .map_or(("", pattern), |b| ("(?i)", b));
    format!("{flags}(?:{consumed})|(?:{body})")
}

/// A name as a value in strings: a whole word there, where a `-` also continues it
/// (`class="ngClass-note"` is not `ngClass`; `'unsafe-inline'` is `unsafe-inline`).
pub fn in_strings_pattern(lit: &Literal) -> String {
    let flags = if lit.case_insensitive { "(?i)" } else { "" };
    if lit.kind == LitKind::Identifier && fragment(&lit.text).is_some() {
        return format!("{flags}{}", fragment_pattern(&lit.text));
    }
    if lit.kind == LitKind::Identifier && lit.text.ends_with('*') {
        return format!("{flags}{}", prefix_pattern(&lit.text));
    }
    format!(
        r"{flags}(?:^|[^\w$-])(?P<hit>{})(?:[^\w$-]|$)",
        regex::escape(&lit.text)
    )
}

/// A part of a name: a prefix (`sp_`, "no `sp_` prefix") or a suffix (`_v2`, `_fixed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fragment {
    Prefix,
    Suffix,
}

/// Whether an identifier is only a part of names: it ends with `_` (a prefix) or starts with
/// one (a suffix), not both (`__init__`), with a letter or digit in it.
pub fn fragment(text: &str) -> Option<Fragment> {
    let body = text.trim_matches('_');
    if body.is_empty() || !body.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    match (text.starts_with('_'), text.ends_with('_')) {
        (false, true) => Some(Fragment::Prefix),
        (true, false) => Some(Fragment::Suffix),
        _ => None,
    }
}

/// Every name with the prefix of `bg-opacity-*`: `bg-opacity-50`, whole.
fn prefix_pattern(text: &str) -> String {
    let stem = regex::escape(text.trim_end_matches('*'));
    format!(r"(?:^|[^\w$-])(?P<hit>{stem}[\w-]*[\w])")
}

/// A name being declared: after the keyword that declares it, past a schema or module
/// qualifier (`CREATE PROCEDURE dbo.`, `def `, `class `, `const `).
const DECLARED: &str = r"\b(?i:procedure|proc|function|table|view|trigger|def|class|interface|type|struct|enum|trait|fn|func|const|let|var|val)[ \t]+(?:[\w$]+\.)*";

/// A prefix at the start of a name being declared (`CREATE PROCEDURE dbo.sp_GetUsers`), a
/// suffix at the end of one (`def parse_v2`): what a naming rule is about — calling a name
/// someone else chose (`EXEC sp_executesql`) is not.
fn fragment_pattern(text: &str) -> String {
    let esc = regex::escape(text);
    match fragment(text) {
        Some(Fragment::Prefix) => format!(r"{DECLARED}(?P<hit>{esc})[A-Za-z0-9]"),
        _ => format!(r"{DECLARED}[\w$]*?[A-Za-z0-9](?P<hit>{esc})\b"),
    }
}

/// Escapes `text`, with flexible blanks and guards at both ends chosen by the end characters.
pub fn generic(text: &str) -> String {
    generic_opts(text, false)
}

/// `generic`, where `dash_family` lets a word-ending literal continue with `-…`.
fn generic_opts(text: &str, dash_family: bool) -> String {
    let dashy = text.contains('-') && !text.starts_with('-');
    let flag = text.starts_with('-');
    let first = text.chars().next().unwrap_or(' ');
    let last = text.chars().next_back().unwrap_or(' ');
    let lead = if flag {
        r"(?:^|[^\w-])".to_string()
    } else if first == '$' || first == '@' {
        r"(?:^|[^\w$@])".to_string()
    } else if is_word_char(first) {
        if dashy {
            r"(?:^|[^\w-])".to_string()
        } else {
            r"\b".to_string()
        }
    } else if OP_CHARS.contains(first) && first != '.' {
        format!("(?:^|[^{OP_BEFORE}])")
    } else {
        String::new()
    };
    let trail = if is_word_char(last) {
        if (dashy || flag) && !dash_family {
            r"(?:[^\w-]|$)".to_string()
        } else {
            r"\b".to_string()
        }
    } else if OP_CHARS.contains(last) && last != '.' && last != ':' {
        format!("(?:[^{OP_AFTER}]|$)")
    } else {
        String::new()
    };
    let mut hit = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            let before = if i > 0 { chars[i - 1] } else { ' ' };
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let after = chars.get(i).copied().unwrap_or(' ');
            hit.push_str(if is_word_char(before) && is_word_char(after) {
                "[ \\t]+"
            } else {
                "[ \\t]*"
            });
            continue;
        }
        // `#[allow(...)]`, `foo(…)`: an ellipsis alone between brackets stands for anything
        // there (on one line), as rules write a placeholder.
        if let Some((len, closer)) = placeholder(&chars, i) {
            hit.push_str(&format!("[^{}\\n]*", regex::escape(&closer.to_string())));
            i += len;
            continue;
        }
        hit.push_str(&regex::escape(&chars[i].to_string()));
        i += 1;
    }
    // `eslint-disable` is reported as the directive written, `eslint-disable-next-line`.
    if dash_family && dashy && is_word_char(last) {
        return format!(r"{lead}(?P<hit>{hit}(?:-[A-Za-z]+)*){trail}");
    }
    format!("{lead}(?P<hit>{hit}){trail}")
}

/// An ellipsis (`...` or `…`) at `i` right after an opening bracket and right before its
/// closing one, the bracket right after a name (`allow(…)`, `foo(…)`, `Vec<…>`): its length in
/// chars and the closing bracket. Alone (`[...]`, `{...}`) it is code — a spread, a copy —
/// and a placeholder there would match every bracket pair.
fn placeholder(chars: &[char], i: usize) -> Option<(usize, char)> {
    let named = i >= 2 && chars.get(i - 2).is_some_and(|c| c.is_alphanumeric() || *c == '_');
    if !named {
        return None;
    }
    let closer = match chars.get(i.checked_sub(1)?)? {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        _ => return None,
    };
    let len = if chars.get(i..i + 3) == Some(&['.', '.', '.'][..]) {
        3
    } else if chars.get(i) == Some(&'…') {
        1
    } else {
        return None;
    };
    (chars.get(i + len) == Some(&closer)).then_some((len, closer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex::Regex;

    fn hits(literal: &str, text: &str) -> Vec<String> {
        let lit = classify(literal).unwrap();
        let re = Regex::new(&format!("(?m){}", pattern(&lit))).unwrap();
        re.captures_iter(text).map(|c| c["hit"].to_string()).collect()
    }

    #[test]
    fn an_ellipsis_between_brackets_is_a_placeholder() {
        let text = "#[allow(dead_code)]\n#[allow(clippy::too_many_arguments)]\n#[allowed]\n";
        for lit in ["#[allow(...)]", "#[allow(…)]"] {
            assert_eq!(
                hits(lit, text),
                ["#[allow(dead_code)]", "#[allow(clippy::too_many_arguments)]"],
                "{lit}"
            );
        }
        // A spread is code, not a placeholder; nor is an ellipsis before other text.
        assert_eq!(hits("{...props}", "<A {...props} /> <B {x} />"), ["{...props}"]);
        assert_eq!(
            hits("[...]", "const a = [...b];\nx[1] = [2];\n"),
            Vec::<String>::new()
        );
        assert_eq!(
            hits("{...}", "if (a) { b(); }\nconst o = {...p};\n"),
            Vec::<String>::new()
        );
        assert_eq!(hits("f(..., x)", "f(a, x) f(..., x)"), ["f(..., x)"]);
    }

    #[test]
    fn kinds() {
        let k = |s: &str| classify(s).map(|l| l.kind);
        assert_eq!(k("any"), Ok(LitKind::Identifier));
        assert_eq!(k("print("), Ok(LitKind::Call));
        assert_eq!(k("print()"), Ok(LitKind::Call));
        assert_eq!(k(".unwrap()"), Ok(LitKind::Call));
        assert_eq!(k(".only"), Ok(LitKind::Member));
        assert_eq!(k("os.path"), Ok(LitKind::Dotted));
        assert_eq!(k("std::mem::forget"), Ok(LitKind::Dotted));
        assert_eq!(k("println!"), Ok(LitKind::Macro));
        assert_eq!(k("dbg!()"), Ok(LitKind::Macro));
        assert_eq!(k("=="), Ok(LitKind::Operator));
        assert_eq!(k("@ts-ignore"), Ok(LitKind::Directive));
        // A TypeScript directive is one where its comment starts; not a mention further in.
        let p = regex::Regex::new(&pattern(&classify("@ts-expect-error").unwrap())).unwrap();
        let found = |t: &str| p.captures_iter(t).filter_map(|c| c.name("hit")).count();
        assert_eq!(
            found("// @ts-expect-error wrong\n/* @ts-expect-error */\n/// @ts-expect-error\n"),
            3
        );
        assert_eq!(
            found("// `@ts-expect-error` tests can verify the fields are rejected.\n"),
            0
        );
        assert_eq!(found("// @ts-expect-errors\n"), 0);
        assert_eq!(k("!important"), Ok(LitKind::Directive));
        assert_eq!(k("as any"), Ok(LitKind::Phrase));
        assert_eq!(k("SELECT *"), Ok(LitKind::Phrase));
        assert_eq!(k("npm install"), Ok(LitKind::Command));
        assert_eq!(k("--force"), Ok(LitKind::Flag));
        assert_eq!(k("<center>"), Ok(LitKind::Tag));
        assert_eq!(k("src/api/"), Ok(LitKind::Path));
        assert_eq!(k("package.json"), Ok(LitKind::Path));
        assert!(k("x").is_err());
        assert!(k("42").is_err());
        assert!(k("clean code").is_err());
        assert!(k("fix stuff").is_err());
    }

    #[test]
    fn implied_languages() {
        let langs = |s: &str| classify(s).unwrap().langs;
        assert_eq!(langs("os.path"), [Lang::Python]);
        assert_eq!(langs("fmt.Println"), [Lang::Go]);
        assert_eq!(langs("console.log"), [Lang::TypeScript, Lang::JavaScript]);
        assert_eq!(langs("unwrap()"), [Lang::Rust]);
        assert_eq!(langs("@ts-ignore"), [Lang::TypeScript, Lang::JavaScript]);
        assert_eq!(langs("!important"), [Lang::Css]);
        assert!(langs("lodash").is_empty());
    }

    #[test]
    fn identifiers_respect_word_boundaries() {
        assert_eq!(hits("var", "var x; variable; myvar; var_y"), ["var"]);
        assert_eq!(hits("lodash", "import _ from 'lodash'; lodash_es"), ["lodash"]);
        assert_eq!(hits("$scope", "$scope.x; my$scope"), ["$scope"]);
    }

    #[test]
    fn calls_do_not_fire_inside_longer_names() {
        assert_eq!(
            hits("print(", "print(x)\nblueprint(y)\npprint(z)\nprint (w)"),
            ["print", "print"]
        );
        assert_eq!(hits("eval()", "eval(code); evaluate(x)"), ["eval"]);
        assert_eq!(hits(".unwrap()", "x.unwrap(); y.unwrap_or(1)"), ["unwrap"]);
        assert_eq!(
            hits("console.log()", "console.log(1); console.logger(2)"),
            ["console.log"]
        );
    }

    #[test]
    fn a_silenced_lint_is_found_however_the_attribute_is_written() {
        let rs = "#[allow(clippy::too_many_lines)]\nfn a() {}\n#[allow(clippy::too_many_lines, reason = \"generated\")]\nfn b() {}\n#[expect(dead_code, clippy::too_many_lines)]\nfn c() {}\n#![allow(\n    clippy::too_many_lines,\n)]\n#[allow(clippy::too_many_lines_extra)]\n#[allow(clippy::too_many_arguments)]\n";
        assert_eq!(
            hits("#[allow(clippy::too_many_lines)]", rs),
            [
                "#[allow(clippy::too_many_lines)]",
                "#[allow(clippy::too_many_lines, reason = \"generated\")]",
                "#[expect(dead_code, clippy::too_many_lines)]",
                "#![allow(\n    clippy::too_many_lines,\n)]",
            ]
        );
        assert_eq!(silenced_lint("#[allow(...)]"), None);
        assert_eq!(silenced_lint("#[allow(a, b)]"), None);
        assert_eq!(silenced_lint("#[derive(Debug)]"), None);
    }

    #[test]
    fn a_quoted_argument_narrows_the_call() {
        // The typed key the rule asks for is not the string key it forbids.
        let go = "a := ctx.Value(authCtxKey)
b := ctx.Value(\"auth\")
c := ctx.Value( 'auth' )
d := ctx.Value(\"authz\")
";
        assert_eq!(hits("ctx.Value(\"auth\")", go), ["ctx.Value", "ctx.Value"]);
        assert_eq!(
            hits(
                ".getItem('token')",
                "s.getItem('token'); s.getItem(key); s.getItem(\"token\")"
            ),
            ["getItem", "getItem"]
        );
        // Placeholders and other arguments stand for any.
        assert_eq!(
            hits("print(\"...\")", "print(x)\nprint(\"a\")\n"),
            ["print", "print"]
        );
        assert_eq!(hits("fetch(x)", "fetch(y) fetch(x)"), ["fetch", "fetch"]);
    }

    #[test]
    fn a_signature_is_the_declaration_not_every_call() {
        // crush's AGENTS.md: "Expose imperative methods for state changes (not
        // `Update(tea.Msg)`)" — the method taking a `tea.Msg`, not the calls passing one.
        let go = "func (m *Dialog) Update(msg tea.Msg) tea.Cmd {\n\tm.input, cmd = m.input.Update(msg)\n}\nfunc (l *List) Update(n int) {}\n";
        assert_eq!(hits("Update(tea.Msg)", go), ["Update"]);
        // An interface's method may leave its parameter unnamed.
        let iface = "type Model interface {\n\tUpdate(tea.Msg) tea.Cmd\n\tUpdate(xtea.Msg)\n}\n";
        assert_eq!(hits("Update(tea.Msg)", iface), ["Update"]);
        assert_eq!(
            hits(
                "Handle(*http.Request)",
                "func Handle(r *http.Request) {}\nHandle(req)\n"
            ),
            ["Handle"]
        );
        // Values are arguments, not types: every call.
        assert_eq!(hits("Update(msg)", go).len(), 3);
        assert_eq!(hits("Update(Msg)", go).len(), 3);
    }

    #[test]
    fn operators_do_not_fire_inside_longer_operators() {
        assert_eq!(
            hits("==", "a == b; c === d; e !== f; g <== h; i==j; k ==-1"),
            ["==", "==", "=="]
        );
        assert_eq!(hits("!=", "a != b; c !== d"), ["!="]);
        assert_eq!(hits("=>", "a => b; c >= d; e <= f"), ["=>"]);
        assert_eq!(hits("||", "a || b; c ||= d"), ["||"]);
    }

    #[test]
    fn phrases_directives_and_flags() {
        assert_eq!(
            hits("as any", "x as any; y as   any; z as anything"),
            ["as any", "as   any"]
        );
        assert_eq!(
            hits("SELECT *", "select * from t; SELECT id FROM t; SELECT* FROM u"),
            ["select *", "SELECT*"]
        );
        assert_eq!(
            hits("@ts-ignore", "// @ts-ignore\n// @ts-ignored"),
            ["@ts-ignore"]
        );
        // A directive's family, each reported as written.
        assert_eq!(
            hits(
                "eslint-disable",
                "/* eslint-disable */\n// eslint-disable-next-line no-console\nx; // eslint-disable-line\n"
            ),
            [
                "eslint-disable",
                "eslint-disable-next-line",
                "eslint-disable-line"
            ]
        );
        assert_eq!(
            hits("--force", "git push --force; git push --force-with-lease"),
            ["--force"]
        );
        assert_eq!(hits("!important", "color: red !important;"), ["!important"]);
        assert_eq!(hits("<center>", "<CENTER>x</center><centered>"), ["<CENTER>"]);
        assert_eq!(
            hits("# noqa", "x = 1  # noqa\ny = 2 #noqa: E501"),
            ["# noqa", "#noqa"]
        );
    }

    #[test]
    fn fix_replacements_follow_the_kind() {
        assert_eq!(classify("logger.info()").unwrap().replacement(), "logger.info");
        assert_eq!(classify("===").unwrap().replacement(), "===");
    }
}
