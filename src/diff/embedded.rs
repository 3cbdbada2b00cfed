//! SEARCH/REPLACE diffs embedded in any document (a chat log, a `.md`, a `.diff`): where each
//! diff is, which file it targets, and where its blocks are, for the LSP's "Apply diff to PATH"
//! code action and per-block code lenses.
//!
//! The target comes, in order of preference, from the enclosing XML tool call's `<path>`, from the
//! info string of the fenced code block around it (```` ```diff:src/app.ts ````, ```` ```ts src/app.ts ````),
//! or from a line naming the file right above it (`src/app.ts`, `File: src/app.ts`, `**src/app.ts**`).
//! Failing those, the paths named in the prose just above ("Edit `src/app.ts`:", "In src/app.ts,
//! rename…") are kept as [`EmbeddedDiff::mentioned`]: the editor takes the first that exists.

use std::ops::Range;

use super::parse::{is_inert, scan_lenient};

/// Where a diff's target path was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSource {
    /// The `<path>` of an enclosing `<apply_diff>` (or `<args><file>`) tool call.
    Xml,
    /// The info string of the enclosing fenced code block.
    Fence,
    /// A line naming the file above the block (or above the block before it).
    Line,
    /// A path named in the prose above, which the caller found in the workspace.
    Prose,
}

/// Consecutive blocks sharing a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedDiff {
    /// Bytes of the document from the first block's SEARCH marker to the end of the last block's
    /// REPLACE marker.
    pub range: Range<usize>,
    /// The target, as written in the document (usually relative to the workspace root).
    pub path: Option<String>,
    /// Where `path` was read from.
    pub path_source: Option<PathSource>,
    /// `document[range]`: a diff that [`crate::diff::parse`] accepts.
    pub text: String,
    /// Bytes of each block in the document.
    pub blocks: Vec<Range<usize>>,
    /// When `path` is `None`: the paths named in the two nearest lines of prose above, nearest
    /// first — candidates only, since prose names other files too.
    pub mentioned: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Container {
    None,
    Fence(usize),
    Xml(usize),
}

struct Fence {
    open_line: usize,
    close_line: usize,
    info: String,
}

struct Located {
    span: Range<usize>,
    first_line: usize,
    last_line: usize,
    container: Container,
    path: Option<(String, PathSource)>,
    mentioned: Vec<String>,
}

/// Every diff in `document`, in order. Malformed blocks are skipped.
pub fn find_embedded(document: &str) -> Vec<EmbeddedDiff> {
    let blocks = scan_lenient(document);
    if blocks.is_empty() {
        return Vec::new();
    }
    let lines: Vec<&str> = document
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let fences = fences(&lines);
    let tags = XmlTags::new(document);
    let mut located: Vec<Located> = Vec::with_capacity(blocks.len());
    for block in blocks {
        let first_line = block.diff_line.saturating_sub(1);
        let last_line = first_line
            + document
                .get(block.span.clone())
                .map_or(0, |t| t.matches('\n').count());
        let fence = fences
            .iter()
            .position(|f| f.open_line < first_line && first_line < f.close_line);
        let xml = tags.path_at(document, block.span.start);
        let container = match (&xml, fence) {
            (Some((_, at)), _) => Container::Xml(*at),
            (None, Some(index)) => Container::Fence(index),
            (None, None) => Container::None,
        };
        let previous = located.last().filter(|p| p.container == container);
        // The line above: above the fence when the block opens it, else above the block itself.
        let above_from = match (fence.and_then(|i| fences.get(i)), previous) {
            (Some(f), None) => f.open_line,
            _ => first_line,
        };
        let floor = previous.map_or(0, |p| p.last_line + 1);
        let path = xml
            .map(|(p, _)| (p, PathSource::Xml))
            .or_else(|| {
                fence
                    .and_then(|i| fences.get(i))
                    .and_then(|f| path_from_info(&f.info))
                    .map(|p| (p, PathSource::Fence))
            })
            .or_else(|| line_above(&lines, above_from, floor).map(|p| (p, PathSource::Line)))
            .or_else(|| {
                // No path of its own: a block right after another (blank lines between) shares its target.
                previous
                    .filter(|p| {
                        lines
                            .get(p.last_line + 1..first_line)
                            .is_some_and(|between| between.iter().all(|l| l.trim().is_empty()))
                    })
                    .and_then(|p| p.path.clone())
            });
        let mentioned = if path.is_none() {
            mentioned_above(&lines, above_from, floor)
        } else {
            Vec::new()
        };
        located.push(Located {
            span: block.span,
            first_line,
            last_line,
            container,
            path,
            mentioned,
        });
    }

    let mut diffs: Vec<EmbeddedDiff> = Vec::new();
    let mut group: Vec<Located> = Vec::new();
    for block in located {
        let joins = group.last().is_some_and(|prev| {
            prev.container == block.container
                && prev.path.as_ref().map(|p| &p.0) == block.path.as_ref().map(|p| &p.0)
                && (block.container != Container::None
                    || lines
                        .get(prev.last_line + 1..block.first_line)
                        .is_some_and(|b| b.iter().all(|l| l.trim().is_empty())))
                // A stray marker or a malformed block between them (skipped here) would make
                // the diff's text one that `parse` refuses.
                && document.get(prev.span.end..block.span.start).is_some_and(is_inert)
        });
        if !joins && !group.is_empty() {
            diffs.push(close(document, std::mem::take(&mut group)));
        }
        group.push(block);
    }
    if !group.is_empty() {
        diffs.push(close(document, group));
    }
    diffs
}

fn close(document: &str, group: Vec<Located>) -> EmbeddedDiff {
    let start = group.first().map_or(0, |b| b.span.start);
    let end = group.last().map_or(0, |b| b.span.end);
    let path = group.first().and_then(|b| b.path.clone());
    let mentioned = group.first().map(|b| b.mentioned.clone()).unwrap_or_default();
    EmbeddedDiff {
        mentioned,
        range: start..end,
        text: document.get(start..end).unwrap_or_default().to_string(),
        path_source: path.as_ref().map(|p| p.1),
        path: path.map(|p| p.0),
        blocks: group.into_iter().map(|b| b.span).collect(),
    }
}

/// Fenced code blocks (``` or ~~~, up to three spaces of indentation), by line.
fn fences(lines: &[&str]) -> Vec<Fence> {
    let mut fences = Vec::new();
    let mut open: Option<(usize, char, usize, String)> = None;
    for (index, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > 3 {
            continue;
        }
        let rest = line.trim_start_matches(' ');
        let Some(marker) = rest.chars().next().filter(|c| *c == '`' || *c == '~') else {
            continue;
        };
        let run = rest.chars().take_while(|c| *c == marker).count();
        if run < 3 {
            continue;
        }
        let after = rest.get(run..).unwrap_or_default();
        match &open {
            None => open = Some((index, marker, run, after.trim().to_string())),
            Some((open_line, m, n, info)) if *m == marker && run >= *n && after.trim().is_empty() => {
                fences.push(Fence {
                    open_line: *open_line,
                    close_line: index,
                    info: info.clone(),
                });
                open = None;
            }
            Some(_) => {}
        }
    }
    if let Some((open_line, _, _, info)) = open {
        fences.push(Fence {
            open_line,
            close_line: lines.len(),
            info,
        });
    }
    fences
}

/// Where the tool-call tags are, found once per document.
struct XmlTags {
    /// Offsets of every `<path>`.
    paths: Vec<usize>,
    /// Offsets of every `<diff>`, `</diff>`, `</apply_diff>` and `</file>`, with whether it opens a diff.
    bounds: Vec<(usize, bool)>,
}

impl XmlTags {
    fn new(document: &str) -> XmlTags {
        let paths = document.match_indices("<path>").map(|(i, _)| i).collect();
        let mut bounds: Vec<(usize, bool)> =
            document.match_indices("<diff>").map(|(i, _)| (i, true)).collect();
        for closer in ["</diff>", "</apply_diff>", "</file>"] {
            bounds.extend(document.match_indices(closer).map(|(i, _)| (i, false)));
        }
        bounds.sort_unstable();
        XmlTags { paths, bounds }
    }

    /// The `<path>` of the XML tool call whose `<diff>` encloses `offset`, and where that tag is:
    /// after the last `<path>…</path>` before `offset` comes a `<diff>` and no closing tag.
    fn path_at(&self, document: &str, offset: usize) -> Option<(String, usize)> {
        let open = *self
            .paths
            .get(self.paths.partition_point(|&p| p < offset).checked_sub(1)?)?;
        let value_start = open + "<path>".len();
        let close = value_start + document.get(value_start..offset)?.find("</path>")?;
        let from = self.bounds.partition_point(|&(p, _)| p < close);
        let to = self.bounds.partition_point(|&(p, _)| p < offset);
        let between = self.bounds.get(from..to)?;
        // The last tag before the block must open a diff: a closer after it ends the tool call.
        if !between.last().is_some_and(|&(_, opens)| opens) {
            return None;
        }
        let path = document.get(value_start..close)?.trim();
        (!path.is_empty() && !path.contains('\n')).then(|| (path.to_string(), open))
    }
}

/// A path in a fence's info string: `diff:src/app.ts`, `ts src/app.ts`, `title="src/app.ts"`.
fn path_from_info(info: &str) -> Option<String> {
    let mut tokens = info.split_whitespace();
    let first = tokens.next()?;
    if let Some((_, after)) = first.split_once(':')
        && let Some(path) = clean_path(after)
    {
        return Some(path);
    }
    std::iter::once(first).chain(tokens).find_map(|token| {
        let value = ["title=", "file=", "path=", "filename="]
            .iter()
            .find_map(|key| token.strip_prefix(key))
            .unwrap_or(token);
        clean_path(value)
    })
}

/// The nearest non-blank line above `line` (not above `floor`), if it names a file.
fn line_above(lines: &[&str], line: usize, floor: usize) -> Option<String> {
    let candidate = (floor..line)
        .rev()
        .map(|i| lines.get(i).copied().unwrap_or_default())
        .find(|l| !l.trim().is_empty())?;
    path_from_line(candidate)
}

/// How many non-blank lines above a diff are searched for paths named in prose.
const PROSE_LINES: usize = 2;

/// The paths named in the nearest non-blank lines above `line` (not above `floor`), nearest
/// line first, each line's in order: "Edit `src/a.ts`:", "In src/a.ts, rename…".
fn mentioned_above(lines: &[&str], line: usize, floor: usize) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let prose = (floor..line)
        .rev()
        .map(|i| lines.get(i).copied().unwrap_or_default())
        .filter(|l| !l.trim().is_empty())
        .take(PROSE_LINES);
    for text in prose {
        // Code spans first: what the writer marked as a name.
        let spans = text.split('`').skip(1).step_by(2);
        let quote = |c: char| {
            matches!(
                c,
                '*' | '_' | '`' | '"' | '\'' | '(' | ')' | '[' | ']' | '«' | '»'
            )
        };
        let words = text.split_whitespace().map(|w| {
            w.trim_start_matches(quote)
                .trim_end_matches(|c: char| quote(c) || matches!(c, ':' | ',' | ';' | '.' | '!' | '?'))
        });
        for token in spans.chain(words) {
            if let Some(path) = clean_path(token)
                && !found.contains(&path)
            {
                found.push(path);
            }
        }
    }
    found
}

/// `src/app.ts`, `File: src/app.ts`, `**src/app.ts**`, `### \`src/app.ts\``, `// src/app.ts`.
fn path_from_line(line: &str) -> Option<String> {
    // Markdown emphasis and code marks never belong to a path worth guessing.
    let cleaned: String = line.chars().filter(|c| *c != '*' && *c != '`').collect();
    let mut text = cleaned.trim().trim_start_matches('#').trim_start();
    text = text.strip_prefix("//").map_or(text, str::trim_start);
    let lower = text.to_ascii_lowercase();
    for prefix in ["file path:", "filepath:", "filename:", "file:", "path:"] {
        if lower.starts_with(prefix) {
            text = text.get(prefix.len()..).unwrap_or_default();
            break;
        }
    }
    clean_path(text.trim().trim_end_matches(':').trim_end())
}

/// A single token that looks like a file path: a directory separator or an extension with a
/// letter in it, no spaces, no URL.
fn clean_path(token: &str) -> Option<String> {
    let token = token.trim_matches(|c| c == '"' || c == '\'' || c == '`');
    if token.is_empty()
        || token.len() > 300
        || token.contains("://")
        || token.chars().any(|c| {
            c.is_whitespace() || matches!(c, '<' | '>' | '|' | '*' | '?' | '"' | '{' | '}' | '(' | ')' | ',')
        })
        || !token.chars().any(char::is_alphabetic)
        || token.ends_with('.')
        || token.ends_with('/')
    {
        return None;
    }
    let name = token.rsplit(['/', '\\']).next().unwrap_or(token);
    let extension = name.rsplit_once('.').map(|(_, ext)| ext);
    let has_extension = extension.is_some_and(|ext| {
        !ext.is_empty()
            && ext.len() <= 12
            && ext.chars().all(char::is_alphanumeric)
            && ext.chars().any(char::is_alphabetic)
    });
    let has_separator = token.contains('/') && !name.is_empty();
    (has_extension || has_separator).then(|| token.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::parse;

    const BLOCK: &str = "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE";

    #[test]
    fn path_from_a_line_above() {
        for header in [
            "src/app.ts",
            "File: src/app.ts",
            "**src/app.ts**",
            "### `src/app.ts`",
            "`src/app.ts`:",
            "**File:** `src/app.ts`",
            "// src/app.ts",
        ] {
            let doc = format!("Here is the change.\n\n{header}\n\n{BLOCK}\n");
            let diffs = find_embedded(&doc);
            assert_eq!(diffs.len(), 1, "{header}");
            assert_eq!(diffs[0].path.as_deref(), Some("src/app.ts"), "{header}");
            assert_eq!(diffs[0].path_source, Some(PathSource::Line));
            assert_eq!(&doc[diffs[0].range.clone()], BLOCK);
        }
    }

    #[test]
    fn prose_above_is_not_a_path() {
        for header in [
            "Here is the change:",
            "e.g.",
            "Version 1.2.3",
            "See https://example.com/a.ts",
            "Note: fix it.",
        ] {
            let doc = format!("{header}\n{BLOCK}\n");
            assert_eq!(find_embedded(&doc)[0].path, None, "{header}");
        }
    }

    #[test]
    fn paths_named_in_prose_above_are_candidates() {
        for (above, expected) in [
            ("Edit `src/a.ts`:\n\n```diff", vec!["src/a.ts"]),
            ("In src/a.ts, rename the helper.\n```", vec!["src/a.ts"]),
            (
                "Update **src/a.ts** and keep src/b.ts as is:\n\n\n```ts",
                vec!["src/a.ts", "src/b.ts"],
            ),
            // The nearest line first, then the one above it.
            (
                "Change lib/x.py.\n\nThen in «src/a.ts»:\n```",
                vec!["src/a.ts", "lib/x.py"],
            ),
            ("Here is the change:\n```", vec![]),
        ] {
            let doc = format!("{above}\n{BLOCK}\n```\n");
            let diffs = find_embedded(&doc);
            assert_eq!(diffs.len(), 1, "{above}");
            assert_eq!(
                diffs[0].path, None,
                "prose alone names no certain target: {above}"
            );
            assert_eq!(diffs[0].mentioned, expected, "{above}");
        }
        // Only two lines of prose up, and never above the previous diff.
        let far = format!("Edit src/a.ts:\none\ntwo\n{BLOCK}\n");
        assert!(find_embedded(&far)[0].mentioned.is_empty());
        let after = format!("src/a.ts\n{BLOCK}\nnext one\n{BLOCK}\n");
        let diffs = find_embedded(&after);
        assert_eq!(diffs.len(), 2);
        assert!(diffs[1].mentioned.is_empty(), "{:?}", diffs[1]);
        // A path of its own leaves nothing to guess.
        assert!(
            find_embedded(&format!("Edit `src/b.ts`:\nsrc/a.ts\n{BLOCK}\n"))[0]
                .mentioned
                .is_empty()
        );
    }

    #[test]
    fn path_from_a_fence_info_string() {
        for info in [
            "diff:src/app.ts",
            "ts src/app.ts",
            "ts:src/app.ts",
            "diff title=\"src/app.ts\"",
        ] {
            let doc = format!("Some prose\n```{info}\n{BLOCK}\n```\n");
            let diffs = find_embedded(&doc);
            assert_eq!(diffs[0].path.as_deref(), Some("src/app.ts"), "{info}");
            assert_eq!(diffs[0].path_source, Some(PathSource::Fence));
        }
        // a bare language tag names nothing; the line above the fence does
        let doc = format!("src/lib.rs\n```rust\n{BLOCK}\n```\n");
        assert_eq!(find_embedded(&doc)[0].path.as_deref(), Some("src/lib.rs"));
    }

    #[test]
    fn path_from_the_xml_tool_call() {
        let doc = format!(
            "I'll fix it.\n<apply_diff>\n<path>src/a.ts</path>\n<diff>\n{BLOCK}\n\n{BLOCK}\n</diff>\n</apply_diff>\nDone.\n{BLOCK}\n"
        );
        let diffs = find_embedded(&doc);
        assert_eq!(diffs.len(), 2);
        assert_eq!(diffs[0].path.as_deref(), Some("src/a.ts"));
        assert_eq!(diffs[0].path_source, Some(PathSource::Xml));
        assert_eq!(diffs[0].blocks.len(), 2);
        assert_eq!(parse(&diffs[0].text).unwrap().blocks.len(), 2);
        assert_eq!(diffs[1].path, None, "the block after the tool call is not in it");
        let args =
            format!("<args><file><path>b.py</path><diff><content>\n{BLOCK}\n</content></diff></file></args>");
        assert_eq!(find_embedded(&args)[0].path.as_deref(), Some("b.py"));
    }

    #[test]
    fn groups_blocks_by_target() {
        let doc = format!("a.ts\n{BLOCK}\n\n{BLOCK}\n\nb.ts\n{BLOCK}\nSome prose.\n{BLOCK}\n");
        let diffs = find_embedded(&doc);
        assert_eq!(diffs.len(), 3);
        assert_eq!(
            (diffs[0].path.as_deref(), diffs[0].blocks.len()),
            (Some("a.ts"), 2)
        );
        assert_eq!(
            (diffs[1].path.as_deref(), diffs[1].blocks.len()),
            (Some("b.ts"), 1)
        );
        assert_eq!(diffs[2].path, None);
        for diff in &diffs {
            for block in &diff.blocks {
                assert!(
                    doc[block.clone()].starts_with("<<<<<<< SEARCH")
                        && doc[block.clone()].ends_with(">>>>>>> REPLACE")
                );
            }
        }
    }

    #[test]
    fn two_fences_two_diffs() {
        let doc = format!(
            "```diff:a.ts\n{BLOCK}\n```\n```diff:a.ts\n{BLOCK}\n```\n```diff:b.ts\n{BLOCK}\n{BLOCK}\n```\n"
        );
        let diffs = find_embedded(&doc);
        assert_eq!(diffs.len(), 3);
        assert_eq!(diffs[2].blocks.len(), 2);
        assert_eq!(diffs[2].path.as_deref(), Some("b.ts"));
    }

    #[test]
    fn skips_broken_blocks_and_markdown_underlines() {
        let doc = format!("Title\n=======\n\n<<<<<<< SEARCH\nno end\n\nx.ts\n{BLOCK}\n");
        let diffs = find_embedded(&doc);
        assert_eq!(diffs.len(), 1);
        assert_eq!(diffs[0].path.as_deref(), Some("x.ts"));
        assert!(find_embedded("nothing here").is_empty());
    }

    #[test]
    fn a_stray_marker_or_a_broken_block_between_two_blocks_splits_the_diff() {
        for between in [
            ">>>>>>> REPLACE",
            "=======",
            "<<<<<<< SEARCH\nno separator\n>>>>>>> REPLACE",
        ] {
            let doc = format!("```diff:a.ts\n{BLOCK}\n{between}\n{BLOCK}\n```\n");
            let diffs = find_embedded(&doc);
            assert_eq!(diffs.len(), 2, "{between}");
            for diff in &diffs {
                assert_eq!(diff.path.as_deref(), Some("a.ts"));
                assert!(parse(&diff.text).is_ok(), "{between}: {:?}", diff.text);
            }
        }
    }

    #[test]
    fn thousands_of_blocks_stay_linear() {
        let blocks: Vec<&str> = std::iter::repeat_n(BLOCK, 3_000).collect();
        let doc = format!(
            "<apply_diff><path>a.ts</path><diff>\n{}\n</diff></apply_diff>\n",
            blocks.join("\n")
        );
        let started = std::time::Instant::now();
        let diffs = find_embedded(&doc);
        assert_eq!((diffs.len(), diffs[0].blocks.len()), (1, 3_000));
        assert!(started.elapsed() < std::time::Duration::from_secs(3));
    }

    #[test]
    fn crlf_documents() {
        let doc = format!("src/a.ts\r\n{}\r\n", BLOCK.replace('\n', "\r\n"));
        let diffs = find_embedded(&doc);
        assert_eq!(diffs[0].path.as_deref(), Some("src/a.ts"));
        assert!(diffs[0].text.ends_with(">>>>>>> REPLACE"));
    }
}
