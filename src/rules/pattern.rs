//! A check's regex, compiled once per process for the texts it meets: a small ASCII build for
//! ASCII texts when Unicode classes would make the full build large, the full Unicode build on
//! the first text that needs it, and the widened forms the prefilter and the hit filter use.
//!
//! Why two builds: a Unicode `\w` compiles to about 0.4 MB of automata in every regex that uses
//! it (1,000 rules such as `\bfooN(bar|baz)\w*\b` took 400 MB and 0.6 s to load), while on a text
//! made of ASCII the same pattern with ASCII classes finds exactly the same matches — `\w`, `\d`,
//! `\s`, `\b` and case folding only differ on characters above U+007F — and costs 10 KB. Most
//! source files are ASCII; the Unicode build is made when the first one that is not arrives.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex, OnceLock, Weak};

use regex::{Regex, RegexBuilder};
use regex_syntax::hir::{Class, ClassBytes, ClassBytesRange, Hir, HirKind, Look, Repetition};

use super::reach::Reach;

/// Compiled size limits: a rules file must not be able to exhaust the editor's memory.
pub const REGEX_SIZE_LIMIT: usize = 1 << 20;
const REGEX_DFA_LIMIT: usize = 2 << 20;
/// The capture group that, when present, narrows the reported range of a `Pattern` match.
pub const HIT_GROUP: &str = "hit";
/// The capture group that, when present, is matched but not consumed: the search for the next
/// match resumes where it starts — the look-ahead Rust's regex has not ("a statement line whose
/// next line does not continue it" can then find two such lines in a row).
pub const AHEAD_GROUP: &str = "ahead";

/// A regex compiled once per process and shared by every rule set that uses it, with what is
/// derived from its source: a reload after an edit of the rules file compiles only the patterns
/// that changed (a rules file of a thousand patterns took seconds to rebuild on each keystroke).
#[derive(Debug)]
pub(crate) struct CompiledPattern {
    pub matcher: Matcher,
    pub hit_group: Option<usize>,
    /// Index of the `ahead` group (see [`AHEAD_GROUP`]).
    pub ahead_group: Option<usize>,
    /// The `hit` group's own pattern, its look-arounds dropped and its classes widened: a match
    /// whose text it does not match cannot have a hit (a comment skipped by an inferred check),
    /// so the slower capture search is spared.
    pub hit_filter: Option<regex::bytes::Regex>,
    /// The pattern as the prefilter set holds it (see [`set_source`]).
    pub prefilter: String,
    /// Whether [`Self::prefilter`] is the pattern's required literals (else its widened form,
    /// whose automaton multiplies with the others' in a set).
    pub prefilter_is_literal: bool,
    pub reach: Reach,
    /// The pattern's leading branches that hold no `hit`, when it has some (see [`HitlessLead`]).
    pub hitless_lead: Option<HitlessLead>,
}

/// The leading branches of a pattern that hold no `hit` group — what an inferred check skips:
/// a comment, a docstring, a whole file it leaves out (a Python file that imports Qt). A match
/// one of them makes reports nothing, and a long one is told so by an anchored search of these
/// branches alone, built on first need, instead of a capture search over the whole match (a
/// Qt file consumed whole had the capture search crawl over it: a project's `check` took 1.4
/// times as long).
#[derive(Debug)]
pub(crate) struct HitlessLead {
    branches: Hir,
    regex: OnceLock<Option<regex_automata::meta::Regex>>,
}

impl HitlessLead {
    /// The leading hit-less branches of `hir`, when it is an alternation with some, and some
    /// branch after them holds the `hit`.
    fn of(hir: &Hir) -> Option<HitlessLead> {
        let HirKind::Alternation(branches) = hir.kind() else {
            return None;
        };
        let lead = branches.iter().take_while(|b| hit_group_of(b).is_none()).count();
        (lead > 0 && lead < branches.len()).then(|| HitlessLead {
            branches: Hir::alternation(branches[..lead].to_vec()),
            regex: OnceLock::new(),
        })
    }

    /// True when the match `whole` of the pattern in `hay` is one of these branches' — as a
    /// match is the first branch that matches at its start, it then reports nothing.
    pub fn made(&self, hay: &[u8], whole: Range<usize>) -> bool {
        use regex_automata::{Anchored, Input, meta};
        let regex = self.regex.get_or_init(|| {
            meta::Builder::new()
                .configure(
                    meta::Config::new()
                        .nfa_size_limit(Some(REGEX_SIZE_LIMIT))
                        .hybrid_cache_capacity(REGEX_DFA_LIMIT),
                )
                .build_from_hir(&self.branches)
                .ok()
        });
        let Some(regex) = regex else { return false };
        let input = Input::new(hay).range(whole.start..).anchored(Anchored::Yes);
        regex.search(&input).is_some_and(|m| m.end() == whole.end)
    }
}

/// Whether `source` has a group named `hit` (parsed, not compiled).
pub(crate) fn has_hit_group(source: &str) -> bool {
    parse(source)
        .as_ref()
        .is_some_and(|hir| hit_group_of(hir).is_some())
}

/// The pattern inside the `hit` group of `hir`, when `hir` holds one.
fn hit_group_of(hir: &Hir) -> Option<&Hir> {
    match hir.kind() {
        HirKind::Capture(c) if c.name.as_deref() == Some(HIT_GROUP) => Some(&c.sub),
        HirKind::Capture(c) => hit_group_of(&c.sub),
        HirKind::Repetition(r) => hit_group_of(&r.sub),
        HirKind::Concat(hs) | HirKind::Alternation(hs) => hs.iter().find_map(hit_group_of),
        _ => None,
    }
}

/// The patterns compiled so far, by source. Entries hold no pattern alive: one that no rule set
/// uses any more is freed, and its entry dropped on a later insertion.
static PATTERNS: LazyLock<Mutex<HashMap<String, Weak<CompiledPattern>>>> = LazyLock::new(Mutex::default);

/// The compiled form of `source`, from the cache or compiled now (outside the cache's lock).
pub(crate) fn compiled(source: &str) -> Result<Arc<CompiledPattern>, String> {
    let cache = || PATTERNS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = cache().get(source).and_then(Weak::upgrade) {
        return Ok(found);
    }
    let hir = parse(source);
    let matcher = Matcher::new(source, hir.as_ref())?;
    let hit_group = matcher.group(HIT_GROUP);
    let ahead_group = matcher.group(AHEAD_GROUP);
    let (prefilter, prefilter_is_literal) = hir
        .as_ref()
        .map_or_else(|| (source.to_string(), false), set_source);
    let pattern = Arc::new(CompiledPattern {
        hit_filter: hit_group.and(hir.as_ref()).and_then(hit_filter),
        prefilter,
        prefilter_is_literal,
        hit_group,
        ahead_group,
        reach: Reach::of_parsed(hir.as_ref()),
        hitless_lead: hit_group.and(hir.as_ref()).and_then(HitlessLead::of),
        matcher,
    });
    let mut cache = cache();
    if cache.len() >= 64 && cache.len().is_power_of_two() {
        cache.retain(|_, p| p.strong_count() > 0);
    }
    cache.insert(source.to_string(), Arc::downgrade(&pattern));
    Ok(pattern)
}

/// `source` parsed as the checks compile it (multi-line, CRLF-aware, Unicode).
fn parse(source: &str) -> Option<Hir> {
    regex_syntax::ParserBuilder::new()
        .multi_line(true)
        .crlf(true)
        .build()
        .parse(source)
        .ok()
}

/// One pattern, ready for ASCII and Unicode texts alike.
#[derive(Debug)]
pub enum Matcher {
    /// The Unicode build alone: the pattern's ASCII build would be no smaller.
    Unicode(Regex),
    /// A pattern with large Unicode classes: the same pattern with ASCII classes, which matches
    /// exactly alike on an ASCII text, and the Unicode build made on first need (`None` inside
    /// only when that late build failed: see [`Matcher::engine`]).
    Both {
        source: Box<str>,
        ascii: regex::bytes::Regex,
        unicode: OnceLock<Option<Regex>>,
    },
}

impl Matcher {
    /// The pattern as written.
    pub fn source(&self) -> &str {
        match self {
            Matcher::Unicode(re) => re.as_str(),
            Matcher::Both { source, .. } => source,
        }
    }

    /// Compiles `source` (`hir`: its parse, when it parses). Every error a check can meet is
    /// found here, also for a Unicode build left for later: its automaton is built once to be
    /// measured against the size limit, then dropped.
    fn new(source: &str, hir: Option<&Hir>) -> Result<Matcher, String> {
        if hir.is_some_and(depends_on_unicode)
            && let Some(ascii) = build_ascii(source)
            && fits(source)
        {
            return Ok(Matcher::Both {
                source: source.into(),
                ascii,
                unicode: OnceLock::new(),
            });
        }
        Ok(Matcher::Unicode(build_regex(source)?))
    }

    /// The build to run on `hay`s that are ASCII (`ascii`) or not.
    pub fn engine(&self, ascii: bool) -> Engine<'_> {
        let (source, fast, unicode) = match self {
            Matcher::Unicode(re) => return Engine::Unicode(re),
            Matcher::Both { ascii: fast, .. } if ascii => return Engine::Ascii(fast),
            Matcher::Both {
                source,
                ascii,
                unicode,
            } => (source, ascii, unicode),
        };
        let unicode = unicode.get_or_init(|| {
            build_regex(source)
                .inspect_err(|error| {
                    tracing::warn!(pattern = %source, %error, "the Unicode build failed; ASCII classes are used");
                })
                .ok()
        });
        match unicode {
            Some(re) => Engine::Unicode(re),
            None => Engine::Ascii(fast),
        }
    }

    /// The engine for `hay`.
    pub fn for_text(&self, hay: &str) -> Engine<'_> {
        self.engine(hay.is_ascii())
    }

    pub fn is_match(&self, hay: &str) -> bool {
        self.for_text(hay).is_match(hay)
    }

    pub fn find(&self, hay: &str) -> Option<Range<usize>> {
        self.for_text(hay).find_at(hay, 0)
    }

    /// Index of the group named `name`, when the pattern has one (the same in both builds).
    fn group(&self, name: &str) -> Option<usize> {
        match self {
            Matcher::Unicode(re) => re.capture_names().position(|n| n == Some(name)),
            Matcher::Both { ascii, .. } => ascii.capture_names().position(|n| n == Some(name)),
        }
    }

    /// True when the Unicode build is made (tests: with an ASCII build, only on need).
    #[cfg(test)]
    pub(crate) fn has_unicode_build(&self) -> bool {
        match self {
            Matcher::Unicode(_) => true,
            Matcher::Both { unicode, .. } => unicode.get().is_some(),
        }
    }
}

/// One build of a [`Matcher`], chosen for a text.
#[derive(Debug, Clone, Copy)]
pub enum Engine<'m> {
    Ascii(&'m regex::bytes::Regex),
    Unicode(&'m Regex),
}

impl Engine<'_> {
    pub fn is_match(self, hay: &str) -> bool {
        match self {
            Engine::Ascii(re) => re.is_match(hay.as_bytes()),
            Engine::Unicode(re) => re.is_match(hay),
        }
    }

    /// The first match starting at or after `at`; the text before `at` is context.
    pub fn find_at(self, hay: &str, at: usize) -> Option<Range<usize>> {
        match self {
            Engine::Ascii(re) => re.find_at(hay.as_bytes(), at).map(|m| m.range()),
            Engine::Unicode(re) => re.find_at(hay, at).map(|m| m.range()),
        }
    }

    pub fn captures_at<'h>(self, hay: &'h str, at: usize) -> Option<Groups<'h>> {
        match self {
            Engine::Ascii(re) => re.captures_at(hay.as_bytes(), at).map(Groups::Ascii),
            Engine::Unicode(re) => re.captures_at(hay, at).map(Groups::Unicode),
        }
    }
}

/// The groups of one match.
pub enum Groups<'h> {
    Ascii(regex::bytes::Captures<'h>),
    Unicode(regex::Captures<'h>),
}

impl Groups<'_> {
    pub fn get(&self, group: usize) -> Option<Range<usize>> {
        match self {
            Groups::Ascii(c) => c.get(group).map(|m| m.range()),
            Groups::Unicode(c) => c.get(group).map(|m| m.range()),
        }
    }

    /// `template` with `$1`/`${name}` replaced by the groups' texts.
    pub fn expand(&self, template: &str) -> String {
        match self {
            Groups::Ascii(c) => {
                let mut out = Vec::new();
                c.expand(template.as_bytes(), &mut out);
                // The groups are ASCII and the template is UTF-8: so is the result.
                String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            }
            Groups::Unicode(c) => {
                let mut out = String::new();
                c.expand(template, &mut out);
                out
            }
        }
    }
}

/// The Unicode build, with errors worded for the rules file.
fn build_regex(source: &str) -> Result<Regex, String> {
    RegexBuilder::new(source)
        .multi_line(true)
        .crlf(true)
        .size_limit(REGEX_SIZE_LIMIT)
        .dfa_size_limit(REGEX_DFA_LIMIT)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(limit) => too_large(limit),
            other => {
                let text = other.to_string();
                let last = text.lines().last().unwrap_or_default().trim();
                last.strip_prefix("error: ").unwrap_or(last).to_string()
            }
        })
}

fn too_large(limit: usize) -> String {
    format!(
        "the pattern is too large once compiled (limit {} KiB); simplify it",
        limit / 1024
    )
}

/// The ASCII build: Unicode classes and word boundaries replaced by their ASCII forms. `None`
/// when the pattern needs Unicode to mean anything (`\p{Greek}`).
fn build_ascii(source: &str) -> Option<regex::bytes::Regex> {
    regex::bytes::RegexBuilder::new(source)
        .unicode(false)
        .multi_line(true)
        .crlf(true)
        .size_limit(REGEX_SIZE_LIMIT)
        .dfa_size_limit(REGEX_DFA_LIMIT)
        .build()
        .ok()
}

/// True when the Unicode build of `source` stays under the size limit: its forward automaton
/// (what the limit measures) is built and dropped — half the cost of the whole build, and none
/// of its memory kept.
fn fits(source: &str) -> bool {
    use regex_automata::nfa::thompson;
    use regex_automata::util::syntax;
    thompson::Compiler::new()
        .syntax(syntax::Config::new().multi_line(true).crlf(true))
        .configure(
            thompson::Config::new()
                .nfa_size_limit(Some(REGEX_SIZE_LIMIT))
                .shrink(false),
        )
        .build(source)
        .is_ok()
}

/// True when `hir` holds a class whose Unicode build is much larger than its ASCII one: one of
/// many ranges above U+007F (`\w` has about 700, `\d` 60). `.`, `[^a]` or a case-insensitive
/// letter have one to three, and their UTF-8 automata stay small.
fn depends_on_unicode(hir: &Hir) -> bool {
    const LARGE: usize = 16;
    match hir.kind() {
        HirKind::Class(Class::Unicode(c)) => c
            .ranges()
            .iter()
            .filter(|r| r.end() > '\x7f')
            .nth(LARGE)
            .is_some(),
        HirKind::Capture(c) => depends_on_unicode(&c.sub),
        HirKind::Repetition(r) => depends_on_unicode(&r.sub),
        HirKind::Concat(hs) | HirKind::Alternation(hs) => hs.iter().any(depends_on_unicode),
        HirKind::Empty | HirKind::Literal(_) | HirKind::Look(_) | HirKind::Class(Class::Bytes(_)) => false,
    }
}

fn is_unicode_word(look: &Look) -> bool {
    matches!(
        look,
        Look::WordUnicode
            | Look::WordUnicodeNegate
            | Look::WordStartUnicode
            | Look::WordEndUnicode
            | Look::WordStartHalfUnicode
            | Look::WordEndHalfUnicode
    )
}

/// A regex for the text of the `hit` group of `hir`, widened (see [`widened`]) and with every
/// look-around removed: whatever the group matches in context, this matches inside the whole
/// match's text.
fn hit_filter(hir: &Hir) -> Option<regex::bytes::Regex> {
    let sub = widened(hit_group_of(hir)?, &|_| true);
    regex::bytes::RegexBuilder::new(&sub.to_string())
        .size_limit(REGEX_SIZE_LIMIT)
        .build()
        .ok()
}

/// What stands for the pattern in the prefilter set: the alternation of the literals every match
/// holds ([`required_literals`]), which keeps the set's automaton small and lets it skip ahead
/// (the widened forms of a hundred patterns had the lazy DFA spend a tenth of a whole-tree check
/// building states), else its widened form ([`prefilter_source`]); and whether it is the
/// literals. Made once per pattern.
fn set_source(hir: &Hir) -> (String, bool) {
    match required_literals(hir) {
        Some(literals) => (
            Hir::alternation(literals.iter().map(|l| Hir::literal(l.as_slice())).collect()).to_string(),
            true,
        ),
        None => (prefilter_source(hir), false),
    }
}

/// The widened form of a pattern: widened (see [`widened`]), Unicode word boundaries
/// dropped. It matches wherever the pattern does (and a little more: `any` inside `company`),
/// which is all a prefilter must do, and a set of a thousand of them stays small and within
/// reach of the lazy DFA on any text. With Unicode classes the set of 1,000 `\w` patterns was
/// too large to build at all; with a Unicode word boundary the DFA gave up at the first
/// non-ASCII byte of a file and fell back to the PikeVM — on svelte (9,000 files, many with an
/// accent or an emoji) three quarters of `check`'s time.
fn prefilter_source(hir: &Hir) -> String {
    widened(hir, &is_unicode_word).to_string()
}

/// The shortest literal worth a prefilter's search: shorter ones occur everywhere.
const MIN_LITERAL: usize = 3;
/// The most literals one pattern may bring to the prefilter (`(?i)` multiplies them).
const MAX_LITERALS: usize = 64;

/// Literals of which every match of `hir` holds one, so that a text holding none of them cannot
/// match: the prefix literals of the whole pattern, or of one of the parts it concatenates
/// (every match holds a match of each part, and each of those starts with one of the part's
/// prefixes) — the set with the longest shortest literal, then the fewest. `None` when no part
/// has a small finite set of literals of at least [`MIN_LITERAL`] bytes (`\w+`, `(?i)x`).
fn required_literals(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    fn parts<'h>(hir: &'h Hir, out: &mut Vec<&'h Hir>) {
        out.push(hir);
        match hir.kind() {
            HirKind::Concat(hs) => hs.iter().for_each(|h| parts(h, out)),
            HirKind::Capture(c) => parts(&c.sub, out),
            HirKind::Repetition(r) if r.min > 0 => parts(&r.sub, out),
            _ => {}
        }
    }
    let mut candidates = Vec::new();
    parts(hir, &mut candidates);
    let mut extractor = Extractor::new();
    extractor.kind(ExtractKind::Prefix);
    candidates
        .into_iter()
        .filter_map(|part| {
            let mut seq = extractor.extract(part);
            seq.dedup();
            let literals = match seq.literals() {
                Some(literals) => literals.iter().map(|l| l.as_bytes().to_vec()).collect(),
                // An alternation whose branches start anywhere (`\A(?s:.*?)import Qt…|def …`):
                // every match is one branch's, and holds one of that branch's literals.
                None => match part.kind() {
                    HirKind::Alternation(branches) => {
                        let mut all = Vec::new();
                        for branch in branches {
                            all.extend(required_literals(branch)?);
                        }
                        all.sort();
                        all.dedup();
                        all
                    }
                    _ => return None,
                },
            };
            let shortest = literals.iter().map(Vec::len).min()?;
            (shortest >= MIN_LITERAL && literals.len() <= MAX_LITERALS).then(|| {
                let key = (shortest.min(8), std::cmp::Reverse(literals.len()));
                (key, literals)
            })
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, literals)| literals)
}

/// `hir` with captures and the look-arounds `drop` picks removed (each becomes the empty match),
/// and each class holding characters above U+007F replaced by its ASCII part or any run of
/// non-ASCII bytes. The result, run on a text's bytes, matches wherever `hir` matches (one
/// character of a class becomes one run of its bytes), and possibly more.
fn widened(hir: &Hir, drop: &dyn Fn(&Look) -> bool) -> Hir {
    match hir.kind() {
        HirKind::Look(look) if drop(look) => Hir::empty(),
        HirKind::Class(Class::Unicode(class)) if class.ranges().last().is_some_and(|r| r.end() > '\x7f') => {
            let ascii: Vec<ClassBytesRange> = class
                .ranges()
                .iter()
                .filter(|r| r.start() <= '\x7f')
                .map(|r| ClassBytesRange::new(r.start() as u8, r.end().min('\x7f') as u8))
                .collect();
            let non_ascii = Hir::repetition(Repetition {
                min: 1,
                max: None,
                greedy: true,
                sub: Box::new(Hir::class(Class::Bytes(ClassBytes::new([ClassBytesRange::new(
                    0x80, 0xFF,
                )])))),
            });
            if ascii.is_empty() {
                non_ascii
            } else {
                Hir::alternation(vec![Hir::class(Class::Bytes(ClassBytes::new(ascii))), non_ascii])
            }
        }
        HirKind::Capture(c) => widened(&c.sub, drop),
        HirKind::Repetition(r) => Hir::repetition(Repetition {
            min: r.min,
            max: r.max,
            greedy: r.greedy,
            sub: Box::new(widened(&r.sub, drop)),
        }),
        HirKind::Concat(hs) => Hir::concat(hs.iter().map(|h| widened(h, drop)).collect()),
        HirKind::Alternation(hs) => Hir::alternation(hs.iter().map(|h| widened(h, drop)).collect()),
        _ => hir.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefilter(source: &str) -> String {
        prefilter_source(&parse(source).unwrap())
    }

    #[test]
    fn required_literals_are_those_every_match_holds() {
        let required = |source: &str| {
            required_literals(&parse(source).unwrap()).map(|ls| {
                ls.into_iter()
                    .map(|l| String::from_utf8(l).unwrap())
                    .collect::<Vec<_>>()
            })
        };
        let strings = |ls: &[&str]| Some(ls.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(required(r"\bconsole\.log\b"), strings(&["console.log"]));
        assert_eq!(
            required(r"(?:^|[^\w$-])(?P<hit>axios)(?:[^\w$-]|$)"),
            strings(&["axios"])
        );
        assert_eq!(
            required(r"\bfoo7(bar|baz)\w*\b"),
            strings(&["foo7bar", "foo7baz"])
        );
        // The most selective part: `: any` holds `any`, whatever space comes before it.
        assert_eq!(required(r":\s*(?P<hit>any)\b"), strings(&["any"]));
        assert_eq!(required(r"(?:ab){2,}"), strings(&["abab"]));
        // An alternation with a branch that starts anywhere: each branch's own literals.
        assert_eq!(
            required(r"\A(?s:.*?)^[ \t]*(?:from|import)[ \t]+Qt\b(?s:.*)|^def[ \t]+(?P<hit>[a-z]+[A-Z]\w*)"),
            strings(&["def\t", "def ", "from", "import"])
        );
        assert_eq!(required(r"\A(?s:.*?)import|\w+"), None);
        // No part with literals long enough, or few enough.
        for none in [r"\w+", r"a|bcd", r"(?i)abcdefgh", r"x?y?z?", r"[a-z]{3}"] {
            assert_eq!(required(none), None, "{none}");
        }
    }

    #[test]
    fn the_prefilter_drops_unicode_word_boundaries_and_widens_unicode_classes() {
        assert_eq!(prefilter(r"\bany\b"), "(?:any)");
        assert!(prefilter(r"(?-u:\b)any").contains(r"(?-u:\b)"));
        assert!(prefilter(r"^\s*x$").contains('^'));
        let word = prefilter(r"\w+");
        assert!(word.contains(r"\x80-\xFF"), "{word}");
        let re = regex::bytes::Regex::new(&prefilter(r"^é\w{3}$")).unwrap();
        assert!(re.is_match("ébçd".as_bytes()), "one character, one run of bytes");
    }

    #[test]
    fn patterns_with_unicode_classes_get_a_small_ascii_build_and_the_unicode_one_on_need() {
        let m = Matcher::new(r"\bfoo(bar|baz)\w*\b", parse(r"\bfoo(bar|baz)\w*\b").as_ref()).unwrap();
        assert!(!m.has_unicode_build());
        assert_eq!(m.find("let foobar_x = 1;"), Some(4..12));
        assert!(!m.has_unicode_build(), "an ASCII text needs no Unicode build");
        assert_eq!(m.find("let foobarñ = 1;"), Some(4..12), "ñ is a word character");
        assert!(m.has_unicode_build());
        // Literals, `.` and word boundaries need no second build.
        let m = Matcher::new(r"\bconsole.log\b", parse(r"\bconsole.log\b").as_ref()).unwrap();
        assert!(matches!(m, Matcher::Unicode(_)));
        // Unicode-only syntax keeps the Unicode build.
        let m = Matcher::new(r"\p{Greek}+", parse(r"\p{Greek}+").as_ref()).unwrap();
        assert!(matches!(m, Matcher::Unicode(_)));
    }

    #[test]
    fn a_too_large_unicode_build_is_refused_even_when_the_ascii_one_fits() {
        let source = r"\w{200}\w{200}";
        assert!(build_ascii(source).is_some());
        let error = Matcher::new(source, parse(source).as_ref()).unwrap_err();
        assert!(error.contains("too large"), "{error}");
    }

    #[test]
    fn expansion_is_alike_in_both_builds() {
        let source = r"var (?P<name>\w+) = (\d+)";
        let m = Matcher::new(source, parse(source).as_ref()).unwrap();
        for hay in ["var x = 42;", "var ñ = 42;"] {
            let groups = m.for_text(hay).captures_at(hay, 0).unwrap();
            assert_eq!(
                groups.expand("const ${name} = $2"),
                hay[..hay.len() - 1].replacen("var", "const", 1)
            );
        }
    }

    proptest::proptest! {
        /// On an ASCII text the ASCII build finds exactly what the Unicode build finds: same
        /// matches, same groups, for patterns made of the classes and boundaries that differ
        /// between the two.
        #[test]
        fn the_ascii_build_matches_like_the_unicode_build_on_ascii_text(
            parts in proptest::collection::vec(0usize..14, 1..6),
            text in "[a-zA-Z0-9_ \t\r\n.:;=-]{0,60}",
        ) {
            const PARTS: [&str; 14] = [
                r"\b", r"\B", r"\w+", r"\W", r"\d", r"\s*", r"(?i)k", r"(?i:s)", r"[^a]", r".",
                r"\b{start}", r"\b{end}", r"(?P<hit>\w)", "x",
            ];
            let source: String = parts.iter().map(|&p| PARTS[p]).collect();
            // Two `hit` groups do not compile.
            let Ok(unicode) = build_regex(&source) else { return Ok(()) };
            let Some(ascii) = build_ascii(&source) else { return Ok(()) };
            let found_unicode: Vec<_> = unicode.captures_iter(&text)
                .map(|c| c.iter().map(|g| g.map(|m| m.range())).collect::<Vec<_>>()).collect();
            let found_ascii: Vec<_> = ascii.captures_iter(text.as_bytes())
                .map(|c| c.iter().map(|g| g.map(|m| m.range())).collect::<Vec<_>>()).collect();
            proptest::prop_assert_eq!(found_unicode, found_ascii, "{} on {:?}", source, text);
        }

        /// The widened prefilter form matches wherever the pattern matches, on any text.
        #[test]
        fn the_widened_form_never_misses_a_match(
            parts in proptest::collection::vec(0usize..10, 1..5),
            text in "[aé_1ß😀K \n.-]{0,40}",
        ) {
            const PARTS: [&str; 10] = [
                r"\b", r"\w", r"\w{2}", r"\W+", r"(?i)k", r"[^a]", r".", r"é", r"\s", r"(?P<hit>\w)",
            ];
            let source: String = parts.iter().map(|&p| PARTS[p]).collect();
            let Ok(unicode) = build_regex(&source) else { return Ok(()) };
            let wide = regex::bytes::Regex::new(&prefilter(&source)).unwrap();
            if unicode.is_match(&text) {
                proptest::prop_assert!(wide.is_match(text.as_bytes()), "{} ({}) on {:?}", source, prefilter(&source), text);
            }
        }
    }
}
