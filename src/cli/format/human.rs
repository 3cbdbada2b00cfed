//! `--format human`: `path:line:col`, the rule, its message, a code frame with the match
//! underlined, notes on checks cut short and a summary (with the files skipped) — coloured only
//! when asked to (on a terminal).

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};
use unicode_width::UnicodeWidthChar;

use super::{Finding, FrameLine, Report};
use crate::files::Skipped;
use crate::rules::Severity;

const TAB: &str = "    ";

struct Painter {
    color: bool,
}

impl Painter {
    fn paint(&self, style: Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }
}

fn severity_style(severity: Severity) -> Style {
    let color = match severity {
        Severity::Error => AnsiColor::Red,
        Severity::Warning => AnsiColor::Yellow,
        Severity::Information => AnsiColor::Blue,
        Severity::Hint => AnsiColor::Cyan,
    };
    Style::new().fg_color(Some(color.into())).bold()
}

/// Display columns of `text`, tabs as four.
fn width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if c == '\t' {
                TAB.len()
            } else {
                c.width().unwrap_or(0)
            }
        })
        .sum()
}

/// Lines longer than this (in characters) are shown as a window around the mark.
const FRAME_MAX: usize = 160;
/// In such a window: the characters kept on each side of the mark, and of the mark itself.
const FRAME_SIDE: usize = 40;
const FRAME_MARK: usize = 80;

/// The text of a frame line and its marked range, a long line (minified code, a generated
/// file) cut to a window around the mark with `…` where text is left out.
fn window(line: &FrameLine) -> (String, std::ops::Range<usize>) {
    let chars: Vec<char> = line.text.chars().collect();
    let start = line.marked.start.min(chars.len());
    let end = line.marked.end.clamp(start, chars.len());
    if chars.len() <= FRAME_MAX {
        return (line.text.clone(), start..end);
    }
    let mark_end = end.min(start + FRAME_MARK);
    let from = start.saturating_sub(FRAME_SIDE);
    let to = (mark_end + FRAME_SIDE).min(chars.len());
    let mut text = String::new();
    if from > 0 {
        text.push('…');
    }
    text.extend(&chars[from..to]);
    if to < chars.len() {
        text.push('…');
    }
    let shift = start - from + usize::from(from > 0);
    (text, shift..shift + (mark_end - start))
}

fn frame_line(line: &FrameLine, gutter: usize, p: &Painter, style: Style) -> String {
    let blue = Style::new().fg_color(Some(AnsiColor::Blue.into())).bold();
    let (text, range) = window(line);
    let before: String = text.chars().take(range.start).collect();
    let marked: String = text.chars().skip(range.start).take(range.len()).collect();
    let carets = "^".repeat(width(&marked).max(1));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}",
        p.paint(blue, &format!("{:>gutter$} |", line.number)),
        text.replace('\t', TAB)
    );
    let _ = writeln!(
        out,
        "{} {}{}",
        p.paint(blue, &format!("{:>gutter$} |", "")),
        " ".repeat(width(&before)),
        p.paint(style, &carets)
    );
    out
}

/// `verbose`: list each skipped file, not only their count.
pub fn render(report: &Report, color: bool, verbose: bool) -> String {
    let p = Painter { color };
    let bold = Style::new().bold();
    let blue = Style::new().fg_color(Some(AnsiColor::Blue.into())).bold();
    let dim = Style::new().dimmed();
    let mut out = String::new();
    for f in &report.findings {
        render_finding(&mut out, f, &p, bold, blue, dim);
    }
    for t in &report.truncated {
        let _ = writeln!(out, "{} {}", p.paint(bold, "note:"), t.message());
    }
    if !report.truncated.is_empty() {
        out.push('\n');
    }
    if verbose {
        for f in &report.skipped {
            let _ = writeln!(out, "skipped: {} ({})", f.path, f.reason.describe());
        }
    }
    out.push_str(&summary(report, &p));
    out.push_str(&skipped_summary(report, verbose));
    if !report.errors.is_empty() {
        let _ = writeln!(
            out,
            "{} errors on {} (listed on standard error).",
            p.paint(severity_style(Severity::Error), "Incomplete:"),
            plural(report.errors.len(), "path", "paths"),
        );
    }
    out
}

fn render_finding(out: &mut String, f: &Finding, p: &Painter, bold: Style, blue: Style, dim: Style) {
    let style = severity_style(f.severity);
    let inferred = if f.inferred { " (inferred)" } else { "" };
    let _ = writeln!(
        out,
        "{}: {} {} {}{}",
        p.paint(bold, &format!("{}:{}:{}", f.path, f.line, f.column)),
        p.paint(style, f.severity.as_str()),
        p.paint(
            bold,
            &format!("{} [{}]", crate::rules::user::label(f.rule), f.category)
        ),
        f.message,
        p.paint(dim, inferred),
    );
    let gutter = f.frame.last().map_or(1, |l| l.number.to_string().len());
    let _ = writeln!(out, "{}", p.paint(blue, &format!("{:>gutter$} |", "")));
    for line in &f.frame {
        out.push_str(&frame_line(line, gutter, p, style));
    }
    if f.end_line > f.frame.last().map_or(f.line, |l| l.number) {
        let _ = writeln!(out, "{} …", p.paint(blue, &format!("{:>gutter$} |", "")));
    }
    let _ = writeln!(
        out,
        "{} why: {}",
        p.paint(blue, &format!("{:>gutter$} =", "")),
        f.why
    );
    if let Some(fix) = &f.fix {
        let shown = if fix.is_empty() {
            "remove it".to_string()
        } else {
            format!("replace with `{fix}`")
        };
        let _ = writeln!(
            out,
            "{} fix: {shown} (autofix check --fix)",
            p.paint(blue, &format!("{:>gutter$} =", ""))
        );
    }
    out.push('\n');
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "Skipped 3 files: 1 binary, 2 not UTF-8." — nothing when none was skipped.
fn skipped_summary(report: &Report, verbose: bool) -> String {
    if report.skipped.is_empty() {
        return String::new();
    }
    let mut counts: Vec<(Skipped, usize)> = Vec::new();
    for f in &report.skipped {
        match counts.iter_mut().find(|(r, _)| *r == f.reason) {
            Some((_, n)) => *n += 1,
            None => counts.push((f.reason, 1)),
        }
    }
    counts.sort();
    let parts: Vec<String> = counts
        .iter()
        .map(|(reason, n)| format!("{n} {}", reason.counted()))
        .collect();
    let hint = if verbose { "" } else { " (--verbose lists them)" };
    format!(
        "Skipped {}: {}{hint}.\n",
        plural(report.skipped.len(), "file", "files"),
        parts.join(", ")
    )
}

fn summary(report: &Report, p: &Painter) -> String {
    let mut out = String::new();
    if report.fixed > 0 {
        let _ = writeln!(out, "Fixed {}.", plural(report.fixed, "violation", "violations"));
    }
    let files = plural(report.files_checked, "file", "files");
    if report.findings.is_empty() {
        // Not "all clear" when part of the tree was not read.
        if report.errors.is_empty() {
            let _ = writeln!(
                out,
                "{} no violations in {files} checked.",
                p.paint(
                    Style::new().fg_color(Some(AnsiColor::Green.into())).bold(),
                    "All clear:"
                )
            );
        } else {
            let _ = writeln!(out, "No violations in {files} checked.");
        }
        return out;
    }
    let parts: Vec<String> = [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Information, "information", "information"),
        (Severity::Hint, "hint", "hints"),
    ]
    .iter()
    .filter_map(|(s, one, many)| {
        Some(report.count(*s))
            .filter(|n| *n > 0)
            .map(|n| plural(n, one, many))
    })
    .collect();
    let fixable = report.findings.iter().filter(|f| f.fix.is_some()).count();
    let fixable = if fixable > 0 {
        format!(" {} with `--fix`.", plural(fixable, "is fixable", "are fixable"))
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{} {} ({}) in {} of {files} checked.{fixable}",
        p.paint(Style::new().bold(), "Found"),
        plural(report.findings.len(), "violation", "violations"),
        parts.join(", "),
        report.files_with_findings(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_and_tabs_shift_the_carets() {
        let line = FrameLine {
            number: 7,
            text: "\t世界 bad".into(),
            marked: 4..7,
        };
        let p = Painter { color: false };
        let out = frame_line(&line, 1, &p, Style::new());
        assert_eq!(out, "7 |     世界 bad\n  |          ^^^\n");
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_mark() {
        let text = format!("{}any{}", "x".repeat(100_000), "y".repeat(100_000));
        let line = FrameLine {
            number: 1,
            text,
            marked: 100_000..100_003,
        };
        let out = frame_line(&line, 1, &Painter { color: false }, Style::new());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], format!("1 | …{}any{}…", "x".repeat(40), "y".repeat(40)));
        assert_eq!(lines[1], format!("  | {}^^^", " ".repeat(41)));
    }

    #[test]
    fn colour_only_when_asked() {
        let p = Painter { color: true };
        assert!(
            p.paint(severity_style(Severity::Error), "error")
                .contains("\u{1b}[")
        );
        assert_eq!(
            Painter { color: false }.paint(severity_style(Severity::Error), "error"),
            "error"
        );
    }
}
