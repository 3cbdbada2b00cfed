//! Heavy work off the dispatcher: diff searches, code lenses, learning, listing rules. A job runs
//! on a blocking thread with a [`Budget`] that stops it when its request is cancelled
//! (`$/cancelRequest` drops the request's future), when the server shuts down, or when its time
//! runs out; at most a few jobs run at once, so requests queue rather than starve the machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::budget::{Budget, Stop};

/// How long a diff search (apply or preview) may take in all.
pub const DIFF_BUDGET: Duration = Duration::from_secs(5);
/// How long the code lenses of one document may take.
pub const LENS_BUDGET: Duration = Duration::from_secs(2);

/// Runs jobs off the dispatcher.
#[derive(Debug, Clone)]
pub struct Background {
    permits: Arc<Semaphore>,
    shutdown: Arc<AtomicBool>,
}

impl Default for Background {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Background {
            permits: Arc::new(Semaphore::new(cores.max(2))),
            shutdown: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// Sets a flag when dropped: the request's future went away, so its job should stop.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Background {
    /// Stops every running job and refuses new ones.
    pub fn shut_down(&self) {
        self.shutdown.store(true, Ordering::Relaxed);
        self.permits.close();
    }

    /// True once the client asked the server to shut down.
    pub fn is_shut_down(&self) -> bool {
        self.shutdown.load(Ordering::Relaxed)
    }

    /// Runs `job` on a blocking thread with at most `limit` of time once it starts, and returns
    /// its result. `Err` when it could not run (cancelled, shutting down) or panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        limit: Duration,
        job: impl FnOnce(Budget) -> T + Send + 'static,
    ) -> Result<T, Stop> {
        let cancelled = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(cancelled.clone());
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Stop::Cancelled)?;
        let budget = Budget::for_at_most(limit)
            .cancelled_by(cancelled)
            .cancelled_by(self.shutdown.clone());
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(budget)
        });
        // A panic in a job is a bug, but it must not take the server down with it.
        handle.await.map_err(|_| Stop::Cancelled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_dropped_request_stops_its_job() {
        let background = Background::default();
        let (started_tx, started_rx) = tokio::sync::oneshot::channel();
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        let task = tokio::spawn(async move {
            background
                .run(Duration::from_secs(60), move |budget| {
                    let _ = started_tx.send(());
                    while budget.stopped().is_none() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    let _ = done_tx.send(budget.stopped());
                })
                .await
        });
        started_rx.await.unwrap();
        task.abort();
        let stop = tokio::task::spawn_blocking(move || done_rx.recv_timeout(Duration::from_secs(5)))
            .await
            .unwrap()
            .expect("the job saw the cancellation");
        assert_eq!(stop, Some(Stop::Cancelled));
    }

    #[tokio::test]
    async fn jobs_run_with_a_deadline_and_survive_panics() {
        let background = Background::default();
        let out = background
            .run(Duration::ZERO, |budget| budget.stopped())
            .await
            .unwrap();
        assert_eq!(out, Some(Stop::OutOfTime));
        let panicked = background
            .run(Duration::from_secs(1), |_| -> u8 { panic!("bug") })
            .await;
        assert!(panicked.is_err());
        background.shut_down();
        assert!(background.run(Duration::from_secs(1), |_| ()).await.is_err());
    }
}
