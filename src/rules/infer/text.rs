//! Splitting an instruction into tokens: words, code spans (backticks, single and double quotes,
//! typographic quotes and guillemets), unquoted tokens that read as code (`console.log`, `==`,
//! `print()`) or as paths (`src/api/`), clause separators and commas.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::words;
use super::words::{
    ABBREVIATIONS, CLITIC_NEGATORS, CODE_PREFIXES, DOTFILES, FILE_EXTENSIONS, LIST_WORDS,
    NEGATIONS_OF_SUBJECT, NOT_PATHS, PY_ONLY_MODULES, ROOT_DIRS, RUST_MACROS, SPANISH_CLITICS,
    SUBJECT_DETERMINERS, SUBJECT_ENDS, WRAP_VERBS,
};

/// How a code span was delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quote {
    Backtick,
    Double,
    Single,
    Guillemet,
}

impl Quote {
    pub fn describe(self) -> &'static str {
        match self {
            Quote::Backtick => "backticks",
            Quote::Double => "double quotes",
            Quote::Single => "single quotes",
            Quote::Guillemet => "guillemets",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A word; `lower` holds its lowercase form.
    Word,
    /// A code span.
    Span(Quote),
    /// An unquoted token that reads as code.
    Bare,
    /// An unquoted token that reads as a path.
    Path,
    /// Ends a clause: `.` `;` `:` `(` `)` `!` `?` or a dash between spaces.
    Sep,
    /// Separates list items without ending the clause.
    Comma,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    /// The text as written (without the delimiters of a span).
    pub text: String,
    /// Lowercase text (apostrophes normalized to `'`), for matching words.
    pub lower: String,
}

impl Token {
    fn new(kind: Kind, text: &str) -> Token {
        Token {
            kind,
            text: text.to_string(),
            lower: text.to_lowercase().replace(['’', '‘'], "'"),
        }
    }

    pub fn is_word(&self) -> bool {
        self.kind == Kind::Word
    }

    pub fn is_code(&self) -> bool {
        matches!(self.kind, Kind::Span(_) | Kind::Bare)
    }

    /// Whether the token belongs to a list of code: code, a comma, "or", "and", "y"…
    pub fn lists_code(&self) -> bool {
        self.is_code()
            || self.kind == Kind::Comma
            || (self.is_word() && LIST_WORDS.contains(&self.lower.as_str()))
    }
}

/// The code of the list `tokens` opens with — "`a`, `b`/`c` or `d`, etc." — up to the first token
/// that is neither code nor joins the list (a comma, `/`, a list word, "etc").
pub fn listed_code(tokens: &[Token]) -> impl Iterator<Item = &Token> {
    tokens
        .iter()
        .take_while(|t| t.lists_code() || t.text == "/" || t.lower == "etc")
        .filter(|t| t.is_code())
}

/// Tokens as the rule wrote them, code in backticks: "`A`, `B` or `C` comments".
pub fn written(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|t| {
            if t.is_code() {
                format!("`{}`", t.text)
            } else {
                t.text.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Characters operators are made of.
pub const OP_CHARS: &str = "=!<>&|+-*/%^~?:.";

/// Code spans longer than this are quotations, not code.
const MAX_SPAN: usize = 120;

fn is_ws(c: char) -> bool {
    c.is_whitespace()
}

/// The closing delimiter of a span opened by `c`, when `c` opens one here.
fn closer(c: char) -> Option<&'static [char]> {
    match c {
        '`' => Some(&['`']),
        '"' | '“' | '„' => Some(&['"', '”', '“']),
        '«' => Some(&['»']),
        '\'' | '‘' => Some(&['\'', '’']),
        _ => None,
    }
}

fn quote_kind(c: char) -> Quote {
    match c {
        '`' => Quote::Backtick,
        '"' | '“' | '„' => Quote::Double,
        '«' => Quote::Guillemet,
        _ => Quote::Single,
    }
}

/// `text` without Markdown emphasis (`**bold**`, `__bold__`) outside code spans: rules copied
/// from agent files are full of it ("**Readability:** clear intent"), and it is not code.
pub fn without_emphasis(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code && (rest.starts_with("**") || rest.starts_with("__")) {
            rest = &rest[2..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A rule's words as the reader takes them: without Markdown emphasis, and with the marks agent
/// files lead a rule with read as words — `❌ Default exports` is "Forbidden: Default exports",
/// `✅ Named exports` is "Always use Named exports" (and likewise 🚫, ⛔, ✗, ✘; ✔, ✓, 👍).
pub fn reading_of(instruction: &str) -> String {
    let text = without_emphasis(instruction);
    // "Apply the [coding guidelines](./general.md)": a link reads as its words; where it points
    // is another document, not a place of code.
    let text = MARKDOWN_LINK.replace_all(&text, "$label").into_owned();
    let trimmed = text.trim_start();
    const FORBID: &[&str] = &["❌", "🚫", "⛔", "✗", "✘", "👎"];
    const MANDATE: &[&str] = &["✅", "✔️", "✔", "✓", "👍"];
    for (marks, words) in [(FORBID, "Forbidden:"), (MANDATE, "Always use")] {
        if let Some(mark) = marks.iter().find(|m| trimmed.starts_with(**m)) {
            let rest = trimmed[mark.len()..].trim_start_matches('\u{FE0F}').trim_start();
            let rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
            return format!("{words} {rest}");
        }
    }
    text
}

static MARKDOWN_LINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\[(?P<label>[^\[\]`\n]+)\]\([^()\s`]+\)")
        // A constant pattern, compiled by every tokenizer test.
        .expect("a valid pattern")
});

/// SQL phrases written in capitals, as rules name them unquoted ("Evitar SELECT *", "never
/// DELETE FROM without WHERE").
static SQL_PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:SELECT \*|WITH \(NOLOCK\))|^(?:SELECT DISTINCT|DELETE FROM|DROP TABLE|TRUNCATE TABLE|INSERT INTO)\b")
        // A constant pattern, compiled by every tokenizer test.
        .expect("a valid pattern")
});

/// Tokenizes `text`. Never fails: anything unrecognized is skipped.
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes_len = text.len();
    while i < bytes_len {
        let Some(c) = text[i..].chars().next() else { break };
        let clen = c.len_utf8();
        if is_ws(c) {
            i += clen;
            continue;
        }
        let prev = text[..i].chars().next_back();
        // A lone `|` between blanks separates table cells: "`require()` | ESM imports".
        if c == '|' && prev.is_none_or(is_ws) && text[i + clen..].chars().next().is_none_or(is_ws) {
            out.push(Token::new(Kind::Sep, "|"));
            i += clen;
            continue;
        }
        if let Some(closers) = closer(c) {
            let is_single = matches!(c, '\'' | '‘');
            let opener_ok = !is_single || prev.is_none_or(|p| !p.is_alphanumeric());
            if opener_ok && let Some((content, end)) = find_span(text, i + clen, closers, is_single) {
                let trimmed = content.trim();
                if !trimmed.is_empty() && negating_prefix(&text[..i]) {
                    // "any non-`slog` logger": what the rule says is not that code — one word.
                    let prefix = out.pop().map(|t| t.text).unwrap_or_default();
                    out.push(Token::new(Kind::Word, &format!("{prefix}-{trimmed}")));
                } else if let Some(suffix) = likeness_suffix(&text[end..]).filter(|_| !trimmed.is_empty()) {
                    // "`fmt.Sprintf`-style placeholders": a kind of thing the code is like, not
                    // the code — one word.
                    out.push(Token::new(Kind::Word, &format!("{trimmed}{suffix}")));
                    i = end + suffix.len();
                    continue;
                } else if !trimmed.is_empty()
                    && trimmed.chars().count() <= MAX_SPAN
                    && !content.contains('\n')
                {
                    out.push(Token::new(Kind::Span(quote_kind(c)), trimmed));
                } else if !trimmed.is_empty() {
                    // A long quotation: its words still count (scope words, vagueness).
                    out.extend(tokenize(trimmed).into_iter().filter(|t| t.kind == Kind::Word));
                }
                i = end;
                continue;
            }
            if c != '\'' && c != '‘' {
                // An unclosed quote or backtick: skip it.
                i += clen;
                continue;
            }
        }
        // A dash between spaces separates clauses.
        if matches!(c, '-' | '–' | '—') {
            let next = text[i + clen..].chars().next();
            let run_end = i + text[i..]
                .chars()
                .take_while(|&d| matches!(d, '-' | '–' | '—'))
                .map(char::len_utf8)
                .sum::<usize>();
            let after = text[run_end..].chars().next();
            if prev.is_none_or(is_ws) && after.is_none_or(is_ws) && (run_end - i <= 3) {
                out.push(Token::new(Kind::Sep, "-"));
                i = run_end;
                continue;
            }
            let _ = next;
        }
        if matches!(c, ';' | '(' | ')' | '[' | ']' | '{' | '}') && !starts_code(&text[i..]) {
            out.push(Token::new(Kind::Sep, &text[i..i + clen]));
            i += clen;
            continue;
        }
        if c == ',' {
            out.push(Token::new(Kind::Comma, ","));
            i += clen;
            continue;
        }
        // `SELECT *`, `DELETE FROM`: an SQL phrase in capitals is code even unquoted.
        if prev.is_none_or(|p| !p.is_alphanumeric())
            && let Some(m) = SQL_PHRASE.find(&text[i..])
        {
            out.push(Token::new(Kind::Bare, m.as_str()));
            i += m.end();
            continue;
        }
        // A chunk: up to whitespace or the start of a span.
        let mut end = i;
        for (off, d) in text[i..].char_indices() {
            if is_ws(d) || matches!(d, '`' | '"' | '“' | '”' | '«' | '»' | ',' | ';') {
                break;
            }
            end = i + off + d.len_utf8();
        }
        if end == i {
            // A lone delimiter that opened nothing.
            i += clen;
            continue;
        }
        chunk(&text[i..end], &mut out);
        i = end;
    }
    // "No wildcard ( * ) imports": brackets left empty by what was dropped split nothing.
    let mut k = 0;
    while k + 1 < out.len() {
        if out[k].kind == Kind::Sep
            && out[k].text == "("
            && out[k + 1].kind == Kind::Sep
            && out[k + 1].text == ")"
        {
            out.drain(k..k + 2);
        } else {
            k += 1;
        }
    }
    quoted_verbs_as_words(&mut out);
    out
}

/// The subject a clause opens with: its words after any determiners, up to the first word that
/// ends a subject — a modal, a negation, the verb "to be" ("Components must …", "Los tests no
/// deben …"). `(first subject word, the ending word)` as indices into `clause`; `None` when code
/// comes first, no word ends it, the subject is empty or longer than `max` words.
pub fn clause_subject(clause: &[Token], max: usize) -> Option<(usize, usize)> {
    let mut start = None;
    for (k, t) in clause.iter().enumerate() {
        if !t.is_word() {
            return None;
        }
        let w = t.lower.as_str();
        if start.is_none() && SUBJECT_DETERMINERS.contains(&w) {
            continue;
        }
        if SUBJECT_ENDS.contains(&w) || NEGATIONS_OF_SUBJECT.contains(&w) {
            return start.map(|s| (s, k));
        }
        let s = *start.get_or_insert(k);
        if k - s + 1 > max {
            return None;
        }
    }
    None
}

/// The suffix right after a span that makes it say what something is like ("`printf`-style",
/// "`jQuery`-like", "`Rails`-esque"), if there is one.
fn likeness_suffix(after: &str) -> Option<&str> {
    const SUFFIXES: &[&str] = &[
        "-style",
        "-styled",
        "-like",
        "-ish",
        "-esque",
        "-flavored",
        "-flavoured",
    ];
    SUFFIXES.iter().find_map(|suffix| {
        let written = after.get(..suffix.len())?;
        (written.eq_ignore_ascii_case(suffix)
            && after[suffix.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric()))
        .then_some(written)
    })
}

/// Whether `before` (the text before a span) ends with a negating prefix glued to the span:
/// "any non-`slog` logger".
fn negating_prefix(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_lowercase();
    matches!(word.as_str(), "non-" | "no-" | "not-" | "anti-")
}

/// "No la cambies ni la \"normalices\"": a word in quotes (not backticks) right after a negated
/// object pronoun is the verb it governs — a word of the sentence, not code.
fn quoted_verbs_as_words(tokens: &mut [Token]) {
    for k in 2..tokens.len() {
        let quoted_word = matches!(tokens[k].kind, Kind::Span(q) if q != Quote::Backtick)
            && tokens[k].text.chars().all(char::is_alphabetic)
            && tokens[k].text.chars().next().is_some_and(char::is_lowercase);
        if quoted_word
            && tokens[k - 1].is_word()
            && SPANISH_CLITICS.contains(&tokens[k - 1].lower.as_str())
            && tokens[k - 2].is_word()
            && CLITIC_NEGATORS.contains(&tokens[k - 2].lower.as_str())
        {
            tokens[k].kind = Kind::Word;
        }
    }
}

/// A name of code a place word can put something inside of — a function or a hook by its
/// case or its call (`defineScene`, `useEffect()`, `App.render`) — rather than a folder (`src`,
/// `lib`) or a file (`.ts`, `main.go`).
pub fn names_a_construct(code: &str) -> bool {
    let code = code.trim();
    let call = code.ends_with("()") && code.len() > 2;
    let name = code.trim_end_matches("()");
    let identifier = !name.is_empty()
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        && !name.starts_with('.')
        && name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
    let inner_capital = name.chars().skip(1).any(char::is_uppercase);
    // "in `Update`", "in `Render`": a Go or C# method, a class — not a library, a tool or a
    // language named in code ("in `React`", "in `Python`").
    let capitalized = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().any(|c| c.is_ascii_lowercase())
        && !name.contains('.')
        && {
            let lower = name.to_lowercase();
            let l = lower.as_str();
            ![
                words::TOOLS,
                words::NPM_PACKAGES,
                words::PYPI_PACKAGES,
                words::CRATES,
                words::GEMS,
                words::LANGUAGE_NAMES,
            ]
            .iter()
            .any(|list| list.contains(&l))
        };
    identifier
        && (call || inner_capital || capitalized)
        && !looks_like_path(name)
        && !names_a_settings_group(name)
}

/// Whether a place word's object, from `clause[i]` on (past "of", "de"), is a project's usual
/// folder written as a word ("outside config", "in src."): the folder, where a following word
/// would make it a kind of thing instead ("outside config files").
pub fn usual_folder_word(clause: &[Token], i: usize) -> bool {
    // "outside of src", "fuera de src": a preposition before the folder (a determiner, "the
    // app", names a part of the system instead).
    let i = if clause
        .get(i)
        .is_some_and(|t| t.is_word() && matches!(t.lower.as_str(), "of" | "de"))
    {
        i + 1
    } else {
        i
    };
    clause
        .get(i)
        .is_some_and(|t| t.is_word() && super::words::FOLDER_ONLY_WORDS.contains(&t.lower.as_str()))
        && clause.get(i + 1).is_none_or(|n| !n.is_word())
}

/// A key that groups settings (`compilerOptions`, `devDependencies`): a place in a config file
/// for what the rule forbids there, not a construct code runs in.
pub fn names_a_settings_group(code: &str) -> bool {
    [
        "Options",
        "Config",
        "Settings",
        "Dependencies",
        "dependencies",
        "Properties",
    ]
    .iter()
    .any(|end| code.ends_with(end))
}

/// Whether `before` (a clause's tokens before a place word) wraps something: "never wrap
/// columns in `LOWER()`" names the wrapper as what is forbidden, not a place.
pub fn wraps(before: &[Token]) -> bool {
    before
        .iter()
        .any(|t| t.is_word() && WRAP_VERBS.contains(&t.lower.as_str()))
}

/// A `(` that starts code such as `()` stays in its chunk.
fn starts_code(rest: &str) -> bool {
    rest.starts_with("()")
}

fn find_span<'a>(text: &'a str, from: usize, closers: &[char], single: bool) -> Option<(&'a str, usize)> {
    let rest = text.get(from..)?;
    for (off, d) in rest.char_indices() {
        if d == '\n' {
            return None;
        }
        if closers.contains(&d) {
            let after = rest[off + d.len_utf8()..].chars().next();
            if single && after.is_some_and(char::is_alphanumeric) {
                // `don't` inside a quotation: not the closer.
                continue;
            }
            let content = &rest[..off];
            if single && (content.starts_with(' ') || content.is_empty()) {
                return None;
            }
            return Some((content, from + off + d.len_utf8()));
        }
    }
    None
}

/// Classifies one whitespace-delimited chunk.
fn chunk(raw: &str, out: &mut Vec<Token>) {
    let lower = raw.to_lowercase();
    if ABBREVIATIONS.contains(&lower.as_str()) {
        out.push(Token::new(Kind::Word, raw.trim_end_matches('.')));
        return;
    }
    if matches!(raw, "-" | "–" | "—" | "--") {
        out.push(Token::new(Kind::Sep, "-"));
        return;
    }
    if is_operator(raw) {
        out.push(Token::new(Kind::Bare, raw));
        return;
    }
    // Leading unbalanced `(` / `[`, trailing sentence punctuation.
    let mut body = raw;
    let mut leading = Vec::new();
    while let Some(first) = body.chars().next() {
        if matches!(first, '(' | '[' | '¿' | '¡') && !balanced_open(body) {
            leading.push(first);
            body = &body[first.len_utf8()..];
        } else {
            break;
        }
    }
    let mut trailing = Vec::new();
    while let Some(last) = body.chars().next_back() {
        let strip = match last {
            '.' | ':' | '!' | '?' => {
                !is_operator(body) && !body.ends_with("!important") && !is_macro_bang(body)
            }
            ')' | ']' => !balanced_close(body),
            '\'' | '’' => true,
            _ => false,
        };
        if !strip {
            break;
        }
        trailing.push(last);
        body = &body[..body.len() - last.len_utf8()];
    }
    for c in leading {
        if c == '(' || c == '[' {
            out.push(Token::new(Kind::Sep, "("));
        }
    }
    if !body.is_empty() {
        classify(body, out);
    }
    for c in trailing.into_iter().rev() {
        match c {
            '\'' | '’' => {}
            _ => out.push(Token::new(Kind::Sep, &c.to_string())),
        }
    }
}

fn is_macro_bang(body: &str) -> bool {
    // `println!` — a Rust macro name, not an exclamation.
    RUST_MACROS.contains(&body.trim_end_matches("()"))
}

fn balanced_open(s: &str) -> bool {
    let opens = s.matches(['(', '[']).count();
    let closes = s.matches([')', ']']).count();
    opens <= closes
}

fn balanced_close(s: &str) -> bool {
    let opens = s.matches(['(', '[']).count();
    let closes = s.matches([')', ']']).count();
    closes <= opens
}

/// Only operator characters, at least two of them: `==`, `!==`, `=>`, `&&`.
pub fn is_operator(s: &str) -> bool {
    s.chars().count() >= 2
        && s.chars().all(|c| OP_CHARS.contains(c))
        && !s.chars().all(|c| c == '.' || c == '-')
}

/// True when an unquoted token reads as a path: `src/api/`, `./scripts`, `*.log`, `.env`.
pub fn looks_like_path(s: &str) -> bool {
    let lower = s.to_lowercase();
    if lower.contains("://") || NOT_PATHS.contains(&lower.as_str()) || s.starts_with("//") {
        return false;
    }
    if !s.chars().all(|c| {
        c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '*' | '@' | '[' | ']' | '{' | '}' | ',')
    }) {
        return false;
    }
    if s.contains('/') {
        let first = lower.trim_start_matches("./").split('/').next().unwrap_or("");
        return s.ends_with('/')
            || s.starts_with("./")
            || s.starts_with("../")
            || s.starts_with('/')
            || s.contains('*')
            || ROOT_DIRS.contains(&first)
            || s.rsplit('/').next().is_some_and(has_extension);
    }
    // `.env`, `*.log`, `package.json` — but `.only`, `.then` are member accesses.
    (s.starts_with('.')
        && s.len() > 2
        && s[1..]
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && is_dotfile(&s[1..]))
        || (s.starts_with("*.") && s.len() > 2)
        || is_file_name(s)
}

fn is_dotfile(name: &str) -> bool {
    let lower = name.to_lowercase();
    DOTFILES.contains(&lower.as_str())
        || lower.contains('.')
        || lower.contains('-')
        || lower.ends_with("rc")
        || lower.ends_with("ignore")
}

fn has_extension(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && FILE_EXTENSIONS.contains(&ext.to_lowercase().as_str()))
}

/// A file name or a file-name pattern, no folder: `package-lock.json`, `.env`, `*.log`,
/// `test_*.py` — what a forbidden path names.
pub fn is_file_pattern(s: &str) -> bool {
    if s.contains('/') || s.chars().any(char::is_whitespace) || s.is_empty() || is_member_wildcard(s) {
        return false;
    }
    // `.*`, `*.*`: wildcards with no name in them match every file, not a kind of one.
    let glob = s.contains(['*', '?'])
        && s.chars().any(char::is_alphanumeric)
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '*' | '?'))
        && s.rsplit_once('.')
            .is_some_and(|(_, ext)| FILE_EXTENSIONS.contains(&ext.to_lowercase().as_str()) || ext == "*");
    glob || looks_like_path(s)
}

/// `tmp-*`, `debug_*`: every name with that prefix (a file's, where the rule speaks of files).
pub fn is_name_prefix_glob(s: &str) -> bool {
    s.strip_suffix('*').is_some_and(|stem| {
        stem.len() > 1
            && stem.ends_with(['-', '_', '.'])
            && stem
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
    })
}

/// `Log.*`, `Console.*`: every member of a class (Android's `Log.d`, `Log.e`…), not files named
/// `Log` — a PascalCase name, not one a file goes by (`Dockerfile.*`, `README.*`).
pub fn is_member_wildcard(s: &str) -> bool {
    let Some(stem) = s.strip_suffix(".*") else {
        return false;
    };
    let mut chars = stem.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && stem.chars().all(|c| c.is_ascii_alphanumeric())
        && stem.chars().any(|c| c.is_ascii_lowercase())
        && !stem.to_lowercase().ends_with("file")
        && !matches!(stem, "License" | "Licence" | "Readme" | "Changelog" | "Makefile")
}

/// `package.json`, `Dockerfile.dev`, `README.md` — a file name, not code.
pub fn is_file_name(s: &str) -> bool {
    !s.contains('/')
        && s.matches('.').count() >= 1
        && has_extension(s)
        && !has_code_prefix(s)
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// `useMemo`, `dangerouslySetInnerHTML`, `setState`: a lowercase word with capitals inside is a
/// name in code, whatever quotes the rule forgot — not brand names that write so (`iOS`,
/// `jQuery`, `gRPC`).
fn is_camel_identifier(w: &str) -> bool {
    const BRANDS: &[&str] = &[
        "iOS",
        "macOS",
        "iPadOS",
        "watchOS",
        "tvOS",
        "visionOS",
        "iPhone",
        "iPad",
        "iCloud",
        "iTunes",
        "jQuery",
        "eBay",
        "gRPC",
        "tRPC",
        "pH",
        "eCommerce",
        "eBook",
        "iFrame",
        "mTLS",
        "kHz",
        "mAh",
    ];
    let mut chars = w.chars();
    w.len() >= 4
        && chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && w.chars().all(|c| c.is_ascii_alphanumeric())
        && w.chars().skip(1).any(|c| c.is_ascii_uppercase())
        && w.chars().filter(char::is_ascii_lowercase).count() >= 3
        && !BRANDS.contains(&w)
}

/// True when an unquoted chunk reads unmistakably as code.
fn looks_like_code(s: &str) -> bool {
    if is_operator(s) || is_call(s) || s == "!important" || is_macro_bang(s) {
        return true;
    }
    // "No eslint-disable without a rationale": a linter's directive, written bare — one with a
    // hyphenated name no prose has (`eslint-disable-next-line`).
    let lower = s.to_lowercase();
    if words::COMMENT_DIRECTIVES
        .iter()
        .any(|d| d.contains('-') && lower.starts_with(d))
    {
        return true;
    }
    if s.starts_with('@')
        && s.len() > 2
        && s[1..]
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return true;
    }
    if s.starts_with("#[") || s.contains("::") && s.split("::").all(|p| !p.is_empty()) {
        return true;
    }
    let dotted = s.contains('.')
        && s.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$'));
    dotted && (has_code_prefix(s) || is_go_member(s))
}

fn classify(body: &str, out: &mut Vec<Token>) {
    if looks_like_code(body) {
        out.push(Token::new(Kind::Bare, body));
        return;
    }
    if looks_like_path(body) {
        out.push(Token::new(Kind::Path, body));
        return;
    }
    // Words: split on anything that is not part of a word.
    let mut start = None;
    let flush = |from: usize, to: usize, out: &mut Vec<Token>| {
        let w = body[from..to].trim_matches(|c: char| matches!(c, '\'' | '’' | '-' | '.'));
        if is_camel_identifier(w) {
            out.push(Token::new(Kind::Bare, w));
        } else if !w.is_empty() {
            out.push(Token::new(Kind::Word, w));
        }
    };
    // "Bootstrap/MaterialUI", "PNPM/yarn": a slash between names lists them (but "async/await",
    // "and/or" are one thing each).
    let listed =
        body.contains('/') && !SLASH_PAIRS.contains(&body.to_lowercase().trim_end_matches(['.', ':']));
    for (off, c) in body.char_indices() {
        let word_char = c.is_alphanumeric() || matches!(c, '\'' | '’' | '-' | '_' | '+' | '#' | '.');
        match (word_char, start) {
            (true, None) => start = Some(off),
            (false, Some(s)) => {
                flush(s, off, out);
                start = None;
                if c == '/' && listed && out.last().is_some_and(|t| t.kind == Kind::Word) {
                    out.push(Token::new(Kind::Comma, ","));
                }
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        flush(s, body.len(), out);
    }
}

/// Words joined by a slash that name one thing.
const SLASH_PAIRS: &[&str] = &[
    "async/await",
    "and/or",
    "y/o",
    "try/catch",
    "try/except",
    "if/else",
    "input/output",
    "i/o",
    "read/write",
    "client/server",
    "on/off",
    "yes/no",
    "true/false",
    "ci/cd",
    "tcp/ip",
    "n/a",
];

/// Tokens grouped into clauses (separators dropped).
pub fn clauses(tokens: &[Token]) -> Vec<&[Token]> {
    clauses_with_ends(tokens).into_iter().map(|(c, _)| c).collect()
}

/// Clauses, each with the separator that ends it (`:` for a list header), if any.
pub fn clauses_with_ends(tokens: &[Token]) -> Vec<(&[Token], Option<&str>)> {
    clause_ranges(tokens)
        .into_iter()
        .map(|(range, end)| (&tokens[range], end))
        .collect()
}

/// Where each clause of [`clauses_with_ends`] lies in `tokens` (a mention's `clause` indexes
/// them), with its separator.
pub fn clause_ranges(tokens: &[Token]) -> Vec<(Range<usize>, Option<&str>)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.kind == Kind::Sep {
            if i > start {
                out.push((start..i, Some(t.text.as_str())));
            }
            start = i + 1;
        }
    }
    if start < tokens.len() {
        out.push((start..tokens.len(), None));
    }
    out
}

// What a chunk of code looks like: calls, qualified names, Go members.

pub fn first_segment(s: &str) -> &str {
    s.trim_start_matches('.')
        .split(['.', ':', '('])
        .next()
        .unwrap_or("")
}

/// True when a qualified name starts with a well-known module or object (`console.`, `os.`).
pub fn has_code_prefix(s: &str) -> bool {
    let first = first_segment(s);
    (s.contains('.') || s.contains("::")) && CODE_PREFIXES.iter().any(|names| names.contains(&first))
}

/// `fmt.Println`, `errors.New`: a Go package member (lowercase package, exported member).
pub fn is_go_member(s: &str) -> bool {
    let Some((pkg, member)) = s.split_once('.') else {
        return false;
    };
    !member.contains('.')
        && !pkg.is_empty()
        && pkg.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && member.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && member.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !is_file_name(s)
        // `typing.List` looks like Go's `fmt.Println`, but `typing` is Python's alone.
        && !PY_ONLY_MODULES.contains(&pkg)
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

/// Whether the rule says one of `words` or quotes one in a code span (`&&` is only ever
/// quoted).
pub fn says_or_quotes(tokens: &[Token], words: &[&str]) -> bool {
    tokens.iter().any(|t| {
        (t.is_word() && words.contains(&t.lower.as_str()))
            || (matches!(t.kind, Kind::Span(_)) && words.contains(&t.text.trim()))
    })
}

pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(is_ident_start) && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

pub fn is_qualified(s: &str) -> bool {
    let parts: Vec<&str> = s.split("::").flat_map(|p| p.split('.')).collect();
    parts.len() >= 2 && parts.iter().all(|p| is_ident(p))
}

/// `print(`, `print()`, `console.log(...)`, `.unwrap()`, `println!(…)`.
pub fn is_call(s: &str) -> bool {
    let Some(open) = s.find('(') else { return false };
    let name = s[..open].trim_start_matches('.').trim_end_matches('!');
    let rest = &s[open..];
    !name.is_empty()
        && (is_ident(name) || is_qualified(name))
        && (rest == "(" || (rest.ends_with(')') && rest.matches('(').count() == rest.matches(')').count()))
}

/// The callee of a call literal: `console.log` for `console.log(x)`.
pub fn callee(s: &str) -> &str {
    s.find('(').map_or(s, |i| &s[..i]).trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Kind, String)> {
        tokenize(text).into_iter().map(|t| (t.kind, t.text)).collect()
    }

    fn spans(text: &str) -> Vec<String> {
        tokenize(text)
            .into_iter()
            .filter(|t| matches!(t.kind, Kind::Span(_)))
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn code_spans_in_every_delimiter() {
        assert_eq!(
            spans("Never use `any` - use 'unknown' or \"never\""),
            ["any", "unknown", "never"]
        );
        assert_eq!(spans("Usa «const» en lugar de “var”"), ["const", "var"]);
        assert_eq!(spans("Don't use 'var'; it's old"), ["var"]);
        assert_eq!(spans("users' data isn't 'code'"), ["code"]);
        assert_eq!(
            spans("Colocar en 'src/server/routes/', nunca en 'src/api/'."),
            ["src/server/routes/", "src/api/"]
        );
        assert!(spans("an `unclosed span").is_empty());
        // A quoted verb after a negated object pronoun is a word; code after one stays code.
        assert!(spans("No la cambies ni la \"normalices\".").is_empty());
        assert_eq!(spans("No lo uses: \"var\" no."), ["var"]);
        assert_eq!(spans("No la llames con `eval`"), ["eval"]);
        assert_eq!(spans("ni la `normalices`"), ["normalices"]);
        // A negating prefix glued to a span: a word, not the code.
        assert_eq!(
            spans("No `fmt.Println` or any non-`slog` logger"),
            ["fmt.Println"]
        );
        assert!(
            tokenize("any non-`slog` logger")
                .iter()
                .any(|t| t.is_word() && t.text == "non-slog")
        );
        // A span that says what something is like: a word, not the code.
        assert_eq!(
            spans("Never put `fmt.Sprintf`-style placeholders (`%s`) in `jQuery`-like code"),
            ["%s"]
        );
        assert!(
            tokenize("`printf`-Style logs")
                .iter()
                .any(|t| t.is_word() && t.text == "printf-Style")
        );
        // A suffix that only starts a longer word leaves the span as it is.
        assert_eq!(spans("no `x`-likely or `y`-styles"), ["x", "y"]);
    }

    #[test]
    fn bare_code_paths_and_words() {
        let k = kinds("Always use === instead of ==, never console.log() in src/api/ (e.g. print).");
        assert!(k.contains(&(Kind::Bare, "===".into())));
        assert!(k.contains(&(Kind::Bare, "==".into())));
        assert!(k.contains(&(Kind::Bare, "console.log()".into())));
        assert!(k.contains(&(Kind::Path, "src/api/".into())));
        assert!(k.contains(&(Kind::Word, "e.g".into())));
        assert!(k.contains(&(Kind::Word, "print".into())));
        assert_eq!(k.iter().filter(|(k, _)| *k == Kind::Sep).count(), 3, "{k:?}");
        // A linter's directive, written bare.
        let k = kinds("No eslint-disable without a rationale; never eslint-disable-next-line.");
        assert!(k.contains(&(Kind::Bare, "eslint-disable".into())), "{k:?}");
        assert!(
            k.contains(&(Kind::Bare, "eslint-disable-next-line".into())),
            "{k:?}"
        );
    }

    #[test]
    fn dashes_between_spaces_separate_clauses() {
        let t = tokenize("Never use `any` - use `unknown` — really; non-null");
        assert_eq!(clauses(&t).len(), 4);
        assert!(t.iter().any(|t| t.text == "non-null"));
    }

    #[test]
    fn paths_are_told_from_prose_and_code() {
        for p in [
            "src/api/",
            "./scripts",
            "*.log",
            ".env",
            "package.json",
            "apps/web/src",
            "docs/",
        ] {
            assert!(looks_like_path(p), "{p}");
        }
        for n in [
            "and/or",
            "async/await",
            "os.path",
            "console.log",
            "https://x.dev/a",
            "clean",
        ] {
            assert!(!looks_like_path(n), "{n}");
        }
    }

    #[test]
    fn never_panics_on_odd_input() {
        for s in [
            "'", "`", "\"", "«", "'a", "—", "((", "))", "é'", "'é", "a'b'c", "-- -", "¿qué?", "`\n`", "\u{0}",
        ] {
            let _ = tokenize(s);
        }
    }
}
