//! What the server says to people, in English or Spanish.

use crate::i18n::Locale;
use crate::rules::{Category, user};

pub fn inferred_suffix(l: Locale) -> &'static str {
    l.pick(" (inferred)", " (inferida)")
}

/// "rule #3", or "user rule #3" for a user rule's key (see [`crate::rules::user`]).
pub fn rule_name(l: Locale, key: u64) -> String {
    let n = user::number(key);
    match (l, user::is_key(key)) {
        (Locale::En, false) => format!("rule #{n}"),
        (Locale::En, true) => format!("user rule #{n}"),
        (Locale::Es, false) => format!("regla #{n}"),
        (Locale::Es, true) => format!("regla de usuario #{n}"),
    }
}

/// [`rule_name`] at the start of a sentence.
pub fn rule_title(l: Locale, key: u64) -> String {
    let name = rule_name(l, key);
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

pub fn related(l: Locale, rule: u64, category: Category, why: &str) -> String {
    let title = rule_title(l, rule);
    match l {
        Locale::En => format!("{title} [{category}] — why: {why}"),
        Locale::Es => format!("{title} [{category}] — por qué: {why}"),
    }
}

pub fn fix_title(l: Locale, replacement: &str) -> String {
    match (l, replacement.is_empty()) {
        (Locale::En, true) => "Fix: remove it".into(),
        (Locale::Es, true) => "Corregir: eliminarlo".into(),
        (Locale::En, false) => format!("Fix: replace with `{replacement}`"),
        (Locale::Es, false) => format!("Corregir: reemplazar por `{replacement}`"),
    }
}

pub fn ignore_title(l: Locale, rule: u64) -> String {
    match l {
        Locale::En => format!("Ignore {} on this line", rule_name(l, rule)),
        Locale::Es => format!("Ignorar la {} en esta línea", rule_name(l, rule)),
    }
}

pub fn fix_all_title(l: Locale) -> &'static str {
    l.pick(
        "Fix all autofix violations",
        "Corregir todas las infracciones de autofix",
    )
}

pub fn status_active(l: Locale) -> &'static str {
    l.pick("active", "activa")
}

pub fn inferred_note(l: Locale) -> &'static str {
    l.pick(
        "inferred from the rule's words",
        "inferida de las palabras de la regla",
    )
}

pub fn why_label(l: Locale) -> &'static str {
    l.pick("Why", "Por qué")
}

pub fn defined_in(l: Locale, path: &str, line: usize) -> String {
    match l {
        Locale::En => format!("Defined in `{path}`, line {line}"),
        Locale::Es => format!("Definida en `{path}`, línea {line}"),
    }
}

pub fn rules_reloaded(l: Locale, roots: usize, rules: usize) -> String {
    match l {
        Locale::En => format!("autofix: reloaded {rules} rules from {roots} rules file(s)"),
        Locale::Es => format!("autofix: {rules} reglas recargadas de {roots} archivo(s) de reglas"),
    }
}

pub fn unknown_command(l: Locale, name: &str) -> String {
    match l {
        Locale::En => format!("unknown command `{name}`"),
        Locale::Es => format!("comando desconocido `{name}`"),
    }
}

pub fn bad_arguments(l: Locale, name: &str, detail: &str) -> String {
    match l {
        Locale::En => format!("{name}: invalid arguments: {detail}"),
        Locale::Es => format!("{name}: argumentos no válidos: {detail}"),
    }
}

pub fn truncated(l: Locale, rule: u64, limit: usize) -> String {
    let rule = rule_name(l, rule);
    match l {
        Locale::En => format!(
            "autofix: {rule} stopped after {limit} violations in this file; the rest are not shown — fix these, or narrow the rule's `Files`, to see them"
        ),
        Locale::Es => format!(
            "autofix: la {rule} se detuvo tras {limit} infracciones en este archivo; el resto no se muestra — corrige estas, o acota los `Files` de la regla, para verlas"
        ),
    }
}
