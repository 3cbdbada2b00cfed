//! The language server: each LSP method hands off to the module that owns it. Notification
//! handlers change the session before their first `.await` and never wait for the client;
//! request handlers work on snapshots, heavy ones off the dispatcher.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::capabilities::{ClientCaps, negotiate_encoding, server_capabilities};
use super::config::Config;
use super::convert::{to_pos, uri_to_path};
use super::session::{Reload, Session};
use super::{actions, commands, hover, lenses, pull, watch, workspace_diagnostics};
use crate::i18n::Locale;
use crate::text::{Document, TextChange};

pub struct Server {
    pub session: Arc<Session>,
}

impl Server {
    pub fn new(client: Client) -> Self {
        let (session, queues) = Session::new(client);
        super::tasks::spawn(&session, queues);
        Server { session }
    }

    /// Applies settings; returns a warning for each value that was not understood.
    fn apply_settings(&self, value: &Value) -> Vec<String> {
        let (config, warnings) = Config::from_json(value);
        self.session.update_context(|ctx| ctx.config = config);
        warnings
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

impl LanguageServer for Server {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = negotiate_encoding(
            params
                .capabilities
                .general
                .as_ref()
                .and_then(|g| g.position_encodings.as_deref()),
        );
        let warnings = self.apply_settings(params.initialization_options.as_ref().unwrap_or(&Value::Null));
        self.session.update_context(|ctx| {
            ctx.encoding = encoding;
            ctx.locale = params.locale.as_deref().map(Locale::from_tag).unwrap_or_default();
            ctx.caps = ClientCaps::from_lsp(&params.capabilities);
        });
        self.session.configure(folders(&params));
        for w in warnings {
            self.session.log_warning(w);
        }
        Ok(InitializeResult {
            capabilities: server_capabilities(encoding),
            server_info: Some(ServerInfo {
                name: "autofix".into(),
                version: Some(env!("AUTOFIX_LONG_VERSION").into()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        self.session.request_reload(Reload::All);
        let session = self.session.clone();
        tokio::spawn(async move { watch::settings_changed(&session).await });
        tokio::spawn(watch::poll(self.session.clone()));
        tokio::spawn(watch::poll_user_rules(self.session.clone()));
    }

    async fn shutdown(&self) -> Result<()> {
        self.session.workspace.shut_down();
        self.session.background.shut_down();
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let document = Document::new(&item.text, item.version, item.language_id);
        match self.session.open(item.uri.clone(), document) {
            Some(rules) => self.session.request_reload(Reload::File(rules)),
            None => self.session.schedule(item.uri),
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let changes: Vec<TextChange> = params
            .content_changes
            .into_iter()
            .map(|c| TextChange {
                range: c.range.map(|r| (to_pos(r.start), to_pos(r.end))),
                text: c.text,
            })
            .collect();
        let path = match self.session.change(&uri, params.text_document.version, &changes) {
            Ok(path) => path,
            Err(warning) => {
                self.session.log_warning(warning);
                return;
            }
        };
        if let Some(path) = &path {
            lenses::refresh_if_targeted(&self.session, path);
        }
        match path.filter(|p| self.session.is_rules_path(p)) {
            Some(path) => self.session.request_reload(Reload::File(path)),
            None => self.session.schedule(uri),
        }
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        match self.session.close(&uri) {
            // The buffer is gone: what counts now is the file on disk.
            Some(path) if self.session.is_rules_path(&path) => {
                self.session.request_reload(Reload::File(path))
            }
            Some(path) => self.session.workspace.closed(path),
            None => {}
        }
        self.session.schedule(uri);
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        if let Some(path) = uri_to_path(&params.text_document.uri) {
            self.session.workspace.saved(path);
        }
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        watch::changed(&self.session, &params.changes);
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        let mut folders = self.session.folders();
        for removed in params.event.removed.iter().filter_map(|f| uri_to_path(&f.uri)) {
            folders.retain(|f| *f != removed);
        }
        folders.extend(params.event.added.iter().filter_map(|f| uri_to_path(&f.uri)));
        self.session.configure(folders);
        self.session.request_reload(Reload::All);
        let session = self.session.clone();
        tokio::spawn(async move { watch::settings_changed(&session).await });
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        if params.settings.is_null() {
            // A pull-model client: ask for the settings, off this notification's path.
            let session = self.session.clone();
            tokio::spawn(async move { watch::pull_configuration(&session).await });
            return;
        }
        let warnings = self.apply_settings(&params.settings);
        self.session.configure(self.session.folders());
        self.session.request_reload(Reload::All);
        // What is watched depends on the settings (the rules file's name, workspace diagnostics);
        // a push carries the window's settings: each folder's `enable` is asked for.
        let session = self.session.clone();
        tokio::spawn(async move { watch::settings_changed(&session).await });
        for w in warnings {
            self.session.log_warning(w);
        }
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        pull::document(&self.session, params).await
    }

    async fn workspace_diagnostic(
        &self,
        params: WorkspaceDiagnosticParams,
    ) -> Result<WorkspaceDiagnosticReportResult> {
        workspace_diagnostics::pull(&self.session, params).await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        Ok(hover::hover(&self.session, &params.text_document_position_params).await)
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        Ok(actions::code_actions(&self.session, &params).await)
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        Ok(Some(
            lenses::code_lenses(&self.session, &params.text_document.uri).await,
        ))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<Value>> {
        commands::execute(&self.session, params).await
    }
}
