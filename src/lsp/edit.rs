//! Workspace edits the way the client can take them: versioned `TextDocumentEdit`s (and files
//! created or deleted) with a change annotation asking for confirmation when it supports them,
//! plain `changes` otherwise.

use std::collections::HashMap;

use tower_lsp_server::ls_types::{
    AnnotatedTextEdit, ChangeAnnotation, CreateFile, CreateFileOptions, DeleteFile, DeleteFileOptions,
    DocumentChangeOperation, DocumentChanges, MessageActionItem, MessageType, OneOf,
    OptionalVersionedTextDocumentIdentifier, ResourceOp, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use super::capabilities::ClientCaps;
use super::session::Session;
use tracing::Level;

/// Edits to one file: its URI, the version they were computed against (`None` for a file that
/// is not open) and the text edits.
#[derive(Debug, Clone)]
pub struct FileEdits {
    pub uri: Uri,
    pub version: Option<i32>,
    pub edits: Vec<TextEdit>,
    /// Create the file first (it does not exist yet).
    pub create: bool,
}

/// One operation of a workspace edit.
#[derive(Debug, Clone)]
pub enum FileOp {
    /// Edits to a file (created first when it does not exist yet).
    Edit(FileEdits),
    /// Deleting a file. Only clients with `documentChanges` get it: without them, it is left
    /// out (callers send deletions only to clients that support them).
    Delete(Uri),
}

/// A label and description for edits the user should confirm.
#[derive(Debug, Clone)]
pub struct Confirm {
    pub id: String,
    pub label: String,
    pub description: Option<String>,
}

/// What the editor answered to an edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    pub applied: bool,
    /// Why it was not applied, when the editor (or the user) said.
    pub failure_reason: Option<String>,
}

impl Sent {
    pub fn applied() -> Sent {
        Sent {
            applied: true,
            failure_reason: None,
        }
    }

    pub fn not_applied(reason: Option<String>) -> Sent {
        Sent {
            applied: false,
            failure_reason: reason,
        }
    }
}

/// Asks the user "label? — description" with Apply / Cancel; true for Apply.
async fn ask(session: &Session, confirm: &Confirm) -> bool {
    let locale = session.context().locale;
    let (yes, no) = (locale.pick("Apply", "Aplicar"), locale.pick("Cancel", "Cancelar"));
    let question = match &confirm.description {
        Some(d) => format!("autofix: {}? — {d}", confirm.label),
        None => format!("autofix: {}?", confirm.label),
    };
    let actions = [yes, no]
        .map(|t| MessageActionItem {
            title: t.into(),
            properties: Default::default(),
        })
        .to_vec();
    let answer = session
        .client
        .show_message_request(MessageType::INFO, question, Some(actions))
        .await;
    matches!(answer, Ok(Some(ref a)) if a.title == yes)
}

/// For a client that cannot apply workspace edits: the server may write the change itself, but
/// only once the user said yes to a `window/showMessageRequest`. A client that cannot ask either
/// gets nothing written, and a message saying how to apply the change by hand (`how`).
pub async fn confirm_without_edits(session: &Session, confirm: &Confirm, how: &str) -> Sent {
    let ctx = session.context();
    if ctx.caps.show_message_request {
        return if ask(session, confirm).await {
            Sent::applied()
        } else {
            Sent::not_applied(Some("rejected by the user".into()))
        };
    }
    let reason = match ctx.locale {
        crate::i18n::Locale::En => format!(
            "this editor can neither apply edits nor ask for a confirmation, so autofix wrote nothing; to apply it, run: {how}"
        ),
        crate::i18n::Locale::Es => format!(
            "este editor no puede aplicar ediciones ni pedir confirmación, así que autofix no escribió nada; para aplicarlo, ejecuta: {how}"
        ),
    };
    session
        .client
        .show_message(
            MessageType::WARNING,
            format!("autofix: {}: {reason}", confirm.label),
        )
        .await;
    Sent::not_applied(Some(reason))
}

/// Sends `edit` with `workspace/applyEdit`. An edit to `confirm` goes to a client that cannot
/// show change annotations (and so would apply it without asking) only after the user says
/// yes to a `window/showMessageRequest`. Errors are logged, naming `what` was being applied.
pub async fn send(session: &Session, edit: WorkspaceEdit, confirm: Option<&Confirm>, what: &str) -> Sent {
    let caps = session.context().caps;
    if let Some(confirm) = confirm
        && !caps.change_annotations
        && caps.show_message_request
        && !ask(session, confirm).await
    {
        return Sent::not_applied(Some("rejected by the user".into()));
    }
    match session.client.apply_edit(edit).await {
        Ok(response) => {
            if let Some(reason) = response.failure_reason.as_ref().filter(|_| !response.applied) {
                session.log(Level::INFO, format!("autofix: {what} not applied: {reason}"));
            }
            Sent {
                applied: response.applied,
                failure_reason: response.failure_reason.filter(|_| !response.applied),
            }
        }
        Err(e) => {
            session.log_warning(format!("autofix: the editor did not apply {what}: {e}"));
            // The editor's own words ("User cancelled server edit"), not the error code's name.
            Sent::not_applied(Some(e.message.to_string()))
        }
    }
}

/// Builds the workspace edit for `files`.
pub fn workspace_edit(files: Vec<FileEdits>, caps: &ClientCaps, confirm: Option<Confirm>) -> WorkspaceEdit {
    workspace_edit_ops(files.into_iter().map(FileOp::Edit).collect(), caps, confirm)
}

/// Builds the workspace edit for `ops`, in their order.
pub fn workspace_edit_ops(ops: Vec<FileOp>, caps: &ClientCaps, confirm: Option<Confirm>) -> WorkspaceEdit {
    if !caps.document_changes {
        let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
        for op in ops {
            if let FileOp::Edit(f) = op {
                changes.entry(f.uri).or_default().extend(f.edits);
            }
        }
        return WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        };
    }
    let annotate = confirm.filter(|_| caps.change_annotations);
    let annotation_id = || annotate.as_ref().map(|c| c.id.clone());
    let mut out = Vec::new();
    for op in ops {
        let f = match op {
            FileOp::Edit(f) => f,
            FileOp::Delete(uri) => {
                out.push(DocumentChangeOperation::Op(ResourceOp::Delete(DeleteFile {
                    uri,
                    options: Some(DeleteFileOptions {
                        recursive: Some(false),
                        ignore_if_not_exists: Some(false),
                    }),
                    annotation_id: annotation_id(),
                })));
                continue;
            }
        };
        if f.create {
            out.push(DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
                uri: f.uri.clone(),
                options: Some(CreateFileOptions {
                    overwrite: Some(false),
                    ignore_if_exists: Some(false),
                }),
                annotation_id: annotation_id(),
            })));
        }
        let edits = f
            .edits
            .into_iter()
            .map(|text_edit| match &annotate {
                Some(c) => OneOf::Right(AnnotatedTextEdit {
                    text_edit,
                    annotation_id: c.id.clone(),
                }),
                None => OneOf::Left(text_edit),
            })
            .collect();
        out.push(DocumentChangeOperation::Edit(TextDocumentEdit {
            text_document: OptionalVersionedTextDocumentIdentifier {
                uri: f.uri,
                version: f.version,
            },
            edits,
        }));
    }
    let change_annotations = annotate.map(|c| {
        HashMap::from([(
            c.id,
            ChangeAnnotation {
                label: c.label,
                needs_confirmation: Some(true),
                description: c.description,
            },
        )])
    });
    WorkspaceEdit {
        changes: None,
        document_changes: Some(DocumentChanges::Operations(out)),
        change_annotations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;
    use tower_lsp_server::ls_types::{Position, Range};

    fn file(create: bool) -> FileEdits {
        FileEdits {
            uri: Uri::from_str("file:///r/a.ts").unwrap(),
            version: Some(3),
            edits: vec![TextEdit::new(
                Range::new(Position::new(0, 0), Position::new(0, 1)),
                "x".into(),
            )],
            create,
        }
    }

    #[test]
    fn annotated_versioned_edits_when_supported() {
        let caps = ClientCaps {
            document_changes: true,
            change_annotations: true,
            ..Default::default()
        };
        let confirm = Confirm {
            id: "learn".into(),
            label: "Learn rule #4".into(),
            description: None,
        };
        let edit = workspace_edit(vec![file(true)], &caps, Some(confirm));
        let json = serde_json::to_value(&edit).unwrap();
        assert_eq!(json["documentChanges"][0]["kind"], "create");
        assert_eq!(json["documentChanges"][0]["options"]["overwrite"], false);
        assert_eq!(
            json["documentChanges"][0]["options"]["ignoreIfExists"], false,
            "an existing file makes the edit fail"
        );
        assert_eq!(json["documentChanges"][1]["textDocument"]["version"], 3);
        assert_eq!(json["documentChanges"][1]["edits"][0]["annotationId"], "learn");
        assert_eq!(json["changeAnnotations"]["learn"]["needsConfirmation"], true);
    }

    #[test]
    fn deletions_are_annotated_resource_operations_and_left_out_of_plain_changes() {
        let caps = ClientCaps {
            document_changes: true,
            change_annotations: true,
            ..Default::default()
        };
        let confirm = Confirm {
            id: "export".into(),
            label: "Export".into(),
            description: None,
        };
        let gone = Uri::from_str("file:///r/old.md").unwrap();
        let ops = vec![FileOp::Edit(file(false)), FileOp::Delete(gone.clone())];
        let json = serde_json::to_value(workspace_edit_ops(ops.clone(), &caps, Some(confirm))).unwrap();
        assert_eq!(json["documentChanges"][1]["kind"], "delete");
        assert_eq!(json["documentChanges"][1]["uri"], "file:///r/old.md");
        assert_eq!(json["documentChanges"][1]["annotationId"], "export");
        let plain = serde_json::to_value(workspace_edit_ops(ops, &ClientCaps::default(), None)).unwrap();
        assert_eq!(plain["changes"].as_object().unwrap().len(), 1, "{plain}");
    }

    #[test]
    fn plain_changes_without_document_changes() {
        let edit = workspace_edit(vec![file(false)], &ClientCaps::default(), None);
        let json = serde_json::to_value(&edit).unwrap();
        assert_eq!(json["changes"]["file:///r/a.ts"][0]["newText"], "x");
        assert!(json.get("documentChanges").is_none());
    }
}
