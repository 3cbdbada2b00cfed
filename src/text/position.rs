//! Byte offset ↔ `(line, character)` positions over a rope, in the three position encodings an
//! LSP client may negotiate. Out-of-range positions are clamped, never a panic.

use ropey::{Rope, RopeSlice};

/// How `Pos::character` counts: UTF-8 bytes, UTF-16 code units (the LSP default) or code points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    Utf8,
    #[default]
    Utf16,
    Utf32,
}

/// A 0-based line and a column in some [`Encoding`], as the LSP counts them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub character: u32,
}

impl Pos {
    pub fn new(line: u32, character: u32) -> Self {
        Pos { line, character }
    }
}

/// The characters of `line` without its terminator.
fn line_content(rope: &Rope, line: usize) -> RopeSlice<'_> {
    let slice = rope.line(line);
    let mut end = slice.len_chars();
    if end > 0 && slice.char(end - 1) == '\n' {
        end -= 1;
    }
    if end > 0 && slice.char(end - 1) == '\r' {
        end -= 1;
    }
    slice.slice(..end)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The position of byte `offset`. Offsets inside a character snap to its start; offsets past the
/// end, or inside a line terminator, snap to the nearest end of content.
pub fn offset_to_pos(rope: &Rope, offset: usize, encoding: Encoding) -> Pos {
    let offset = offset.min(rope.len_bytes());
    let char_idx = rope.byte_to_char(offset);
    let line = rope.char_to_line(char_idx);
    let content = line_content(rope, line);
    let in_line = (char_idx - rope.line_to_char(line)).min(content.len_chars());
    let character = match encoding {
        Encoding::Utf32 => in_line,
        Encoding::Utf16 => content.char_to_utf16_cu(in_line),
        Encoding::Utf8 => content.char_to_byte(in_line),
    };
    Pos::new(to_u32(line), to_u32(character))
}

/// The byte offset of `pos`. A line past the end maps to the end of the text; a character past
/// the line's end maps to the end of its content; a position inside a character (a UTF-16
/// surrogate pair, a multi-byte UTF-8 sequence) snaps to the start of that character.
pub fn pos_to_offset(rope: &Rope, pos: Pos, encoding: Encoding) -> usize {
    let line = pos.line as usize;
    if line >= rope.len_lines() {
        return rope.len_bytes();
    }
    let content = line_content(rope, line);
    let character = pos.character as usize;
    let in_line = match encoding {
        Encoding::Utf32 => character.min(content.len_chars()),
        Encoding::Utf16 => content.utf16_cu_to_char(character.min(content.len_utf16_cu())),
        Encoding::Utf8 => content.byte_to_char(character.min(content.len_bytes())),
    };
    rope.char_to_byte(rope.line_to_char(line) + in_line)
}

/// The position of byte `offset` in a plain `text` whose lines `index` holds (for texts that are
/// not open as ropes, such as a rules file read from disk).
pub fn offset_to_pos_in_str(text: &str, index: &super::LineIndex, offset: usize, encoding: Encoding) -> Pos {
    let offset = super::lines::floor_char_boundary(text, offset);
    let line = index.line_of(offset);
    let content = index.line_range(text, line);
    let prefix = text.get(content.start..offset.min(content.end)).unwrap_or("");
    let character = match encoding {
        Encoding::Utf8 => prefix.len(),
        Encoding::Utf16 => prefix.encode_utf16().count(),
        Encoding::Utf32 => prefix.chars().count(),
    };
    Pos::new(to_u32(line), to_u32(character))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32];

    #[test]
    fn emoji_is_two_utf16_units_four_bytes_one_char() {
        let rope = Rope::from_str("a😀b");
        let b = 5; // byte offset of `b`
        assert_eq!(offset_to_pos(&rope, b, Encoding::Utf8), Pos::new(0, 5));
        assert_eq!(offset_to_pos(&rope, b, Encoding::Utf16), Pos::new(0, 3));
        assert_eq!(offset_to_pos(&rope, b, Encoding::Utf32), Pos::new(0, 2));
        for enc in ALL {
            assert_eq!(pos_to_offset(&rope, offset_to_pos(&rope, b, enc), enc), b);
        }
    }

    #[test]
    fn inside_a_surrogate_pair_snaps_to_the_character_start() {
        let rope = Rope::from_str("a😀b");
        assert_eq!(pos_to_offset(&rope, Pos::new(0, 2), Encoding::Utf16), 1);
        assert_eq!(pos_to_offset(&rope, Pos::new(0, 3), Encoding::Utf8), 1);
    }

    #[test]
    fn cjk_is_one_utf16_unit_three_bytes() {
        let rope = Rope::from_str("世界x");
        assert_eq!(offset_to_pos(&rope, 6, Encoding::Utf16), Pos::new(0, 2));
        assert_eq!(offset_to_pos(&rope, 6, Encoding::Utf8), Pos::new(0, 6));
        assert_eq!(pos_to_offset(&rope, Pos::new(0, 2), Encoding::Utf16), 6);
    }

    #[test]
    fn tabs_count_as_one_unit() {
        let rope = Rope::from_str("\t\tx");
        for enc in ALL {
            assert_eq!(offset_to_pos(&rope, 2, enc), Pos::new(0, 2));
        }
    }

    #[test]
    fn crlf_terminator_is_not_part_of_the_line() {
        let rope = Rope::from_str("ab\r\ncd\r\n");
        assert_eq!(pos_to_offset(&rope, Pos::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(pos_to_offset(&rope, Pos::new(1, 1), Encoding::Utf16), 5);
        assert_eq!(
            offset_to_pos(&rope, 3, Encoding::Utf16),
            Pos::new(0, 2),
            "between \\r and \\n"
        );
        assert_eq!(offset_to_pos(&rope, 8, Encoding::Utf16), Pos::new(2, 0));
    }

    #[test]
    fn lone_cr_ends_a_line() {
        let rope = Rope::from_str("a\rb");
        assert_eq!(offset_to_pos(&rope, 2, Encoding::Utf16), Pos::new(1, 0));
    }

    #[test]
    fn out_of_range_positions_are_clamped() {
        let rope = Rope::from_str("abc\nde");
        assert_eq!(pos_to_offset(&rope, Pos::new(9, 0), Encoding::Utf16), 6);
        assert_eq!(pos_to_offset(&rope, Pos::new(1, 99), Encoding::Utf16), 6);
        assert_eq!(offset_to_pos(&rope, 99, Encoding::Utf16), Pos::new(1, 2));
        let empty = Rope::new();
        assert_eq!(pos_to_offset(&empty, Pos::new(3, 3), Encoding::Utf8), 0);
        assert_eq!(offset_to_pos(&empty, 3, Encoding::Utf8), Pos::new(0, 0));
    }

    proptest! {
        #[test]
        fn str_and_rope_positions_agree(text in "(\\PC|\r\n|\r|\n|😀|世){0,40}", offset in 0usize..200) {
            let rope = Rope::from_str(&text);
            let index = crate::text::LineIndex::new(&text);
            let offset = offset.min(text.len());
            for enc in ALL {
                prop_assert_eq!(offset_to_pos_in_str(&text, &index, offset, enc), offset_to_pos(&rope, offset, enc));
            }
        }

        #[test]
        fn any_position_is_clamped_and_round_trips(
            text in "(\\PC|\r\n|\r|\n|\t|😀|世){0,40}",
            line in 0u32..12,
            character in 0u32..60,
        ) {
            let rope = Rope::from_str(&text);
            for enc in ALL {
                let offset = pos_to_offset(&rope, Pos::new(line, character), enc);
                prop_assert!(offset <= text.len());
                prop_assert!(text.is_char_boundary(offset));
                let pos = offset_to_pos(&rope, offset, enc);
                prop_assert_eq!(pos_to_offset(&rope, pos, enc), offset);
            }
        }

        #[test]
        fn every_char_boundary_round_trips(text in "(\\PC|\r\n|\n|😀|世){0,40}") {
            let rope = Rope::from_str(&text);
            for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
                for enc in ALL {
                    let pos = offset_to_pos(&rope, offset, enc);
                    let back = pos_to_offset(&rope, pos, enc);
                    // Offsets inside a CRLF pair snap to the end of the line's content.
                    if !(offset > 0 && text.as_bytes()[offset - 1] == b'\r' && text.as_bytes().get(offset) == Some(&b'\n')) {
                        prop_assert_eq!(back, offset);
                    }
                }
            }
        }
    }
}
