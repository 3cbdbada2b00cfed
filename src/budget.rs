//! How long heavy work may run and whether its caller still wants the answer: engines poll a
//! [`Budget`] between steps and stop cleanly, saying what they left undone, instead of freezing
//! an editor or ignoring a cancelled request.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why work stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The caller no longer wants the answer (a cancelled request, a server shutting down).
    Cancelled,
    /// The time allowed ran out.
    OutOfTime,
}

impl Stop {
    /// Why, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Cancelled => "the request was cancelled",
            Stop::OutOfTime => "the time budget ran out",
        }
    }
}

/// A deadline and cancellation flags, all optional. Cheap to clone; clones share the flags.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    cancelled: Vec<Arc<AtomicBool>>,
}

impl Budget {
    /// No limit: the command line's default.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// At most `limit` from now.
    pub fn for_at_most(limit: Duration) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(limit),
            cancelled: Vec::new(),
        }
    }

    /// The same budget, also stopped when `flag` is set.
    pub fn cancelled_by(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancelled.push(flag);
        self
    }

    /// `Some` once the work should stop.
    pub fn stopped(&self) -> Option<Stop> {
        if self.cancelled.iter().any(|f| f.load(Ordering::Relaxed)) {
            return Some(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::OutOfTime);
        }
        None
    }
}

impl PartialEq for Budget {
    fn eq(&self, other: &Self) -> bool {
        self.deadline == other.deadline
            && self.cancelled.len() == other.cancelled.len()
            && self
                .cancelled
                .iter()
                .zip(&other.cancelled)
                .all(|(a, b)| Arc::ptr_eq(a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_when_cancelled_or_out_of_time() {
        assert_eq!(Budget::unlimited().stopped(), None);
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::for_at_most(Duration::from_secs(60)).cancelled_by(flag.clone());
        assert_eq!(budget.stopped(), None);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.clone().stopped(), Some(Stop::Cancelled));
        assert_eq!(
            Budget::for_at_most(Duration::ZERO).stopped(),
            Some(Stop::OutOfTime)
        );
    }
}
