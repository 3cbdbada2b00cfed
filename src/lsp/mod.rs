//! The language server (`autofix lsp`): a thin adapter over the engines — documents in ropes,
//! diagnostics published as people type, hovers, code actions and commands.
//!
//! Where things live: [`server`] dispatches each LSP method; [`session`] holds the mutable state
//! and [`snapshot`] what a request reads; [`background`] runs heavy work off the dispatcher;
//! [`protocol`] types the server's own commands and notifications.

pub(crate) mod actions;
pub(crate) mod background;
pub(crate) mod capabilities;
pub(crate) mod commands;
pub(crate) mod comments;
pub mod config;
pub(crate) mod convert;
pub(crate) mod diagnostics;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod edit;
pub(crate) mod export;
pub(crate) mod fix_workspace;
pub(crate) mod hover;
pub(crate) mod learn;
pub(crate) mod lenses;
pub(crate) mod logging;
pub(crate) mod messages;
pub mod protocol;
pub(crate) mod pull;
pub(crate) mod rules_actions;
pub(crate) mod server;
pub(crate) mod session;
pub(crate) mod snapshot;
pub(crate) mod status;
pub(crate) mod tasks;
pub(crate) mod transport;
pub(crate) mod watch;
pub(crate) mod workspace_diagnostics;

use tower_lsp_server::{ClientSocket, LspService};

pub use convert::{path_to_uri, uri_to_path};
pub use server::Server;

/// How many requests are handled at once. Heavy ones wait for their turn off the dispatcher
/// (see [`background`]), so a few slow previews never hold `shutdown` or a hover up behind them.
pub const CONCURRENCY: usize = 64;

/// The service and its client socket, for any transport (stdio, or an in-memory pipe in tests).
pub fn service() -> (LspService<Server>, ClientSocket) {
    LspService::new(Server::new)
}

/// Serves LSP over any byte streams (an in-memory pipe in tests) until the client exits; stdio goes
/// through [`serve_stdio`] and its [`transport`].
pub async fn serve<I, O>(input: I, output: O)
where
    I: tokio::io::AsyncRead + Unpin,
    O: tokio::io::AsyncWrite,
{
    let (service, socket) = service();
    tower_lsp_server::Server::new(input, output, socket)
        .concurrency_level(CONCURRENCY)
        .serve(service)
        .await;
}

/// Serves LSP over stdin/stdout until the client exits or the input ends; see [`transport`] for
/// what happens to bad frames, a closed input and a client that stops reading.
pub async fn serve_stdio() -> transport::Ending {
    let (service, socket) = service();
    transport::serve(
        std::io::stdin(),
        std::io::stdout(),
        transport::stdin_closed,
        service,
        socket,
    )
    .await
}
