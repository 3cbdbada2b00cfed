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
    format!("{}: {}", fix_label(l), fix_what(l, replacement))
}

pub fn fix_label(l: Locale) -> &'static str {
    l.pick("Fix", "Corregir")
}

/// What a fix does: "replace with `x`", "remove it".
pub fn fix_what(l: Locale, replacement: &str) -> String {
    match (l, replacement.is_empty()) {
        (Locale::En, true) => "remove it".into(),
        (Locale::Es, true) => "eliminarlo".into(),
        (Locale::En, false) => format!("replace with `{replacement}`"),
        (Locale::Es, false) => format!("reemplazar por `{replacement}`"),
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

// --- exporting the rules to the agents' files ---------------------------------------------------

/// The title of the export (command, code action, the edit's annotation).
pub fn export_title(l: Locale) -> &'static str {
    l.pick(
        "Export rules to agent files",
        "Exportar las reglas a los archivos de los agentes",
    )
}

/// What an export does to a file, as a word for lists ("AGENTS.md (updated)").
pub fn export_verb(l: Locale, action: super::protocol::ExportAction) -> &'static str {
    use super::protocol::ExportAction as A;
    match action {
        A::Created => l.pick("created", "creado"),
        A::Updated => l.pick("updated", "actualizado"),
        A::Removed => l.pick("removed", "eliminado"),
        A::Unchanged => l.pick("unchanged", "sin cambios"),
        A::Conflict => l.pick("left alone", "sin tocar"),
        A::Refused => l.pick("refused", "rechazado"),
    }
}

/// The description of the export's edit: whose rules (`rules` active, `scoped` of them scoped
/// to some files, `scoping` when some agent takes those in files of their own, else the
/// `targets` that would apply them everywhere), and the files left out of it.
pub fn export_description(
    l: Locale,
    (rules, scoped, scoping): (usize, usize, bool),
    rules_files: &str,
    targets: &[String],
    left_alone: &[String],
) -> String {
    let everywhere = match targets {
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), l.pick("and", "y")),
        [] => String::new(),
    };
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let mut out = match (l, scoped > 0, scoping) {
        (Locale::En, false, _) => format!(
            "the {rules} active rule{} of {rules_files}, newest first",
            s(rules)
        ),
        (Locale::En, true, true) => format!(
            "the {rules} active rule{} of {rules_files}, newest first ({scoped} scoped to some files, in files of their own)",
            s(rules)
        ),
        (Locale::En, true, false) => format!(
            "the {} project-wide rule{} of {rules_files}, newest first (not the {scoped} scoped to some files: {everywhere} {} to every file — agents that scope by file, like Cursor or Claude, get those)",
            rules - scoped,
            s(rules - scoped),
            if targets.len() == 1 { "applies" } else { "apply" }
        ),
        (Locale::Es, false, _) => format!(
            "la{0} {rules} regla{0} activa{0} de {rules_files}, de la más nueva a la más antigua",
            s(rules)
        ),
        (Locale::Es, true, true) => format!(
            "la{0} {rules} regla{0} activa{0} de {rules_files}, de la más nueva a la más antigua ({scoped} con alcance de archivos, en archivos propios)",
            s(rules)
        ),
        (Locale::Es, true, false) => format!(
            "la{0} {1} regla{0} de todo el proyecto de {rules_files}, de la más nueva a la más antigua (no las {scoped} con alcance de archivos: {everywhere} {2} para todos los archivos — los agentes que acotan por archivo, como Cursor o Claude, las reciben)",
            s(rules - scoped),
            rules - scoped,
            if targets.len() == 1 { "vale" } else { "valen" }
        ),
    };
    if !left_alone.is_empty() {
        out.push_str(&match l {
            Locale::En => format!(" — left alone: {}", left_alone.join(", ")),
            Locale::Es => format!(" — sin tocar: {}", left_alone.join(", ")),
        });
    }
    out
}

/// The end of a list cut short: "and 5 more".
pub fn and_more(l: Locale, n: usize) -> String {
    match l {
        Locale::En => format!("and {n} more"),
        Locale::Es => format!("y {n} más"),
    }
}

pub fn exports_current(l: Locale, files: usize, rules_files: &str) -> String {
    match l {
        Locale::En => format!(
            "autofix: exports are current — {files} agent file{} already hold{} the rules of {rules_files}",
            if files == 1 { "" } else { "s" },
            if files == 1 { "s" } else { "" }
        ),
        Locale::Es => format!(
            "autofix: las exportaciones están al día — {files} archivo{s} de agente ya tiene{n} las reglas de {rules_files}",
            s = if files == 1 { "" } else { "s" },
            n = if files == 1 { "" } else { "n" }
        ),
    }
}

pub fn exports_stale(l: Locale, files: &str) -> String {
    match l {
        Locale::En => format!("autofix: exports are stale — an export would change {files}"),
        Locale::Es => {
            format!("autofix: las exportaciones están desactualizadas — exportar cambiaría {files}")
        }
    }
}

/// After an export landed; the files first (a notification may show one line only).
pub fn exported(l: Locale, rules_files: &str, files: &str) -> String {
    match l {
        Locale::En => format!("autofix: exported to {files} — the rules of {rules_files}"),
        Locale::Es => format!("autofix: exportado a {files} — las reglas de {rules_files}"),
    }
}

/// A file an export left alone, and why.
pub fn export_left_alone(l: Locale, path: &str, reason: &str) -> String {
    match l {
        Locale::En => format!("autofix: {path} was left alone: {reason}"),
        Locale::Es => format!("autofix: no se tocó {path}: {reason}"),
    }
}

/// Why an export leaves a file alone, as the editor says it (the command line's own
/// `--force` advice left out: the editor has no such option).
pub fn export_conflict(l: Locale, conflict: &crate::agent_files::export::Conflict) -> String {
    use crate::agent_files::export::Conflict as C;
    match l {
        Locale::En => conflict.reason(),
        Locale::Es => match conflict {
            C::EditedSection => "la sección de autofix se editó a mano después de exportarla: saca tus cambios de ella (o llévalos a las reglas con `autofix learn`)".into(),
            C::Markers(what) => format!("{what} — arregla los marcadores y vuelve a exportar"),
            C::EditedGenerated => "este archivo generado se editó a mano: lleva el cambio a las reglas (`autofix learn`)".into(),
            C::Foreign => "un archivo que autofix no escribió tiene este nombre: renómbralo".into(),
            C::EditedStale => "ninguna regla produce ya este archivo generado, pero se editó a mano: bórralo tú".into(),
        },
    }
}

/// Why a change of an export could not be sent to this editor.
pub fn export_not_sendable(l: Locale, create: bool) -> &'static str {
    match (l, create) {
        (Locale::En, true) => "this editor cannot create files: run `autofix export` to create it",
        (Locale::En, false) => "this editor cannot delete files: delete it yourself, or run `autofix export`",
        (Locale::Es, true) => "este editor no puede crear archivos: ejecuta `autofix export` para crearlo",
        (Locale::Es, false) => "este editor no puede borrar archivos: bórralo tú, o ejecuta `autofix export`",
    }
}

pub fn export_cannot_edit(l: Locale) -> &'static str {
    l.pick(
        "this editor cannot apply edits, so nothing was exported; run `autofix export` in a terminal",
        "este editor no puede aplicar ediciones, así que no se exportó nada; ejecuta `autofix export` en una terminal",
    )
}

pub fn export_no_agents(l: Locale, dir: &str) -> String {
    match l {
        Locale::En => format!(
            "no agent files in {dir} (AGENTS.md, CLAUDE.md, .cursor/, .github/copilot-instructions.md, …): name the agents to export to (`agents`: agents, claude, cursor, copilot, cline, roo, windsurf, gemini, continue, kiro)"
        ),
        Locale::Es => format!(
            "no hay archivos de agentes en {dir} (AGENTS.md, CLAUDE.md, .cursor/, .github/copilot-instructions.md, …): indica a qué agentes exportar (`agents`: agents, claude, cursor, copilot, cline, roo, windsurf, gemini, continue, kiro)"
        ),
    }
}

pub fn export_no_rules(l: Locale, dir: &str) -> String {
    match l {
        Locale::En => format!(
            "no rules file for {dir}: learn a rule or import the agents' files (`autofix import --write`) first"
        ),
        Locale::Es => format!(
            "no hay archivo de reglas para {dir}: aprende una regla o importa los archivos de los agentes (`autofix import --write`) primero"
        ),
    }
}

pub fn export_broken(l: Locale, rules_file: &str) -> String {
    match l {
        Locale::En => format!("{rules_file} has errors: fix them first — nothing was exported from it"),
        Locale::Es => format!("{rules_file} tiene errores: corrígelos primero — no se exportó nada de él"),
    }
}

pub fn workspace_progress_title(l: Locale) -> &'static str {
    l.pick(
        "autofix: checking the workspace",
        "autofix: revisando el espacio de trabajo",
    )
}

pub fn workspace_progress(l: Locale, done: usize, total: usize) -> String {
    match l {
        Locale::En => format!("{done} of {total} files"),
        Locale::Es => format!("{done} de {total} archivos"),
    }
}

/// The end of a workspace report: files checked, violations, files skipped and why.
pub fn workspace_summary(l: Locale, tally: &crate::rules::sweep::Tally) -> String {
    let mut out = match l {
        Locale::En => format!(
            "{} files checked: {} violations in {} files",
            tally.checked, tally.violations, tally.with_violations
        ),
        Locale::Es => format!(
            "{} archivos revisados: {} infracciones en {} archivos",
            tally.checked, tally.violations, tally.with_violations
        ),
    };
    let skipped: usize = tally.skipped.values().sum::<usize>() + tally.failed;
    if skipped > 0 {
        let reasons: Vec<String> = tally
            .skipped
            .iter()
            .map(|(why, n)| format!("{n} {}", why.counted()))
            .chain((tally.failed > 0).then(|| match l {
                Locale::En => format!("{} unreadable", tally.failed),
                Locale::Es => format!("{} ilegibles", tally.failed),
            }))
            .collect();
        out.push_str(&match l {
            Locale::En => format!("; {skipped} skipped ({})", reasons.join(", ")),
            Locale::Es => format!("; {skipped} omitidos ({})", reasons.join(", ")),
        });
    }
    out
}

pub fn workspace_stopped(l: Locale, stop: crate::budget::Stop) -> String {
    match (l, stop) {
        (Locale::En, crate::budget::Stop::OutOfTime) => {
            "stopped after 10 minutes; the next report goes on from there".into()
        }
        (Locale::Es, crate::budget::Stop::OutOfTime) => {
            "detenido a los 10 minutos; el próximo informe sigue desde ahí".into()
        }
        (Locale::En, crate::budget::Stop::Cancelled) => "cancelled".into(),
        (Locale::Es, crate::budget::Stop::Cancelled) => "cancelado".into(),
    }
}

/// The workspace report leaves out files past the limit.
pub fn workspace_limit(l: Locale, limit: usize, left_out: usize) -> String {
    match l {
        Locale::En => format!(
            "autofix: workspace diagnostics cover the first {limit} files the rules reach and leave out {left_out} more; raise `workspaceDiagnosticsMaxFiles` to see them, or run `autofix check` for the whole tree"
        ),
        Locale::Es => format!(
            "autofix: los diagnósticos del espacio de trabajo cubren los primeros {limit} archivos que alcanzan las reglas y dejan fuera {left_out} más; sube `workspaceDiagnosticsMaxFiles` para verlos, o ejecuta `autofix check` para todo el árbol"
        ),
    }
}

/// The workspace fix, as its review names it: "Fix 4 violations in 3 files".
pub fn fix_workspace_title(l: Locale, fixes: usize, files: usize) -> String {
    match l {
        Locale::En => format!(
            "Fix {fixes} violation{} in {files} file{}",
            if fixes == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" }
        ),
        Locale::Es => format!(
            "Corregir {fixes} infracci{} en {files} archivo{}",
            if fixes == 1 { "ón" } else { "ones" },
            if files == 1 { "" } else { "s" }
        ),
    }
}

pub fn nothing_to_fix(l: Locale) -> &'static str {
    l.pick(
        "autofix: nothing in the workspace has a fix",
        "autofix: nada en el espacio de trabajo tiene corrección",
    )
}
