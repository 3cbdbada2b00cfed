//! The agent's side: the surfaces an AI coding agent reaches autofix through — the MCP server,
//! agent hooks and the set-up that registers both in each agent's configuration.

pub mod hook;
pub mod init;
pub mod mcp;
pub mod workspace;
