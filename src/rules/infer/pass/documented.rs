//! Documentation pass: documentation required on every (public) function — "All functions
//! should have docstrings", "Every exported function must have a JSDoc comment", "Todas las
//! funciones públicas deben tener docstring" — flags the functions without it ("Add XML doc
//! comments for public APIs": C#'s types and members without `///`; "All public types and
//! functions must have `///` doc comments": Rust's `pub` items without them); a docstring style
//! mandated — "Use Google-style docstrings" — flags the fields of its rivals (`:param x:`);
//! "Use fenced code blocks with the correct language tag" flags the Markdown fences naming none.

use super::super::concepts::{Detector, Effect, PY_TEST_FILES};
use super::super::files::Lang;
use super::super::words::{EXPORTED_WORDS, NEGATIONS};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A module-level Python `def` whose body does not open with a docstring; the hit is its name.
/// Private and magic functions (`_helper`, `__getattr__`) are left out, as pydocstyle leaves
/// them, and the usual names of closures (`wrapper`, `decorator`); a `def` with a docstring is
/// consumed by the first alternative, which has no `hit`. One-line bodies (`def f(): return 1`)
/// are left alone.
const PY_UNDOCUMENTED_FUNCTION: Detector = Detector {
    name: "undocumented-function",
    summary: "a public module-level `def` whose body does not open with a docstring (`_private` and `__magic__` left out)",
    pattern: r#"^(?:async[ \t]+)?def[ \t]+\w+[ \t]*(?:\[[^\]\n]*\])?\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*[rRuUbB]{0,2}(?:"|')|^(?:async[ \t]+)?def[ \t]+(?:(?:wrapper|wrapped|decorator|inner|_\w*)\b|(?P<hit>[A-Za-z]\w*))[ \t]*(?:\[[^\]\n]*\])?\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*(?:#[^\n]*)?\r?$"#,
    langs: &[Lang::Python],
    exclude: PY_TEST_FILES,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A method (a `def` one indentation step in) whose body does not open with a docstring; the
/// hit is its name. A module-level function is consumed whole, its body included, by the first
/// alternative: the functions nested in it are not methods. Deeper ones (a callback inside a
/// method) never match.
const PY_UNDOCUMENTED_METHOD: Detector = Detector {
    name: "undocumented-method",
    summary: "a public method whose body does not open with a docstring (`_private`, `__magic__` and functions nested in functions left out)",
    pattern: r#"^(?:async[ \t]+)?def[ \t]+\w+[ \t]*(?:\[[^\]\n]*\])?\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*(?:#[^\n]*)?[^\r\n]*(?:\r?\n(?:[ \t]+[^\r\n]*)?)*|^(?:    |\t)(?:async[ \t]+)?def[ \t]+\w+[ \t]*(?:\[[^\]\n]*\])?\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*[rRuUbB]{0,2}(?:"|')|^(?:    |\t)(?:async[ \t]+)?def[ \t]+(?:(?:wrapper|wrapped|decorator|inner|_\w*)\b|(?P<hit>[A-Za-z]\w*))[ \t]*(?:\[[^\]\n]*\])?\((?:[^()]|\([^()]*\))*\)[^:\n]*:[ \t]*(?:#[^\n]*)?\r?$"#,
    langs: &[Lang::Python],
    exclude: PY_TEST_FILES,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A JS/TS function exported at the top level without a `/** … */` comment right above it;
/// the hit is its name. One with the comment is consumed by the first alternative (which
/// starts at the comment's end and has no `hit`).
const JS_UNDOCUMENTED_EXPORTED: Detector = Detector {
    name: "undocumented-exported-function",
    summary: "an exported function (`export function f`, `export const f = (…) =>`) without a `/** … */` comment right above it",
    pattern: r"\*/[ \t]*\r?\n(?:[ \t]*@[^\n]*\r?\n)*[ \t]*export[ \t]+(?:default[ \t]+)?(?:async[ \t]+)?(?:function|const)\b|^export[ \t]+(?:default[ \t]+)?(?:async[ \t]+)?(?:function\*?|const)[ \t]+(?P<hit>[\w$]+)(?:[ \t]*[(<]|[ \t]*(?::[^=\n]+)?=[ \t]*(?:async[ \t]*)?(?:\([^)\n]*\)|[\w$]+)[ \t]*(?::[^=\n]+)?=>)",
    langs: &[Lang::TypeScript, Lang::JavaScript],
    exclude: &["!**/*.test.*", "!**/*.spec.*", "!**/__tests__/**", "!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

// Pieces of C# declarations, for the XML documentation detectors: a member's modifiers other
// than access; a type's; a `///` line; attribute lines.
macro_rules! cs_member_modifier {
    () => {
        "static|readonly|const|override|virtual|abstract|sealed|async|partial|new|extern|unsafe|required|volatile|event"
    };
}
macro_rules! cs_type_modifiers {
    () => {
        r"(?:(?:static|sealed|abstract|partial|readonly|unsafe|ref)[ \t]+)*"
    };
}
macro_rules! cs_doc_line {
    () => {
        r"///[^\r\n]*\r?\n"
    };
}
macro_rules! cs_attributes {
    () => {
        r"(?:[ \t]*\[[^\r\n]*\][ \t]*\r?\n)*"
    };
}

// A C# member declaration, for the XML documentation detectors: its modifiers (one of them an
// access modifier, which the detector chooses), then a type declaration's keyword or a member's
// type (generic three levels deep, array, nullable; none for a constructor), then the name, the
// hit.
macro_rules! cs_member {
    ($access:literal) => {
        concat!(
            r"^[ \t]*(?:(?:",
            cs_member_modifier!(),
            r")[ \t]+)*",
            $access,
            r"[ \t]+(?:(?:public|protected|internal|private|",
            cs_member_modifier!(),
            r")[ \t]+)*",
            r"(?:(?:class|struct|interface|record|enum|delegate)[ \t]+|[\w.]+(?:<[^\r\n<>]*(?:<[^\r\n<>]*(?:<[^\r\n<>]*>[^\r\n<>]*)*>[^\r\n<>]*)*>)?(?:\[\])*\??[ \t]+)?",
            r"(?P<hit>[A-Za-z_]\w*)[ \t]*(?:[({=;<:]|\r?$)"
        )
    };
}
/// `///` lines, then attributes, then the declaration they document: consumed without a hit.
macro_rules! cs_documented {
    () => {
        concat!(
            cs_doc_line!(),
            r"(?:[ \t]*",
            cs_doc_line!(),
            ")*",
            cs_attributes!(),
            r"[ \t]*[^\r\n]*|"
        )
    };
}

/// A type that is not public API — `internal`, `private`, `file` or without an access modifier
/// (implicitly internal) — with its `///` lines and attributes: consumed, with the rest of the
/// file, without a hit. Its public members are no one's API (the compiler's CS1591 leaves them
/// alone too). A public type after it in the same file is not seen (a miss, never a false hit).
macro_rules! cs_not_api {
    () => {
        concat!(
            r"^(?:[ \t]*",
            cs_doc_line!(),
            ")*",
            cs_attributes!(),
            r"[ \t]*",
            cs_type_modifiers!(),
            r"(?:(?:internal|private|file)[ \t]+",
            cs_type_modifiers!(),
            ")?",
            r"(?:class|struct|record|interface)[ \t]+[\s\S]*|"
        )
    };
}

/// C# test projects and generated code: not the API a documentation rule is about.
const CS_NOT_API: &[&str] = &[
    "!**/tests/**",
    "!**/test/**",
    "!**/*Tests/**",
    "!**/*.Tests/**",
    "!**/*Tests.cs",
    "!**/*Test.cs",
    "!**/*.Designer.cs",
    "!**/*.g.cs",
    "!**/Migrations/**",
];

/// A public or protected C# type or member without a `///` comment right above it (attributes
/// may stand between); the hit is its name. Members without an access modifier (an interface's,
/// a class's implicitly private ones) are not seen, nor the members of a type that is not
/// public.
const CS_UNDOCUMENTED_PUBLIC: Detector = Detector {
    name: "undocumented-public-member",
    summary: "a public or protected C# type or member without a `///` XML documentation comment right above it",
    pattern: concat!(
        cs_not_api!(),
        cs_documented!(),
        cs_member!("(?:public|protected)")
    ),
    langs: &[Lang::CSharp],
    exclude: CS_NOT_API,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// [`CS_UNDOCUMENTED_PUBLIC`] for every access modifier ("All C# classes, constructors,
/// properties, fields, and methods must have XML documentation comments").
const CS_UNDOCUMENTED_MEMBER: Detector = Detector {
    name: "undocumented-member",
    summary: "a C# type or member with an access modifier and without a `///` XML documentation comment right above it",
    pattern: concat!(
        cs_documented!(),
        cs_member!("(?:public|protected|internal|private)")
    ),
    langs: &[Lang::CSharp],
    exclude: CS_NOT_API,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A C# method or constructor with an access modifier and without a `///` comment: the
/// functions a rule says ("every method", "cada función") and not the fields, properties and
/// types it does not. A type's declaration (with a primary constructor's parentheses) is
/// consumed without a hit, and so is a modifier tried as a name; a tuple is a return type
/// (`private static (int A, int B) Split(`).
const CS_UNDOCUMENTED_METHOD: Detector = Detector {
    name: "undocumented-method",
    summary: "a C# method or constructor with an access modifier and without a `///` XML documentation comment right above it",
    pattern: concat!(
        cs_documented!(),
        r"^[ \t]*(?:(?:",
        cs_member_modifier!(),
        r")[ \t]+)*(?:public|protected|internal|private)[ \t]+(?:(?:public|protected|internal|private|",
        cs_member_modifier!(),
        r")[ \t]+)*",
        r"(?:(?:class|struct|interface|record|enum|delegate|public|protected|internal|private|",
        cs_member_modifier!(),
        r")\b|(?:(?:\([^()\r\n]*\)|[\w.]+(?:<[^\r\n<>]*(?:<[^\r\n<>]*(?:<[^\r\n<>]*>[^\r\n<>]*)*>[^\r\n<>]*)*>)?)(?:\[\])*\??[ \t]+)?(?P<hit>[A-Za-z_]\w*)[ \t]*(?:<[^\r\n<>()]*>[ \t]*)?\()"
    ),
    langs: &[Lang::CSharp],
    exclude: CS_NOT_API,
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A `pub` Rust function or type (`fn`, `struct`, `enum`, `trait`, `type`, `union`) without a
/// doc comment right above it (`///` lines, a `/** … */` block or a `#[doc …]` attribute, which
/// `#[doc(hidden)]` is too; attributes may stand between, over several lines); the hit is its
/// name. `pub(crate)` and `pub(super)` are no one's API, nor the fields, constants and modules a
/// rule about "types and functions" does not name (a module's docs are `//!` in its own file).
/// A `pub` item of a private module counts too: a check reads one file, not the crate's module
/// tree, so a crate keeps such items out with `pub(crate)`.
const RS_UNDOCUMENTED_PUBLIC: Detector = Detector {
    name: "undocumented-pub-item",
    summary: "a `pub` Rust function or type without a `///` doc comment right above it (`pub(crate)` left out)",
    pattern: concat!(
        r"(?:///[^\r\n]*\r?\n(?:[ \t]*///[^\r\n]*\r?\n)*|/\*\*(?s:.*?)\*/[ \t]*\r?\n|#\[[ \t]*doc\b[^\r\n]*\][ \t]*\r?\n)",
        r"(?:[ \t]*#\[(?:[^\[\]]|\[[^\[\]]*\])*\][ \t]*\r?\n)*[ \t]*[^\r\n]*|",
        r#"^[ \t]*pub[ \t]+(?:(?:const|async|unsafe|extern(?:[ \t]+"[^"\r\n]*")?)[ \t]+)*(?:fn|struct|enum|trait|type|union)[ \t]+(?P<hit>[A-Za-z_]\w*)"#
    ),
    langs: &[Lang::Rust],
    exclude: &[
        "!**/tests/**",
        "!**/benches/**",
        "!**/examples/**",
        "!**/build.rs",
        "!**/tests.rs",
    ],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Words that say a documentation rule covers every function.
const COVERAGE: &[&str] = &[
    "all",
    "every",
    "each",
    "public",
    "exported",
    "todas",
    "todos",
    "cada",
    "públicas",
    "publicas",
    "exportadas",
];
const FUNCTION_WORDS: &[&str] = &[
    "function",
    "functions",
    "method",
    "methods",
    "def",
    "defs",
    "funciones",
    "función",
    "funcion",
    "métodos",
    "metodos",
    "método",
    "metodo",
    "procedimiento",
    "procedimientos",
];
const PY_DOC_WORDS: &[&str] = &["docstring", "docstrings"];
/// What a C# rule documents: its APIs, members and their kinds.
const CS_MEMBER_WORDS: &[&str] = &[
    "api",
    "apis",
    "member",
    "members",
    "class",
    "classes",
    "constructor",
    "constructors",
    "property",
    "properties",
    "field",
    "fields",
    "type",
    "types",
    "miembros",
    "clases",
    "propiedades",
    "campos",
];
const JS_DOC_WORDS: &[&str] = &["jsdoc", "tsdoc"];
/// What a Rust rule documents besides functions and types.
const RS_ITEM_WORDS: &[&str] = &["item", "items", "elementos"];

/// reST/Sphinx and epytext fields: `:param x:`, `:returns:`, `@param x` (the whole field line).
const REST_FIELDS: Fields = (
    "reST/epytext fields (`:param x:`, `:returns:`, `@param x`)",
    r"^[ \t]*(?P<hit>[:@](?:param|type|returns?|rtype|raises?|except|var|ivar|cvar|keyword|kwarg|yields?)\b[^\r\n]*?)[ \t]*\r?$",
);
/// Google's sections: `Args:`, `Returns:` alone on their line.
const GOOGLE_SECTIONS: Fields = (
    "Google sections (`Args:`, `Returns:`)",
    r"^[ \t]*(?P<hit>(?:Args|Arguments|Returns|Raises|Yields|Keyword Args)):[ \t]*\r?$",
);
/// NumPy's sections: a title underlined with dashes.
const NUMPY_SECTIONS: Fields = (
    "NumPy sections (`Parameters` underlined with dashes)",
    r"^[ \t]*(?P<hit>(?:Parameters|Returns|Raises|Yields|Other Parameters))[ \t]*\r?\n[ \t]*-{3,}[ \t]*\r?$",
);

/// What a style's rivals write: what it is, for `--explain`, and the pattern.
type Fields = (&'static str, &'static str);

/// A docstring style (the words that name it) and what its rivals write.
const STYLES: &[(&[&str], &str, &[Fields])] = &[
    (
        &["google", "google-style"],
        "Google",
        &[REST_FIELDS, NUMPY_SECTIONS],
    ),
    (
        &["numpy", "numpy-style", "numpydoc"],
        "NumPy",
        &[REST_FIELDS, GOOGLE_SECTIONS],
    ),
    (
        &["sphinx", "sphinx-style", "rest", "restructuredtext"],
        "Sphinx (reST)",
        &[GOOGLE_SECTIONS, NUMPY_SECTIONS],
    ),
];

/// A Markdown fenced code block whose opening fence names no language; the hit is the fence.
/// A block that names one is consumed whole by the first alternative (which has no `hit`), so
/// a closing fence is never read as an opening one.
const UNTAGGED_FENCE: Detector = Detector {
    name: "untagged-code-fence",
    summary: "a fenced code block whose opening fence names no language (```` ``` ```` alone)",
    pattern: r"(?m)^[ \t]{0,3}(?:```+|~~~+)[ \t]*[^\s`~][^\n]*\n(?s:.*?)^[ \t]{0,3}(?:```+|~~~+)[ \t]*\r?$|^[ \t]{0,3}(?P<hit>```+|~~~+)[ \t]*\r?\n(?s:.*?)^[ \t]{0,3}(?:```+|~~~+)[ \t]*\r?$",
    langs: &[Lang::Docs],
    exclude: &[],
    within: Within::Any,
    effect: Effect::RulesOut,
};

pub fn run(ctx: &Context, out: &mut Found) {
    required(ctx, out);
    style(ctx, out);
    fence_languages(ctx, out);
}

/// "Use fenced code blocks with the correct language tag", "Always specify the language of code
/// blocks": the fences that name none.
fn fence_languages(ctx: &Context, out: &mut Found) {
    if !tags_fences(&ctx.lower_words()) || ctx.says(NEGATIONS) {
        return;
    }
    // "Include diagram code in triple backtick blocks with 'mermaid' language identifier": the
    // language of one kind of block, which no fence without a tag tells apart.
    if ctx.says(&["diagram", "diagrams", "diagrama", "diagramas", "mermaid"]) {
        out.note(
            At::Places,
            "the language of diagram blocks not checked: which untagged block is a diagram, no fence tells"
                .to_string(),
        );
        return;
    }
    // "For each new file or interface, include a snippet (fenced with the language tag)": the
    // blocks of some things only, which no fence tells apart from the rest.
    let words = ctx.lower_words();
    if matches!(
        words.as_slice(),
        ["for", "each" | "every", ..] | ["para", "cada", ..]
    ) {
        out.note(
            At::Places,
            format!(
                "the language of code blocks not checked: only the blocks \"{} {}\" something, which no fence tells apart",
                words[0], words[1]
            ),
        );
        return;
    }
    let scope = ctx.detector_scope(&UNTAGGED_FENCE, "code blocks");
    out.check(
        At::Places,
        ctx.detector_check(
            &UNTAGGED_FENCE,
            scope,
            "code blocks must name their language".to_string(),
        ),
    );
}

/// Words for a fenced block ("code block" is a code word next to a block word).
const FENCE_WORDS: &[&str] = &["fenced", "fences", "fence"];
const BLOCK_WORDS: &[&str] = &["block", "blocks", "bloque", "bloques"];
const CODE_WORDS: &[&str] = &["code", "código", "codigo"];
/// Words for a fence's tag.
const TAG_WORDS: &[&str] = &[
    "language",
    "languages",
    "lang",
    "tag",
    "tags",
    "identifier",
    "highlighting",
    "lenguaje",
    "idioma",
    "etiqueta",
];
/// How many words apart a block word and a tag word may be said and still be one phrase.
const FENCE_TAG_REACH: usize = 8;

/// Whether the words ask for fences' language tags: a fence or code block said within a few
/// words of a language or tag ("fenced code blocks with the correct language tag", "the
/// language of code blocks"). Far apart, they are other things: "a comment block above each
/// method, following the language's standard, explaining what that block of code does".
fn tags_fences(words: &[&str]) -> bool {
    let near = |at: usize, list: &[&str]| {
        // "code in triple backtick blocks": four words back.
        let from = at.saturating_sub(4);
        words[from..words.len().min(at + 4)]
            .iter()
            .any(|w| list.contains(w))
    };
    let blocks: Vec<usize> = (0..words.len())
        .filter(|&i| {
            FENCE_WORDS.contains(&words[i]) || (BLOCK_WORDS.contains(&words[i]) && near(i, CODE_WORDS))
        })
        .collect();
    (0..words.len())
        .filter(|&i| TAG_WORDS.contains(&words[i]))
        .any(|t| blocks.iter().any(|&b| b.abs_diff(t) <= FENCE_TAG_REACH))
}

/// "All functions should have docstrings": the functions without one.
fn required(ctx: &Context, out: &mut Found) {
    // "a documentation comment", "un bloque de comentario … siguiendo el estándar del
    // lenguaje": each language's own (docstrings, JSDoc, `///`) when the rule names none.
    let styled = ctx.says(PY_DOC_WORDS)
        || ctx.says(JS_DOC_WORDS)
        || ctx.says(&[
            "xml", "rustdoc", "javadoc", "kdoc", "phpdoc", "godoc", "doxygen", "yard",
        ])
        || ctx.rule.instruction.contains("///");
    let any_style = !styled && says_doc_comment(&ctx.lower_words());
    let python = any_style || ctx.says(PY_DOC_WORDS);
    let js = any_style || ctx.says(JS_DOC_WORDS);
    // "XML doc comments", "XML documentation comments": C#'s `///`.
    let cs = ctx.says(&["xml"])
        && ctx.says(&[
            "doc",
            "docs",
            "documentation",
            "comments",
            "comment",
            "documentación",
            "comentarios",
        ]);
    // "`///` doc comments": Rust's and C#'s; "rustdoc", or doc comments in a Rust rule: Rust's.
    let triple_slash = ctx.rule.instruction.contains("///");
    let cs = cs || triple_slash || any_style;
    let rust = triple_slash
        || any_style
        || ctx.says(&["rustdoc"])
        || (ctx.named.has(Lang::Rust)
            && ctx.says(&["doc", "docs", "documentation", "documentación"])
            && ctx.says(&["comment", "comments", "comentarios"]));
    let what = ctx.says(FUNCTION_WORDS)
        || ((cs || rust) && ctx.says(CS_MEMBER_WORDS))
        || (rust && ctx.says(RS_ITEM_WORDS));
    if !(python || js || cs || rust)
        || !(ctx.says(COVERAGE) || documents_them_all(ctx))
        || !what
        || ctx.says(NEGATIONS)
    {
        return;
    }
    let exported = ctx.says(EXPORTED_WORDS);
    let mut detectors: Vec<&Detector> = Vec::new();
    if python {
        detectors.push(&PY_UNDOCUMENTED_FUNCTION);
        detectors.push(&PY_UNDOCUMENTED_METHOD);
    }
    if js && exported {
        detectors.push(&JS_UNDOCUMENTED_EXPORTED);
    }
    // Only `pub` items, whatever the rule says: "all functions" would take in trait
    // implementations and tests, which inherit or need no docs.
    if rust {
        detectors.push(&RS_UNDOCUMENTED_PUBLIC);
    }
    if cs {
        detectors.push(if exported {
            &CS_UNDOCUMENTED_PUBLIC
        } else if ctx.says(CS_MEMBER_WORDS) {
            &CS_UNDOCUMENTED_MEMBER
        } else {
            &CS_UNDOCUMENTED_METHOD
        });
    }
    for d in detectors {
        if !ctx.detector_fits(d) {
            continue;
        }
        let scope = ctx.detector_scope(d, "the documentation words");
        let kind = if d.name == CS_UNDOCUMENTED_METHOD.name {
            "method"
        } else if d.langs.contains(&Lang::CSharp) {
            "type and member"
        } else if d.langs.contains(&Lang::Rust) {
            "`pub` function and type"
        } else {
            "function"
        };
        let public = exported && !d.langs.contains(&Lang::Rust);
        let said = format!(
            "documentation required on every {}{kind}",
            if public { "public " } else { "" }
        );
        out.check(At::Places, ctx.detector_check(d, scope, said));
    }
}

/// Whether the words name a documentation comment as a phrase: "doc comment", "documentation
/// comments", "comment block", "bloque de comentario", "comentario de documentación" — not a
/// comment and a block said apart ("comments in English; code blocks …").
fn says_doc_comment(words: &[&str]) -> bool {
    const DOC: &[&str] = &["doc", "docs", "documentation", "documentación", "documentacion"];
    const COMMENT: &[&str] = &["comment", "comments", "comentario", "comentarios"];
    const BLOCK: &[&str] = &["block", "blocks", "bloque", "bloques"];
    words.windows(2).any(|w| {
        (DOC.contains(&w[0]) && COMMENT.contains(&w[1])) || (COMMENT.contains(&w[0]) && BLOCK.contains(&w[1]))
    }) || words.windows(3).any(|w| {
        w[1] == "de"
            && ((BLOCK.contains(&w[0]) && COMMENT.contains(&w[2]))
                || (COMMENT.contains(&w[0]) && DOC.contains(&w[2])))
    })
}

/// "Document functions with docstrings", "Documentar funciones con docstrings": the rule opens
/// with the verb and its bare plural object — every function, as "all functions" says.
fn documents_them_all(ctx: &Context) -> bool {
    let mut words = ctx.tokens.iter().filter(|t| t.is_word());
    let verb = words.next().is_some_and(|t| {
        matches!(
            t.lower.as_str(),
            "document" | "documentar" | "documenta" | "documente" | "documenten"
        )
    });
    verb && words.next().is_some_and(|t| {
        matches!(
            t.lower.as_str(),
            "functions" | "methods" | "funciones" | "métodos" | "metodos"
        )
    })
}

/// "Use Google-style docstrings", "docstrings en formato Google": the other styles' fields, in
/// Python strings (docstrings).
fn style(ctx: &Context, out: &mut Found) {
    if !ctx.says(PY_DOC_WORDS) || ctx.says(NEGATIONS) {
        return;
    }
    let named: Vec<_> = STYLES.iter().filter(|(names, _, _)| ctx.says(names)).collect();
    let [(_, name, rivals)] = named.as_slice() else {
        return;
    };
    let py = [Lang::Python];
    if !ctx.named.langs().iter().all(|l| py.contains(l)) {
        return;
    }
    let mut scope = super::super::files::FileScope::of_langs(&py, String::new()).titled("Python");
    ctx.narrow(&mut scope);
    for (what, pattern) in rivals.iter() {
        let explanation = format!(
            "{name}-style docstrings mandated: {what}, which other styles write; scope {}",
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                pattern.to_string(),
                scope.clone(),
                None,
                explanation,
                Within::Strings,
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn public_python_functions_without_a_docstring() {
        let i = "All functions should have docstrings.";
        let nested = "class View:\n    def start(self):\n        \"\"\"Starts.\"\"\"\n        def on_finished(result):\n            pass\n        run(on_finished)\n\n\ndef register(name):\n    \"\"\"A decorator factory.\"\"\"\n    def decorator(f):\n        return f\n    return decorator\n";
        assert!(texts(i, "app/view.py", nested).is_empty());
        // A function nested in a module-level one, at a method's indentation.
        let closure = "def handle(cls):\n    \"\"\"Handles.\"\"\"\n    def f_numpy(*args):\n        return 1\n    return f_numpy\n\n\ndef plain(x):\n    def F(arg):\n        return arg\n    return F\n\n\nclass A:\n    def m(self):\n        return 1\n";
        assert_eq!(texts(i, "app/named.py", closure), ["plain", "m"]);
        let py = "def geocode_zip(zip_code: str) -> dict:\n    return lookup(zip_code)\n\n\ndef documented(\n    a: int,\n    b: int = f(1),\n) -> int:\n    \"\"\"Adds.\"\"\"\n    return a + b\n\n\nasync def fetch(url):  # network\n    # comment first\n    r'''Raw docstring.'''\n\n\ndef _helper():\n    pass\n\n\nclass A:\n    def __repr__(self):\n        return 'A'\n\n    def method(self):\n        return 1\n\n\ndef one_liner(): return 1\n";
        assert_eq!(texts(i, "app/routes/geo.py", py), ["geocode_zip", "method"]);
        assert!(texts(i, "tests/test_geo.py", "def test_x():\n    assert 1\n").is_empty());
        // The verb and its bare plural object say "every function" too.
        for all in [
            "Documentar funciones con docstrings",
            "Document functions with docstrings.",
        ] {
            assert_eq!(
                texts(all, "app/routes/geo.py", py),
                ["geocode_zip", "method"],
                "{all}"
            );
        }
        for i in [
            "Document complex functions with docstrings.",
            "Documentation: docstrings where useful.",
        ] {
            assert!(texts(i, "app/routes/geo.py", py).is_empty(), "{i}");
        }
        for i in [
            "Write docstrings in English.",
            "Keep docstrings short.",
            "Never write docstrings for private helpers.",
            "Use Google-style docstrings.",
        ] {
            assert!(
                !texts(i, "app/a.py", py).contains(&"geocode_zip".to_string()),
                "{i}"
            );
        }
    }

    #[test]
    fn csharp_members_without_xml_documentation() {
        let cs = "namespace Obd;\n\n/// <summary>Commands.</summary>\npublic static class ObdCommands\n{\n    /// <summary>Coolant.</summary>\n    public static readonly ObdCommand Coolant = new(0x01, 0x05);\n\n    public static readonly ObdCommand EngineRpm = new(0x01, 0x0C);\n\n    /// <summary>All.</summary>\n    public static IReadOnlyList<ObdCommand> All { get; } = new[] { Coolant };\n\n    public static double DecodeRpm(byte a, byte b) => ((a * 256) + b) / 4.0;\n\n    // Internal helper.\n    private static int Clamp(int value) => Math.Max(0, value);\n\n    /// <summary>Builds.</summary>\n    [Obsolete(\"use Create\")]\n    public ObdCommands(int n) { }\n\n    public Dictionary<string, List<int>>? Map { get; set; }\n}\n\npublic interface IObd\n{\n    Task ConnectAsync();\n}\n";
        let public = "Add XML doc comments for public APIs and include unit tests for new logic.";
        assert_eq!(
            texts(public, "src/Obd.Core/ObdCommands.cs", cs),
            ["EngineRpm", "DecodeRpm", "Map", "IObd"]
        );
        assert!(texts(public, "tests/Obd.Core.Tests/ObdCommandsTests.cs", cs).is_empty());
        // Generic types three levels deep: the hit is the member, not its type.
        let nested = "/// <summary>Maps.</summary>\npublic class Maps\n{\n    public Dictionary<string, List<List<int>>> Table { get; } = new();\n}\n";
        assert_eq!(texts(public, "src/Maps.cs", nested), ["Table"]);
        // A file of `///` lines and nothing else.
        assert!(texts(public, "src/Docs.cs", &"/// x\n".repeat(20_000)).is_empty());
        // The public members of a type that is not public are no one's API.
        let internal = "namespace Scrutor;\n\n/// <summary>Selects.</summary>\ninternal sealed class LifetimeSelector : ILifetimeSelector\n{\n    public ILifetimeSelector WithSingletonLifetime() => this;\n}\n";
        assert!(texts(public, "src/Scrutor/LifetimeSelector.cs", internal).is_empty());
        let implicit = "class Helper\n{\n    public static int Twice(int n) => 2 * n;\n}\n";
        assert!(texts(public, "src/Helper.cs", implicit).is_empty());
        let all = "All C# classes, constructors, properties, fields, and methods must have XML documentation comments.";
        assert_eq!(
            texts(all, "src/Scrutor/LifetimeSelector.cs", internal),
            ["WithSingletonLifetime"]
        );
        assert_eq!(
            texts(all, "src/Obd.Core/ObdCommands.cs", cs),
            ["EngineRpm", "DecodeRpm", "Clamp", "Map", "IObd"]
        );
        assert!(texts("Never use XML doc comments on private members.", "src/A.cs", cs).is_empty());
        assert!(texts(all, "src/a.py", "def f(x):\n    return x\n").is_empty());
    }

    #[test]
    fn a_documentation_comment_in_each_language_s_own_style() {
        let i = "Cada función, método o procedimiento debe incluir un bloque de comentario en idioma inglés encima del mismo siguiendo el estandar del lenguaje";
        let cs = "public class VoucherService : IVoucherService\n{\n    private readonly IRepo _repository;\n\n    /// <summary>Creates.</summary>\n    public VoucherService(IRepo repository) { }\n\n    public async Task<bool> RedeemAsync(string code) => true;\n\n    private static string GenerateCode<T>() => \"\";\n    private static (int A, int B) Split(string s) => (1, 2);\n\n    public int Count { get; set; }\n}\npublic record Person(string Name);\n";
        // Methods only: the rule says functions, not fields, properties or types.
        assert_eq!(
            texts(i, "src/App/VoucherService.cs", cs),
            ["RedeemAsync", "GenerateCode", "Split"]
        );
        let py = "def documented():\n    \"\"\"Does.\"\"\"\n    return 1\n\n\ndef bare(x):\n    return x\n";
        assert_eq!(texts(i, "app/util.py", py), ["bare"]);
        let one = "Cada método debe incluir un bloque de comentario encima explicando qué hace";
        assert_eq!(
            texts(one, "src/App/VoucherService.cs", cs),
            ["RedeemAsync", "GenerateCode", "Split"]
        );
        let en = "All functions must have a documentation comment.";
        assert_eq!(texts(en, "app/util.py", py), ["bare"]);
        // A comment and a block said apart, or no function named: no documentation asked.
        for other in [
            "All functions need comments in English; keep code blocks short.",
            "Add a comment block at the top of every file.",
        ] {
            assert!(texts(other, "app/util.py", py).is_empty(), "{other}");
        }
        // A style named is that style's only: XML docs are C#'s, not Python's.
        assert!(texts("Add XML doc comments for all methods.", "app/util.py", py).is_empty());
    }

    #[test]
    fn exported_js_functions_without_jsdoc() {
        let i = "Every exported function must have a JSDoc comment.";
        let ts = "/**\n * Formats.\n */\nexport function formatDate(d: Date): string { return '' }\n\nexport function parseDate(s: string) { return s }\n\nexport const toIso = (d: Date): string => d.toISOString();\n\n/** Documented arrow. */\nexport const fromIso = async (s: string) => new Date(s);\n\nfunction internal() {}\nexport const LIMIT = 5;\n";
        assert_eq!(texts(i, "src/date.ts", ts), ["parseDate", "toIso"]);
        assert!(texts(i, "src/date.test.ts", ts).is_empty());
    }

    #[test]
    fn public_rust_items_without_a_doc_comment() {
        let i = "All public types and functions must have `///` doc comments";
        let rs = "//! In-memory job queue.\n\nuse std::sync::Arc;\n\n/// A unit of work.\n#[derive(Debug, Clone)]\npub struct Job {\n    pub id: u64,\n}\n\npub struct Queue {\n    inner: Arc<Vec<Job>>,\n}\n\nimpl Queue {\n    /// Creates an empty queue.\n    pub fn new() -> Self {\n        todo!()\n    }\n\n    // Push a job.\n    pub async fn push(&self, job: Job) {}\n\n    fn is_empty_hint(&self) -> bool {\n        false\n    }\n\n    pub(crate) fn drain(&self) {}\n}\n\n/** Block docs. */\npub enum State { Idle }\n\n/// Over several attribute lines.\n#[derive(\n    Debug,\n    Clone,\n)]\n#[serde(rename_all = \"camelCase\")]\npub struct Config {}\n\n// pub fn in_a_comment() {}\nconst S: &str = \"pub fn in_a_string()\";\npub const unsafe extern \"C\" fn raw() {}\npub trait Store {}\n#[doc(hidden)]\npub fn __private() {}\n#[doc = \"Attribute docs.\"]\npub fn attr() {}\n";
        assert_eq!(texts(i, "src/queue.rs", rs), ["Queue", "push", "raw", "Store"]);
        assert!(texts(i, "tests/queue.rs", rs).is_empty());
        assert!(texts(i, "examples/demo.rs", rs).is_empty());
        // Spoken of as Rust's doc comments, or rustdoc; not when negated.
        assert_eq!(
            texts(
                "Every public Rust function needs doc comments.",
                "src/queue.rs",
                rs
            ),
            ["Queue", "push", "raw", "Store"]
        );
        assert!(texts("Never add rustdoc to every public function.", "src/queue.rs", rs).is_empty());
        // C#'s `///` too, when no language is named.
        let cs = "namespace A;\n\n/// <summary>Docs.</summary>\npublic class Documented {}\n\npublic class Bare {}\n";
        assert_eq!(texts(i, "src/A/Types.cs", cs), ["Bare"]);
        assert!(
            texts(
                "All public Python functions must have `///` doc comments",
                "src/queue.rs",
                rs
            )
            .is_empty()
        );
    }

    #[test]
    fn code_blocks_name_their_language() {
        let i = "Use fenced code blocks with the correct language tag (e.g., `dockerfile`, `bash`).";
        let md = "# Setup\n\n```bash\nnpm ci\n```\n\nThen:\n\n```\ndocker build .\n```\n\n~~~python\nprint(1)\n~~~\n\n```\nunclosed\n";
        assert_eq!(texts(i, "README.md", md), ["```"]);
        assert!(texts(i, "src/a.ts", "const s = `\n```\n`;\n").is_empty());
        assert!(texts("Never use code blocks in commit messages.", "README.md", md).is_empty());
        // The language of diagram blocks: which untagged block is a diagram, no fence tells.
        let diagrams = "Include diagram code in triple backtick blocks with 'mermaid' language identifier";
        assert!(texts(diagrams, "README.md", md).is_empty());
        let each = "For each new file or interface, include a minimal code snippet skeleton (fenced with the appropriate language tag).";
        assert!(texts(each, "docs/plan.md", md).is_empty());
        assert_eq!(
            texts("Always specify the language of code blocks.", "README.md", md),
            ["```"]
        );
        // A language and a block of code said far apart are other things.
        let comments = "Cada función, método o procedimiento debe incluir un bloque de comentario en idioma inglés encima del mismo siguiendo el estandar del lenguaje, con la finalidad de explicar que hace dicho bloque de código, cada uno de sus parámetros y el valor retornado";
        assert!(texts(comments, "README.md", md).is_empty());
    }

    #[test]
    fn a_docstring_style_flags_its_rivals_fields() {
        let i = "Use Google-style docstrings.";
        let py = "def f(celsius):\n    \"\"\"Converts.\n\n    :param celsius: Temperature in degrees Celsius.\n    :returns: Temperature in degrees Fahrenheit.\n    \"\"\"\n    # :param x: in a comment\n    return celsius\n\n\ndef g(x):\n    \"\"\"Doubles.\n\n    Args:\n        x: A number.\n    \"\"\"\n    return 2 * x\n";
        assert_eq!(
            texts(i, "pipelines/weather.py", py),
            [
                ":param celsius: Temperature in degrees Celsius.",
                ":returns: Temperature in degrees Fahrenheit."
            ]
        );
        assert_eq!(
            texts("Docstrings follow the NumPy style.", "a.py", py),
            [
                ":param celsius: Temperature in degrees Celsius.",
                ":returns: Temperature in degrees Fahrenheit.",
                "Args"
            ]
        );
        assert!(texts("Use Google or NumPy style docstrings.", "a.py", py).is_empty());
        assert!(texts(i, "src/a.ts", "/**\n * @param x a number\n */\n").is_empty());
    }
}
