//! The language server (`autofix lsp`): a thin adapter over the engines — documents in ropes,
//! diagnostics published as people type, hovers, code actions and commands.

pub mod actions;
pub mod backend;
pub mod commands;
pub mod comments;
pub mod config;
pub mod convert;
pub mod diagnostics;
pub mod diff;
pub mod edit;
pub mod hover;
pub mod learn;
pub mod messages;
pub mod registry;
pub mod rules_actions;
pub mod state;
pub mod status;
pub mod watch;

use tower_lsp_server::{ClientSocket, LspService, Server};

pub use backend::Backend;

/// The service and its client socket, for any transport (stdio, or an in-memory pipe in tests).
pub fn service() -> (LspService<Backend>, ClientSocket) {
    LspService::new(Backend::new)
}

/// Serves LSP over stdin/stdout until the client exits.
pub async fn serve_stdio() {
    let (service, socket) = service();
    Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
        .serve(service)
        .await;
}
