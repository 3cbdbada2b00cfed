//! Backtick test names pass: Kotlin lets a function's name be any text in backticks, which test
//! suites use for sentences. "Do not use backticks for test names" flags each backticked name
//! of a function (`` fun `given x then y`() ``); "Use backticks for test names", "Nombres de
//! test entre backticks" flags a `@Test` function named without them. Kotlin only: no other
//! language the rule could mean names functions this way (a rule naming one is not read).

use super::super::files::{FileScope, Lang};
use super::super::words::{AGAINST_WORDS, NEGATIONS};
use super::{At, Context, Found};
use crate::rules::model::Within;

const BACKTICK_WORDS: &[&str] = &["backtick", "backticks", "backticked", "backquotes", "backquoted"];
const TEST_WORDS: &[&str] = &["test", "tests", "testing", "prueba", "pruebas"];
const NAME_WORDS: &[&str] = &[
    "name",
    "names",
    "naming",
    "nombre",
    "nombres",
    "function",
    "functions",
    "funciones",
    "método",
    "métodos",
    "methods",
];

/// A function named in backticks: the hit is the quoted name.
const BACKTICKED_FUNCTION: &str = r"(?m)^[ \t]*(?:(?:override|suspend|internal|private|public|protected|open)[ \t]+)*fun[ \t]+(?P<hit>`[^`\r\n]+`)";

/// A `@Test` function (other annotations may follow) named without backticks: the hit is the
/// name.
const PLAIN_TEST_FUNCTION: &str = r"(?m)^[ \t]*@(?:org\.junit\.(?:jupiter\.api\.)?)?Test\b[^\r\n]*\r?\n(?:[ \t]*@[^\r\n]*\r?\n)*[ \t]*(?:(?:override|suspend|internal|private|public|protected|open)[ \t]+)*fun[ \t]+(?P<hit>[A-Za-z_]\w*)[ \t]*\(";

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(BACKTICK_WORDS) || !ctx.says(TEST_WORDS) || !ctx.says(NAME_WORDS) {
        return;
    }
    let named = ctx.named.langs();
    if !named.is_empty() && !named.contains(&Lang::Kotlin) {
        return;
    }
    // "Do not use backticks…", "Avoid backticked…": a negation before the backticks ("Use
    // backticks for test names, not camelCase" negates the other way).
    let words = ctx.lower_words();
    let Some(at) = words.iter().position(|w| BACKTICK_WORDS.contains(w)) else {
        return;
    };
    let forbidden = words[..at]
        .iter()
        .any(|w| NEGATIONS.contains(w) || AGAINST_WORDS.contains(w));
    let mut scope = FileScope::of_langs(&[Lang::Kotlin], String::new()).titled("Kotlin");
    ctx.narrow(&mut scope);
    let (pattern, what) = if forbidden {
        (BACKTICKED_FUNCTION, "a function named in backticks")
    } else {
        (PLAIN_TEST_FUNCTION, "a `@Test` function named without backticks")
    };
    let explanation = format!(
        "test names {} backticks: {what}; scope {}",
        if forbidden { "without" } else { "in" },
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(pattern.to_string(), scope, None, explanation, Within::Code),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const KT: &str = "/**\n * Tests for `LoginViewModel`.\n */\nclass LoginViewModelTest {\n    @Test\n    fun `given screen shown when login tapped then navigates`() = runTest {\n    }\n\n    @Test\n    @DisplayName(\"x\")\n    fun givenScreenShown_whenSignUpTapped() = runTest {\n        val s = \"`quoted`\"\n    }\n\n    private fun helper() {}\n}\n";

    #[test]
    fn backticked_test_names_forbidden_or_mandated() {
        for i in [
            "Do not use backticks for test names.",
            "Avoid backticked test function names",
        ] {
            assert_eq!(
                texts(i, "src/test/java/a/LoginViewModelTest.kt", KT),
                ["`given screen shown when login tapped then navigates`"],
                "{i}"
            );
            assert!(
                texts(i, "docs/PRD.md", "Tapping `Log in` emits `x`.\n").is_empty(),
                "{i}"
            );
        }
        for i in [
            "Use backticks for test names",
            "Test function names are sentences in backticks",
        ] {
            assert_eq!(
                texts(i, "src/test/java/a/LoginViewModelTest.kt", KT),
                ["givenScreenShown_whenSignUpTapped"],
                "{i}"
            );
        }
        // Another language named, or no test names meant.
        assert!(texts("In Python, no backticks in test names", "a/BTest.kt", KT).is_empty());
        assert!(texts("Do not use backticks in commit messages", "a/BTest.kt", KT).is_empty());
    }
}
