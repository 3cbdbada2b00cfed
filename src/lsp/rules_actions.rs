//! Code actions inside autofix.json: "Make this check explicit" writes a rule's inferred checks
//! into it as a `Check`; "Enforce rule #N everywhere" writes the check proposed for a rule left
//! unchecked for an exception no file shows; a non-canonical category is rewritten to its
//! canonical name; the source action "Export rules to agent files" runs `autofix.exportRules`.

use std::path::Path;

use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Diagnostic, NumberOrString, TextEdit,
};

use super::edit::{FileEdits, workspace_edit};
use super::session::Session;
use super::snapshot::DocumentSnapshot;
use crate::i18n::Locale;
use crate::rules::Category;
use crate::rules::infer;

pub const MAKE_EXPLICIT: &str = "refactor.rewrite.autofix.explicit";
pub const EXPORT: &str = "source.autofix.exportRules";

/// The kinds of the actions offered only inside a rules file that the server advertises.
pub fn kinds() -> Vec<CodeActionKind> {
    vec![CodeActionKind::new(EXPORT)]
}

/// "Export rules to agent files", in the rules file in force (not a broken one, not a shadowed
/// one), when the client asks for source actions (VS Code's "Source Action…" menu): not among
/// the fixes of whatever is under the cursor.
fn export_action(
    session: &Session,
    doc: &DocumentSnapshot,
    params: &CodeActionParams,
    path: &Path,
) -> Option<CodeActionOrCommand> {
    let wanted = params.context.only.as_ref().is_some_and(|only| {
        only.iter()
            .any(|o| EXPORT == o.as_str() || EXPORT.starts_with(&format!("{}.", o.as_str())))
    });
    let in_force = session.with_index(|index, _| {
        index
            .root_of_rules_file(path)
            .is_some_and(|r| r.file.as_deref() == Some(path) && !r.is_broken())
    });
    if !wanted || !in_force {
        return None;
    }
    let title = super::messages::export_title(doc.locale());
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: title.into(),
        kind: Some(CodeActionKind::new(EXPORT)),
        command: Some(tower_lsp_server::ls_types::Command {
            title: title.into(),
            command: <super::protocol::ExportRules as super::protocol::Command>::NAME.into(),
            arguments: Some(vec![serde_json::json!({ "uri": doc.uri.as_str() })]),
        }),
        ..Default::default()
    }))
}

pub fn code_actions(
    session: &Session,
    doc: &DocumentSnapshot,
    params: &CodeActionParams,
    path: &Path,
) -> Vec<CodeActionOrCommand> {
    let locale = doc.locale();
    let export = export_action(session, doc, params, path);
    let Some(loaded) =
        session.with_index(|index, _| index.root_of_rules_file(path).and_then(|r| r.latest.clone()))
    else {
        return export.into_iter().collect();
    };
    // The rule set must have been built from exactly this text, or its spans would be off.
    if doc.rope != *loaded.set.source {
        return export.into_iter().collect();
    }
    let edit = |edits: Vec<TextEdit>| {
        workspace_edit(
            vec![FileEdits {
                uri: doc.uri.clone(),
                version: Some(doc.version),
                edits,
                create: false,
            }],
            &doc.ctx.caps,
            None,
        )
    };
    let wanted = doc.bytes(params.range);
    let mut out = Vec::new();
    let set = &loaded.set;
    for (i, rule) in set.rules.iter().enumerate() {
        if rule.span.object.end < wanted.start || rule.span.object.start > wanted.end {
            continue;
        }
        if let Some((range, text)) = infer::make_explicit_edit(&set.source, rule, &set.inferences[i]) {
            let title = match locale {
                Locale::En => format!("Make the check of rule #{} explicit", rule.number),
                Locale::Es => format!("Hacer explícita la comprobación de la regla #{}", rule.number),
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::new(MAKE_EXPLICIT)),
                edit: Some(edit(vec![TextEdit::new(doc.range(&range), text)])),
                ..Default::default()
            }));
        }
    }
    for (i, rule) in set.rules.iter().enumerate() {
        if rule.span.object.end < wanted.start || rule.span.object.start > wanted.end {
            continue;
        }
        let inference = &set.inferences[i];
        if inference.proposed.is_empty() {
            continue;
        }
        // Once written, the rule's Check replaces what is inferred: keep the enforced checks too.
        let Some((range, text)) = infer::make_explicit_edit(&set.source, rule, &inference.enforced()) else {
            continue;
        };
        let title = match locale {
            Locale::En => format!("Enforce rule #{} everywhere", rule.number),
            Locale::Es => format!("Aplicar la regla #{} en todas partes", rule.number),
        };
        // The hint it answers, when the client sent it: the action is then its quick fix.
        let answered: Vec<Diagnostic> = params
            .context
            .diagnostics
            .iter()
            .filter(|d| {
                d.code == Some(NumberOrString::String("exception-unseen".into()))
                    && doc.bytes(d.range).start <= rule.span.object.end
                    && doc.bytes(d.range).end >= rule.span.object.start
            })
            .cloned()
            .collect();
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title,
            kind: Some(if answered.is_empty() {
                CodeActionKind::new(MAKE_EXPLICIT)
            } else {
                CodeActionKind::QUICKFIX
            }),
            diagnostics: (!answered.is_empty()).then_some(answered),
            edit: Some(edit(vec![TextEdit::new(doc.range(&range), text)])),
            ..Default::default()
        }));
    }
    for diagnostic in &params.context.diagnostics {
        if diagnostic.code != Some(NumberOrString::String("non-canonical-category".into())) {
            continue;
        }
        if let Some(action) = canonical_category(diagnostic, doc, &edit) {
            out.push(action);
        }
    }
    out.extend(export);
    out
}

fn canonical_category(
    diagnostic: &Diagnostic,
    doc: &DocumentSnapshot,
    edit: &dyn Fn(Vec<TextEdit>) -> tower_lsp_server::ls_types::WorkspaceEdit,
) -> Option<CodeActionOrCommand> {
    let locale = doc.locale();
    let range = doc.bytes(diagnostic.range);
    let written = crate::text::Source::slice(&doc.rope, range.clone()).into_owned();
    let category = Category::parse(written.trim_matches('"'))?;
    let title = match locale {
        Locale::En => format!("Write the category as \"{category}\""),
        Locale::Es => format!("Escribir la categoría como \"{category}\""),
    };
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic.clone()]),
        edit: Some(edit(vec![TextEdit::new(
            doc.range(&range),
            format!("\"{category}\""),
        )])),
        is_preferred: Some(true),
        ..Default::default()
    }))
}
