//! Fuzzing position conversion (`autofix::text::position`): byte offset ↔ LSP position in UTF-8,
//! UTF-16 and UTF-32, over text mixing CRLF, lone CR, LF, tabs, emoji (ZWJ sequences and flags
//! too), CJK, combining marks, a byte-order mark, NBSP and the characters other tools count as
//! line breaks (U+2028, U+2029, NEL, VT, FF — here they are not). Property tests that `cargo test`
//! runs with a fixed case budget (`PROPTEST_CASES` raises it; see docs/fuzzing.md).
//!
//! Extends the unit properties in src/text/position.rs (the same conversions over a smaller
//! alphabet) with: every byte offset, boundaries or not, past the end too; every position of
//! every line, inside characters and past line ends; monotonicity both ways; clamping of any
//! position up to `u32::MAX`; the three encodings agreeing; and the rope and the plain-text line
//! index agreeing.

use autofix::text::LineIndex;
use autofix::text::position::{offset_to_pos, offset_to_pos_in_str, pos_to_offset};
use autofix::text::{Encoding, Pos};
use proptest::prelude::*;
use ropey::Rope;

/// The default number of cases of the properties that check one offset or position each;
/// `PROPTEST_CASES` overrides it.
const CASES: u32 = 512;

/// The default of those that walk every offset or every position of the text (a few hundred
/// checks per case).
const EXHAUSTIVE_CASES: u32 = 128;

fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}

const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32];

const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\r\r\n",
    "\n\r",
    "😀",
    "👩\u{200D}💻",
    "🇪🇸",
    "世界",
    "e\u{301}",
    "\u{301}",
    "\u{A0}",
    "\u{FEFF}",
    "\u{2028}",
    "\u{2029}",
    "\u{85}",
    "\u{B}",
    "\u{C}",
    "\u{10FFFF}",
    "\u{1}",
    "é",
    "ß",
    "𝕏",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|p| p.concat()),
        1 => "(?s).{0,40}",
    ]
}

/// The units of `s` in `encoding`.
fn units(s: &str, encoding: Encoding) -> usize {
    match encoding {
        Encoding::Utf8 => s.len(),
        Encoding::Utf16 => s.encode_utf16().count(),
        Encoding::Utf32 => s.chars().count(),
    }
}

/// The lines of `text` as LSP counts them here (LF, CRLF and lone CR end a line; nothing else):
/// the byte range of each line's content, without its terminator.
fn lines(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(start..i);
                start = i + 1;
            }
            b'\r' => {
                out.push(start..i);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(start..text.len());
    out
}

/// For each byte offset of `text` that starts a character (or is its end): its column, in
/// `encoding` units, from the start of its line (`usize::MAX` elsewhere). One pass.
fn columns(text: &str, lines: &[std::ops::Range<usize>], encoding: Encoding) -> Vec<usize> {
    let mut out = vec![usize::MAX; text.len() + 1];
    for line in lines {
        let mut column = 0;
        for (i, c) in text[line.clone()].char_indices() {
            out[line.start + i] = column;
            column += match encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
                Encoding::Utf32 => 1,
            };
        }
        out[line.end] = column;
    }
    out
}

/// Where an offset lands: the character boundary at or before it (past the end: the end), and
/// out of a CRLF pair (between CR and LF: the end of the line's content).
fn snapped(text: &str, offset: usize) -> usize {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    let b = text.as_bytes();
    if o > 0 && b[o - 1] == b'\r' && b.get(o) == Some(&b'\n') {
        o - 1
    } else {
        o
    }
}

proptest! {
    #![proptest_config(config(EXHAUSTIVE_CASES))]

    #[test]
    fn every_offset_has_a_position_that_leads_back_to_where_it_lands(text in text(), past in 0usize..6) {
        let rope = Rope::from_str(&text);
        let index = LineIndex::new(&text);
        let lines = lines(&text);
        prop_assert_eq!(rope.len_lines(), lines.len(), "line breaks: {:?}", text);
        let columns = ALL.map(|enc| columns(&text, &lines, enc));
        for offset in 0..=text.len() + past {
            for (e, enc) in ALL.into_iter().enumerate() {
                let pos = offset_to_pos(&rope, offset, enc);
                prop_assert!((pos.line as usize) < lines.len());
                let line = &lines[pos.line as usize];
                let land = snapped(&text, offset);
                prop_assert!(line.start <= land && land <= line.end, "{offset} → {pos:?} in {text:?}");
                prop_assert_eq!(pos.character as usize, columns[e][land]);
                prop_assert_eq!(
                    offset_to_pos_in_str(&text, &index, offset, enc),
                    pos,
                    "the line index and the rope agree at {} in {:?}", offset, text
                );
                prop_assert_eq!(pos_to_offset(&rope, pos, enc), land, "{} {:?} {:?}", offset, enc, text);
            }
        }
    }

    #[test]
    fn every_position_of_every_line_lands_on_a_character_and_leads_back(text in text()) {
        let rope = Rope::from_str(&text);
        let lines = lines(&text);
        for enc in ALL {
            let columns = columns(&text, &lines, enc);
            for (l, line) in lines.iter().enumerate() {
                // The columns at which characters start, and the end, in order.
                let starts: Vec<usize> = (line.start..=line.end).map(|o| columns[o]).filter(|c| *c != usize::MAX).collect();
                let width = columns[line.end];
                prop_assert_eq!(width, units(&text[line.clone()], enc));
                let mut at = 0;
                for character in 0..=width + 2 {
                    let pos = Pos::new(l as u32, character as u32);
                    let offset = pos_to_offset(&rope, pos, enc);
                    prop_assert!(line.start <= offset && offset <= line.end && text.is_char_boundary(offset));
                    while at + 1 < starts.len() && starts[at + 1] <= character {
                        at += 1;
                    }
                    let expected = starts[at];
                    prop_assert_eq!(
                        offset_to_pos(&rope, offset, enc),
                        Pos::new(l as u32, expected as u32),
                        "{:?} {:?} in {:?}", pos, enc, text
                    );
                }
            }
        }
    }

}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn conversions_are_monotonic(text in text(), a in 0usize..300, b in 0usize..300, pa in (0u32..20, 0u32..60), pb in (0u32..20, 0u32..60)) {
        let rope = Rope::from_str(&text);
        let (lo, hi) = (a.min(b), a.max(b));
        let (plo, phi) = {
            let (x, y) = (Pos::new(pa.0, pa.1), Pos::new(pb.0, pb.1));
            (x.min(y), x.max(y))
        };
        for enc in ALL {
            prop_assert!(offset_to_pos(&rope, lo, enc) <= offset_to_pos(&rope, hi, enc));
            prop_assert!(pos_to_offset(&rope, plo, enc) <= pos_to_offset(&rope, phi, enc), "{plo:?} {phi:?} {enc:?} {text:?}");
        }
    }

    #[test]
    fn any_position_is_clamped_into_the_text(text in text(), line in prop_oneof![0u32..20, Just(u32::MAX)], character in prop_oneof![0u32..80, Just(u32::MAX)]) {
        let rope = Rope::from_str(&text);
        let lines = lines(&text);
        for enc in ALL {
            let offset = pos_to_offset(&rope, Pos::new(line, character), enc);
            prop_assert!(offset <= text.len() && text.is_char_boundary(offset));
            prop_assert_eq!(snapped(&text, offset), offset, "never between CR and LF");
            if line as usize >= lines.len() {
                prop_assert_eq!(offset, text.len(), "a line past the end is the end");
            } else {
                let l = &lines[line as usize];
                prop_assert!(l.start <= offset && offset <= l.end, "on its own line");
            }
        }
        let end = offset_to_pos(&rope, usize::MAX, Encoding::Utf16);
        prop_assert_eq!(end, offset_to_pos(&rope, text.len(), Encoding::Utf16));
    }

    #[test]
    fn the_three_encodings_agree(text in text(), offset in 0usize..300) {
        let rope = Rope::from_str(&text);
        let [p8, p16, p32] = ALL.map(|enc| offset_to_pos(&rope, offset, enc));
        prop_assert!(p8.line == p16.line && p16.line == p32.line);
        prop_assert!(p32.character <= p16.character && p16.character <= p8.character);
        // Each leads to the same place.
        let back = ALL.map(|enc| pos_to_offset(&rope, offset_to_pos(&rope, offset, enc), enc));
        prop_assert!(back[0] == back[1] && back[1] == back[2]);
    }
}
