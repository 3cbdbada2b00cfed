//! Re-basing REPLACE lines on the matched lines: every line keeps its indentation relative to the
//! SEARCH lines, the base comes from the file, and tab/space units are mapped when the diff and
//! the file indent differently.

/// How a run of lines is indented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Tabs,
    /// Spaces, with the most common step between nesting levels.
    Spaces(usize),
    Mixed,
    Unknown,
}

/// The leading spaces and tabs of a line.
pub(crate) fn leading(line: &str) -> &str {
    let len = line.len() - line.trim_start_matches([' ', '\t']).len();
    line.get(..len).unwrap_or_default()
}

/// Guesses the indentation style. Comment continuations (` * text`) and one-space alignments are
/// ignored: they appear in tab-indented files too.
pub(crate) fn detect<'a>(lines: impl IntoIterator<Item = &'a str>) -> Style {
    let mut tab_lines = 0usize;
    let mut space_lines = 0usize;
    let mut steps = [0usize; 9];
    let mut previous: Option<usize> = None;
    for line in lines {
        let rest = line.trim_start_matches([' ', '\t']);
        if rest.is_empty() || rest.starts_with('*') {
            continue;
        }
        let indent = leading(line);
        if indent.starts_with('\t') {
            tab_lines += 1;
            previous = None;
            continue;
        }
        let width = indent.len();
        if width == 1 {
            continue;
        }
        if width > 0 {
            space_lines += 1;
        }
        if let Some(before) = previous
            && let Some(slot) = steps.get_mut(width.abs_diff(before))
        {
            *slot += 1;
        }
        previous = Some(width);
    }
    match (tab_lines, space_lines) {
        (0, 0) => Style::Unknown,
        (_, 0) => Style::Tabs,
        (0, _) => {
            let unit = (2..=8)
                .rev()
                .max_by_key(|&step| steps.get(step).copied().unwrap_or(0))
                .unwrap_or(4);
            let unit = if steps.get(unit).copied().unwrap_or(0) == 0 {
                4
            } else {
                unit
            };
            Style::Spaces(unit)
        }
        _ => Style::Mixed,
    }
}

#[derive(Debug, Clone, Copy)]
enum Mapping {
    /// The diff indents with `n` spaces, the file with tabs.
    SpacesToTabs(usize),
    /// The diff indents with tabs, the file with `n` spaces.
    TabsToSpaces(usize),
}

fn width(indent: &str, tab: usize) -> usize {
    indent.chars().map(|c| if c == '\t' { tab } else { 1 }).sum()
}

impl Mapping {
    fn tab(self) -> usize {
        match self {
            Mapping::SpacesToTabs(n) | Mapping::TabsToSpaces(n) => n.max(1),
        }
    }

    fn rebase(self, base_search: &str, base_file: &str, current: &str) -> String {
        let tab = self.tab();
        let relative = width(current, tab) as isize - width(base_search, tab) as isize;
        let target = (width(base_file, tab) as isize + relative).max(0) as usize;
        match self {
            Mapping::SpacesToTabs(n) => {
                let n = n.max(1);
                let mut out = "\t".repeat(target / n);
                out.push_str(&" ".repeat(target % n));
                out
            }
            Mapping::TabsToSpaces(_) => " ".repeat(target),
        }
    }
}

/// The reference's rule: the indentation beyond the SEARCH base is appended to the file's base;
/// less than the base removes that many characters from the file's base.
fn rebase_like_reference(base_search: &str, base_file: &str, current: &str) -> String {
    match current.get(base_search.len()..) {
        Some(extra) if current.len() >= base_search.len() => format!("{base_file}{extra}"),
        _ => {
            let keep = base_file.len().saturating_sub(base_search.len() - current.len());
            base_file.get(..keep).unwrap_or_default().to_string()
        }
    }
}

/// The REPLACE lines ready to go into the file at the matched lines.
///
/// The anchor is the first line non-blank in both SEARCH and the match: its indentation is the
/// base on either side. An empty REPLACE line stays empty; a whitespace-only one is re-based.
/// `file_style` is asked only when the bases differ.
pub(crate) fn reindent(
    search: &[String],
    matched: &[&str],
    replace: &[String],
    file_style: impl FnOnce() -> Style,
) -> Vec<String> {
    let anchor = search
        .iter()
        .zip(matched)
        .position(|(s, m)| !s.trim().is_empty() && !m.trim().is_empty())
        .unwrap_or(0);
    let base_search = search.get(anchor).map_or("", |l| leading(l));
    let base_file = matched.get(anchor).map_or("", |l| leading(l));
    let diff_style = detect(search.iter().chain(replace).map(String::as_str));
    let mapping = match diff_style {
        Style::Spaces(_) | Style::Tabs => match (diff_style, file_style()) {
            (Style::Spaces(n), Style::Tabs) => Some(Mapping::SpacesToTabs(n)),
            (Style::Tabs, Style::Spaces(n)) => Some(Mapping::TabsToSpaces(n)),
            _ => None,
        },
        _ => None,
    };
    if mapping.is_none() && base_search == base_file {
        return replace.to_vec();
    }
    replace
        .iter()
        .map(|line| {
            if line.is_empty() {
                return String::new();
            }
            let current = leading(line);
            let rest = line.get(current.len()..).unwrap_or_default();
            let mut out = match mapping {
                Some(mapping) => mapping.rebase(base_search, base_file, current),
                None => rebase_like_reference(base_search, base_file, current),
            };
            out.push_str(rest);
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.split('\n').map(String::from).collect()
    }

    fn run(search: &str, matched: &str, replace: &str, style: Style) -> String {
        let matched: Vec<&str> = matched.split('\n').collect();
        reindent(&lines(search), &matched, &lines(replace), || style).join("\n")
    }

    #[test]
    fn detects_styles() {
        assert_eq!(detect(["a", "    b", "        c", "    d"]), Style::Spaces(4));
        assert_eq!(detect(["a", "  b", "    c"]), Style::Spaces(2));
        assert_eq!(detect(["a", "\tb", "\t\tc", "/**", " * doc", " */"]), Style::Tabs);
        assert_eq!(detect(["\ta", "    b"]), Style::Mixed);
        assert_eq!(detect(["a", "", "b"]), Style::Unknown);
    }

    #[test]
    fn same_base_keeps_lines_verbatim() {
        assert_eq!(run("  a", "  a", "\tb\n c", Style::Spaces(2)), "\tb\n c");
    }

    #[test]
    fn rebases_on_the_file() {
        // the SEARCH was written without the file's 4-space base (conformance 020)
        assert_eq!(
            run(
                "function test() {\n    return true;\n}",
                "    function test() {\n        return true;\n    }",
                "function test() {\n    return false;\n}",
                Style::Spaces(4)
            ),
            "    function test() {\n        return false;\n    }"
        );
        // less indented than the SEARCH base: characters come off the file's base
        assert_eq!(run("        x", "    x", "    y\nz", Style::Spaces(4)), "y\nz");
    }

    #[test]
    fn tab_files_keep_tabs_for_space_diffs() {
        let out = run(
            "function f() {\n    return 1;\n}",
            "\tfunction f() {\n\t\treturn 1;\n\t}",
            "function f() {\n    if (x) {\n        return 2;\n    }\n}",
            Style::Tabs,
        );
        assert_eq!(out, "\tfunction f() {\n\t\tif (x) {\n\t\t\treturn 2;\n\t\t}\n\t}");
    }

    #[test]
    fn space_files_keep_spaces_for_tab_diffs() {
        let out = run(
            "f() {\n\tg();\n}",
            "  f() {\n    g();\n  }",
            "f() {\n\th();\n\t\ti();\n}",
            Style::Spaces(2),
        );
        assert_eq!(out, "  f() {\n    h();\n      i();\n  }");
    }

    #[test]
    fn a_four_space_diff_at_top_level_of_a_tab_file() {
        // equal (empty) bases, but the units still differ
        let out = run(
            "if (a) {\n    b();\n}",
            "if (a) {\n\tb();\n}",
            "if (a) {\n    c();\n}",
            Style::Tabs,
        );
        assert_eq!(out, "if (a) {\n\tc();\n}");
    }

    #[test]
    fn empty_lines_stay_empty_and_whitespace_only_lines_are_rebased() {
        let out = run("x", "    x", "x\n\n  \ny", Style::Spaces(4));
        assert_eq!(out, "    x\n\n      \n    y");
    }

    #[test]
    fn the_anchor_skips_blank_lines() {
        let out = run("\n  a", "\n      a", "  b", Style::Spaces(2));
        assert_eq!(out, "      b");
    }
}
