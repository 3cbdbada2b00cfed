//! Lexing an edited text again from shortly before the edit: the lexer's state saved at line
//! starts, and the splice of the old scan's tail once the new state agrees with a saved one.

use std::ops::Range;

use memchr::memrchr2;

use super::{Last, Lexer, Mode, family, scan_every};
use crate::text::syntax::{Context, Region, Scan, Syntax};

/// The lexer's states saved while a text was scanned. A cache: two scans of one text are equal
/// whatever their checkpoints.
#[derive(Debug, Clone, Default)]
pub(in crate::text::syntax) struct Checkpoints {
    /// The syntax the text was lexed with; `None` for a scan that was not lexed.
    pub(super) syntax: Option<Syntax>,
    pub(super) every: usize,
    /// The length of the text.
    pub(super) len: usize,
    /// In the order of the text, the first at offset 0.
    pub(super) saved: Vec<Checkpoint>,
}

/// Everything the lexer carries from one line into the next, at the start of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Checkpoint {
    /// The line's start.
    pub(super) at: usize,
    /// How many lines and regions were complete there.
    lines: usize,
    regions: usize,
    state: State,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct State {
    stack: Vec<Mode>,
    /// The context being lexed and where it began.
    current: (Context, usize),
    heredocs: Vec<((usize, usize), bool)>,
    last: Last,
}

/// Where an edit happened: `old.start..old_end` of the old text became `old.start..new_end`.
#[derive(Debug, Clone, Copy)]
struct Edit {
    start: usize,
    old_end: usize,
    new_end: usize,
}

impl Edit {
    /// Where an offset of the old text is in the new one: the same before the edit, shifted
    /// after it, nowhere inside it.
    fn offset(self, old: usize) -> Option<usize> {
        if old >= self.old_end {
            Some(old - self.old_end + self.new_end)
        } else if old <= self.start {
            Some(old)
        } else {
            None
        }
    }

    /// Where a stretch of the old text whose bytes the lexer compares (a heredoc's delimiter, a
    /// raw string's) is in the new one, when the edit left its bytes alone.
    fn stretch(self, (a, b): (usize, usize)) -> Option<(usize, usize)> {
        if a >= self.old_end {
            Some((a - self.old_end + self.new_end, b - self.old_end + self.new_end))
        } else if b <= self.start {
            Some((a, b))
        } else {
            None
        }
    }
}

impl State {
    /// This state with its offsets moved into the edited text; `None` when one of them was in
    /// the edited part.
    fn moved(&self, edit: Edit) -> Option<State> {
        let stack = self
            .stack
            .iter()
            .map(|mode| {
                Some(match *mode {
                    Mode::CppRaw { delim } => Mode::CppRaw {
                        delim: edit.stretch(delim)?,
                    },
                    Mode::Dollar { tag } => Mode::Dollar {
                        tag: edit.stretch(tag)?,
                    },
                    Mode::Heredoc { delim, indented } => Mode::Heredoc {
                        delim: edit.stretch(delim)?,
                        indented,
                    },
                    other => other,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let heredocs = self
            .heredocs
            .iter()
            .map(|&(delim, indented)| Some((edit.stretch(delim)?, indented)))
            .collect::<Option<Vec<_>>>()?;
        Some(State {
            stack,
            current: (self.current.0, edit.offset(self.current.1)?),
            heredocs,
            last: self.last,
        })
    }
}

impl<'t> Lexer<'t> {
    pub(super) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            at: self.i,
            lines: self.lines.len(),
            regions: self.regions.len(),
            state: State {
                stack: self.stack.clone(),
                current: self.current,
                heredocs: self.heredocs.clone(),
                last: self.last,
            },
        }
    }

    fn agrees(&self, state: &State) -> bool {
        self.stack == state.stack
            && self.current == state.current
            && self.heredocs == state.heredocs
            && self.last == state.last
    }

    /// A lexer at `checkpoint` of `old`, with what `old` recorded before it.
    fn resume(text: &'t str, old: &Scan, syntax: Syntax, index: usize) -> Self {
        let saved = &old.checkpoints.saved;
        let checkpoint = &saved[index];
        let mut lexer = Lexer::new(text, family(syntax), old.checkpoints.every);
        lexer.i = checkpoint.at;
        lexer.line_start = checkpoint.at;
        lexer.code_end = checkpoint.at;
        lexer.lines = old.lines[..checkpoint.lines].to_vec();
        lexer.regions = old.regions[..checkpoint.regions].to_vec();
        lexer.stack = checkpoint.state.stack.clone();
        lexer.current = checkpoint.state.current;
        lexer.heredocs = checkpoint.state.heredocs.clone();
        lexer.last = checkpoint.state.last;
        lexer.checkpoints = saved[..=index].to_vec();
        lexer
    }
}

/// The scan of `text`, which is the text `old` was made of with `replaced` changed into
/// `replaced.start..new_end`: equal to a fresh scan, but lexed only from a saved state at least a
/// line before the edit to the first saved state after it that the lexer reaches again.
pub(in crate::text::syntax) fn rescan(
    old: &Scan,
    text: &str,
    syntax: Syntax,
    replaced: Range<usize>,
    new_end: usize,
) -> Scan {
    let every = match old.checkpoints.every {
        0 => super::CHECKPOINT_LINES,
        n => n,
    };
    let edit = Edit {
        start: replaced.start,
        old_end: replaced.end,
        new_end,
    };
    let saved = &old.checkpoints.saved;
    let old_len = old.checkpoints.len;
    // An edit that does not fit the two texts (a caller's mistake) gets a fresh scan.
    let coherent = old.checkpoints.syntax == Some(syntax)
        && !saved.is_empty()
        && edit.start <= edit.old_end.min(edit.new_end)
        && edit.old_end <= old_len
        && old_len - edit.old_end + edit.new_end == text.len();
    if !coherent {
        return scan_every(text, syntax, every);
    }
    // Lexing a line looks at most one byte past its end, so a state saved at the start of the
    // line before the edit's line (or any earlier one) was reached without reading the edit.
    let b = text.as_bytes();
    let limit = line_start(b, line_start(b, edit.start).saturating_sub(1));
    let index = saved.partition_point(|c| c.at < limit.max(1)).saturating_sub(1);
    let mut lexer = Lexer::resume(text, old, syntax, index);
    let synced = lexer.lex(|lexer| {
        if lexer.i < edit.new_end {
            return None;
        }
        let old_at = lexer.i - edit.new_end + edit.old_end;
        let j = saved.binary_search_by_key(&old_at, |c| c.at).ok()?;
        let state = saved[j].state.moved(edit)?;
        lexer.agrees(&state).then_some(j)
    });
    let Some(j) = synced else {
        return lexer.finish(syntax);
    };
    // From here on the old scan is right, moved by the edit.
    let from = &saved[j];
    let (lines_at, regions_at) = (lexer.lines.len(), lexer.regions.len());
    let mut lines = lexer.lines;
    lines.extend_from_slice(&old.lines[from.lines..]);
    let mut regions = lexer.regions;
    for r in &old.regions[from.regions..] {
        match (edit.offset(r.range.start), edit.offset(r.range.end)) {
            (Some(start), Some(end)) => regions.push(Region {
                range: start..end,
                context: r.context,
            }),
            // Cannot happen (they begin where the agreed state began them, or later); a fresh
            // scan is right in any case.
            _ => return scan_every(text, syntax, every),
        }
    }
    let mut checkpoints = lexer.checkpoints;
    checkpoints.extend(saved[j..].iter().filter_map(|c| {
        Some(Checkpoint {
            at: edit.offset(c.at)?,
            lines: c.lines - from.lines + lines_at,
            regions: c.regions - from.regions + regions_at,
            state: c.state.moved(edit)?,
        })
    }));
    Scan {
        lines,
        regions,
        checkpoints: Checkpoints {
            syntax: Some(syntax),
            every,
            len: text.len(),
            saved: checkpoints,
        },
    }
}

/// The start of the line holding offset `at`.
fn line_start(b: &[u8], at: usize) -> usize {
    memrchr2(b'\n', b'\r', &b[..at.min(b.len())]).map_or(0, |k| k + 1)
}
