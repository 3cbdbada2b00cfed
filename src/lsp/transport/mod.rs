//! The stdio transport: what stands between the client's pipes and tower-lsp-server's `Server`.

pub mod frame;
pub mod message;
