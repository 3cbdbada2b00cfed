//! Explicit-types pass: "Definir tipos explícitos en funciones públicas", "Tipos explícitos en
//! funciones y variables", "Use explicit types for function parameters" — explicit types said
//! of functions, in TypeScript: the functions whose one-line signature has no return type (the
//! return-types concept's detectors) and their first parameter without a type. "Explicit types"
//! said of nothing a function has ("Use explicit types instead of `var`") is the `var`
//! concept's; "explicit return types" the return-types concept's.

use super::super::concepts::{Detector, Effect, UNTYPED_EXPORTED_RETURN, UNTYPED_RETURN};
use super::super::files::Lang;
use super::super::words::{EXPLICIT_WORDS, EXPORTED_WORDS, NEGATIONS, TYPING_WORDS};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A TypeScript function's declaration up to its parameters' `(`, at a line's start: `function
/// name` or a `const name = (async)` arrow; `$export` is what must come first. A function
/// expression passed as an argument (`filter(function f(node)`) or bound to a typed constant
/// (`const run: Handler = async function run({ db })`) takes its parameters' types from there.
macro_rules! ts_signature {
    ($export:literal) => {
        concat!(
            r"^[ \t]*",
            $export,
            r"(?:async[ \t]+)?(?:function[ \t]*\*?[ \t]+[A-Za-z_$][\w$]*|(?:const|let|var)[ \t]+[A-Za-z_$][\w$]*[ \t]*=[ \t]*(?:async[ \t]+)?)[ \t]*(?:<[^<>\r\n]*>)?[ \t]*\(",
        )
    };
}

/// The parameters before the first one without a type: each a name, a destructured object or
/// array, with `?`, a type or a default (whose type is inferred), then a comma. A type's or a
/// default's brackets are read one level deep (`Record<string, number>`, `{ a?: [n, n] }`,
/// `= [0, 0]`); a signature with deeper ones or a function type is not read — a miss, never a
/// false hit.
macro_rules! ts_typed_params {
    () => {
        concat!(
            r"(?:[ \t\r\n]*(?:\.\.\.)?(?:[A-Za-z_$][\w$]*|\{[^{}()]*\}|\[[^\[\]()]*\])\??[ \t]*(?::",
            r"(?:[^,()={}\[\]<>]|<[^<>()]*>|\[[^\[\]()]*\]|\{[^{}()]*\})*",
            r"(?:=(?:[^,()\[\]{}]|\[[^\[\]()]*\]|\{[^{}()]*\})*)?|=(?:[^,()\[\]{}]|\[[^\[\]()]*\]|\{[^{}()]*\})*)[ \t\r\n]*,)*"
        )
    };
}

/// The first parameter without a type or a default; an arrow's parameters must be followed by
/// `=>` (`const x = (a)` is a parenthesized value, not a function).
macro_rules! ts_untyped_param {
    () => {
        r"[ \t\r\n]*(?:\.\.\.)?(?P<hit>[A-Za-z_$][\w$]*|\{[^{}()]*\}|\[[^\[\]()]*\])\??[ \t\r\n]*(?:,[^()]*)?\)[ \t]*(?::[^=;{\r\n]*)?(?:\{|=>)"
    };
}

/// A TypeScript function's first parameter without a type (`text` in `function slugify(text)`,
/// `{ title }` in `const Card = ({ title }) =>`); one per signature, as for Python's and PHP's.
pub const TS_UNTYPED_PARAMETER: Detector = Detector {
    name: "untyped-ts-parameter",
    summary: "a TypeScript function's first parameter with neither a type nor a default (`function f(x)`, `const f = ({ a }) =>`); the hit is the parameter",
    pattern: concat!(
        ts_signature!(r"(?:export[ \t]+(?:default[ \t]+)?)?"),
        ts_typed_params!(),
        ts_untyped_param!()
    ),
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// [`TS_UNTYPED_PARAMETER`] for exported functions only ("tipos explícitos en funciones públicas").
pub const TS_UNTYPED_EXPORTED_PARAMETER: Detector = Detector {
    name: "untyped-ts-exported-parameter",
    summary: "an exported TypeScript function's first parameter with neither a type nor a default; the hit is the parameter",
    pattern: concat!(
        ts_signature!(r"export[ \t]+(?:default[ \t]+)?"),
        ts_typed_params!(),
        ts_untyped_param!()
    ),
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// A TypeScript variable bound to an empty array with no type (`const items = [];`), which
/// TypeScript types from whatever is pushed later — the one variable whose type no initializer
/// tells; the hit is the name.
pub const TS_UNTYPED_EMPTY_ARRAY: Detector = Detector {
    name: "untyped-ts-empty-array",
    summary: "a TypeScript variable bound to `[]` with no type annotation; the hit is the name",
    pattern: r"(?:^|[^\w$.])(?:const|let|var)[ \t]+(?P<hit>[A-Za-z_$][\w$]*)[ \t]*=[ \t]*\[[ \t]*\][ \t]*;?[ \t]*(?://[^\r\n]*)?\r?$",
    langs: &[Lang::TypeScript],
    exclude: &["!**/*.d.ts"],
    within: Within::Code,
    effect: Effect::RulesOut,
};

/// Words for variables, for explicit types said of them too ("en funciones y variables").
const VARIABLES: &[&str] = &["variables", "variable", "vars"];

/// What functions have, for explicit types said of them.
const FUNCTION_PARTS: &[&str] = &[
    "function",
    "functions",
    "funciones",
    "función",
    "funcion",
    "parameters",
    "params",
    "parámetros",
    "parametros",
    "signatures",
    "firmas",
];
pub fn run(ctx: &Context, out: &mut Found) {
    if !says_explicit_types(&ctx.lower_words())
        || !ctx.says(FUNCTION_PARTS)
        || ctx.says(NEGATIONS)
        || !ctx.detector_fits(&TS_UNTYPED_PARAMETER)
    {
        return;
    }
    let exported = ctx.says(EXPORTED_WORDS);
    let (returns, parameters): (&Detector, &Detector) = if exported {
        (&UNTYPED_EXPORTED_RETURN, &TS_UNTYPED_EXPORTED_PARAMETER)
    } else {
        (&UNTYPED_RETURN, &TS_UNTYPED_PARAMETER)
    };
    let which = if exported {
        "exported functions"
    } else {
        "functions"
    };
    let mut detectors = vec![
        (returns, format!("explicit return types on {which}")),
        (parameters, format!("explicit parameter types on {which}")),
    ];
    if ctx.says(VARIABLES) {
        detectors.push((&TS_UNTYPED_EMPTY_ARRAY, "explicit types on variables".to_string()));
    }
    for (d, said) in detectors {
        let scope = ctx.detector_scope(d, "explicit types");
        out.check(At::Places, ctx.detector_check(d, scope, said));
    }
}

/// "explicit types", "tipos explícitos", "tipado explícito": the two words side by side, in
/// either order ("explicit return types" is the return types', not this pass's).
fn says_explicit_types(words: &[&str]) -> bool {
    words.windows(2).any(|w| {
        (EXPLICIT_WORDS.contains(&w[0]) && TYPING_WORDS.contains(&w[1]))
            || (TYPING_WORDS.contains(&w[0]) && EXPLICIT_WORDS.contains(&w[1]))
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const STORE: &str = "import type { Recurso } from '@/types/recursos'\n\nexport function contarDisponibles(recursos: Recurso[]) {\n  return recursos.length\n}\n\nexport async function buscar(texto: string): Promise<Recurso[]> {\n  return []\n}\n\nexport function formatear(r): string {\n  return r.nombre\n}\n\nexport function paginar(items: Recurso[], pagina = 1, tam?: number): Recurso[] {\n  return items\n}\n\nexport function mapa(m: Record<string, number>, k) {\n  return m\n}\n\nfunction normalizar(texto) {\n  return texto\n}\n\nconst total = (a + b)\nconst doble = (n) => n * 2\nconst Card = ({ title }) => title\nrecursos.map((r) => r.id)\nconst vacios = [];\nconst llenos = [1];\nconst tipados: Recurso[] = [];\nexport function Dots({\n  size = 1,\n  color = [0, 0, 0],\n}: {\n  size?: number;\n  color?: [number, number, number];\n}): JSX.Element {\n  return null\n}\nitems.filter(function f(node): boolean {\n  return true\n})\nexport const run: Handler = async function run({ db }): Promise<void> {}\n// export function enComentario(x) {}\n";

    #[test]
    fn explicit_types_on_functions_flag_untyped_returns_and_parameters() {
        assert_eq!(
            texts(
                "Definir tipos explícitos en funciones públicas",
                "src/stores/recursos.ts",
                STORE
            ),
            ["contarDisponibles", "r", "mapa", "k"]
        );
        assert_eq!(
            texts(
                "Tipos explícitos en funciones y variables",
                "src/stores/recursos.ts",
                STORE
            ),
            [
                "contarDisponibles",
                "r",
                "mapa",
                "k",
                "normalizar",
                "texto",
                "doble",
                "n",
                "Card",
                "{ title }",
                "vacios"
            ]
        );
    }

    #[test]
    fn explicit_types_said_of_nothing_a_function_has_are_left_to_others() {
        for other in [
            "Use explicit types instead of `var`.",
            "Use explicit return types.",
            "Never use explicit types on functions.",
            "Explicit types in Python functions.",
        ] {
            let found = texts(other, "src/stores/recursos.ts", STORE);
            assert!(!found.contains(&"r".to_string()), "{other}: {found:?}");
        }
    }
}
