//! Boolean-names pass: "Prefix booleans with `is`/`has`/`can`/`should`", "Los booleanos empiezan
//! por `is` o `has`" — a boolean variable whose name lacks every prefix the rule lists is flagged
//! where it is declared: in JS/TS `let loaded = false`, `let open: boolean`, `const [open,
//! setOpen] = useState(false)`; in Python `loaded = False` alone on its line. Constants in
//! capitals (`DEBUG = False`) are settings, not flags; properties, parameters and annotated
//! fields (an API's `disabled: boolean`, a dataclass's `strict: bool = False`) name what others
//! spell, and are left alone.

use super::super::concepts::alternation;
use super::super::files::{FileScope, Lang};
use super::super::text::listed_code;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words that name booleans.
const BOOLEAN_WORDS: &[&str] = &[
    "boolean",
    "booleans",
    "bool",
    "bools",
    "booleano",
    "booleanos",
    "booleana",
    "booleanas",
];
/// Words that put something at a name's start.
const PREFIX_WORDS: &[&str] = &[
    "prefix",
    "prefixed",
    "prefixes",
    "start",
    "starts",
    "begin",
    "begins",
    "prefijo",
    "prefijos",
    "prefija",
    "prefijar",
    "empiezan",
    "empiecen",
    "empezar",
    "comienzan",
    "comiencen",
];

/// The prefixes the rule lists: the short lowercase code spans (`is`, `has`, `is_`) of the list
/// after its word for a prefix — not the examples after it (`isValid`, "Never `loaded`").
fn prefixes(ctx: &Context) -> Vec<String> {
    let tokens = ctx.tokens;
    let Some(at) = tokens
        .iter()
        .position(|t| t.is_word() && PREFIX_WORDS.contains(&t.lower.as_str()))
    else {
        return Vec::new();
    };
    let Some(first) = tokens[at..].iter().position(|t| t.is_code()) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for t in listed_code(&tokens[at + first..]) {
        let p = t.text.trim().trim_end_matches('_');
        let prefix = (2..=6).contains(&p.len()) && p.chars().all(|c| c.is_ascii_lowercase());
        if prefix && !out.iter().any(|o| o == p) {
            out.push(p.to_string());
        }
    }
    out
}

/// Adds the check `pattern` on the files of `langs`, explained by `what` and the scope.
fn declare(ctx: &Context, out: &mut Found, langs: &[Lang], pattern: String, what: String) {
    let mut scope = FileScope::of_langs(langs, String::new());
    ctx.narrow(&mut scope);
    let explanation = format!("{what}; scope {}", scope.describe());
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
    );
}

pub fn run(ctx: &Context, out: &mut Found) {
    // "… when practical": a hedge, which no line can hold the rule to.
    if !ctx.says(BOOLEAN_WORDS) || !ctx.says(PREFIX_WORDS) || super::vague::hedged(&ctx.lower_words()) {
        return;
    }
    let listed = prefixes(ctx);
    if listed.is_empty() {
        return;
    }
    let alternation = alternation(&listed);
    let said: Vec<String> = listed.iter().map(|p| format!("`{p}`")).collect();
    let said = said.join(", ");

    if ctx
        .named
        .admits(&[Lang::TypeScript, Lang::JavaScript, Lang::React])
    {
        // One declaration, three forms; the name is the `hit`. A prefixed name (`isOpen`:
        // the prefix, then a capital, a digit, `_` or `$`) or a constant in capitals is
        // consumed first, so reports nothing.
        let opening = r"(?:\b(?:const|let|var)[ \t]+|\bconst[ \t]*\[[ \t]*)";
        let boolean = r"(?:[ \t]*(?::[ \t]*boolean[ \t]*)?=[ \t]*(?:true|false)\b|[ \t]*,[^\]\r\n]*\][ \t]*=[ \t]*(?:React\.)?useState(?:<boolean>)?\([ \t]*(?:true|false)[ \t]*\)|[ \t]*:[ \t]*boolean[ \t]*;?[ \t]*$)";
        let pattern = format!(
            r"{opening}(?:(?:{alternation})[A-Z0-9_$][\w$]*|[A-Z][A-Z0-9_]*){boolean}|{opening}(?P<hit>[A-Za-z_$][\w$]*){boolean}"
        );
        let what = format!(
            "boolean variables named without a prefix {said}: `let x = false`, `let x: boolean`, `const [x, setX] = useState(false)` (constants in capitals, properties and parameters left alone)"
        );
        declare(ctx, out, &[Lang::TypeScript, Lang::JavaScript], pattern, what);
    }
    if ctx.named.admits(&[Lang::Python]) {
        // Alone on its line: a keyword argument (`verbose=True,`) goes on.
        let tail = r"[ \t]*=[ \t]*(?:True|False)[ \t]*(?:#[^\r\n]*)?$";
        let pattern = format!(
            r"^[ \t]*(?:(?:{alternation})_[a-z0-9_]*|[A-Z][A-Z0-9_]*){tail}|^[ \t]*(?P<hit>[a-z_][a-z0-9_]*){tail}"
        );
        let what = format!(
            "boolean variables named without a prefix {said} (as `is_…`): `x = False` alone on its line (constants in capitals, keyword arguments and annotated fields left alone)"
        );
        declare(ctx, out, &[Lang::Python], pattern, what);
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const RULE: &str =
        "Prefix booleans with `is`/`has`/`can`/`should` (e.g., `isValid`, `hasData`) for clarity";

    #[test]
    fn boolean_variables_without_a_listed_prefix() {
        let ts = concat!(
            "let streamed = false\n",
            "let isStreamed = false\n",
            "const hasData: boolean = true\n",
            "let deviceIsLarger: boolean = false\n",
            "let open: boolean\n",
            "const [loading, setLoading] = useState(false)\n",
            "const [isOpen, setIsOpen] = React.useState<boolean>(true)\n",
            "const DEBUG = false\n",
            "let island = true\n",
            "const count = 0\n",
            "interface P { disabled: boolean }\n",
            "function f(loading: boolean) {}\n",
            "// let legacy = true\n",
        );
        assert_eq!(
            texts(RULE, "src/a.ts", ts),
            ["streamed", "deviceIsLarger", "open", "loading", "island"]
        );
        let py = "loaded = False\nis_loaded = True\nDEBUG = False\nrun(\n    verbose=True,\n)\nstrict: bool = False\nhas_data = False  # set later\n";
        assert_eq!(texts(RULE, "app/a.py", py), ["loaded"]);
    }

    #[test]
    fn only_with_booleans_prefixes_and_a_list() {
        let ts = "let streamed = false\n";
        for other in [
            "Prefix interfaces with `I`.",
            "Booleans must be explicit, never truthy checks.",
            "Prefix hooks with `use`.",
        ] {
            assert!(texts(other, "src/a.ts", ts).is_empty(), "{other}");
        }
        // A hedge holds no line to it; examples after the list are not prefixes.
        assert!(
            texts(
                "Prefix booleans with `is`, `has`, `can`, or `should` when practical.",
                "src/a.ts",
                ts
            )
            .is_empty()
        );
        let rule = "**Boolean prefix** — always prefix booleans with `is`, `has`, `can`, `should`, etc. Example: `isLoaded`, `hasError`. Never `loaded`, `error`";
        assert_eq!(
            texts(
                rule,
                "src/b.ts",
                "let loadedOk = false
"
            ),
            ["loadedOk"]
        );
        // A language named: only its files.
        let rule = "In TypeScript, prefix booleans with `is` or `has`.";
        assert_eq!(texts(rule, "src/a.ts", ts), ["streamed"]);
        assert!(texts(rule, "app/a.py", "loaded = False\n").is_empty());
    }
}
