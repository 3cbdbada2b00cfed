//! The server's logs: `tracing` events, written to stderr by `autofix lsp` (down to the level the
//! `AUTOFIX_LOG` environment variable names — `off`, `error`, `warn`, `info`, `debug`, `trace`;
//! `warn` by default: editors keep a server's stderr in their log), and sent to the editor's
//! output with `window/logMessage` down to the level of the `logLevel` setting (`warn` by
//! default).

use tower_lsp_server::ls_types::MessageType;
use tracing::Level;

use super::session::Session;

/// Writes `tracing` events to stderr, down to the level `AUTOFIX_LOG` names. Called once by the
/// binary.
pub fn to_stderr() {
    let level = std::env::var("AUTOFIX_LOG")
        .ok()
        .and_then(|v| parse_level(&v))
        .unwrap_or(Some(Level::WARN));
    let max = level.map_or(tracing_subscriber::filter::LevelFilter::OFF, Into::into);
    let _ = tracing_subscriber::fmt()
        .with_max_level(max)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .try_init();
}

/// Reads a `logLevel` setting.
pub fn parse_level(text: &str) -> Option<Option<Level>> {
    match text.to_ascii_lowercase().as_str() {
        "off" => Some(None),
        "error" => Some(Some(Level::ERROR)),
        "warn" | "warning" => Some(Some(Level::WARN)),
        "info" => Some(Some(Level::INFO)),
        "debug" => Some(Some(Level::DEBUG)),
        "trace" => Some(Some(Level::TRACE)),
        _ => None,
    }
}

fn message_type(level: Level) -> MessageType {
    match level {
        Level::ERROR => MessageType::ERROR,
        Level::WARN => MessageType::WARNING,
        Level::INFO => MessageType::INFO,
        _ => MessageType::LOG,
    }
}

impl Session {
    /// Logs `message`: a `tracing` event, and a `window/logMessage` when the `logLevel` setting
    /// asks for this level. Never waits for the client.
    pub fn log(&self, level: Level, message: String) {
        match level {
            Level::ERROR => tracing::error!("{message}"),
            Level::WARN => tracing::warn!("{message}"),
            Level::INFO => tracing::info!("{message}"),
            Level::DEBUG => tracing::debug!("{message}"),
            Level::TRACE => tracing::trace!("{message}"),
        }
        let wanted = self.context().config.log_level;
        if wanted.is_some_and(|w| level <= w) {
            let client = self.client.clone();
            tokio::spawn(async move { client.log_message(message_type(level), message).await });
        }
    }

    /// Logs a warning (see [`Session::log`]).
    pub fn log_warning(&self, message: String) {
        self.log(Level::WARN, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_from_settings() {
        assert_eq!(parse_level("Info"), Some(Some(Level::INFO)));
        assert_eq!(parse_level("warning"), Some(Some(Level::WARN)));
        assert_eq!(parse_level("off"), Some(None));
        assert_eq!(parse_level("loud"), None);
        assert!(Level::ERROR <= Level::WARN, "tracing orders levels by verbosity");
    }
}
