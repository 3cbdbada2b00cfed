//! Lints of a rule's meaning (beyond its JSON shape): instructions that are not imperative,
//! rules too vague for anything to check, and rules left unchecked for an exception no file
//! shows (with a check proposed).

use super::infer::Inference;
use super::model::Rule;
use super::problem::{Problem, ProblemKind};

/// Words that make an instruction imperative wherever they appear near its start.
pub(crate) const MARKERS: &[&str] = &[
    "never", "always", "nunca", "siempre", "don't", "do", "must", "no", "only", "solo",
];

/// Imperative verbs an instruction may open with (English base forms, Spanish infinitives and
/// `tú` imperatives).
pub(crate) const VERBS: &[&str] = &[
    "use",
    "avoid",
    "prefer",
    "keep",
    "put",
    "place",
    "write",
    "make",
    "run",
    "add",
    "include",
    "provide",
    "document",
    "format",
    "name",
    "export",
    "import",
    "call",
    "return",
    "store",
    "validate",
    "ensure",
    "wrap",
    "prefix",
    "limit",
    "split",
    "follow",
    "test",
    "check",
    "log",
    "handle",
    "declare",
    "define",
    "commit",
    "remove",
    "delete",
    "create",
    "set",
    "give",
    "read",
    "respect",
    "stop",
    "start",
    "migrate",
    "replace",
    "move",
    "mark",
    "pin",
    "lock",
    "sort",
    "order",
    "group",
    "type",
    "annotate",
    "comment",
    "escape",
    "sanitize",
    "quote",
    "indent",
    "align",
    "break",
    "throw",
    "catch",
    "await",
    "close",
    "open",
    "reuse",
    "usa",
    "evita",
    "coloca",
    "mantén",
    "manten",
    "incluye",
    "documenta",
    "escribe",
    "formatea",
    "prefiere",
    "pon",
    "agrega",
    "añade",
    "exporta",
    "importa",
    "valida",
    "llama",
    "devuelve",
    "guarda",
    "ejecuta",
    "prueba",
    "define",
    "declara",
    "crea",
    "elimina",
    "borra",
    "mueve",
    "reemplaza",
    "sigue",
    "comprueba",
];

/// English words ending like a Spanish infinitive that do not start an instruction.
const NOT_INFINITIVES: &[&str] = &[
    "other", "under", "over", "either", "neither", "after", "per", "our", "their", "your", "for", "or",
    "ever", "water", "paper", "user", "server", "later", "error",
];

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | ':' | '.' | '(' | ')' | '"' | '[' | ']')
    })
    .filter(|w| !w.is_empty())
    .map(|w| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase()
    })
}

/// True when an instruction reads as a command: "Never …", "Always …", "Use …", "Usar siempre …".
pub fn is_imperative(instruction: &str) -> bool {
    let first: Vec<String> = words(instruction).take(4).collect();
    let Some(head) = first.first() else { return false };
    if first.iter().any(|w| MARKERS.contains(&w.as_str())) || VERBS.contains(&head.as_str()) {
        return true;
    }
    // Spanish infinitives: "Usar …", "Colocar …", "Incluir …".
    head.chars().count() > 3
        && ["ar", "er", "ir"].iter().any(|end| head.ends_with(end))
        && !NOT_INFINITIVES.contains(&head.as_str())
}

/// The meaning lints of one rule; `inference` says whether anything could be checked.
pub fn lint_rule(rule: &Rule, inference: Option<&Inference>) -> Vec<Problem> {
    let mut problems = Vec::new();
    if !rule.instruction.trim().is_empty() && !is_imperative(&rule.instruction) {
        problems.push(Problem::new(
            ProblemKind::NotImperative,
            rule.span.instruction.clone(),
        ));
    }
    if rule.checks.is_empty() && inference.is_some_and(|i| i.vague) {
        problems.push(Problem::new(ProblemKind::TooVague, rule.span.instruction.clone()));
    }
    if let Some(why) = inference
        .and_then(|i| i.unread)
        .filter(|_| rule.checks.is_empty())
    {
        problems.push(Problem::new(
            ProblemKind::NotRead { why },
            rule.span.instruction.clone(),
        ));
    }
    if let Some(inference) = inference.filter(|i| rule.checks.is_empty() && !i.proposed.is_empty()) {
        problems.push(Problem::new(
            ProblemKind::ExceptionUnseen {
                exception: inference.unseen.join("; "),
            },
            rule.span.instruction.clone(),
        ));
    }
    problems
        .into_iter()
        .map(|p| p.for_rule(Some(rule.number)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imperatives_in_english_and_spanish() {
        for ok in [
            "Never use `any` in TypeScript - use `unknown`.",
            "Always put API routes in src/server/routes/.",
            "Use pnpm instead of npm.",
            "Don't commit secrets.",
            "Do not use default exports.",
            "No usar nunca exportaciones por defecto para componentes React.",
            "Colocar siempre los manejadores de rutas de API en 'src/server/routes/'.",
            "Usar siempre esquemas Zod para validación de entrada.",
            "Nunca agregues emojis a los mensajes de commit.",
            "Incluir siempre marcas de tiempo created_at y updated_at.",
            "Prefer `const` over `let`.",
            "API routes must live in src/server/routes/.",
        ] {
            assert!(is_imperative(ok), "{ok}");
        }
        for not in [
            "The code is messy.",
            "I like tabs.",
            "Other teams use yarn.",
            "React components are nice.",
            "",
        ] {
            assert!(!is_imperative(not), "{not}");
        }
    }
}
