//! Capabilities: what the client can do (read once from `initialize`), and what the server
//! offers in return.

use tower_lsp_server::ls_types::*;

use super::protocol::COMMANDS;
use crate::text::Encoding;

/// What the client can do.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientCaps {
    pub document_changes: bool,
    pub change_annotations: bool,
    pub resource_create: bool,
    pub resource_delete: bool,
    pub apply_edit: bool,
    pub watched_files_dynamic: bool,
    pub watched_files_relative: bool,
    pub show_message_request: bool,
    pub show_document: bool,
    pub configuration: bool,
    pub code_lens_refresh: bool,
    /// Pulls document diagnostics (`textDocument/diagnostic`).
    pub pull_diagnostics: bool,
    /// Takes `workspace/diagnostic/refresh`.
    pub diagnostic_refresh: bool,
    /// Takes server-initiated progress (`window/workDoneProgress/create`).
    pub work_done_progress: bool,
    /// Wants hovers in plain text: it lists its hover formats without Markdown first (eglot
    /// without markdown-mode asks for `["plaintext"]`). A client that says nothing gets Markdown,
    /// as mainstream servers send it.
    pub hover_plaintext: bool,
    /// Shows the results of our commands itself (the VS Code extension and the Neovim plugin say
    /// so with `experimental.autofixCommandResults`). Other clients — eglot drops every command
    /// reply — are told through `window/showMessage` and `window/logMessage` as well.
    pub shows_command_results: bool,
    /// Shows the `autofix/status` notification (`experimental.autofixStatus`: our editors, in a
    /// status bar or statusline). Other clients are told of a broken rules file as a message.
    pub shows_status: bool,
}

impl ClientCaps {
    /// Documents get their diagnostics by pull, not push: the client pulls, and can be told to
    /// pull again when the rules change. Other clients get them pushed, and their pulls (some
    /// pull whenever a server offers it) are answered empty so nothing shows twice.
    pub fn pulls_documents(&self) -> bool {
        self.pull_diagnostics && self.diagnostic_refresh
    }
}

impl ClientCaps {
    pub fn from_lsp(caps: &ClientCapabilities) -> ClientCaps {
        let ws = caps.workspace.as_ref();
        let edit = ws.and_then(|w| w.workspace_edit.as_ref());
        let watched = ws.and_then(|w| w.did_change_watched_files.as_ref());
        let window = caps.window.as_ref();
        ClientCaps {
            document_changes: edit.and_then(|e| e.document_changes).unwrap_or(false),
            change_annotations: edit.and_then(|e| e.change_annotation_support.as_ref()).is_some(),
            resource_create: edit
                .and_then(|e| e.resource_operations.as_ref())
                .is_some_and(|ops| ops.contains(&ResourceOperationKind::Create)),
            resource_delete: edit
                .and_then(|e| e.resource_operations.as_ref())
                .is_some_and(|ops| ops.contains(&ResourceOperationKind::Delete)),
            apply_edit: ws.and_then(|w| w.apply_edit).unwrap_or(false),
            watched_files_dynamic: watched.and_then(|w| w.dynamic_registration).unwrap_or(false),
            watched_files_relative: watched.and_then(|w| w.relative_pattern_support).unwrap_or(false),
            show_message_request: window.and_then(|w| w.show_message.as_ref()).is_some(),
            show_document: window
                .and_then(|w| w.show_document.as_ref())
                .is_some_and(|s| s.support),
            configuration: ws.and_then(|w| w.configuration).unwrap_or(false),
            code_lens_refresh: ws
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            pull_diagnostics: caps
                .text_document
                .as_ref()
                .and_then(|t| t.diagnostic.as_ref())
                .is_some(),
            diagnostic_refresh: ws
                .and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false),
            work_done_progress: window.and_then(|w| w.work_done_progress).unwrap_or(false),
            hover_plaintext: caps
                .text_document
                .as_ref()
                .and_then(|t| t.hover.as_ref())
                .and_then(|h| h.content_format.as_ref())
                .and_then(|formats| formats.first())
                .is_some_and(|first| *first != MarkupKind::Markdown),
            shows_command_results: experimental(caps, "autofixCommandResults"),
            shows_status: experimental(caps, "autofixStatus"),
        }
    }
}

/// A flag our own editors set under `capabilities.experimental`.
fn experimental(caps: &ClientCapabilities, flag: &str) -> bool {
    caps.experimental
        .as_ref()
        .and_then(|e| e.get(flag))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
}

/// UTF-8 when the client offers it (no conversions at all), else UTF-16, the LSP default.
pub fn negotiate_encoding(offered: Option<&[PositionEncodingKind]>) -> Encoding {
    match offered {
        Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
        _ => Encoding::Utf16,
    }
}

pub fn encoding_kind(encoding: Encoding) -> PositionEncodingKind {
    match encoding {
        Encoding::Utf8 => PositionEncodingKind::UTF8,
        Encoding::Utf16 => PositionEncodingKind::UTF16,
        Encoding::Utf32 => PositionEncodingKind::UTF32,
    }
}

/// What the server offers.
pub fn server_capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding_kind(encoding)),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            // A saved file is read again for workspace diagnostics, even without a file watcher.
            save: Some(TextDocumentSyncSaveOptions::Supported(true)),
            ..Default::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(
                super::actions::kinds()
                    .into_iter()
                    .chain(super::rules_actions::kinds())
                    .collect(),
            ),
            resolve_provider: Some(false),
            ..Default::default()
        })),
        diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some(super::diagnostics::SOURCE.into()),
            inter_file_dependencies: false,
            workspace_diagnostics: true,
            work_done_progress_options: WorkDoneProgressOptions {
                work_done_progress: Some(true),
            },
        })),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: COMMANDS.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_chosen_only_when_offered() {
        assert_eq!(negotiate_encoding(None), Encoding::Utf16);
        assert_eq!(
            negotiate_encoding(Some(&[PositionEncodingKind::UTF16, PositionEncodingKind::UTF8])),
            Encoding::Utf8
        );
        assert_eq!(
            negotiate_encoding(Some(&[PositionEncodingKind::UTF32])),
            Encoding::Utf16
        );
    }

    #[test]
    fn every_command_is_advertised() {
        let caps = server_capabilities(Encoding::Utf16);
        let advertised = caps.execute_command_provider.unwrap().commands;
        for name in [
            "autofix.learnRule",
            "autofix.applyDiff",
            "autofix.previewDiff",
            "autofix.listRules",
            "autofix.reloadRules",
            "autofix.showMessage",
            "autofix.exportRules",
        ] {
            assert!(advertised.iter().any(|c| c == name), "{name}");
        }
    }

    #[test]
    fn every_code_action_kind_offered_is_advertised() {
        let caps = server_capabilities(Encoding::Utf16);
        let Some(CodeActionProviderCapability::Options(options)) = caps.code_action_provider else {
            panic!("code actions with options");
        };
        let kinds: Vec<String> = options
            .code_action_kinds
            .unwrap_or_default()
            .iter()
            .map(|k| k.as_str().to_string())
            .collect();
        for kind in [
            "quickfix",
            "source.fixAll.autofix",
            "refactor.autofix.learn",
            "refactor.autofix.applyDiff",
        ] {
            assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
        }
    }
}
