//! Document diagnostics pulled by the client (`textDocument/diagnostic`), and the result ids
//! that let a pull answer "unchanged". A client that pulls and can be told to pull again
//! (`workspace/diagnostic/refresh`) gets its documents' diagnostics only this way; any other
//! gets them pushed, and its pulls are answered empty so that nothing shows twice.

use std::hash::{Hash, Hasher};

use serde_json::json;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::{
    Diagnostic, DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport,
    RelatedUnchangedDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport,
};

use super::convert::uri_to_path;
use super::session::Session;
use crate::rules::sweep::Outcome;

/// The result id of a list of diagnostics: a hash of what the client would show, so equal lists
/// have equal ids whenever and however they were computed.
pub fn result_id(diagnostics: &[Diagnostic]) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    serde_json::to_vec(diagnostics)
        .unwrap_or_default()
        .hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// How many times a pull tries again when the document changes while it is checked.
const ATTEMPTS: usize = 3;

/// Answers `textDocument/diagnostic`.
pub async fn document(
    session: &std::sync::Arc<Session>,
    params: DocumentDiagnosticParams,
) -> Result<DocumentDiagnosticReportResult> {
    let uri = params.text_document.uri;
    if session.pushes(&uri) {
        // Pushed to this client (and a rules file's problems always are).
        return Ok(full(None, Vec::new()));
    }
    let diagnostics = if session.snapshot(&uri).is_none() {
        // Not open (a client pulls once more as it closes a document): the file on disk, read
        // off the dispatcher.
        let (worker, target) = (session.clone(), uri.clone());
        let read = session
            .background
            .run(super::background::LENS_BUDGET, move |_| on_disk(&worker, &target))
            .await;
        Some(read.unwrap_or_default())
    } else {
        current(session, &uri).await
    };
    let Some(diagnostics) = diagnostics else {
        // The document keeps changing: the client pulls again (LSP's ServerCancelled).
        return Err(Error {
            code: ErrorCode::ServerError(-32802),
            message: "autofix: the document changed while it was checked".into(),
            data: Some(json!({ "retriggerRequest": true })),
        });
    };
    let id = result_id(&diagnostics);
    if params.previous_result_id.as_deref() == Some(id.as_str()) {
        return Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
                related_documents: None,
                unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id: id },
            }),
        ));
    }
    Ok(full(Some(id), diagnostics))
}

/// The diagnostics of an open document at its newest version; `None` when it kept changing.
async fn current(session: &Session, uri: &tower_lsp_server::ls_types::Uri) -> Option<Vec<Diagnostic>> {
    for _ in 0..ATTEMPTS {
        match session.to_publish(uri) {
            Some((_, diagnostics)) => return Some(diagnostics),
            // A newer version arrived while checking: check that one.
            None => tokio::task::yield_now().await,
        }
    }
    None
}

/// The diagnostics of the file at `uri` as it is on disk.
fn on_disk(session: &Session, uri: &tower_lsp_server::ls_types::Uri) -> Vec<Diagnostic> {
    let Some(path) = uri_to_path(uri) else {
        return Vec::new();
    };
    let Some(rules) = session.rules_for(&path) else {
        return Vec::new();
    };
    let ctx = session.context();
    match crate::rules::sweep::read_and_check(&rules, &path, ctx.encoding) {
        Outcome::Checked(found) => super::diagnostics::for_findings(&found, &rules, &ctx),
        _ => Vec::new(),
    }
}

fn full(result_id: Option<String>, items: Vec<Diagnostic>) -> DocumentDiagnosticReportResult {
    DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
        RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id, items },
        },
    ))
}
