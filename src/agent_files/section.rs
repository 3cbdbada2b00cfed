//! The part of a file people also edit that autofix keeps: the lines between
//! `<!-- autofix:begin sha256=… -->` and `<!-- autofix:end -->`. Only that part is ever rewritten
//! (the rest stays byte for byte); with no section yet, one is appended after a blank line. The
//! hash in the begin marker is of what autofix wrote: a section edited by hand since then is
//! reported, never overwritten (unless forced). Generated files carry the same kind of hash in
//! their `<!-- autofix:generated sha256=… -->` line.

use std::ops::Range;

use sha2::{Digest, Sha256};

pub const BEGIN: &str = "<!-- autofix:begin";
pub const END: &str = "<!-- autofix:end -->";
pub const GENERATED: &str = "<!-- autofix:generated";

/// The first 16 hex digits of the SHA-256 of `text` with its line ends made `\n` (an editor
/// that changes them has not edited the rules).
pub fn hash(text: &str) -> String {
    let digest = Sha256::digest(text.replace("\r\n", "\n").as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// `sha256=…` in a marker line.
fn hash_in(marker: &str) -> Option<String> {
    marker
        .split_whitespace()
        .find_map(|w| w.strip_prefix("sha256="))
        .map(|h| h.trim_end_matches("-->").to_string())
}

/// A managed section found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// From the begin marker's first byte to the end of the end marker's line (its line end
    /// included).
    pub whole: Range<usize>,
    /// The lines between the markers.
    pub body: Range<usize>,
    /// The hash in the begin marker, if it has one.
    pub hash: Option<String>,
}

/// Lines of `text` with their byte ranges (line end excluded) — outside fenced code blocks,
/// where a marker written as an example is not a marker.
fn marker_lines(text: &str) -> Vec<(Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut fence: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim_start();
        match fence {
            Some(f) if trimmed.starts_with(f) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") => fence = Some("```"),
            None if trimmed.starts_with("~~~") => fence = Some("~~~"),
            None => out.push((at..at + content.len(), content)),
        }
        at += line.len();
    }
    out
}

/// The managed section of `text`: `Ok(None)` when there is none, an error when the markers do
/// not pair up (then nothing is touched).
pub fn find(text: &str) -> Result<Option<Found>, String> {
    let lines = marker_lines(text);
    let begins: Vec<_> = lines
        .iter()
        .filter(|(_, l)| l.trim_start().starts_with(BEGIN))
        .collect();
    let ends: Vec<_> = lines.iter().filter(|(_, l)| l.trim() == END).collect();
    match (begins.as_slice(), ends.as_slice()) {
        ([], []) => Ok(None),
        ([(begin, line)], [(end, _)]) if end.start > begin.end => {
            let body_start = next_line(text, begin.end);
            let whole_end = next_line(text, end.end);
            Ok(Some(Found {
                whole: begin.start..whole_end,
                body: body_start..end.start,
                hash: hash_in(line),
            }))
        }
        ([_], []) => Err(format!("`{BEGIN} …` has no `{END}` after it")),
        ([], [_]) => Err(format!("`{END}` has no `{BEGIN} …` before it")),
        ([_], [_]) => Err(format!("`{END}` comes before `{BEGIN} …`")),
        _ => Err("more than one autofix section: keep one".into()),
    }
}

/// The offset after the line end that follows `at` (or the end of the text).
fn next_line(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// The section for `body` (lines ending in `\n`), written with line ends `eol`.
pub fn render(body: &str, eol: &str) -> String {
    let section = format!("{BEGIN} sha256={} -->\n{body}{END}\n", hash(body));
    if eol == "\n" {
        section
    } else {
        section.replace('\n', eol)
    }
}

/// What to do to a file people also edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Update {
    /// Its section already holds `body`.
    Current,
    /// Its new text.
    Write(String),
    /// Its section was edited by hand since autofix wrote it: left alone.
    EditedByHand,
    /// Its markers do not pair up: left alone.
    Broken(String),
}

/// The line ends a text uses (`\n` unless it has `\r\n`).
pub fn eol_of(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// Puts `body` in the managed section of `current` (`None`: the file does not exist yet).
pub fn update(current: Option<&str>, body: &str, force: bool) -> Update {
    let Some(text) = current else {
        return Update::Write(render(body, "\n"));
    };
    let eol = eol_of(text);
    match find(text) {
        Err(e) => Update::Broken(e),
        Ok(None) => {
            let mut out = text.to_string();
            if !out.is_empty() {
                if !out.ends_with('\n') {
                    out.push_str(eol);
                }
                // After a blank line.
                if !out.ends_with(&format!("{eol}{eol}")) {
                    out.push_str(eol);
                }
            }
            out.push_str(&render(body, eol));
            Update::Write(out)
        }
        Ok(Some(found)) => {
            let written = &text[found.body.clone()];
            if let Some(h) = &found.hash
                && *h != hash(written)
                && !force
            {
                return Update::EditedByHand;
            }
            let new = render(body, eol);
            // A section at the very end without a final line end keeps it that way.
            let new = if found.whole.end == text.len() && !text.ends_with('\n') {
                new.trim_end_matches(['\n', '\r']).to_string()
            } else {
                new
            };
            if text[found.whole.clone()] == new {
                return Update::Current;
            }
            Update::Write(format!(
                "{}{}{}",
                &text[..found.whole.start],
                new,
                &text[found.whole.end..]
            ))
        }
    }
}

/// A generated file: `head` (frontmatter, or nothing), the marker line, then `body`; the hash
/// covers `head` and `body`.
pub fn generated(head: &str, note: &str, body: &str) -> String {
    let h = hash(&format!("{head}{body}"));
    format!("{head}{GENERATED} sha256={h} — {note} -->\n{body}")
}

/// What a file that looks generated (by its name) really is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Generated {
    /// Written by autofix and not changed since.
    Intact,
    /// Written by autofix, then edited by hand.
    Edited,
    /// No autofix marker: someone else's file with a name like ours.
    Foreign,
}

/// Reads a generated file's marker line and checks its hash.
pub fn check_generated(text: &str) -> Generated {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if content.starts_with(GENERATED) {
            let rest = format!("{}{}", &text[..at], &text[at + line.len()..]);
            return match hash_in(content) {
                Some(h) if h == hash(&rest) => Generated::Intact,
                _ => Generated::Edited,
            };
        }
        at += line.len();
    }
    Generated::Foreign
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appended_after_a_blank_line_then_replaced_in_place() {
        let user = "# My agents file\n\nBe nice.";
        let Update::Write(first) = update(Some(user), "- [CODE] Use x\n", false) else {
            panic!()
        };
        assert!(first.starts_with("# My agents file\n\nBe nice.\n\n<!-- autofix:begin sha256="));
        assert!(first.ends_with("- [CODE] Use x\n<!-- autofix:end -->\n"));
        assert_eq!(update(Some(&first), "- [CODE] Use x\n", false), Update::Current);
        let mut with_tail = first.clone();
        with_tail.push_str("\n## Mine\n\nKeep this.\n");
        let Update::Write(second) = update(Some(&with_tail), "- [CODE] Use y\n", false) else {
            panic!()
        };
        assert!(second.starts_with("# My agents file\n\nBe nice.\n\n<!-- autofix:begin"));
        assert!(second.ends_with("- [CODE] Use y\n<!-- autofix:end -->\n\n## Mine\n\nKeep this.\n"));
    }

    #[test]
    fn a_hand_edited_section_is_left_alone_unless_forced() {
        let Update::Write(text) = update(None, "- [CODE] Use x\n", false) else {
            panic!()
        };
        let edited = text.replace("Use x", "Use z");
        assert_eq!(
            update(Some(&edited), "- [CODE] Use y\n", false),
            Update::EditedByHand
        );
        assert!(matches!(
            update(Some(&edited), "- [CODE] Use y\n", true),
            Update::Write(_)
        ));
        // Markers written by hand, without a hash: autofix fills them.
        let fresh = "a\n<!-- autofix:begin -->\n<!-- autofix:end -->\nb\n";
        let Update::Write(filled) = update(Some(fresh), "- [CODE] Use y\n", false) else {
            panic!()
        };
        assert!(
            filled.starts_with("a\n<!-- autofix:begin sha256=")
                && filled.ends_with("<!-- autofix:end -->\nb\n")
        );
    }

    #[test]
    fn crlf_files_keep_their_line_ends_and_broken_markers_are_reported() {
        let user = "Hello\r\n";
        let Update::Write(text) = update(Some(user), "- [CODE] Use x\n", false) else {
            panic!()
        };
        assert!(
            text.starts_with("Hello\r\n\r\n<!-- autofix:begin") && !text.replace("\r\n", "").contains('\n')
        );
        assert_eq!(update(Some(&text), "- [CODE] Use x\n", false), Update::Current);
        assert!(matches!(
            update(Some("<!-- autofix:begin -->\n"), "x\n", false),
            Update::Broken(_)
        ));
        let doubled = format!("{text}{text}");
        assert!(matches!(update(Some(&doubled), "x\n", false), Update::Broken(_)));
        // A marker in a code fence is an example, not a section.
        let example = "```\n<!-- autofix:begin -->\n```\n";
        assert!(matches!(update(Some(example), "x\n", false), Update::Write(t) if t.starts_with(example)));
    }

    #[test]
    fn generated_files_know_when_they_were_edited() {
        let text = generated("---\nglobs: a\n---\n", "generated", "- [CODE] x\n");
        assert_eq!(check_generated(&text), Generated::Intact);
        assert_eq!(
            check_generated(&text.replace("- [CODE] x", "- [CODE] y")),
            Generated::Edited
        );
        assert_eq!(check_generated("# mine\n"), Generated::Foreign);
    }
}
