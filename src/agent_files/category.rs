//! The seed category of an imported rule, read from its words: TOOL, PROCESS, DATA, UX, ARCH,
//! STYLE, CODE or OTHER. The word lists are the inference's (`rules::infer::words`): the tools,
//! naming styles, file nouns and commit words it already knows, and its `CATEGORY_*` lists.

use crate::rules::Category;
use crate::rules::infer::words;

/// Lowercase words of `text` (letters, digits, `-`, `_`, `.`, `'`), code spans included.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '\'' | '/')))
        .map(|w| w.trim_matches(['.', '\'', '-', '/']).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// How many entries of `list` the text holds: a phrase with spaces as a substring of the
/// lowercased text, a word whole (or, ending in `*`, as a prefix).
fn hits(list: &[&str], text: &str, tokens: &[String]) -> usize {
    list.iter()
        .filter(|entry| {
            if entry.contains(' ') {
                let phrase = entry.trim_end_matches('*');
                text.contains(phrase)
            } else if let Some(prefix) = entry.strip_suffix('*') {
                tokens.iter().any(|t| t.starts_with(prefix))
            } else {
                tokens.iter().any(|t| t == *entry)
            }
        })
        .count()
}

/// The category of a rule of these words; `context` is what introduces it (a heading, a parent
/// bullet such as "Testing:") and counts for half.
pub fn category_of(instruction: &str, context: &str) -> Category {
    let score = |text: &str| -> [usize; 6] {
        let lower = text.to_lowercase();
        let tokens = words_of(text);
        let compact: String = lower.chars().filter(|c| c.is_alphanumeric()).collect();
        let naming = words::NAMING_STYLES
            .iter()
            .filter(|s| compact.contains(*s))
            .count();
        let commits = words::CONVENTIONAL_COMMITS_NAMES
            .iter()
            .filter(|n| lower.contains(*n))
            .count();
        let sql = words::SQL_WORDS
            .iter()
            .filter(|w| tokens.iter().any(|t| t == &w.to_lowercase()) && text.contains(*w))
            .count();
        let tabs = words::TAB_INDENT_NAMES
            .iter()
            .filter(|n| lower.contains(*n))
            .count();
        // A tool named in a code span, or a tool whose name is no plain word ("make" is).
        let spans: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        let tools = words::TOOLS
            .iter()
            .filter(|t| {
                spans.iter().any(|s| s.split_whitespace().next() == Some(**t))
                    || (!words::WORDLIKE_TOOLS.contains(t) && tokens.iter().any(|w| w == *t))
            })
            .count();
        // A path in a code span (`src/server/`) is about where things go.
        let paths = spans
            .iter()
            .filter(|s| s.contains('/') && !s.contains(' ') && !s.contains("://"))
            .count()
            .min(1);
        [
            tools * 2 + hits(words::CATEGORY_TOOL, &lower, &tokens),
            hits(words::CATEGORY_PROCESS, &lower, &tokens) + commits * 2,
            hits(words::CATEGORY_DATA, &lower, &tokens) + sql,
            hits(words::CATEGORY_UX, &lower, &tokens),
            hits(words::CATEGORY_ARCH, &lower, &tokens) + paths,
            hits(words::CATEGORY_STYLE, &lower, &tokens) + naming * 2 + tabs,
        ]
    };
    let own = score(instruction);
    let around = score(context);
    // Ties go to the earlier, more specific category.
    const ORDER: [Category; 6] = [
        Category::Tool,
        Category::Process,
        Category::Data,
        Category::Ux,
        Category::Arch,
        Category::Style,
    ];
    let mut best: Option<(usize, Category)> = None;
    for (i, category) in ORDER.into_iter().enumerate() {
        let points = own[i] * 2 + around[i];
        if points > 0 && best.is_none_or(|(b, _)| points > b) {
            best = Some((points, category));
        }
    }
    match best {
        Some((_, category)) => category,
        // Code spans, a language or words of code say it is about code; otherwise nothing
        // says what.
        None if instruction.contains('`')
            || mentions_language(instruction)
            || hits(
                words::CATEGORY_CODE,
                &instruction.to_lowercase(),
                &words_of(instruction),
            ) > 0 =>
        {
            Category::Code
        }
        None => Category::Other,
    }
}

fn mentions_language(text: &str) -> bool {
    let tokens = crate::rules::infer::text::tokenize(&crate::rules::infer::text::reading_of(text));
    !crate::rules::infer::files::named(&tokens).langs().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_from_the_words() {
        for (text, category) in [
            ("Use pnpm, never npm", Category::Tool),
            ("Run `cargo clippy` before pushing", Category::Tool),
            (
                "Write commit messages in Conventional Commits style",
                Category::Process,
            ),
            ("Open a pull request for every change", Category::Process),
            (
                "Never edit a migration that has been applied; add a new one",
                Category::Data,
            ),
            ("Every button must have an accessible label", Category::Ux),
            ("Put API routes in `src/server/routes/`", Category::Arch),
            ("Use camelCase for variable names", Category::Style),
            ("Never use `any` in TypeScript", Category::Code),
            ("Never use default exports for React components", Category::Code),
            (
                "When possible, make `match` statements exhaustive",
                Category::Code,
            ),
            ("Avoid mutating process environment in tests", Category::Process),
            ("Prefer early returns over nested conditionals", Category::Code),
        ] {
            assert_eq!(category_of(text, ""), category, "{text}");
        }
        assert_eq!(
            category_of("Keep them fast and isolated", "Testing"),
            Category::Process
        );
        assert_eq!(category_of("Be concise and friendly", ""), Category::Other);
    }
}
