//! An agent file's Markdown (read with `pulldown-cmark`) as the units rules are taken from:
//! headings, list items (with their nesting), paragraphs, and the blocks that hold no rule
//! (code, tables, HTML), each with its 1-based line and its text as written — code spans keep
//! their backticks, emphasis marks and link targets are dropped, struck-out text is left out.

use pulldown_cmark::{Event, MetadataBlockKind, Options, Parser, Tag, TagEnd};

/// What a unit of the document is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitKind {
    Heading {
        level: usize,
    },
    /// A list item; `parent` is the index (in the units) of the item it is nested in; `task`: a
    /// task-list item (`- [ ] …`, `- [x] …`).
    Item {
        parent: Option<usize>,
        depth: usize,
        has_children: bool,
        task: bool,
    },
    Paragraph,
    CodeBlock,
    Table,
    /// The first cell of a table's body row (a table of rules: "| Do not … | why | … |").
    TableRow,
    Html,
}

/// One unit: its kind, its text and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub kind: UnitKind,
    /// The inline text, `\n` where the source broke the line.
    pub text: String,
    pub line: usize,
    /// True when all its words are inside links (a table of contents, "see X").
    pub links_only: bool,
    /// The heading texts above it, outermost first.
    pub headings: Vec<String>,
}

/// A document read into units, and its YAML frontmatter when it has one.
#[derive(Debug, Default)]
pub struct Document {
    pub frontmatter: Option<String>,
    pub units: Vec<Unit>,
}

/// Start offsets of each line, for 1-based line numbers.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect()
}

fn line_of(starts: &[usize], offset: usize) -> usize {
    match starts.binary_search(&offset) {
        Ok(i) => i + 1,
        Err(i) => i,
    }
}

/// Where a table is being read.
#[derive(Debug, Default)]
struct Table {
    head: bool,
    cell: usize,
    row_open: bool,
}

/// The unit being filled with inline text.
#[derive(Debug)]
struct Open {
    unit: usize,
    /// Inline text seen outside links, for `links_only`.
    plain: bool,
    links: usize,
}

/// Reads `text` as CommonMark (with tables, strikethrough, task lists and YAML frontmatter).
pub fn read(text: &str) -> Document {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_TASKLISTS);
    options.insert(Options::ENABLE_YAML_STYLE_METADATA_BLOCKS);
    let starts = line_starts(text);
    let mut doc = Document::default();
    // The units that inline text goes to, innermost last: headings, items, paragraphs.
    let mut open: Vec<Open> = Vec::new();
    // Open items (unit indices), innermost last.
    let mut items: Vec<usize> = Vec::new();
    let mut headings: Vec<(usize, String)> = Vec::new();
    let mut link_depth = 0usize;
    let mut struck = 0usize;
    // Inside a block whose text is not inline text: code, table, HTML, metadata.
    let mut opaque = 0usize;
    let mut in_metadata = false;
    // Inside a table: which cell, and whether the first one of a body row is being read.
    let mut table: Option<Table> = None;
    let heading_stack = |headings: &Vec<(usize, String)>| headings.iter().map(|(_, t)| t.clone()).collect();

    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        let line = line_of(&starts, range.start);
        match event {
            Event::Start(Tag::MetadataBlock(MetadataBlockKind::YamlStyle)) => in_metadata = true,
            Event::End(TagEnd::MetadataBlock(_)) => in_metadata = false,
            Event::Text(t) if in_metadata => {
                doc.frontmatter.get_or_insert_with(String::new).push_str(&t);
            }
            Event::Start(Tag::Table(_)) if opaque == 0 => {
                doc.units.push(Unit {
                    kind: UnitKind::Table,
                    text: text
                        .get(range.clone())
                        .unwrap_or_default()
                        .lines()
                        .next()
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                    line,
                    links_only: false,
                    headings: heading_stack(&headings),
                });
                table = Some(Table::default());
            }
            Event::End(TagEnd::Table) if table.is_some() => table = None,
            Event::Start(Tag::TableHead) if opaque == 0 => {
                if let Some(t) = &mut table {
                    t.head = true;
                }
            }
            Event::End(TagEnd::TableHead) if opaque == 0 => {
                if let Some(t) = &mut table {
                    t.head = false;
                }
            }
            Event::Start(Tag::TableRow) if opaque == 0 => {
                if let Some(t) = &mut table {
                    t.cell = 0;
                }
            }
            Event::Start(Tag::TableCell) if opaque == 0 => {
                if let Some(t) = &mut table
                    && !t.head
                    && t.cell == 0
                {
                    doc.units.push(Unit {
                        kind: UnitKind::TableRow,
                        text: String::new(),
                        line,
                        links_only: false,
                        headings: heading_stack(&headings),
                    });
                    open.push(Open {
                        unit: doc.units.len() - 1,
                        plain: false,
                        links: 0,
                    });
                    t.row_open = true;
                }
            }
            Event::End(TagEnd::TableCell) if opaque == 0 => {
                if let Some(t) = &mut table {
                    if t.row_open
                        && let Some(o) = open.pop()
                    {
                        let unit = &mut doc.units[o.unit];
                        unit.links_only = o.links > 0 && !o.plain;
                    }
                    t.row_open = false;
                    t.cell += 1;
                }
            }
            // Other cells hold no rule.
            Event::Text(_) | Event::Code(_) | Event::InlineMath(_) | Event::SoftBreak | Event::HardBreak
                if table.as_ref().is_some_and(|t| !t.row_open) => {}
            Event::Start(Tag::CodeBlock(_)) | Event::Start(Tag::HtmlBlock) => {
                if opaque == 0 {
                    let kind = match event {
                        Event::Start(Tag::CodeBlock(_)) => UnitKind::CodeBlock,
                        _ => UnitKind::Html,
                    };
                    let raw = text.get(range.clone()).unwrap_or_default();
                    doc.units.push(Unit {
                        kind,
                        text: raw.lines().next().unwrap_or_default().trim().to_string(),
                        line,
                        links_only: false,
                        headings: heading_stack(&headings),
                    });
                }
                opaque += 1;
            }
            Event::End(TagEnd::CodeBlock) | Event::End(TagEnd::HtmlBlock) => {
                opaque = opaque.saturating_sub(1);
            }
            _ if opaque > 0 => {}
            Event::Html(h) => {
                // A lone HTML line (a comment, a marker) outside a block.
                doc.units.push(Unit {
                    kind: UnitKind::Html,
                    text: h.trim().to_string(),
                    line,
                    links_only: false,
                    headings: heading_stack(&headings),
                });
            }
            Event::Start(Tag::Heading { level, .. }) => {
                let level = level as usize;
                headings.retain(|(l, _)| *l < level);
                doc.units.push(Unit {
                    kind: UnitKind::Heading { level },
                    text: String::new(),
                    line,
                    links_only: false,
                    headings: heading_stack(&headings),
                });
                open.push(Open {
                    unit: doc.units.len() - 1,
                    plain: false,
                    links: 0,
                });
            }
            Event::End(TagEnd::Heading(level)) => {
                if let Some(o) = open.pop() {
                    let unit = &mut doc.units[o.unit];
                    unit.links_only = o.links > 0 && !o.plain;
                    headings.push((level as usize, unit.text.trim().to_string()));
                }
            }
            Event::Start(Tag::Item) => {
                let parent = items.last().copied();
                if let Some(p) = parent
                    && let UnitKind::Item { has_children, .. } = &mut doc.units[p].kind
                {
                    *has_children = true;
                }
                doc.units.push(Unit {
                    kind: UnitKind::Item {
                        parent,
                        depth: items.len(),
                        has_children: false,
                        task: false,
                    },
                    text: String::new(),
                    line,
                    links_only: false,
                    headings: heading_stack(&headings),
                });
                let unit = doc.units.len() - 1;
                items.push(unit);
                open.push(Open {
                    unit,
                    plain: false,
                    links: 0,
                });
            }
            Event::End(TagEnd::Item) => {
                items.pop();
                if let Some(o) = open.pop() {
                    let unit = &mut doc.units[o.unit];
                    unit.links_only = o.links > 0 && !o.plain;
                }
            }
            Event::Start(Tag::Paragraph) => {
                // A paragraph of an item is the item's own text.
                let in_item = open
                    .last()
                    .is_some_and(|o| matches!(doc.units[o.unit].kind, UnitKind::Item { .. }));
                if in_item {
                    if let Some(o) = open.last()
                        && !doc.units[o.unit].text.trim().is_empty()
                    {
                        doc.units[o.unit].text.push('\n');
                    }
                } else {
                    doc.units.push(Unit {
                        kind: UnitKind::Paragraph,
                        text: String::new(),
                        line,
                        links_only: false,
                        headings: heading_stack(&headings),
                    });
                    open.push(Open {
                        unit: doc.units.len() - 1,
                        plain: false,
                        links: 0,
                    });
                }
            }
            Event::End(TagEnd::Paragraph) => {
                let is_paragraph = open
                    .last()
                    .is_some_and(|o| doc.units[o.unit].kind == UnitKind::Paragraph);
                if is_paragraph && let Some(o) = open.pop() {
                    let unit = &mut doc.units[o.unit];
                    unit.links_only = o.links > 0 && !o.plain;
                }
            }
            Event::TaskListMarker(_) => {
                if let Some(&item) = items.last()
                    && let UnitKind::Item { task, .. } = &mut doc.units[item].kind
                {
                    *task = true;
                }
            }
            Event::Start(Tag::Link { .. }) | Event::Start(Tag::Image { .. }) => {
                link_depth += 1;
                if let Some(o) = open.last_mut() {
                    o.links += 1;
                }
            }
            Event::End(TagEnd::Link) | Event::End(TagEnd::Image) => link_depth = link_depth.saturating_sub(1),
            Event::Start(Tag::Strikethrough) => struck += 1,
            Event::End(TagEnd::Strikethrough) => struck = struck.saturating_sub(1),
            Event::Text(t) if struck == 0 => push_inline(&mut doc, &mut open, &t, link_depth),
            Event::Code(_) | Event::InlineMath(_) if struck == 0 => {
                let raw = text.get(range).unwrap_or_default();
                push_inline(&mut doc, &mut open, raw, link_depth);
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(o) = open.last() {
                    doc.units[o.unit].text.push('\n');
                }
            }
            _ => {}
        }
    }
    doc
}

fn push_inline(doc: &mut Document, open: &mut [Open], text: &str, link_depth: usize) {
    if let Some(o) = open.last_mut() {
        if link_depth == 0 && text.chars().any(|c| c.is_alphanumeric()) {
            o.plain = true;
        }
        doc.units[o.unit].text.push_str(text);
    }
}

/// `text` with its code spans (backticks included) replaced by `fill`, byte for byte: words and
/// separators inside them are not read, and offsets found in the result index `text`. `fill`
/// must be one byte long (ASCII).
pub fn blank_code_spans(text: &str, fill: char) -> String {
    debug_assert!(fill.is_ascii());
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for c in text.chars() {
        if c == '`' {
            in_code = !in_code;
        }
        if c == '`' || in_code {
            out.extend(std::iter::repeat_n(fill, c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_with_lines_nesting_and_text_as_written() {
        let doc = read(
            "---\nglobs: \"*.ts\"\n---\n# Title\n\nIntro **bold** text.\n\n- Testing:\n  - Use `vitest`\n  - Keep ~~old~~ tests fast\n- [the docs](x.md)\n\n```sh\nnpm test\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        );
        assert_eq!(doc.frontmatter.as_deref(), Some("globs: \"*.ts\"\n"));
        let kinds: Vec<_> = doc
            .units
            .iter()
            .map(|u| (&u.kind, u.text.as_str(), u.line))
            .collect();
        assert_eq!(kinds[0], (&UnitKind::Heading { level: 1 }, "Title", 4));
        assert_eq!(kinds[1], (&UnitKind::Paragraph, "Intro bold text.", 6));
        assert_eq!(
            kinds[2],
            (
                &UnitKind::Item {
                    parent: None,
                    depth: 0,
                    has_children: true,
                    task: false
                },
                "Testing:",
                8
            )
        );
        assert_eq!(
            kinds[3],
            (
                &UnitKind::Item {
                    parent: Some(2),
                    depth: 1,
                    has_children: false,
                    task: false
                },
                "Use `vitest`",
                9
            )
        );
        assert_eq!(kinds[4].1, "Keep  tests fast");
        assert!(doc.units[5].links_only, "{:?}", doc.units[5]);
        assert_eq!(doc.units[6].kind, UnitKind::CodeBlock);
        assert_eq!(doc.units[7].kind, UnitKind::Table);
        assert_eq!(
            (&doc.units[8].kind, doc.units[8].text.as_str()),
            (&UnitKind::TableRow, "1")
        );
        assert_eq!(doc.units[3].headings, ["Title"]);
    }

    #[test]
    fn task_list_items_are_marked() {
        let doc = read("- [ ] Tests pass\n- [x] Docs updated\n- Plain item\n");
        let tasks: Vec<_> = doc
            .units
            .iter()
            .map(|u| matches!(u.kind, UnitKind::Item { task: true, .. }))
            .collect();
        assert_eq!(tasks, [true, true, false]);
        assert_eq!(doc.units[0].text, "Tests pass");
    }
}
