//! `autofix mcp`: a Model Context Protocol server over stdio (rmcp) — the tools `rules_for`,
//! `check`, `learn_rule` and `apply_diff`, the rules as resources (with change notifications),
//! and the prompt `learn-from-correction`. Logs go to stderr only: stdout is the protocol.
//!
//! The root is `--root`, else the client's MCP roots (asked for once the client is initialized,
//! and again when it says they changed), else the current folder. Every path an agent names
//! goes through the same access policy as the editor's and the command line's.

pub mod prompts;
pub mod resources;
pub mod tools;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, Implementation, InitializeRequestParams, InitializeResult, ListPromptsResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ResourceUpdatedNotificationParam, ServerCapabilities,
    ServerConfig, SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::{ErrorData as McpError, Peer, RoleServer, ServerHandler, ServiceExt};
use tokio::sync::{Notify, broadcast, watch};
use tower_lsp_server::ls_types::Uri;

use self::resources::{Change, Snapshot, Subscriptions};
use crate::agent::workspace::Workspace;
use crate::i18n::Locale;

/// How long a call waits for the client's roots before using the current folder.
const ROOTS_PATIENCE: Duration = Duration::from_secs(5);

/// How `autofix mcp` was started.
#[derive(Debug, Clone)]
pub struct Options {
    /// `--root`: the only root, whatever the client says.
    pub root: Option<PathBuf>,
    /// The folder the server started in: the root when there is no other.
    pub cwd: PathBuf,
    pub locale: Locale,
}

struct Inner {
    options: Options,
    workspace: RwLock<Arc<Workspace>>,
    /// False while the client's roots are awaited.
    ready: watch::Sender<bool>,
    subscriptions: Subscriptions,
    /// The client, once initialized: legacy change notifications go to it.
    peer: Mutex<Option<Peer<RoleServer>>>,
    changes: broadcast::Sender<Change>,
    /// Wakes the watch at once (a rule was just learned).
    poke: Notify,
    watching: std::sync::Once,
}

/// The server: cheap to clone, shared by every request.
#[derive(Clone)]
pub struct AutofixMcp {
    inner: Arc<Inner>,
}

impl AutofixMcp {
    pub fn new(options: Options) -> AutofixMcp {
        let root = options.root.clone().unwrap_or_else(|| options.cwd.clone());
        let workspace = Arc::new(Workspace::new(vec![root], options.locale));
        // Ready at once, unless a client that offers roots initializes (see `initialize`).
        let (ready, _) = watch::channel(true);
        let (changes, _) = broadcast::channel(64);
        AutofixMcp {
            inner: Arc::new(Inner {
                options,
                workspace: RwLock::new(workspace),
                ready,
                subscriptions: Subscriptions::default(),
                peer: Mutex::new(None),
                changes,
                poke: Notify::new(),
                watching: std::sync::Once::new(),
            }),
        }
    }

    /// The workspace, once the roots are known (or after [`ROOTS_PATIENCE`], the current one).
    async fn workspace(&self) -> Arc<Workspace> {
        let mut ready = self.inner.ready.subscribe();
        let _ = tokio::time::timeout(ROOTS_PATIENCE, ready.wait_for(|r| *r)).await;
        self.current()
    }

    fn current(&self) -> Arc<Workspace> {
        self.inner
            .workspace
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Asks the client for its roots and makes them the workspace's (the current folder when
    /// it has none on this machine). Roots are deprecated from protocol 2026-07-28 on (SEP-2577),
    /// but the clients of the earlier versions — most of them today — send them.
    #[allow(deprecated)]
    async fn adopt_client_roots(&self, peer: Peer<RoleServer>) {
        let listed = tokio::time::timeout(ROOTS_PATIENCE, peer.list_roots()).await;
        let roots: Vec<PathBuf> = match listed {
            Ok(Ok(result)) => result
                .roots
                .iter()
                .filter_map(|root| {
                    let uri: Uri = root.uri.parse().ok()?;
                    if !uri.scheme().as_str().eq_ignore_ascii_case("file") {
                        return None;
                    }
                    uri.to_file_path().map(|p| p.into_owned())
                })
                .filter(|p| p.is_dir())
                .collect(),
            Ok(Err(e)) => {
                tracing::warn!(
                    "the client did not list its roots ({e}); using {}",
                    self.inner.options.cwd.display()
                );
                Vec::new()
            }
            Err(_) => {
                tracing::warn!(
                    "the client did not list its roots in time; using {}",
                    self.inner.options.cwd.display()
                );
                Vec::new()
            }
        };
        let roots = if roots.is_empty() {
            vec![self.inner.options.cwd.clone()]
        } else {
            roots
        };
        tracing::info!(
            "roots: {}",
            roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let workspace = Arc::new(Workspace::new(roots, self.inner.options.locale));
        *self.inner.workspace.write().unwrap_or_else(|e| e.into_inner()) = workspace;
        self.inner.ready.send_replace(true);
        self.inner.poke.notify_one();
    }

    /// Starts the watch over the rules files (once): every change goes to the broadcast (the
    /// `subscriptions/listen` streams) and, for clients of the older protocol, as notifications.
    fn watch(&self) {
        let me = self.clone();
        self.inner.watching.call_once(move || {
            tokio::spawn(async move { me.watch_loop().await });
        });
    }

    async fn watch_loop(self) {
        let mut before: Option<Snapshot> = None;
        loop {
            let workspace = self.workspace().await;
            let now = match tokio::task::spawn_blocking(move || Snapshot::take(&workspace)).await {
                Ok(now) => now,
                Err(_) => break,
            };
            if let Some(before) = &before {
                for change in before.changes(&now) {
                    let _ = self.inner.changes.send(change.clone());
                    self.notify_legacy(change).await;
                }
            }
            before = Some(now);
            tokio::select! {
                _ = tokio::time::sleep(resources::POLL) => {}
                _ = self.inner.poke.notified() => {}
            }
        }
    }

    /// Tells a client of the older protocols (before 2026-07-28, which has no
    /// `subscriptions/listen`) about a change: `resources/updated` only for a URI it subscribed.
    async fn notify_legacy(&self, change: Change) {
        let peer = self.inner.peer.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let Some(peer) = peer else { return };
        let legacy = peer
            .peer_info()
            .is_some_and(|info| info.protocol_version.as_str() < ProtocolVersion::V_2026_07_28.as_str());
        if !legacy {
            return;
        }
        let sent = match change {
            Change::Updated(uri) if self.inner.subscriptions.contains(&uri) => {
                peer.notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                    .await
            }
            Change::Updated(_) => Ok(()),
            Change::ListChanged => peer.notify_resource_list_changed().await,
        };
        if let Err(e) = sent {
            tracing::debug!("could not notify the client: {e}");
        }
    }

    fn asks_roots(&self, request: &InitializeRequestParams) -> bool {
        self.inner.options.root.is_none() && request.capabilities.roots.is_some()
    }

    /// Runs blocking work off the async threads; a panic in it (a bug) becomes a tool error.
    async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        tokio::task::spawn_blocking(f).await.map_err(|e| {
            let panic = e
                .try_into_panic()
                .ok()
                .and_then(|p| {
                    p.downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                })
                .unwrap_or_else(|| "cancelled".into());
            format!("autofix failed on this request ({panic}) — please report this bug; the server is still running")
        })
    }
}

impl ServerHandler for AutofixMcp {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_resources_list_changed()
            .enable_prompts()
            .build();
        let mut server = Implementation::new("autofix", env!("CARGO_PKG_VERSION"));
        server.title = Some("autofix: the project's rules".into());
        ServerConfig::new(capabilities)
            .with_server_info(server)
            .with_instructions(
                "This project keeps rules learned from past corrections. Before editing a file, call rules_for with its path and follow the rules. After each edit, call check on the file and fix every violation. When the user corrects you, call learn_rule (or use the learn-from-correction prompt) so the mistake is never repeated. apply_diff applies SEARCH/REPLACE blocks safely.",
            )
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        // A client of the handshake protocols that offers roots: calls wait for them (asked
        // once it says it is initialized). Decided here, before any other request can arrive.
        if self.asks_roots(&request) {
            self.inner.ready.send_replace(false);
        }
        context.peer.set_peer_info(request.clone());
        self.negotiate_initialize(&request)
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        *self.inner.peer.lock().unwrap_or_else(|e| e.into_inner()) = Some(context.peer.clone());
        let asks_roots = context
            .peer
            .peer_info()
            .is_some_and(|info| self.asks_roots(&info));
        if asks_roots {
            // Not awaited here: the client answers `roots/list` through the same connection.
            let me = self.clone();
            let peer = context.peer.clone();
            tokio::spawn(async move { me.adopt_client_roots(peer).await });
        } else {
            self.inner.ready.send_replace(true);
        }
        self.watch();
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        if self.inner.options.root.is_none() {
            let me = self.clone();
            let peer = context.peer.clone();
            tokio::spawn(async move { me.adopt_client_roots(peer).await });
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(tools::list()))
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        tools::list().into_iter().find(|t| t.name == name)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let workspace = self.workspace().await;
        let name = request.name.to_string();
        let learns = name == "learn_rule";
        let work = Self::blocking(move || {
            let started = std::time::Instant::now();
            let result = tools::call(&workspace, &name, request.arguments);
            tracing::debug!("tools/call {name}: {:.2?}", started.elapsed());
            result
        });
        let result = tokio::select! {
            result = work => result,
            _ = context.ct.cancelled() => Err("cancelled by the client".to_string()),
        };
        if learns {
            self.inner.poke.notify_one();
        }
        Ok(result
            .unwrap_or_else(|e| CallToolResult::error(vec![ContentBlock::text(e)]))
            .into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let workspace = self.workspace().await;
        let resources = Self::blocking(move || resources::list(&workspace))
            .await
            .map_err(|e| McpError::internal_error(e, None))?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let workspace = self.workspace().await;
        let uri = request.uri.clone();
        let read = Self::blocking(move || resources::read(&workspace, &uri))
            .await
            .map_err(|e| McpError::internal_error(e, None))?;
        match read {
            Ok(contents) => Ok(ReadResourceResult::new(vec![contents]).into()),
            Err(e) => Err(McpError::resource_not_found(
                e.0,
                Some(serde_json::json!({ "uri": request.uri })),
            )),
        }
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        *self.inner.peer.lock().unwrap_or_else(|e| e.into_inner()) = Some(context.peer.clone());
        self.inner.subscriptions.add(request.uri);
        self.watch();
        Ok(())
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.inner.subscriptions.remove(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        let mut accepted = SubscriptionFilter::new();
        accepted.resources_list_changed = requested.resources_list_changed;
        accepted.resource_subscriptions = requested.resource_subscriptions.clone();
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        self.watch();
        let mut changes = self.inner.changes.subscribe();
        loop {
            tokio::select! {
                _ = context.cancelled() => return Ok(()),
                change = changes.recv() => {
                    let sent = match change {
                        Ok(Change::Updated(uri)) => {
                            let wanted = context
                                .accepted()
                                .resource_subscriptions
                                .as_ref()
                                .is_some_and(|uris| uris.contains(&uri));
                            if !wanted {
                                continue;
                            }
                            context.sink().notify_resource_updated(uri).await
                        }
                        Ok(Change::ListChanged) => {
                            if context.accepted().resources_list_changed != Some(true) {
                                continue;
                            }
                            context.sink().notify_resource_list_changed().await
                        }
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => return Ok(()),
                    };
                    if sent.is_err() {
                        return Ok(());
                    }
                }
            }
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(prompts::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let workspace = self.workspace().await;
        let result =
            Self::blocking(move || prompts::get(&workspace, &request.name, request.arguments.as_ref()))
                .await
                .map_err(|e| McpError::internal_error(e, None))?;
        result
            .map(Into::into)
            .map_err(|e| McpError::invalid_params(e.0, None))
    }
}

/// The longest message read: a `check` of the largest file autofix reads (16 MiB), JSON-escaped.
/// A longer line is dropped by the transport (and logged) without being buffered.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// Serves MCP over `read`/`write` until the client closes the connection.
pub async fn serve<R, W>(options: Options, read: R, write: W) -> Result<(), String>
where
    R: tokio::io::AsyncRead + Send + Unpin + 'static,
    W: tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let transport = AsyncRwTransport::new_server(read, write).with_max_line_length(MAX_MESSAGE_BYTES);
    let server = AutofixMcp::new(options);
    // The watch takes its first look now, before any client can subscribe: a change made right
    // after a `subscriptions/listen` is acknowledged must differ from what it saw first.
    server.watch();
    let running = server
        .serve(transport)
        .await
        .map_err(|e| format!("the MCP handshake failed: {e}"))?;
    running
        .waiting()
        .await
        .map(|_| ())
        .map_err(|e| format!("the MCP server stopped: {e}"))
}

/// Serves MCP over stdin/stdout until the client closes the connection.
pub async fn serve_stdio(options: Options) -> Result<(), String> {
    let (read, write) = rmcp::transport::stdio();
    serve(options, read, write).await
}
