//! Fuzzing the SEARCH/REPLACE diff parser (`autofix::diff::parse`) and the finder of diffs
//! embedded in documents (`autofix::diff::find_embedded`) on the stable toolchain: property tests
//! that `cargo test` runs with a fixed case budget (`PROPTEST_CASES` raises it; see
//! docs/fuzzing.md).
//!
//! - Arbitrary input (bytes read as text, any string, lines drawn from a vocabulary of markers
//!   and their near misses): no panic; an error names a line of the text; every block found lies
//!   inside the text, in order, from its SEARCH marker to its REPLACE marker, at the line it says.
//! - Structured input: diffs rendered from generated blocks (content lines that look like
//!   markers escaped, line hints, CRLF, a byte-order mark) parse back to those blocks exactly;
//!   then mutated (a line deleted, duplicated or moved, a marker inserted, the text cut short,
//!   wrapped in the XML tool call or in prose and a code fence): the same guarantees as
//!   arbitrary input, and whatever `find_embedded` extracts parses.
//! - A parsed diff, rendered again, parses to the same blocks, wherever the grammar can spell
//!   its lines (a content line starting with `\` and a marker cannot be written; lines that all
//!   carry `N | ` prefixes lose them).
//!
//! The existing properties of the apply engine (no panic, an exact block and its inverse restore
//! the original) are in src/diff/proptests.rs.

use autofix::diff::{Block, Diff, find_embedded, parse};
use proptest::prelude::*;

/// The default number of cases of each property; `PROPTEST_CASES` overrides it.
const CASES: u32 = 512;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        // The round trip skips the few parsed diffs the grammar cannot spell again (a few in a
        // hundred): allowed in proportion, so that a long run is not cut short.
        max_global_rejects: cases.max(1024),
        ..ProptestConfig::with_cases(cases)
    }
}

/// Lines that matter to the grammar, and their near misses.
const MARKERS: &[&str] = &[
    "<<<<<<< SEARCH",
    "<<<<<<< SEARCH>",
    "<<<<<<< SEARCH>>",
    "<<<<<<< SEARCHING",
    "<<<<<<<",
    "=======",
    "======= ",
    "========",
    ">>>>>>> REPLACE",
    ">>>>>>> REPLACE  ",
    ">>>>>>> theirs",
    ">>>>>>>",
    "-------",
    "--------",
    ":start_line:3",
    ":start_line: 12",
    ":start_line:0",
    ":start_line:-1",
    ":start_line:x",
    ":start_line:99999999999999999999999",
    ":end_line:2",
    "  :start_line:4",
    "\\=======",
    "\\<<<<<<< SEARCH",
    "\\>>>>>>> REPLACE",
    "\\-------",
    "\\:start_line:3",
    "\\\\=======",
    "1 | a",
    "12 | b",
    " 3 |  c",
    "4|d",
    "5 || e",
    "| f",
    "<apply_diff>",
    "</apply_diff>",
    "<path>src/a.ts</path>",
    "<diff>",
    "</diff>",
    "<content>",
    "</content>",
    "<![CDATA[",
    "]]>",
    "<args>",
    "<file>",
    "```",
    "```diff:src/a.ts",
    "```ts src/b.ts",
    "File: src/c.ts",
    "**src/d.ts**",
    "src/e.ts",
    "\u{FEFF}",
    "\u{FEFF}<<<<<<< SEARCH",
];

/// Content lines: plain text, whitespace, Unicode, and lines that look like markers.
const CONTENT: &[&str] = &[
    "",
    " ",
    "\t",
    "a",
    "fn main() {",
    "    return x;",
    "\treturn y;",
    "}",
    "é",
    "“quoted” — …",
    "世界",
    "😀 emoji",
    "e\u{301}",
    "a\rb",
    "=======",
    "<<<<<<< SEARCH",
    ">>>>>>> REPLACE",
    ">>>>>>> theirs",
    "-------",
    ":start_line:7",
    ":end_line:8",
    "<<<<<<< HEAD",
    "12 | x",
    "x | y",
    "<diff>",
];

fn marker_line() -> impl Strategy<Value = String> {
    prop::sample::select(MARKERS).prop_map(str::to_string)
}

fn content_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(CONTENT).prop_map(str::to_string),
        1 => "[^\r\n]{0,16}",
    ]
}

fn any_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => marker_line(),
        3 => content_line(),
        1 => ".{0,20}",
    ]
}

/// Text made of lines, joined with LF or CRLF, with or without a final line break.
fn lines_text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(any_line(), 0..40),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, crlf, final_eol)| join(&lines, crlf, final_eol))
}

fn join(lines: &[String], crlf: bool, final_eol: bool) -> String {
    let eol = if crlf { "\r\n" } else { "\n" };
    let mut text = lines.join(eol);
    if final_eol && !text.is_empty() {
        text.push_str(eol);
    }
    text
}

/// Any input at all: bytes read as text, any string, or lines.
fn arbitrary_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..600).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        "(?s).{0,300}",
        lines_text(),
    ]
}

/// The guarantees every parse gives, whatever the input.
fn check_parse(text: &str) -> Result<Option<Diff>, TestCaseError> {
    let lines = text.split('\n').count();
    match parse(text) {
        Err(error) => {
            prop_assert!(
                (1..=lines + 1).contains(&error.line()),
                "line {} of {lines}: {error}",
                error.line()
            );
            prop_assert!(!error.to_string().is_empty());
            Ok(None)
        }
        Ok(diff) => {
            prop_assert!(!diff.blocks.is_empty());
            let mut after = 0;
            for block in &diff.blocks {
                let span = block.span.clone();
                prop_assert!(after <= span.start && span.start <= span.end && span.end <= text.len());
                prop_assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                let shown = &text[span.clone()];
                prop_assert!(shown.starts_with("<<<<<<< SEARCH"), "{shown:?}");
                prop_assert!(shown.trim_end().ends_with(">>>>>>> REPLACE"), "{shown:?}");
                prop_assert_eq!(
                    block.diff_line,
                    text[..span.start].matches('\n').count() + 1,
                    "the block's line is where its marker is"
                );
                prop_assert!(block.start_line.is_none_or(|n| n > 0));
                after = span.end;
            }
            Ok(Some(diff))
        }
    }
}

/// The guarantees of `find_embedded` on any document: diffs in order, inside the document, each
/// one a diff that `parse` accepts, its blocks inside it.
fn check_embedded(document: &str) -> Result<(), TestCaseError> {
    let mut after = 0;
    for found in find_embedded(document) {
        let range = found.range.clone();
        prop_assert!(after <= range.start && range.start <= range.end && range.end <= document.len());
        prop_assert!(document.is_char_boundary(range.start) && document.is_char_boundary(range.end));
        prop_assert_eq!(&found.text, &document[range.clone()]);
        prop_assert!(!found.blocks.is_empty());
        for block in &found.blocks {
            prop_assert!(range.start <= block.start && block.start <= block.end && block.end <= range.end);
        }
        let parsed = parse(&found.text);
        prop_assert!(
            parsed.is_ok(),
            "an embedded diff must parse: {:?}\n{:?}",
            parsed.err(),
            found.text
        );
        prop_assert_eq!(parsed.unwrap().blocks.len(), found.blocks.len());
        after = range.end;
    }
    Ok(())
}

/// A content line as the grammar writes it: with a backslash when it would read as a marker.
fn escape(line: &str) -> String {
    let markers = [
        "<<<<<<<",
        "=======",
        ">>>>>>>",
        "-------",
        ":start_line:",
        ":end_line:",
    ];
    if markers.iter().any(|m| line.starts_with(m)) {
        format!("\\{line}")
    } else {
        line.to_string()
    }
}

/// Whether the grammar can write `line` as content so that it reads back as itself.
fn spellable(line: &str) -> bool {
    let markers = [
        "<<<<<<<",
        "=======",
        ">>>>>>>",
        "-------",
        ":start_line:",
        ":end_line:",
    ];
    let backslashed_marker = line
        .strip_prefix('\\')
        .is_some_and(|rest| markers.iter().any(|m| rest.starts_with(m)));
    let trimmed = line.trim_start();
    let indented_line_marker =
        trimmed != line && (trimmed.starts_with(":start_line:") || trimmed.starts_with(":end_line:"));
    !backslashed_marker && !indented_line_marker && !line.ends_with('\r') && !line.contains('\n')
}

/// Renders blocks as a diff.
fn render(blocks: &[Block], crlf: bool, header_end: bool) -> String {
    let mut lines = Vec::new();
    for block in blocks {
        lines.push("<<<<<<< SEARCH".to_string());
        if let Some(n) = block.start_line {
            lines.push(format!(":start_line:{n}"));
        }
        if let Some(n) = block.end_line {
            lines.push(format!(":end_line:{n}"));
        }
        if header_end || block.start_line.is_some() || block.end_line.is_some() {
            lines.push("-------".to_string());
        }
        lines.extend(block.search.iter().map(|l| escape(l)));
        lines.push("=======".to_string());
        lines.extend(block.replace.iter().map(|l| escape(l)));
        lines.push(">>>>>>> REPLACE".to_string());
    }
    join(&lines, crlf, true)
}

/// What a block says, without where it was.
fn meaning(block: &Block) -> (Vec<String>, Vec<String>, Option<usize>, Option<usize>) {
    (
        block.search.clone(),
        block.replace.clone(),
        block.start_line,
        block.end_line,
    )
}

/// Generated blocks whose content the grammar can spell (lines that look like markers are
/// escaped; a SEARCH of numbered lines would lose its numbers, so it keeps one plain line).
fn model_block() -> impl Strategy<Value = Block> {
    (
        prop::collection::vec(content_line(), 0..6),
        prop::collection::vec(content_line(), 0..6),
        prop::option::of(1usize..5000),
        prop::option::of(1usize..5000),
    )
        .prop_map(|(mut search, replace, start_line, end_line)| {
            if search.iter().all(|l| l.is_empty() || l.contains(" | ")) {
                search.push("plain".into());
            }
            Block {
                search,
                replace,
                start_line,
                end_line,
                ..Block::default()
            }
        })
        .prop_filter("spellable", |b| {
            b.search.iter().chain(&b.replace).all(|l| spellable(l))
        })
}

#[derive(Debug, Clone)]
enum Mutation {
    DeleteLine(usize),
    DuplicateLine(usize),
    MoveLine(usize, usize),
    InsertLine(usize, String),
    CutAt(usize),
    Crlf,
    Bom,
    Xml,
    Prose(String),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::MoveLine(a, b)),
        (any::<usize>(), any_line()).prop_map(|(a, l)| Mutation::InsertLine(a, l)),
        any::<usize>().prop_map(Mutation::CutAt),
        Just(Mutation::Crlf),
        Just(Mutation::Bom),
        Just(Mutation::Xml),
        "[a-zA-Z /.:`*]{0,30}".prop_map(Mutation::Prose),
    ]
}

fn mutate(text: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let n = lines.len();
    match mutation {
        Mutation::DeleteLine(i) => {
            lines.remove(i % n);
        }
        Mutation::DuplicateLine(i) => {
            let line = lines[i % n].clone();
            lines.insert(i % n, line);
        }
        Mutation::MoveLine(a, b) => {
            let line = lines.remove(a % n);
            lines.insert(b % n, line);
        }
        Mutation::InsertLine(i, line) => lines.insert(i % (n + 1), line.clone()),
        Mutation::CutAt(i) => {
            let mut at = i % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            return text[..at].to_string();
        }
        Mutation::Crlf => return text.replace('\n', "\r\n"),
        Mutation::Bom => return format!("\u{FEFF}{text}"),
        Mutation::Xml => {
            return format!("<apply_diff>\n<path>src/a.ts</path>\n<diff>\n{text}</diff>\n</apply_diff>\n");
        }
        Mutation::Prose(words) => return format!("{words}\n\n```diff:src/a.ts\n{text}```\n{words}\n"),
    }
    lines.join("\n")
}

/// A rendered diff, mutated a few times (or not at all).
fn near_valid() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(model_block(), 1..4),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(mutation(), 0..3),
    )
        .prop_map(|(blocks, crlf, header_end, mutations)| {
            let mut text = render(&blocks, crlf, header_end);
            for m in &mutations {
                text = mutate(&text, m);
            }
            text
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_input_never_panics_and_what_is_found_is_where_it_says(text in arbitrary_text()) {
        check_parse(&text)?;
        check_embedded(&text)?;
    }

    #[test]
    fn rendered_blocks_parse_back_exactly(
        blocks in prop::collection::vec(model_block(), 1..5),
        crlf in any::<bool>(),
        header_end in any::<bool>(),
        bom in any::<bool>(),
    ) {
        let mut text = render(&blocks, crlf, header_end);
        if bom {
            text.insert(0, '\u{FEFF}');
        }
        let parsed = check_parse(&text)?;
        prop_assert!(parsed.is_some(), "{:?}: {:?}", text, parse(&text).err());
        let parsed = parsed.unwrap();
        prop_assert_eq!(
            parsed.blocks.iter().map(meaning).collect::<Vec<_>>(),
            blocks.iter().map(meaning).collect::<Vec<_>>(),
            "{:?}", text
        );
        // The same diff in a chat message is found whole (a byte-order mark belongs at the
        // start of a document, not in the middle).
        let document = format!(
            "Here is the change:\n\n```diff:src/a.ts\n{}```\n",
            text.trim_start_matches('\u{FEFF}')
        );
        check_embedded(&document)?;
        let found = find_embedded(&document);
        prop_assert_eq!(found.len(), 1);
        prop_assert_eq!(found[0].path.as_deref(), Some("src/a.ts"));
        prop_assert_eq!(found[0].blocks.len(), blocks.len());
    }

    #[test]
    fn near_valid_diffs_never_panic_and_what_is_found_parses(text in near_valid()) {
        check_parse(&text)?;
        check_embedded(&text)?;
    }

    #[test]
    fn a_parsed_diff_rendered_again_parses_the_same(
        text in prop_oneof![3 => near_valid(), 1 => lines_text()],
        crlf in any::<bool>(),
    ) {
        let Some(diff) = check_parse(&text)? else { return Ok(()) };
        // Where the grammar cannot spell a line, there is nothing to compare.
        prop_assume!(diff.blocks.iter().all(|b| b.search.iter().chain(&b.replace).all(|l| spellable(l))));
        let again = render(&diff.blocks, crlf, true);
        let reparsed = parse(&again);
        prop_assert!(reparsed.is_ok(), "{:?} → {:?}: {:?}", text, again, reparsed.err());
        let reparsed = reparsed.unwrap();
        // Lines that all carry `N | ` prefixes are read as numbered: a second reading strips
        // what the first left. Documented, and not a round trip.
        prop_assume!(reparsed.blocks.iter().all(|b| !b.line_numbers));
        prop_assert_eq!(
            reparsed.blocks.iter().map(meaning).collect::<Vec<_>>(),
            diff.blocks.iter().map(meaning).collect::<Vec<_>>(),
            "{:?} → {:?}", text, again
        );
    }
}
