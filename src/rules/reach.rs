//! How far across lines a regex match can reach — what an edit re-check must read around the
//! edited lines to stay exact. Worked out once per pattern from its syntax tree.

use regex_syntax::hir::{Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Look};

/// The reach of a pattern's matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// A match contains at most this many line breaks.
    Lines(usize),
    /// A match can span any number of lines, but only through repetitions of `span`
    /// characters (`\s*` spans whitespace): it covers at most `opaque` lines that hold a
    /// character outside `span`.
    Spanning { span: ClassUnicode, opaque: usize },
    /// Anchored at the start or end of the whole text (`\A`, `\z`), or unreadable: only the
    /// whole text can tell.
    Whole,
}

impl Reach {
    /// Analyses `source` as the checks compile it (multi-line, CRLF-aware).
    #[cfg(test)]
    pub fn of(source: &str) -> Reach {
        let parsed = regex_syntax::ParserBuilder::new()
            .multi_line(true)
            .crlf(true)
            .build()
            .parse(source);
        Reach::of_parsed(parsed.as_ref().ok())
    }

    /// The reach of a pattern parsed as the checks compile it; `None` (it does not parse): only
    /// the whole text can tell.
    pub fn of_parsed(hir: Option<&Hir>) -> Reach {
        let Some(hir) = hir else {
            return Reach::Whole;
        };
        let a = analyze(hir);
        if a.text_anchor {
            return Reach::Whole;
        }
        match a.breaks {
            Some(k) => Reach::Lines(k),
            None => Reach::Spanning {
                span: a.span,
                opaque: a.outside,
            },
        }
    }

    /// True when `line` (without its terminator) holds a character a spanning repetition cannot
    /// match. For `Lines` reach every line counts.
    pub fn is_opaque(&self, line: &str) -> bool {
        match self {
            Reach::Spanning { span, .. } => line.chars().any(|c| !contains(span, c)),
            _ => true,
        }
    }
}

/// The first line a re-check must read so that no match starting before it can touch `line`
/// (or peek at its first character). `None`: only the whole text will do — also when the walk
/// back reaches the first line, so callers never grow a window line by line to the top.
pub fn safe_line_before(reach: &Reach, line: usize, line_text: impl Fn(usize) -> String) -> Option<usize> {
    match reach {
        Reach::Lines(k) => Some(line.saturating_sub(k + 2)),
        // A match starting above line `l` and reaching `line` would cover every line from `l` to
        // `line - 1`: more lines outside its spanning characters than it can.
        // A span of nearly every character (`[\s\S]*?`) makes no line opaque: don't walk.
        Reach::Spanning { span, .. } if is_universal(span) => None,
        Reach::Spanning { opaque, .. } => {
            let mut seen = 0;
            // Past this many lines, reading the whole text is cheaper than walking further.
            for l in (line.saturating_sub(MAX_WALK)..line).rev() {
                if reach.is_opaque(&line_text(l)) {
                    seen += 1;
                    if seen > *opaque {
                        return Some(l);
                    }
                }
            }
            None
        }
        Reach::Whole => None,
    }
}

/// Lines a re-check walks up (or down) looking for opaque lines before it settles for the
/// whole text.
pub const MAX_WALK: usize = 2000;

/// True when a class holds every letter and digit — no ordinary line is opaque to it.
fn is_universal(class: &ClassUnicode) -> bool {
    ['a', 'z', 'A', '0', '_', ';', '}', '中']
        .iter()
        .all(|c| contains(class, *c))
}

fn contains(class: &ClassUnicode, c: char) -> bool {
    let ranges = class.ranges();
    let i = ranges.partition_point(|r| r.end() < c);
    ranges.get(i).is_some_and(|r| r.start() <= c)
}

struct Analysis {
    /// Most line breaks a match holds; `None`: unbounded.
    breaks: Option<usize>,
    /// Characters of line-spanning unbounded repetitions.
    span: ClassUnicode,
    /// Most lines holding characters consumed outside those repetitions.
    outside: usize,
    text_anchor: bool,
}

fn empty_class() -> ClassUnicode {
    ClassUnicode::empty()
}

fn class_of(hir: &Hir) -> ClassUnicode {
    let mut out = empty_class();
    match hir.kind() {
        HirKind::Literal(lit) => {
            for c in String::from_utf8_lossy(&lit.0).chars() {
                out.push(ClassUnicodeRange::new(c, c));
            }
        }
        HirKind::Class(Class::Unicode(c)) => out.union(c),
        HirKind::Class(Class::Bytes(c)) => {
            for r in c.ranges() {
                out.push(ClassUnicodeRange::new(char::from(r.start()), char::from(r.end())));
            }
        }
        HirKind::Repetition(r) => out = class_of(&r.sub),
        HirKind::Capture(c) => out = class_of(&c.sub),
        HirKind::Concat(hs) | HirKind::Alternation(hs) => hs.iter().for_each(|h| out.union(&class_of(h))),
        HirKind::Empty | HirKind::Look(_) => {}
    }
    out
}

fn analyze(hir: &Hir) -> Analysis {
    let leaf = |breaks: usize, outside: usize| Analysis {
        breaks: Some(breaks),
        span: empty_class(),
        outside,
        text_anchor: false,
    };
    match hir.kind() {
        HirKind::Empty => leaf(0, 0),
        HirKind::Literal(lit) => {
            let breaks = lit.0.iter().filter(|b| matches!(b, b'\n' | b'\r')).count();
            leaf(breaks, usize::from(!lit.0.is_empty()) + breaks)
        }
        HirKind::Class(Class::Unicode(c)) => leaf(
            usize::from(
                c.ranges()
                    .iter()
                    .any(|r| ['\n', '\r'].iter().any(|b| (r.start()..=r.end()).contains(b))),
            ),
            1,
        ),
        HirKind::Class(Class::Bytes(c)) => leaf(
            usize::from(
                c.ranges()
                    .iter()
                    .any(|r| [b'\n', b'\r'].iter().any(|b| (r.start()..=r.end()).contains(b))),
            ),
            1,
        ),
        HirKind::Look(look) => {
            let mut a = leaf(0, 0);
            a.text_anchor = matches!(look, Look::Start | Look::End);
            a
        }
        HirKind::Capture(c) => analyze(&c.sub),
        HirKind::Concat(hs) | HirKind::Alternation(hs) => {
            let is_concat = matches!(hir.kind(), HirKind::Concat(_));
            let mut out = leaf(0, 0);
            for h in hs {
                let a = analyze(h);
                out.breaks = match (out.breaks, a.breaks) {
                    (Some(x), Some(y)) => Some(if is_concat { x.saturating_add(y) } else { x.max(y) }),
                    _ => None,
                };
                out.outside = if is_concat {
                    out.outside.saturating_add(a.outside)
                } else {
                    out.outside.max(a.outside)
                };
                out.span.union(&a.span);
                out.text_anchor |= a.text_anchor;
            }
            out
        }
        HirKind::Repetition(r) => {
            let a = analyze(&r.sub);
            match (a.breaks, r.max) {
                // Repeating something that stays on one line stays on one line.
                (Some(0), None) => Analysis {
                    outside: a.outside.min(1),
                    ..a
                },
                (Some(b), Some(max)) => Analysis {
                    breaks: Some(b.saturating_mul(max as usize)),
                    outside: a.outside.saturating_mul(max as usize),
                    ..a
                },
                (None, Some(max)) => Analysis {
                    outside: a.outside.saturating_mul(max as usize),
                    ..a
                },
                // Unbounded and able to cross lines: everything it consumes is spanning.
                (_, None) => {
                    let mut span = a.span;
                    span.union(&class_of(&r.sub));
                    Analysis {
                        breaks: None,
                        span,
                        outside: 0,
                        text_anchor: a.text_anchor,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(source: &str) -> Option<usize> {
        match Reach::of(source) {
            Reach::Lines(k) => Some(k),
            _ => None,
        }
    }

    #[test]
    fn bounded_patterns_count_their_line_breaks() {
        assert_eq!(lines(r"a\nb"), Some(1));
        assert_eq!(lines(r"(?:^|[^=!<>])(?P<hit>==)(?:[^=]|$)"), Some(2));
        assert_eq!(lines(r"a\s{0,3}b"), Some(3));
        assert_eq!(lines(r"console\.log\("), Some(0));
        assert_eq!(lines(r"[ \t]+$"), Some(0));
        assert_eq!(lines(r"^import"), Some(0));
        assert_eq!(lines(r"foo.*bar"), Some(0), "`.` stops at line ends in CRLF mode");
    }

    #[test]
    fn spanning_patterns_know_what_they_span() {
        let Reach::Spanning { span, opaque } = Reach::of(r":\s*any\b") else {
            panic!()
        };
        assert_eq!(opaque, 2, "`:` and `any`");
        assert!(contains(&span, ' ') && contains(&span, '\n') && !contains(&span, 'a'));
        let reach = Reach::of(r"foo\s+bar");
        assert!(reach.is_opaque("  x  "));
        assert!(!reach.is_opaque(" \t "));
        assert!(!reach.is_opaque(""));
        assert!(matches!(Reach::of(r"[^x]+"), Reach::Spanning { opaque: 0, .. }));
    }

    #[test]
    fn text_anchors_and_nonsense_need_the_whole_text() {
        assert_eq!(Reach::of(r"\Afoo"), Reach::Whole);
        assert_eq!(Reach::of(r"foo\z"), Reach::Whole);
        assert_eq!(Reach::of(r"("), Reach::Whole);
    }
}
