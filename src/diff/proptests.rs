//! Properties over generated inputs: no input makes the engine panic; an exact block and its
//! inverse restore the original byte for byte; the edits rebuild `content`.

use proptest::prelude::*;

use super::{Block, Diff, SearchOptions, apply, apply_edits, apply_text, find_embedded, parse};

const VOCABULARY: &[&str] = &[
    "",
    "  ",
    "\t",
    "a",
    "b",
    "foo()",
    "    return x;",
    "\treturn y;",
    "é",
    "“q” — …",
    "}",
    "  }",
    "<<<<<<< SEARCH",
    "<<<<<<< SEARCH>",
    "<<<<<<< SEARCH>>",
    "=======",
    ">>>>>>> REPLACE",
    ">>>>>>> theirs",
    "-------",
    ":start_line:3",
    ":start_line:0",
    ":start_line:999999999999",
    ":end_line:2",
    "\\=======",
    "\\<<<<<<< SEARCH",
    "1 | a",
    "12 | b",
    "| c",
    "<diff>",
    "</diff>",
    "<path>x.ts</path>",
    "<apply_diff>",
    "```ts a.ts",
    "```",
    "File: src/a.ts",
    "\u{FEFF}x",
    "a\rb",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(VOCABULARY).prop_map(str::to_string),
        1 => ".{0,12}",
    ]
}

fn text() -> impl Strategy<Value = String> {
    (prop::collection::vec(line(), 0..30), any::<bool>(), any::<bool>()).prop_map(
        |(lines, crlf, final_newline)| {
            let eol = if crlf { "\r\n" } else { "\n" };
            let mut text = lines.join(eol);
            if final_newline && !text.is_empty() {
                text.push_str(eol);
            }
            text
        },
    )
}

fn options() -> impl Strategy<Value = SearchOptions> {
    (
        prop::sample::select(vec![0.0, 0.5, 0.9, 1.0, f64::NAN]),
        0usize..60,
        prop::option::of(prop_oneof![0usize..40, Just(usize::MAX)]),
    )
        .prop_map(|(threshold, buffer_lines, start_line)| SearchOptions {
            threshold,
            buffer_lines,
            start_line,
            ..SearchOptions::default()
        })
}

/// Lines without tabs, so that indentation styles never differ between a block and the file.
fn plain_line() -> impl Strategy<Value = String> {
    prop::sample::select(
        &[
            "", "a", "b", "c d", "  e", "    f", "g  ", "x“y”", "}", "  }", "é",
        ][..],
    )
    .prop_map(str::to_string)
}

proptest! {
    // PROPTEST_CASES raises the count for a longer hunt.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(400),
        ..ProptestConfig::default()
    })]

    #[test]
    fn never_panics(original in text(), diff in text(), options in options()) {
        let outcome = apply_text(&original, &diff, &options);
        if let Some(content) = &outcome.content {
            prop_assert_eq!(apply_edits(&original, &outcome.edits), Some(content.clone()));
        }
        let _ = find_embedded(&diff);
        let _ = serde_json::to_string(&outcome);
    }

    #[test]
    fn blocks_taken_from_the_file_never_panic(original in text(), picks in prop::collection::vec((0usize..40, 1usize..4, prop::collection::vec(line(), 0..4)), 1..4), options in options()) {
        let lines: Vec<String> = original.lines().map(str::to_string).collect();
        let blocks = picks.into_iter().map(|(start, len, replace)| {
            let search: Vec<String> = lines.iter().skip(start).take(len).cloned().collect();
            Block::new(search, replace).with_start_line(start + 1)
        }).collect();
        let outcome = apply(&original, &Diff { path: None, blocks }, &options);
        if let Some(content) = &outcome.content {
            prop_assert_eq!(apply_edits(&original, &outcome.edits), Some(content.clone()));
            prop_assert!(outcome.edits.windows(2).all(|w| w[0].range.end <= w[1].range.start));
        }
    }

    #[test]
    fn an_exact_block_and_its_inverse_restore_the_original(
        lines in prop::collection::vec(plain_line(), 1..25),
        pick in (0usize..25, 1usize..5),
        replace in prop::collection::vec(plain_line(), 1..5),
        crlf in any::<bool>(),
        final_newline in any::<bool>(),
        threshold in prop::sample::select(vec![0.8, 1.0]),
    ) {
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut lines = lines;
        // A last empty element would be the empty line after a final newline, not a line of its own.
        if lines.last().is_some_and(String::is_empty) {
            lines.push("z".to_string());
        }
        // Likewise an empty last REPLACE line at the end of a file without a final newline.
        let mut replace = replace;
        if replace.last().is_some_and(String::is_empty) {
            replace.push("w".to_string());
        }
        let mut original = lines.join(eol);
        if final_newline {
            original.push_str(eol);
        }
        let start = pick.0 % lines.len();
        let len = pick.1.min(lines.len() - start);
        let search: Vec<String> = lines[start..start + len].to_vec();
        let options = SearchOptions { threshold, ..SearchOptions::default() };

        let forward = Diff { path: None, blocks: vec![Block::new(search.clone(), replace.clone()).with_start_line(start + 1)] };
        let outcome = apply(&original, &forward, &options);
        prop_assert!(outcome.all_applied(), "{:?}", outcome.error);
        let content = outcome.content.clone().unwrap_or_default();
        prop_assert_eq!(apply_edits(&original, &outcome.edits), Some(content.clone()));

        // A result without any line ending keeps no trace of CRLF for the way back.
        if crlf && !content.contains('\n') {
            return Ok(());
        }
        let inverse = Diff { path: None, blocks: vec![Block::new(replace, search).with_start_line(start + 1)] };
        let back = apply(&content, &inverse, &options);
        prop_assert!(back.all_applied(), "{:?}", back.error);
        prop_assert_eq!(back.content, Some(original));
    }

    #[test]
    fn parse_accepts_what_it_is_given_or_says_where(diff in text()) {
        match parse(&diff) {
            Ok(parsed) => prop_assert!(!parsed.blocks.is_empty()),
            Err(error) => prop_assert!(error.line() >= 1),
        }
    }
}
