//! The language server (`autofix lsp`): a thin adapter over the engines — documents in ropes,
//! diagnostics published as people type, hovers, code actions and commands.
//!
//! Where things live: [`server`] dispatches each LSP method; [`session`] holds the mutable state
//! and [`snapshot`] what a request reads; [`background`] runs heavy work off the dispatcher;
//! [`protocol`] types the server's own commands and notifications.

pub mod actions;
pub mod background;
pub mod capabilities;
pub mod commands;
pub mod comments;
pub mod config;
pub mod convert;
pub mod diagnostics;
pub mod diff;
pub mod document;
pub mod edit;
pub mod hover;
pub mod learn;
pub mod lenses;
pub mod logging;
pub mod messages;
pub mod protocol;
pub mod rules_actions;
pub mod server;
pub mod session;
pub mod snapshot;
pub mod status;
pub mod tasks;
pub mod transport;
pub mod watch;

use tower_lsp_server::{ClientSocket, LspService};

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
    transport::serve(std::io::stdin(), std::io::stdout(), service, socket).await
}
