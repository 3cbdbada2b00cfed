//! Identifier-language pass: "código en inglés", "Los nombres de variables, funciones y clases
//! se mantendrán en INGLÉS", "All code must be written in English", "Nombres técnicos: inglés" —
//! the human language of the names code declares. English mandated: a declaration (`const`,
//! `function`, `def`, `class`, an assignment, a Java/C# member, a Dart `final`) whose name has
//! a Spanish word among its parts (`calcularFianza`, `DIAS_MINIMOS_RESERVA`, `filas_validas`,
//! `GestorSincronizacion`) is a violation; strings, comments and JSX text (UI copy) are not
//! names. Parts are read as the name's case writes them (camel humps, underscores), so an English
//! word that holds a Spanish one (`Valorant`, `resolver`) is none. A Spanish mandate is only kept
//! for precedence: every English word of an API would break it.

use std::sync::LazyLock;

use super::super::Term;
use super::super::files::Lang;
use super::super::naming::Subject;
use super::super::text::{Kind, Token};
use super::super::words::{NEGATIONS, SPANISH_NAME_PARTS};
use super::identifiers::{FORMS, Form};
use super::{At, Context, Found, same_family};
use crate::rules::model::Within;

/// Words naming code or its names (not "code comments", "code review": see [`NOT_CODE_AFTER`]).
const CODE_WORDS: &[&str] = &[
    "code",
    "código",
    "codigo",
    "identifiers",
    "identificadores",
    "variables",
    "names",
    "naming",
    "nombres",
    "nomenclatura",
];

/// Words that, right after a code word, make it about something else ("code comments",
/// "code review", "nombres de archivo", "variables de entorno").
const NOT_CODE_AFTER: &[&str] = &[
    "comments",
    "comment",
    "comentarios",
    "review",
    "reviews",
    "blocks",
    "block",
    "examples",
    "snippets",
    "documentation",
    "docs",
    "fences",
];

/// Words that, right before a code word, make it about something else ("file names",
/// "environment variables", "branch names").
const NOT_CODE_BEFORE: &[&str] = &[
    "file",
    "branch",
    "commit",
    "environment",
    "env",
    "column",
    "table",
];

/// Words of comments, where a look back for the language of code stops.
const COMMENT_WORDS: &[&str] = &[
    "comments",
    "comment",
    "comentarios",
    "comentario",
    "docstrings",
    "documentation",
    "documentación",
    "documentacion",
];

/// How far after a code word its language may be said ("… en el código se mantendrán en
/// INGLÉS", not "antes de cambiar el código, proporciona una explicación detallada en español"),
/// and how far before ("English for all code").
const AFTER: usize = 8;
const BEFORE: usize = 6;

/// Spanish endings no English word of code has: `-ción`/`-ciones` (not after the letters of
/// "suspicion" and "coercion") and `-dad`/`-dades` (not "granddad").
const SPANISH_ENDINGS: &[&str] = &[
    "[a-z]*(?:[acnptu]|[a-oq-z]i|[a-df-z]r)ci[oó]n(?:es)?",
    "[a-z]{2,}[a-ce-z]dad(?:es)?",
];

/// A name (whole) with a Spanish part, as the name's case separates its parts: a lowercase
/// part opens the name or follows `_`; a capitalized one may also follow a lowercase letter or
/// digit (a camel hump); an uppercase one opens the name or follows `_`. After a part: the end,
/// or `_`, a digit or (but after an uppercase part) a capital.
/// [`spanish_name`], built once: every load of a rules file infers its rules again.
static SPANISH_NAME: LazyLock<String> = LazyLock::new(|| format!("(?:{})", spanish_name()));

fn spanish_name() -> String {
    let parts: Vec<&str> = SPANISH_NAME_PARTS
        .iter()
        .chain(SPANISH_ENDINGS)
        .copied()
        .collect();
    let lower = parts.join("|");
    let capital = parts.iter().map(|p| capitalized(p)).collect::<Vec<_>>().join("|");
    let upper = parts
        .iter()
        .map(|p| p.to_uppercase())
        .collect::<Vec<_>>()
        .join("|");
    let w = r"[\p{L}\p{N}_]";
    format!(
        r"(?:{w}*_)?(?:{lower})(?:[_0-9A-Z]{w}*)?|(?:{w}*[a-z0-9_])?(?:{capital})(?:[_0-9A-Z]{w}*)?|(?:{w}*_)?(?:{upper})(?:[_0-9]{w}*)?"
    )
}

/// A lowercase fragment with its first letter (or first class of letters) capitalized.
pub(super) fn capitalized(fragment: &str) -> String {
    if let Some(rest) = fragment.strip_prefix('[') {
        // "[áa]rbol" → "[ÁA]rbol"; "[a-z]*…" → "[A-Z][a-z]*…" (one capital, then lowercase).
        let (class, tail) = rest.split_once(']').unwrap_or((rest, ""));
        if class.contains('-') {
            return format!("[{}]{fragment}", class.to_uppercase()).replacen("{2,}", "{1,}", 1);
        }
        return format!("[{}]{tail}", class.to_uppercase());
    }
    let mut chars = fragment.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
    English,
    Spanish,
}

fn language(word: &str) -> Option<Language> {
    match word {
        "english" | "inglés" | "ingles" => Some(Language::English),
        "spanish" | "español" | "espanol" | "castellano" => Some(Language::Spanish),
        _ => None,
    }
}

/// What the rule asks of the language of names, with the words that said it.
struct Asked {
    language: Language,
    said: String,
}

/// Words that make what follows an exception to what is said of the language.
const EXCEPT_WORDS: &[&str] = &["except", "excepto", "salvo", "but", "menos", "aside"];

/// Separators that end a sentence: a language said in another one is not the code's.
const SENTENCE_ENDS: &[&str] = &[".", "!", "?", ";", "|"];

/// The language each code word is said in: the nearest language word after it in its sentence
/// (else before it, not past a word of comments: "… o nombres propios del código" after "No
/// utilices inglés en los comentarios"); "English or Spanish" says neither, "American English"
/// is spelling, a negation just before the language word turns it ("no uses español en el
/// código"). One language for all code words, or none.
fn asked(tokens: &[Token]) -> Option<Asked> {
    let mut sentence = 0;
    let mut words: Vec<(&Token, usize)> = Vec::new();
    for t in tokens {
        if t.is_word() {
            words.push((t, sentence));
        } else if t.kind == Kind::Sep && SENTENCE_ENDS.contains(&t.text.as_str()) {
            sentence += 1;
        }
    }
    let lower: Vec<&str> = words.iter().map(|(t, _)| t.lower.as_str()).collect();
    let same = |a: usize, b: usize| words[a].1 == words[b].1;
    // "comentarios de código", "revisiones de código": code qualifies another noun — but not
    // in "nombres de variables"; "Comentarios en el código": code is where comments are.
    let qualifies_another = |i: usize| {
        let of = i >= 2 && matches!(lower[i - 1], "de" | "del" | "of") && !CODE_WORDS.contains(&lower[i - 2]);
        let place = (1..=3).any(|k| {
            i > k
                && COMMENT_WORDS.contains(&lower[i - k - 1])
                && lower[i - k..i]
                    .iter()
                    .all(|w| matches!(*w, "en" | "el" | "in" | "the" | "our" | "del"))
        });
        of || place
    };
    // "code comments", "file names", "nombres de archivo", "variables de entorno": other things.
    let names_another = |i: usize| {
        let next = lower.get(i + 1);
        next.is_some_and(|w| NOT_CODE_AFTER.contains(w))
            || (i > 0 && NOT_CODE_BEFORE.contains(&lower[i - 1]))
            || (next == Some(&"de")
                && lower
                    .get(i + 2)
                    .is_some_and(|w| matches!(*w, "archivo" | "archivos" | "entorno" | "ramas" | "rama")))
    };
    let is_code = |i: usize| CODE_WORDS.contains(&lower[i]) && !qualifies_another(i) && !names_another(i);
    let language_at = |i: usize| -> Option<Language> {
        let l = language(lower[i])?;
        let beside = |k: Option<usize>| {
            k.and_then(|k| lower.get(k))
                .is_some_and(|w| language(w).is_some())
        };
        let or_another = [i.checked_sub(2), Some(i + 2)].into_iter().any(beside)
            && [i.checked_sub(1), Some(i + 1)].into_iter().flatten().any(|k| {
                lower
                    .get(k)
                    .is_some_and(|w| matches!(*w, "or" | "o" | "and" | "y"))
            });
        let spelling = i > 0 && matches!(lower[i - 1], "american" | "british" | "us" | "uk");
        if or_another || spelling {
            return None;
        }
        let negated = lower[i.saturating_sub(3)..i]
            .iter()
            .any(|w| NEGATIONS.contains(w));
        Some(match (l, negated) {
            (l, false) => l,
            (Language::English, true) => Language::Spanish,
            (Language::Spanish, true) => Language::English,
        })
    };
    let mut found: Option<(Language, usize, usize)> = None;
    for i in (0..lower.len()).filter(|&i| is_code(i)) {
        let after = (i + 1..lower.len().min(i + 1 + AFTER))
            .take_while(|&k| same(i, k))
            .find(|&k| language(lower[k]).is_some());
        let before = || {
            (i.saturating_sub(BEFORE)..i)
                .rev()
                .take_while(|&k| same(i, k) && !COMMENT_WORDS.contains(&lower[k]))
                .find(|&k| language(lower[k]).is_some())
        };
        let Some(at) = after.or_else(before) else {
            continue;
        };
        // "… en español, salvo los nombres de variables": the names are the exception.
        if lower[i.min(at)..i.max(at)]
            .iter()
            .any(|w| EXCEPT_WORDS.contains(w))
        {
            continue;
        }
        let l = language_at(at)?;
        match found {
            Some((seen, _, _)) if seen != l => return None,
            Some(_) => {}
            None => found = Some((l, i.min(at), i.max(at))),
        }
    }
    let (language, from, to) = found?;
    let said = words[from..=to]
        .iter()
        .map(|(t, _)| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some(Asked { language, said })
}

pub fn run(ctx: &Context, out: &mut Found) {
    let Some(asked) = asked(ctx.tokens) else {
        return;
    };
    // For precedence: a newer "nombres en español" retires "code in English", and back.
    let term = |l: Language| {
        let name = match l {
            Language::English => "English",
            Language::Spanish => "Spanish",
        };
        Term {
            text: format!("names in {name}"),
            key: format!("names:{}", name.to_lowercase()),
            exact: None,
            trigger: asked.said.clone(),
        }
    };
    let (mandated, other) = match asked.language {
        Language::English => (Language::English, Language::Spanish),
        Language::Spanish => (Language::Spanish, Language::English),
    };
    out.mandates.push(term(mandated));
    out.forbids.push(term(other));
    if asked.language != Language::English {
        return;
    }
    let name = SPANISH_NAME.as_str();
    // The code languages named ("Python code in English"); documentation or commits named beside
    // code ("All code and documentation …") narrow nothing.
    let named: Vec<Lang> = ctx
        .named
        .langs()
        .into_iter()
        .filter(|l| forms().any(|f| f.langs.iter().any(|fl| same_family(*l, *fl))))
        .collect();
    for form in forms() {
        let langs: Vec<Lang> = form
            .langs
            .iter()
            .copied()
            .filter(|l| named.is_empty() || named.iter().any(|n| same_family(*n, *l)))
            .collect();
        if !langs.is_empty() {
            declarations(ctx, out, &asked, form, &langs, name);
        }
    }
}

/// The declarations this pass reads: the identifiers pass's it takes, then its own members.
fn forms() -> impl Iterator<Item = &'static Form> {
    FORMS.iter().filter(|f| taken(f.subject, f.langs)).chain(MEMBERS)
}

/// The identifiers pass's declarations this pass reads: variables, functions and types, and
/// Java's `static final` constants. The others declare names another form already finds (a
/// Python module constant is an assignment, a Kotlin `const val` a `val`, a React component a
/// function or a `const`), and one name would be reported twice. Terraform's names are
/// quoted labels, which this pass's checks (in code only) never reach.
fn taken(subject: Subject, langs: &[Lang]) -> bool {
    if langs == [Lang::Terraform] {
        return false;
    }
    match subject {
        Subject::Variables | Subject::Functions | Subject::Types => true,
        Subject::Constants => langs == [Lang::Java],
        _ => false,
    }
}

/// Java's and C#'s members (methods, fields and properties after their modifiers) and Dart's
/// declarations — which the identifiers pass leaves to case conventions it does not check.
const MEMBERS: &[Form] = &[
    Form {
        what: "methods, fields and properties with a modifier (`private String nombre;`)",
        subject: Subject::Other,
        langs: &[Lang::Java, Lang::CSharp],
        template: r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|private|protected|internal|static|final|abstract|synchronized|override|virtual|async|sealed|readonly|new|volatile|transient)[ \t]+)+[\w.]+(?:<[^>\n]*>)?(?:\[\])*\??[ \t]+(?P<hit>{N})[ \t]*(?:[(;={]|\r?$)",
        exclude: &[],
    },
    Form {
        what: "Dart's `final`/`var`/`const`/`late` declarations (`final fechaInicio = …`)",
        subject: Subject::Variables,
        langs: &[Lang::Dart],
        template: r"(?:^|[^\w$.])(?:final|var|const|late)(?:[ \t]+final)?(?:[ \t]+[\w.]+(?:<[^>\n]*>)?\??)??[ \t]+(?P<hit>{N})[ \t]*(?:[=;]|\bin\b)",
        exclude: &[],
    },
    Form {
        what: "Dart's classes, enums, mixins and extensions",
        subject: Subject::Types,
        langs: &[Lang::Dart],
        template: r"(?:^|[^\w$.])(?:class|enum|mixin|extension)[ \t]+(?P<hit>{N})(?:[^\w$]|$)",
        exclude: &[],
    },
];

fn declarations(ctx: &Context, out: &mut Found, asked: &Asked, form: &Form, langs: &[Lang], name: &str) {
    let scope = form.scope(ctx, langs);
    let explanation = format!(
        "names in English (\"{}\"): {} whose name has a Spanish word among its parts (`calcularFianza`, `filas_validas`, `-ción`, `-dad`) are violations; scope {}",
        asked.said, form.what, scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            form.template.replace("{N}", name),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::infer;
    use super::super::super::tests::{rule, texts};

    #[test]
    fn spanish_names_where_code_is_in_english() {
        let ts = concat!(
            "export const VAT_RATE = 0.21;\n",
            "export function calcularFianza(total: number, days: number): number {\n",
            "  const deposit = total * 0.3;\n",
            "  return deposit;\n",
            "}\n",
            "export const DIAS_MINIMOS_RESERVA = 2;\n",
            "const etiqueta = LABELS[status];\n",
            "const label = 'Borrador'; // Calcula la etiqueta\n",
            "export class GestorSincronizacion {}\n",
            "const valorant = 1; const resolver = 2; const suspicionLevel = 3;\n",
            "export const Badge = () => <p>Todavía no hay presupuestos</p>;\n",
        );
        let rule = "**Language**: Explicaciones en español, código en **Inglés**.";
        assert_eq!(
            texts(rule, "src/utils/pricing.tsx", ts),
            [
                "calcularFianza",
                "DIAS_MINIMOS_RESERVA",
                "etiqueta",
                "GestorSincronizacion"
            ]
        );
        let py = "@dataclass\nclass ConversionUnidad:\n    source: str\n    nombre_espiritu: str | None = None\n\ndef convertir_a_toneladas(q: float) -> float:\n    # Convierte kilogramos\n    return q / 1000\n\ndef run() -> int:\n    filas_validas = [r for r in rows]\n    return len(filas_validas)\n";
        let es = "**Excepción**: Los nombres técnicos de variables, funciones y clases en el código se mantendrán en INGLÉS para preservar estándares internacionales, pero sus comentarios explicativos serán en español.";
        assert_eq!(
            texts(es, "backend/unit.py", py),
            [
                "ConversionUnidad",
                "nombre_espiritu",
                "convertir_a_toneladas",
                "filas_validas"
            ]
        );
        let java = "public class MenuController {\n    private String nombreCliente;\n    public static final int MAXIMO_ITEMS = 3;\n    private double calcularPrecioConDescuento(Item item) {\n        return 1;\n    }\n    public void store() {}\n}\n";
        assert_eq!(
            texts(
                "All code and documentation must be written in English.",
                "src/A.java",
                java
            ),
            ["nombreCliente", "MAXIMO_ITEMS", "calcularPrecioConDescuento"]
        );
    }

    #[test]
    fn not_the_language_of_names() {
        let ts = "const etiqueta = 1;\n";
        for other in [
            "Write comments in English.",
            "All documentation and source code comments must be written in English.",
            "Nombres de variables y funciones descriptivos en español o inglés según el contexto",
            "Always use American English spelling in all code and comments.",
            "No utilices inglés en los comentarios, excepto para términos técnicos o nombres propios del código.",
            "File names in English.",
            "Código en español.",
            "Comentarios en el código en español",
            "Realiza todos los comentarios, sugerencias y revisiones de código en inglés.",
            "Antes de ejecutar cualquier cambio en el código o en los ficheros, proporciona una explicación detallada en inglés de los pasos.",
        ] {
            assert!(texts(other, "src/a.ts", ts).is_empty(), "{other}");
        }
        // Names excepted from a Spanish mandate are not said to be Spanish.
        let except = "Todos los mensajes de commit, comentarios de código, documentación y respuestas en el chat deben estar redactados completamente en español, salvo los nombres de variables o funciones.";
        let inf = infer(&rule(except));
        assert!(
            !inf.mandates
                .iter()
                .chain(&inf.forbids)
                .any(|t| t.key.starts_with("names:")),
            "{:?}",
            inf.mandates
        );
        let es = infer(&rule("Código en español."));
        assert_eq!(
            es.mandates.iter().map(|t| t.key.as_str()).collect::<Vec<_>>(),
            ["names:spanish"]
        );
        // A negated Spanish is English.
        assert_eq!(
            texts("No uses español en el código.", "src/a.ts", ts),
            ["etiqueta"]
        );
    }
}
