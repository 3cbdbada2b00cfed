//! Quotes pass: the quote a rule mandates for string literals — "Use single quotes for strings
//! unless interpolation is needed", "Prefer double-quoted strings unless you need single quotes
//! to avoid extra backslashes", "comillas simples" — flags the literals written with the other
//! one. A literal that needs the other quote is left alone: one holding the mandated quote
//! (escaping avoided), an interpolation or an escape sequence (Ruby, PHP), a JSX attribute, a
//! triple-quoted string; so are comments. Only in the languages where the choice is style:
//! JavaScript/TypeScript (and Ruby, PHP when the rule speaks of interpolation), Python for
//! double quotes, or the ones the rule names.

use super::super::files::{FileScope, Lang};
use super::super::text::Token;
use super::super::words::{NEGATIONS, REPLACE_WORDS};
use super::{At, Context, Found, lang_names, same_family};
use crate::rules::model::Within;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quote {
    Single,
    Double,
}

impl Quote {
    fn name(self) -> &'static str {
        match self {
            Quote::Single => "single",
            Quote::Double => "double",
        }
    }

    /// The literals written with the other quote that could be written with this one, as a
    /// pattern whose `hit` is the literal. Every other kind of literal is consumed first, with
    /// no `hit`, so that a quote inside one never starts a match.
    fn breaking(self) -> &'static str {
        match self {
            // Double-quoted literals, except those holding a `'`, an interpolation (`#{`, `$x`,
            // `{$`) or an escape, and JSX attributes (`className="x"`).
            Quote::Single => {
                r#"(?s:""".*?""")|'(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*'|`(?:[^`\\]|\\(?:\r\n|[\s\S]))*`|[\w-]=[ \t]*"(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*"|"(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*(?:'|\\|#\{|\$\{?[A-Za-z_])(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*"|(?P<hit>"(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*")"#
            }
            // Single-quoted literals, except those holding a `"` or a `#{` (kept literal), and
            // triple-quoted strings.
            Quote::Double => {
                r#"(?s:""".*?"""|'''.*?''')|"(?:[^"\\\r\n]|\\(?:\r\n|[\s\S]))*"|`(?:[^`\\]|\\(?:\r\n|[\s\S]))*`|'(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*(?:"|#\{)(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*'|(?P<hit>'(?:[^'\\\r\n]|\\(?:\r\n|[\s\S]))*')"#
            }
        }
    }

    fn other(self) -> Quote {
        match self {
            Quote::Single => Quote::Double,
            Quote::Double => Quote::Single,
        }
    }
}

/// Languages where single and double quotes make the same string (JS/TS, Python), or differ
/// only in interpolation and escapes (Ruby, PHP).
const STYLE_LANGS: &[Lang] = &[
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Python,
    Lang::Ruby,
    Lang::Php,
];

pub fn run(ctx: &Context, out: &mut Found) {
    let Some((mandated, said)) = mandated_quote(ctx.tokens) else {
        return;
    };
    let named = ctx.named.langs();
    let wanted: Vec<Lang> = if !named.is_empty() {
        named
    } else {
        let mut langs = vec![Lang::TypeScript, Lang::JavaScript];
        // Black's double quotes are Python's convention, Standard Ruby's are Ruby's;
        // interpolation is Ruby's and PHP's.
        if mandated == Quote::Double {
            langs.push(Lang::Python);
            langs.push(Lang::Ruby);
        }
        if ctx.says(&["interpolation", "interpolate", "interpolación", "interpolacion"]) {
            langs = vec![Lang::Ruby, Lang::Php];
        }
        langs
    };
    let langs: Vec<Lang> = STYLE_LANGS
        .iter()
        .copied()
        .filter(|l| wanted.iter().any(|w| same_family(*w, *l)))
        .collect();
    if langs.is_empty() {
        return;
    }
    let mut scope = FileScope::of_langs(&langs, String::new()).titled(&lang_names(&langs));
    ctx.narrow(&mut scope);
    let explanation = format!(
        "{} quotes for strings (\"{said}\"): a {}-quoted literal that needs no {} quote (not one holding a {} quote, a Ruby/PHP interpolation or an escape, a JSX attribute, a triple-quoted string); scope {}",
        mandated.name(),
        mandated.other().name(),
        mandated.other().name(),
        mandated.name(),
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            mandated.breaking().to_string(),
            scope,
            None,
            explanation,
            Within::Strings,
        ),
    );
}

/// The one quote a rule mandates, with its words: "single quotes", "double-quoted strings",
/// "comillas simples"; one after a negation or "instead of" is the one replaced ("no double
/// quotes" mandates single ones).
fn mandated_quote(tokens: &[Token]) -> Option<(Quote, String)> {
    let words: Vec<&Token> = tokens.iter().filter(|t| t.is_word()).collect();
    let mut mandated: Vec<(Quote, String)> = Vec::new();
    let mut replaced: Vec<Quote> = Vec::new();
    for (i, t) in words.iter().enumerate() {
        let next = words.get(i + 1).map(|n| n.lower.as_str());
        let prev = i.checked_sub(1).map(|p| words[p].lower.as_str());
        let quote = match (t.lower.as_str(), next, prev) {
            ("single" | "single-quoted", Some("quotes" | "quote" | "quoted" | "strings" | "string"), _) => {
                Quote::Single
            }
            ("double" | "double-quoted", Some("quotes" | "quote" | "quoted" | "strings" | "string"), _) => {
                Quote::Double
            }
            ("simples", _, Some("comillas")) => Quote::Single,
            ("dobles", _, Some("comillas")) => Quote::Double,
            _ => continue,
        };
        let negated = words[i.saturating_sub(3)..i]
            .iter()
            .any(|p| NEGATIONS.contains(&p.lower.as_str()) || REPLACE_WORDS.contains(&p.lower.as_str()));
        let said = format!("{} {}", t.text, next.or(prev).unwrap_or(""));
        if negated {
            replaced.push(quote);
        } else if !mandated.iter().any(|(q, _)| *q == quote) {
            mandated.push((quote, said));
        }
    }
    // "… unless you need single quotes to avoid backslashes" is the exception of a double-quote
    // rule: the first said wins; "double quotes or single quotes" mandates neither.
    let excepted = words.iter().any(|w| {
        matches!(
            w.lower.as_str(),
            "unless" | "except" | "salvo" | "excepto" | "menos"
        )
    });
    match (mandated.as_slice(), replaced.as_slice()) {
        ([(q, said)], _) => Some((*q, said.clone())),
        ([(q, said), _], _) if excepted => Some((*q, said.clone())),
        ([], [q]) => Some((q.other(), format!("no {} quotes", q.name()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn ruby_single_quotes_unless_interpolation() {
        let i = "Use single quotes for strings unless interpolation is needed";
        let rb = "class A\n  NAME = \"SmartRails\"\n  GREETING = \"Hello #{name}\"\n  LINE = \"a\\n\"\n  QUOTE = \"it's\"\n  OK = 'fine'\n  # say \"hi\" in a comment\n  x = 'He said \"hi\"'\nend\n";
        assert_eq!(texts(i, "app/models/a.rb", rb), ["\"SmartRails\""]);
        assert!(
            texts(i, "src/a.ts", "const a = \"x\";\n").is_empty(),
            "the rule is Ruby's"
        );
        let py = "def f():\n    \"\"\"Docstring\n    on two lines.\n    \"\"\"\n    return 'a'\n";
        assert!(texts("In Python use single quotes.", "a.py", py).is_empty());
    }

    #[test]
    fn ruby_double_quotes_unless_escaping() {
        let i = "Prefer double-quoted strings unless you need single quotes to avoid extra backslashes for escaping";
        let rb = "class SessionsController\n  def create\n    redirect_to x, notice: 'Welcome back'\n    redirect_to y, alert: \"Try another email address.\"\n    redirect_to z, notice: 'He said \"see you soon\"'\n  end\n  # Page title, e.g. 'SmartRails | Items'\nend\n";
        let named = "In Ruby, prefer double-quoted strings unless you need single quotes to avoid extra backslashes for escaping";
        assert_eq!(texts(named, "app/controllers/s.rb", rb), ["'Welcome back'"]);
        // Not named, no interpolation said: JS/TS, Python and Ruby (Black's and Standard
        // Ruby's double quotes), where the choice is style; not PHP, where quotes differ.
        assert_eq!(
            texts(i, "src/a.py", "x = 'a'\ny = \"b\"\nz = '''doc'''\n"),
            ["'a'"]
        );
        assert_eq!(texts(i, "app/controllers/s.rb", rb), ["'Welcome back'"]);
        assert!(texts(i, "src/a.php", "<?php\n$a = 'x';\n").is_empty());
    }

    #[test]
    fn a_string_continued_after_a_backslash_hides_its_quotes() {
        // PyTAAA's `run_pytaaa.py`: the single quotes are inside a double-quoted string that goes
        // on after a backslash at the end of the line.
        let py = "html = \"<font face='courier new' size=2>\\\n<b>'bold'</b>\\\n</font>\"\nlabel = f'SMA({ma2})'\n";
        assert_eq!(
            texts("Use double quotes for strings.", "run.py", py),
            ["'SMA({ma2})'"]
        );
    }

    #[test]
    fn javascript_single_quotes() {
        let i = "Use single quotes.";
        let tsx = "import x from \"react\";\nconst a = 'ok';\nconst b = `tpl \"q\"`;\nconst el = <div className=\"box\">{\"text\"}</div>;\nconst s = \"it's\";\n// \"comment\"\nconst e = \"\";\n";
        assert_eq!(texts(i, "src/a.tsx", tsx), ["\"react\"", "\"text\"", "\"\""]);
        for other in [
            "Don't use single quotes in SQL.",
            "Use double quotes or single quotes.",
        ] {
            assert!(
                texts(other, "src/a.ts", "let a = \"x\", b = 'y';\n").is_empty(),
                "{other}"
            );
        }
        assert_eq!(
            texts("No double quotes for strings.", "src/a.ts", "let a = \"x\";\n"),
            ["\"x\""]
        );
    }
}
