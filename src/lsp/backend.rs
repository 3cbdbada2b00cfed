//! The language server: each LSP method hands off to the module that owns it. Document and
//! rules mutations happen before the first `.await` of a handler; client requests are never
//! awaited inside a notification handler (they are spawned).

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::config::Config;
use super::convert::{encoding_kind, negotiate_encoding, to_pos, uri_to_path};
use super::registry::Registry;
use super::state::{ClientCaps, State};
use super::{actions, commands, hover, watch};
use crate::i18n::Locale;
use crate::rules::Options;
use crate::text::{Document, TextChange};

pub struct Backend {
    pub state: Arc<State>,
}

impl Backend {
    pub fn new(client: Client) -> Self {
        let (state, queue) = State::new(client);
        tokio::spawn(super::state::run_publisher(state.clone(), queue));
        Backend { state }
    }

    fn apply_settings(&self, value: &Value) -> Vec<String> {
        let (config, warnings) = Config::from_json(value);
        let mut session = self.state.session();
        let options = Options {
            inferred: config.inferred_checks,
        };
        session.registry.set_options(options, config.rules_file.clone());
        session.config = config;
        warnings
    }
}

fn client_caps(caps: &ClientCapabilities) -> ClientCaps {
    let ws = caps.workspace.as_ref();
    let edit = ws.and_then(|w| w.workspace_edit.as_ref());
    let watched = ws.and_then(|w| w.did_change_watched_files.as_ref());
    ClientCaps {
        document_changes: edit.and_then(|e| e.document_changes).unwrap_or(false),
        change_annotations: edit.and_then(|e| e.change_annotation_support.as_ref()).is_some(),
        resource_create: edit
            .and_then(|e| e.resource_operations.as_ref())
            .is_some_and(|ops| ops.contains(&ResourceOperationKind::Create)),
        apply_edit: ws.and_then(|w| w.apply_edit).unwrap_or(false),
        watched_files_dynamic: watched.and_then(|w| w.dynamic_registration).unwrap_or(false),
        watched_files_relative: watched.and_then(|w| w.relative_pattern_support).unwrap_or(false),
        show_message_request: caps
            .window
            .as_ref()
            .and_then(|w| w.show_message.as_ref())
            .is_some(),
        show_document: caps
            .window
            .as_ref()
            .and_then(|w| w.show_document.as_ref())
            .is_some_and(|s| s.support),
        configuration: ws.and_then(|w| w.configuration).unwrap_or(false),
        code_lens_refresh: ws
            .and_then(|w| w.code_lens.as_ref())
            .and_then(|c| c.refresh_support)
            .unwrap_or(false),
    }
}

fn folders(params: &InitializeParams) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| uri_to_path(&f.uri))
        .collect();
    #[allow(deprecated)]
    if out.is_empty()
        && let Some(root) = params.root_uri.as_ref().and_then(uri_to_path)
    {
        out.push(root);
    }
    out
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = negotiate_encoding(
            params
                .capabilities
                .general
                .as_ref()
                .and_then(|g| g.position_encodings.as_deref()),
        );
        let warnings = self.apply_settings(params.initialization_options.as_ref().unwrap_or(&Value::Null));
        {
            let mut session = self.state.session();
            session.encoding = encoding;
            session.locale = params.locale.as_deref().map(Locale::from_tag).unwrap_or_default();
            session.caps = client_caps(&params.capabilities);
            let options = session.options();
            let rules_file = session.config.rules_file.clone();
            let folders = folders(&params);
            session.access = Arc::new(crate::access::AccessPolicy::new(&folders));
            session.registry = Registry::new(folders, options, rules_file);
        }
        for w in warnings {
            log_warning(&self.state, w);
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(encoding_kind(encoding)),
                text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    ..Default::default()
                })),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
                code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                    code_action_kinds: Some(actions::kinds()),
                    resolve_provider: Some(false),
                    ..Default::default()
                })),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: commands::NAMES.iter().map(|s| s.to_string()).collect(),
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
            },
            server_info: Some(ServerInfo {
                name: "autofix".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        {
            let buffers = |p: &std::path::Path| self.state.buffer_text(p);
            self.state.session().registry.load_folders(&buffers);
        }
        self.state.schedule_all();
        let state = self.state.clone();
        tokio::spawn(async move { watch::register(&state).await });
        tokio::spawn(watch::poll(self.state.clone()));
        super::status::notify(&self.state).await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let doc = super::state::Doc::new(
            &item.uri,
            Document::new(&item.text, item.version, item.language_id),
        );
        let rules_path = doc.path.clone().filter(|p| self.state.is_rules_path(p));
        self.state.docs.insert(item.uri.clone(), doc);
        match rules_path {
            Some(path) => {
                self.state.reload_rules_at(&path);
                self.state.schedule_all();
                super::status::notify(&self.state).await;
            }
            None => self.state.schedule(item.uri),
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let encoding = self.state.session().encoding;
        let changes: Vec<TextChange> = params
            .content_changes
            .into_iter()
            .map(|c| TextChange {
                range: c.range.map(|r| (to_pos(r.start), to_pos(r.end))),
                text: c.text,
            })
            .collect();
        let path = {
            let Some(mut doc) = self.state.docs.get_mut(&uri) else {
                log_warning(
                    &self.state,
                    format!("didChange for {} which is not open; ignored", uri.as_str()),
                );
                return;
            };
            if version <= doc.document.version() {
                log_warning(
                    &self.state,
                    format!(
                        "didChange for {} with old version {version}; ignored",
                        uri.as_str()
                    ),
                );
                return;
            }
            let spans = doc.document.apply_changes(&changes, encoding, version);
            doc.record(version, spans);
            doc.orphaned = false;
            doc.path.clone()
        };
        if let Some(path) = &path {
            super::diff::refresh_if_targeted(&self.state, path);
        }
        match path.filter(|p| self.state.is_rules_path(p)) {
            Some(path) => {
                self.state.reload_rules_at(&path);
                self.state.schedule_all();
                super::status::notify(&self.state).await;
            }
            None => self.state.schedule(uri),
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let removed = self.state.docs.remove(&uri);
        if let Some(path) = removed
            .and_then(|(_, d)| d.path)
            .filter(|p| self.state.is_rules_path(p))
        {
            // The buffer is gone: what counts now is the file on disk.
            self.state.reload_rules_at(&path);
            self.state.schedule_all();
            super::status::notify(&self.state).await;
        }
        self.state.schedule(uri);
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        if watch::changed(&self.state, &params.changes) {
            self.state.schedule_all();
            super::status::notify(&self.state).await;
        }
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        {
            let mut session = self.state.session();
            let mut folders = session.registry.folders().to_vec();
            for removed in params.event.removed.iter().filter_map(|f| uri_to_path(&f.uri)) {
                folders.retain(|f| *f != removed);
            }
            folders.extend(params.event.added.iter().filter_map(|f| uri_to_path(&f.uri)));
            session.access = Arc::new(crate::access::AccessPolicy::new(&folders));
            session.registry.set_folders(folders);
        }
        self.state.reload_all_rules();
        self.state.schedule_all();
        let state = self.state.clone();
        tokio::spawn(async move { watch::register(&state).await });
        super::status::notify(&self.state).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        if params.settings.is_null() {
            // A pull-model client: ask for the settings, off this notification's path.
            let state = self.state.clone();
            tokio::spawn(async move { super::watch::pull_configuration(&state).await });
            return;
        }
        let warnings = self.apply_settings(&params.settings);
        self.state.reload_all_rules();
        self.state.schedule_all();
        for w in warnings {
            log_warning(&self.state, w);
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        Ok(hover::hover(&self.state, &params.text_document_position_params))
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        Ok(actions::code_actions(&self.state, &params))
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        Ok(Some(super::diff::code_lenses(
            &self.state,
            &params.text_document.uri,
        )))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<Value>> {
        commands::execute(&self.state, params).await
    }
}

/// Logs a warning to the client's output (never fails, never blocks on a reply).
pub fn log_warning(state: &State, message: String) {
    let client = state.client.clone();
    tokio::spawn(async move { client.log_message(MessageType::WARNING, message).await });
}
