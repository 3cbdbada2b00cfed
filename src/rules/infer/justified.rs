//! Justified uses: what a rule forbids "without a comment explaining why" is checked with the
//! condition as part of the check — a use with a comment on its line or on the line right above
//! is the justified one, and is not reported.
//!
//! The condition is written into the check's own pattern (its `hit` group reports a use with no
//! comment near; the alternatives without one consume the uses a comment explains), so the check
//! stays one `Pattern` that the editor, fix-all, the CLI and an explicit `Check` all read alike.

use crate::rules::model::{CheckSpec, Origin, Within};
use crate::rules::pattern::{HIT_GROUP, has_hit_group};
use crate::text::syntax::Syntax;

/// How an inferred check's explanation says that a commented use is left alone; the hover
/// shows this clause beside the first, since it decides which uses are reported.
pub const JUSTIFIED_CLAUSE: &str = "a use with a comment on its line or the line above is the justified one";

/// The check, now reporting only the uses with no comment on their line or the line above;
/// `None` when the pattern cannot be rewritten (it does not compile once rewritten).
pub fn unless_commented(check: &CheckSpec, condition: &str) -> Option<CheckSpec> {
    let pattern = check.pattern.as_deref()?;
    let globs = if check.files.is_empty() {
        &check.scope
    } else {
        &check.files
    };
    let (openers, closers) = delimiters(globs);
    let rewritten = rewrite(pattern, &openers, &closers, check.within == Within::Comments);
    crate::rules::pattern::compiled(&rewritten).ok()?;
    let mut check = check.clone();
    check.pattern = Some(rewritten);
    if let Origin::Inferred { explanation } = &mut check.origin {
        explanation.push_str(&format!("; {JUSTIFIED_CLAUSE} (from \"{condition}\")"));
    }
    Some(check)
}

/// `pattern` with its uses that carry a justifying comment — on the line above (or in the block
/// of comment lines right above), or after them on their line — consumed by alternatives that
/// report nothing.
/// `in_comments`: the pattern matches in comments (a linter directive, `// @ts-ignore`), whose
/// reason is prose after it on its line (`// @ts-ignore -- the SDK's types lag behind`) or a
/// comment above.
fn rewrite(pattern: &str, openers: &[&str], closers: &[&str], in_comments: bool) -> String {
    let quiet = unnamed(pattern);
    let opens = openers
        .iter()
        .map(|o| regex::escape(o))
        .collect::<Vec<_>>()
        .join("|");
    // Any comment line, between the reason and the use: a linter directive, a block comment's
    // continuation (` * …`) or its end.
    let mut any: Vec<String> = openers.iter().chain(closers).map(|o| regex::escape(o)).collect();
    if openers.contains(&"/*") {
        any.push(r"\*".into());
    }
    let any = any.join("|");
    let reported = if has_hit_group(pattern) {
        format!("(?:{pattern})")
    } else {
        format!("(?P<{HIT_GROUP}>{pattern})")
    };
    let above = reason(openers, PROSE_ABOVE);
    let justified = format!(r"^[ \t]*{above}\n(?:[ \t]*(?:{any})[^\n]*\n)*[^\n]*?(?:{quiet})");
    if in_comments {
        // The directive itself is the use: prose after it on its line is its reason.
        return format!(r"{justified}|(?:{quiet})[^\n]*?[ \t]{PROSE_AFTER}[^\n]*|{reported}");
    }
    // First, a comment line that is only a linter directive (`// eslint-disable-next-line
    // no-explicit-any`, `# pragma: no cover`, but not `… -- the API is untyped`): consumed alone,
    // it justifies the use below it no more than no comment would.
    let directive = format!(r"^[ \t]*(?:{opens})[ \t]*{DIRECTIVES}(?:[^\n-]|-[^\n-])*-?\n");
    let after = reason(openers, PROSE_AFTER);
    format!(r"{directive}|{justified}|(?:{quiet})[^\n]*?{after}|{reported}")
}

/// The openings of linter and tool directives written as comments.
const DIRECTIVES: &str = r"(?:eslint-|oxlint-|biome-ignore|deno-lint-ignore|@ts-|tslint:|jshint|prettier-ignore|istanbul[ \t]|c8[ \t]|v8[ \t]|noqa|type:[ \t]*ignore|pyright:|mypy:|pylint:|pragma|fmt:|isort:|nolint|NOLINT|rubocop:|swiftlint:|ktlint|detekt|phpcs:|@phpstan-|@psalm-|NOSONAR|nosec|cspell:|spellchecker:|markdownlint-|shellcheck[ \t]|hadolint[ \t]|checkov:|tfsec:|lgtm)";

/// Two words of prose in a comment above a use: "Safe: a literal, known-valid URL" will do, a
/// line that is only a directive is consumed before this is tried.
const PROSE_ABOVE: &str = r"\p{L}{2,}[,:;.]?[ \t]+\p{L}+(?:[ \t,;.!?)]|$)";

/// Two words of prose in a comment after a use on its line, with no punctuation between them,
/// which a directive's `# type: ignore` or `# pragma: no cover` does not have.
const PROSE_AFTER: &str = r"\p{L}{2,}[ \t]+\p{L}{2,}\b";

/// A comment that gives a reason, to the end of its line: it opens a comment that is no
/// documentation (`//` but not `///` or `//!`, `/*` but not `/**`, `#` but not `#!`), and it says
/// `prose` (or two CJK characters) after a space or its opener — which a linter directive's
/// hyphenated names do not (`// eslint-disable-next-line no-explicit-any`), though one with its
/// reason does (`// oxlint-disable no-explicit-any -- the API is untyped`).
fn reason(openers: &[&str], prose: &str) -> String {
    let opens = openers
        .iter()
        .map(|o| {
            // What may not follow the opener for the comment to be no documentation.
            let not_after = match *o {
                "//" => r"/!",
                "/*" => r"\*",
                "#" => "!",
                _ => r"\-",
            };
            format!(r"{}(?:[^{not_after}\n]|$)", regex::escape(o))
        })
        .collect::<Vec<_>>()
        .join("|");
    format!(
        r"(?:{opens})(?:[^\n]*?[ \t])?(?:{prose}|[\p{{Han}}\p{{Hiragana}}\p{{Katakana}}\p{{Hangul}}]{{2,}})[^\n]*"
    )
}

/// The comment delimiters of the files `globs` name (every syntax's `//` and `#` when they name
/// none the lexer knows).
fn delimiters(globs: &[String]) -> (Vec<&'static str>, Vec<&'static str>) {
    let (mut openers, mut closers) = (Vec::new(), Vec::new());
    for syntax in globs
        .iter()
        .filter(|g| !g.starts_with('!'))
        .flat_map(|g| syntaxes(g))
    {
        let (o, c) = syntax.comment_delimiters();
        openers.extend_from_slice(o);
        closers.extend_from_slice(c);
    }
    if openers.is_empty() {
        return (vec!["//", "#", "/*"], vec!["*/"]);
    }
    // Their order does not matter: they are alternatives of one group.
    for list in [&mut openers, &mut closers] {
        list.sort_unstable();
        list.dedup();
    }
    (openers, closers)
}

/// The syntaxes of the files a glob names by extension (`**/*.{ts,tsx}`) or by name
/// (`**/Dockerfile`).
fn syntaxes(glob: &str) -> Vec<Syntax> {
    let name = glob.rsplit('/').next().unwrap_or(glob);
    if let Some(syntax) = Syntax::for_file_name(name) {
        return vec![syntax];
    }
    let Some((_, ext)) = name.rsplit_once('.') else {
        return Vec::new();
    };
    let ext = ext.trim_start_matches('{').trim_end_matches('}');
    ext.split(',').filter_map(Syntax::for_extension).collect()
}

/// `pattern` with its named groups made non-capturing, so that it can appear more than once in
/// one pattern (and report nothing where it does).
fn unnamed(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.char_indices().peekable();
    let mut class_depth = 0usize;
    while let Some((i, ch)) = chars.next() {
        match ch {
            '\\' => {
                out.push(ch);
                if let Some((_, next)) = chars.next() {
                    out.push(next);
                }
            }
            '[' => {
                class_depth += 1;
                out.push(ch);
                // A `]` right after `[` or `[^` is a literal.
                if let Some(&(_, '^')) = chars.peek() {
                    out.push('^');
                    chars.next();
                }
                if let Some(&(_, ']')) = chars.peek() {
                    out.push(']');
                    chars.next();
                }
            }
            ']' if class_depth > 0 => {
                class_depth -= 1;
                out.push(ch);
            }
            '(' if class_depth == 0 => {
                let rest = &pattern[i + 1..];
                let name_start = ["?P<", "?<"]
                    .iter()
                    .find(|p| rest.starts_with(**p))
                    .map(|p| p.len());
                match name_start.and_then(|s| rest[s..].find('>').map(|e| s + e + 1)) {
                    Some(skip) => {
                        out.push_str("(?:");
                        // Skip the name and its `>`: `skip` bytes of ASCII.
                        for _ in 0..skip {
                            chars.next();
                        }
                    }
                    None => out.push(ch),
                }
            }
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pattern: &str, files: &[&str]) -> CheckSpec {
        CheckSpec {
            files: files.iter().map(|f| f.to_string()).collect(),
            pattern: Some(pattern.into()),
            origin: Origin::Inferred {
                explanation: "forbidden".into(),
            },
            ..Default::default()
        }
    }

    /// The texts a rewritten pattern reports (its `hit` group), in order.
    fn hits(pattern: &str, text: &str) -> Vec<String> {
        let re = regex::RegexBuilder::new(pattern)
            .multi_line(true)
            .crlf(true)
            .build()
            .unwrap();
        re.captures_iter(text)
            .filter_map(|c| c.name(HIT_GROUP).map(|m| format!("{}@{}", m.as_str(), m.start())))
            .collect()
    }

    #[test]
    fn a_comment_above_or_after_on_the_line_justifies_a_use() {
        let c = unless_commented(
            &check(r"(?P<hit>#\[allow\([^\)\n]*\)\])", &["*.rs"]),
            "without a comment",
        )
        .unwrap();
        let p = c.pattern.as_deref().unwrap();
        let text = "#[allow(dead_code)]\nstruct A;\n\n// Called through a trait object.\n#[allow(dead_code)]\nfn b() {}\n#[allow(unused)] // re-exported for macros\nuse x::Y;\n#[allow(clippy::x)]\n";
        assert_eq!(
            hits(p, text),
            ["#[allow(dead_code)]@0", "#[allow(clippy::x)]@148"]
        );
        let Origin::Inferred { explanation } = &c.origin else {
            panic!()
        };
        assert!(
            explanation.ends_with("the justified one (from \"without a comment\")"),
            "{explanation}"
        );
    }

    #[test]
    fn a_comment_two_lines_above_or_a_code_line_above_justifies_nothing() {
        let c = unless_commented(&check(r"\bunsafe\b", &["*.rs"]), "w").unwrap();
        let p = c.pattern.as_deref().unwrap();
        // A comment, then code, then the use; `*deref` at a line's start is code, not a block
        // comment's continuation.
        let text = "// SAFETY: fine here\nlet a = 1;\nunsafe { f() }\n*lane = 2;\nunsafe { g() }\n";
        assert_eq!(hits(p, text), ["unsafe@32", "unsafe@58"]);
        // The reason may open a block of comment lines right above the use.
        let text = "// SAFETY: the index was checked\n// against the length above.\nunsafe { f() }\n";
        assert!(hits(p, text).is_empty());
    }

    #[test]
    fn documentation_and_a_linter_directive_alone_give_no_reason() {
        let ts = unless_commented(
            &check(r"(?:[:<]|\bas)[ \t]*(?P<hit>any)\b", &["*.ts", "*.tsx"]),
            "w",
        )
        .unwrap();
        let p = ts.pattern.as_deref().unwrap();
        for (text, reported) in [
            (
                "// eslint-disable-next-line @typescript-eslint/no-explicit-any\nlet a: any;\n",
                true,
            ),
            ("let a: any; // eslint-disable-line no-explicit-any\n", true),
            (
                "/**\n * Returns the parsed value.\n */\nfunction f(x: any) {}\n",
                true,
            ),
            ("// @ts-expect-error\nlet a: any;\n", true),
            ("/* istanbul ignore next */\nlet a: any;\n", true),
            (
                "// eslint-disable-next-line no-explicit-any -- the SDK ships no types\nlet a: any;\n",
                false,
            ),
            (
                "// oxlint-disable no-explicit-any -- the plugin API is untyped\nlet a: any;\n",
                false,
            ),
            (
                "// The plugin API is untyped.\n// eslint-disable-next-line no-explicit-any\nlet a: any;\n",
                false,
            ),
            ("/* legacy API */\r\nlet b: any;\r\n", false),
            ("/* The API is untyped;\n * see #12 */\nlet b: any;\n", false),
            ("// 旧接口没有类型\nlet a: any;\n", false),
            ("let c = d as any; // la API no tiene tipos\n", false),
        ] {
            assert_eq!(!hits(p, text).is_empty(), reported, "{text:?}");
        }
        let rs = unless_commented(&check(r"(?P<hit>#\[allow\([^\)\n]*\)\])", &["*.rs"]), "w").unwrap();
        let p = rs.pattern.as_deref().unwrap();
        assert_eq!(
            hits(p, "/// Parses the header.\n#[allow(dead_code)]\nfn f() {}\n").len(),
            1
        );
        assert_eq!(
            hits(
                p,
                "//! The crate root and more.\n#[allow(dead_code)]\nfn f() {}\n"
            )
            .len(),
            1
        );
        let py = unless_commented(&check(r"\bexcept:", &["**/*.py"]), "w").unwrap();
        let p = py.pattern.as_deref().unwrap();
        assert_eq!(hits(p, "# noqa: E722\nexcept:\n").len(), 1);
        assert_eq!(hits(p, "# pragma: no cover\nexcept:\n").len(), 1);
        assert_eq!(hits(p, "except:  # type: ignore\n").len(), 1);
        assert!(hits(p, "# Safe: a literal, known-valid URL.\nexcept:\n").is_empty());
        assert!(hits(p, "# noqa: E722 -- the worker must never die\nexcept:\n").is_empty());
    }

    #[test]
    fn a_directive_is_justified_by_prose_after_it_or_a_comment_above() {
        let mut c = check(r"(?:^|[^\w-])(?P<hit>@ts-ignore)\b", &["*.ts"]);
        c.within = Within::Comments;
        let c = unless_commented(&c, "w").unwrap();
        let p = c.pattern.as_deref().unwrap();
        let text = "// @ts-ignore\nfoo(1)\n// The SDK types are wrong here.\n// @ts-ignore\nfoo(2)\n// @ts-ignore -- the SDK types lag behind\nfoo(3)\n/* @ts-ignore */\n";
        assert_eq!(hits(p, text), ["@ts-ignore@3", "@ts-ignore@127"]);
        let mut noqa = check(r"#[ \t]*(?P<hit>noqa)\b", &["*.py"]);
        noqa.within = Within::Comments;
        let noqa = unless_commented(&noqa, "w").unwrap();
        let p = noqa.pattern.as_deref().unwrap();
        assert_eq!(
            hits(
                p,
                "x = 1  # noqa: E501\ny = 2  # noqa: E501 the URL cannot wrap\n"
            )
            .len(),
            1
        );
    }

    #[test]
    fn the_files_language_says_which_comments() {
        // `#` is no comment in Rust (`#[derive]` above is code); it is in Python.
        let rs = unless_commented(&check(r"\bunwrap\(\)", &["*.rs"]), "w").unwrap();
        assert_eq!(
            hits(rs.pattern.as_deref().unwrap(), "#[test case here]\nx.unwrap();\n"),
            ["unwrap()@20"]
        );
        let py = unless_commented(&check(r"\bexcept:", &["**/*.py"]), "w").unwrap();
        assert!(hits(py.pattern.as_deref().unwrap(), "# broad on purpose\nexcept:\n").is_empty());
        assert_eq!(
            hits(py.pattern.as_deref().unwrap(), "except: // on purpose\n"),
            ["except:@0"]
        );
        // `*args` at a line's start is Python code, not a block comment's continuation.
        assert_eq!(
            hits(
                py.pattern.as_deref().unwrap(),
                "# why it is so\n*rest = x\nexcept:\n"
            ),
            ["except:@25"]
        );
        let sql = unless_commented(&check(r"(?i)\bselect \*", &["*.{sql,psql}"]), "w").unwrap();
        assert!(
            hits(
                sql.pattern.as_deref().unwrap(),
                "-- all columns on purpose\nSELECT * FROM t;\n"
            )
            .is_empty()
        );
        // No language known: `//` and `#` both.
        let any = unless_commented(&check(r"\bTODO\b", &[]), "w").unwrap();
        assert!(
            hits(
                any.pattern.as_deref().unwrap(),
                "# why it is\nTODO\n// why it is\nTODO\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn named_groups_are_kept_once_and_classes_left_alone() {
        assert_eq!(
            unnamed(r"(?P<hit>a)(?<b>[(?P<x>])\(?P<y>"),
            r"(?:a)(?:[(?P<x>])\(?P<y>"
        );
        assert_eq!(unnamed(r"[]a(?P<n>]x(?P<n>y)"), r"[]a(?P<n>]x(?:y)");
        // A pattern that cannot compile once rewritten is left as it was (no check).
        assert!(unless_commented(&check(r"(", &["*.rs"]), "w").is_none());
    }
}
