//! The command line's apply-diff failure counts, kept between runs — an agent calls
//! `autofix apply-diff` once per attempt, so a count per run would never escalate. They live in
//! the user's state folder (`$XDG_STATE_HOME/autofix/apply-diff-failures.json`, else
//! `~/.local/state/…`; the platform's local data folder elsewhere), keyed by the target's
//! canonical path. A count not touched for an hour is forgotten: that is a new session.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::diff::Mistakes;
use crate::rules::store::RootLock;

/// A count older than this starts again from zero.
pub const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
const FILE: &str = "apply-diff-failures.json";

#[derive(Debug, Default, Serialize, Deserialize)]
struct Entry {
    count: u32,
    /// Seconds since the Unix epoch of the last failure.
    at: u64,
}

/// Where the counts are kept, if the platform has a state folder.
pub fn state_file() -> Option<PathBuf> {
    dirs::state_dir()
        .or_else(dirs::data_local_dir)
        .map(|d| d.join("autofix").join(FILE))
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Runs `f` with the counts as they are now, then keeps what it changed. Counts that cannot be
/// read or kept (no state folder, a read-only home) make this run count alone: the counter is an
/// aid, never a reason to fail an application.
pub fn with_counts<T>(f: impl FnOnce(&mut Mistakes) -> T) -> T {
    let Some(file) = state_file() else {
        return f(&mut Mistakes::new());
    };
    let Some(dir) = file.parent() else {
        return f(&mut Mistakes::new());
    };
    let _lock = RootLock::acquire_within(dir, Duration::from_secs(2))
        .ok()
        .flatten();
    let mut entries: HashMap<PathBuf, Entry> = crate::access::read_text(&file, 1 << 20)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let now = now();
    entries.retain(|_, e| now.saturating_sub(e.at) < FORGET_AFTER.as_secs());
    let before: HashMap<PathBuf, u32> = entries.iter().map(|(p, e)| (p.clone(), e.count)).collect();
    let mut mistakes = Mistakes::from_counts(before.clone());
    let result = f(&mut mistakes);
    let after = mistakes.counts();
    entries.retain(|p, _| after.contains_key(p));
    for (path, count) in after {
        if before.get(path) != Some(count) {
            entries.insert(
                path.clone(),
                Entry {
                    count: *count,
                    at: now,
                },
            );
        }
    }
    if let Ok(text) = serde_json::to_string_pretty(&entries) {
        let _ = std::fs::create_dir_all(dir);
        let _ = crate::atomic::write(&file, text.as_bytes());
    }
    result
}
