//! The stdio transport: what stands between the client's pipes and tower-lsp-server's `Server`,
//! so that no input can stop the server silently and the end of the input always ends it.
//!
//! tower-lsp-server reads its input with a `FramedRead`, which ends the stream at the first frame
//! it cannot decode: one bad frame used to end the server with status 0 and no word. And when the
//! input closed while a handler waited for the client (an `applyEdit` under review), the server
//! waited for that answer forever. So the server never sees the real pipes:
//!
//! ```text
//! stdin ─ reader thread ─ read-ahead pipe ─ frame reader ─┬─ well-formed messages ─ pipe ─ Server
//!                                                         └─ error responses ─┐
//! stdout ─ writer thread ─ queue of whole frames ─────────────────────────────┴─ frames ─ Server
//! ```
//!
//! - The frame reader ([`frame`], [`message`]) forwards only messages tower-lsp-server's reader
//!   accepts, byte for byte, and answers each bad frame with a JSON-RPC error (`-32700` Parse
//!   error: bad header, not UTF-8, not JSON; `-32600` Invalid Request: JSON that is no message),
//!   noting the first [`LOGGED_REJECTIONS`] on stderr. A `Content-Length` over
//!   [`frame::MAX_CONTENT_LENGTH`] ends the server with status 2 and a message on stderr.
//! - One thread owns stdout and writes whole frames, the server's and ours, never interleaved.
//! - The end of the input ends the process, whatever is pending: the server gets
//!   [`WIND_DOWN`] to handle what it has already read, the writer [`FLUSH`] to write what is
//!   already queued, and then the process exits — well under a second. The status follows the
//!   rule the specification gives for `exit`: 0 if a `shutdown` request came before, else 1 with
//!   a note on stderr. `exit` ends the process the same way.
//! - A client that stops reading stdout: the writer thread blocks in `write`, the queue and the
//!   pipes before it fill up, and the server stops taking new messages until the client reads
//!   again — every buffer is bounded, so memory does not grow. The reader thread keeps reading
//!   stdin meanwhile, into a read-ahead pipe of [`READ_AHEAD`] bytes, so that the end of the input
//!   is seen (and ends the process, abandoning what cannot be written); once that is full too and
//!   the server takes nothing for [`HANGUP_POLL`], it watches the input for its end without
//!   reading it (a closed pipe or socket says so with `POLLHUP`/`POLLRDHUP`) — a client that
//!   flooded the server without reading, then closed its end, still ends it. A client that
//!   closes stdout makes writing fail: the server ends as at the end of its input, with a note.
//! - Requests run concurrently, up to [`super::CONCURRENCY`], as over any other transport: a
//!   request waiting for the user (a learner waiting for its turn behind a review) holds its place
//!   until answered, and tower-lsp-server's default of 4 would let four of them hold up every later
//!   request, `shutdown` included.

pub mod frame;
pub mod message;
#[cfg(test)]
mod proptests;

use std::io::{BufWriter, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use tokio::io::{AsyncWriteExt, DuplexStream};
use tokio::sync::{mpsc, oneshot};
use tokio_util::codec::FramedRead;
use tower_lsp_server::{ClientSocket, LanguageServer, LspService, Server};

use frame::{Frame, FrameDecoder};
use message::{Kind, Rejection};

/// How much input is read ahead of the server: 1 MiB. It lets the end of the input be seen while
/// the server is held up (by a client that does not read its output). Its buffer stays as large as
/// a burst of input made it: with 200 documents of 100 KB opened at once (benches/lsp_stdio.rs)
/// the server held about 3 MiB more resident than without this transport with 64 KiB of
/// read-ahead, 5–7 MiB more with 1 MiB, 19 MiB more with 8 MiB.
pub const READ_AHEAD: usize = 1 << 20;

/// How long the server has, once the input has ended (or `exit` came), to finish what it read.
pub const WIND_DOWN: Duration = Duration::from_millis(200);

/// How long the writer then has to write what is queued (it may be blocked by the client).
pub const FLUSH: Duration = Duration::from_millis(200);

/// How long the read-ahead pipe stays full (the server taking nothing) before the input is
/// watched for its end, and how often it is then.
pub const HANGUP_POLL: Duration = Duration::from_millis(250);

/// Bad frames noted on stderr; after these, only answered (a stream of garbage would flood it).
pub const LOGGED_REJECTIONS: usize = 20;

/// The in-memory pipes to and from the server, and the output queue (in frames).
const PIPE_BYTES: usize = 64 << 10;
const QUEUED_FRAMES: usize = 64;

/// Why the server ended.
#[derive(Debug)]
pub enum Ending {
    /// The `exit` notification.
    Exit { shutdown: bool },
    /// The input ended (closed, or a read failed).
    InputClosed {
        shutdown: bool,
        error: Option<std::io::Error>,
    },
    /// Writing the output failed (the client closed it).
    OutputFailed { shutdown: bool, error: std::io::Error },
    /// tower-lsp-server stopped on its own.
    ServerStopped { shutdown: bool },
    /// The input cannot be read on (a frame too large to skip), or the transport could not start.
    Fatal(String),
}

impl Ending {
    /// The process's exit status: the specification's for `exit` (0 after `shutdown`, else 1),
    /// 2 for a fatal error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Ending::Exit { shutdown }
            | Ending::InputClosed { shutdown, .. }
            | Ending::OutputFailed { shutdown, .. }
            | Ending::ServerStopped { shutdown } => u8::from(!shutdown),
            Ending::Fatal(_) => 2,
        }
    }

    /// What to tell on stderr, if anything.
    pub fn note(&self) -> Option<String> {
        match self {
            Ending::Exit { shutdown: true }
            | Ending::InputClosed {
                shutdown: true,
                error: None,
            } => None,
            Ending::Exit { shutdown: false } => Some(
                "`exit` came before any `shutdown` request; exiting with status 1, as the LSP specification says"
                    .into(),
            ),
            Ending::InputClosed { shutdown, error } => Some(match error {
                Some(e) => format!("cannot read standard input ({e}); exiting{}", status_note(*shutdown)),
                None => format!(
                    "standard input closed before any `shutdown` request (did the editor quit?); exiting{}",
                    status_note(false)
                ),
            }),
            Ending::OutputFailed { shutdown, error } => Some(format!(
                "cannot write to standard output ({error}): the client no longer reads it; exiting{}",
                status_note(*shutdown)
            )),
            Ending::ServerStopped { shutdown } => Some(format!(
                "the language server stopped serving; exiting{}",
                status_note(*shutdown)
            )),
            Ending::Fatal(message) => Some(message.clone()),
        }
    }
}

fn status_note(shutdown: bool) -> &'static str {
    if shutdown {
        ""
    } else {
        " with status 1 (no `shutdown` request came)"
    }
}

/// What the frame reader has passed on to the server.
#[derive(Debug, Default)]
struct Seen {
    /// A `shutdown` request (so an end is a normal one).
    shutdown: AtomicBool,
    /// The `exit` notification.
    exit: AtomicBool,
}

/// What the threads and tasks around the server report.
#[derive(Debug)]
enum Event {
    InputEnded(Option<std::io::Error>),
    Exit,
    OutputFailed(std::io::Error),
    Fatal(String),
}

/// Serves `service` over `input` and `output` (stdin and stdout, or pipes in tests) until the
/// client exits, the input ends or cannot be read on; see the module doc. `input_closed` tells,
/// without reading, whether the client has closed the input (see [`stdin_closed`]).
pub async fn serve<S, R, W>(
    input: R,
    output: W,
    input_closed: fn() -> bool,
    service: LspService<S>,
    socket: ClientSocket,
) -> Ending
where
    S: LanguageServer,
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let (events_tx, mut events) = mpsc::unbounded_channel();
    let seen = Arc::new(Seen::default());
    // Duplex streams used one way: unlike a split simplex, dropping one end ends the other's input.
    let (ahead_tx, ahead_rx) = tokio::io::duplex(READ_AHEAD);
    let (frames_tx, frames_rx) = mpsc::channel(QUEUED_FRAMES);
    let (flushed_tx, flushed) = oneshot::channel();
    let (to_server, server_in) = tokio::io::duplex(PIPE_BYTES);
    let (server_out, from_server) = tokio::io::duplex(PIPE_BYTES);

    let runtime = tokio::runtime::Handle::current();
    let reader_events = events_tx.clone();
    let reader = std::thread::Builder::new()
        .name("autofix-lsp-stdin".into())
        .spawn(move || read_input(input, ahead_tx, input_closed, &runtime, &reader_events));
    let writer_events = events_tx.clone();
    let writer = std::thread::Builder::new()
        .name("autofix-lsp-stdout".into())
        .spawn(move || write_output(output, frames_rx, &writer_events, flushed_tx));
    if let Err(e) = reader.and(writer) {
        return Ending::Fatal(format!("cannot start a thread for the standard streams: {e}"));
    }

    let input_task = tokio::spawn(read_frames(
        ahead_rx,
        to_server,
        frames_tx.clone(),
        events_tx,
        seen.clone(),
    ));
    tokio::spawn(relay_server_output(from_server, frames_tx));
    let server = Server::new(server_in, server_out, socket)
        .concurrency_level(super::CONCURRENCY)
        .serve(service);
    // Boxed, so that it can be dropped (and its output closed) before this function returns.
    let mut server = Box::pin(server);

    let event = tokio::select! {
        // An event explains why the server stopped, when both are there.
        biased;
        event = events.recv() => event,
        () = &mut server => None,
    };
    if !matches!(event, None | Some(Event::OutputFailed(_))) {
        // Let the server answer what it has read (it returns once its input is closed and its
        // handlers are done), but not wait for answers the client will never send.
        let _ = tokio::time::timeout(WIND_DOWN, &mut server).await;
    }
    // Ending the server closes its output; the relay passes on the frames it wrote and the
    // writer writes them, unless the client does not read.
    input_task.abort();
    drop(server);
    let _ = tokio::time::timeout(FLUSH, flushed).await;

    let shutdown = seen.shutdown.load(Ordering::SeqCst);
    match event {
        Some(Event::InputEnded(error)) => Ending::InputClosed { shutdown, error },
        Some(Event::Exit) => Ending::Exit { shutdown },
        Some(Event::OutputFailed(error)) => Ending::OutputFailed { shutdown, error },
        Some(Event::Fatal(message)) => Ending::Fatal(message),
        // tower-lsp-server returns once `exit` is handled, possibly before the event is sent.
        None if seen.exit.load(Ordering::SeqCst) => Ending::Exit { shutdown },
        None => Ending::ServerStopped { shutdown },
    }
}

/// The reader thread: copies the input into the read-ahead pipe, and reports its end as soon as
/// it reads it — or, while the server is held up with [`READ_AHEAD`] bytes waiting in the pipe,
/// as soon as `input_closed` says so.
fn read_input(
    mut input: impl Read,
    mut ahead: DuplexStream,
    input_closed: fn() -> bool,
    runtime: &tokio::runtime::Handle,
    events: &mpsc::UnboundedSender<Event>,
) {
    let mut buf = vec![0; 64 << 10];
    let error = loop {
        match input.read(&mut buf) {
            Ok(0) => break None,
            Ok(n) => {
                match runtime.block_on(forward_ahead(&mut ahead, &buf[..n], input_closed)) {
                    Ok(()) => {}
                    // The client is gone: what it wrote and the server never took is dropped,
                    // as at any end of the input.
                    Err(true) => break None,
                    Err(false) => return, // The transport is gone.
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => break Some(e),
        }
    };
    let _ = events.send(Event::InputEnded(error));
}

/// Copies `bytes` into the read-ahead pipe. `Err(true)` when the client closed the input while
/// the pipe stayed full for [`HANGUP_POLL`] (the server held up, not merely busy: a server that
/// takes its input frees room far more often); `Err(false)` when the transport is gone.
async fn forward_ahead(
    ahead: &mut DuplexStream,
    mut bytes: &[u8],
    input_closed: fn() -> bool,
) -> Result<(), bool> {
    while !bytes.is_empty() {
        match tokio::time::timeout(HANGUP_POLL, ahead.write(bytes)).await {
            Ok(Ok(0) | Err(_)) => return Err(false),
            Ok(Ok(n)) => bytes = &bytes[n..],
            Err(_) if input_closed() => return Err(true),
            Err(_) => {}
        }
    }
    Ok(())
}

/// Whether the client has closed standard input, told without reading it: a pipe or a socket
/// whose other end is closed (or shut for writing) polls as hung up even while data the server
/// has not read yet waits in it. Never true elsewhere (a file, a terminal that has not hung up).
pub fn stdin_closed() -> bool {
    #[cfg(unix)]
    {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let events = libc::POLLRDHUP;
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let events = 0;
        let mut fd = libc::pollfd {
            fd: libc::STDIN_FILENO,
            events,
            revents: 0,
        };
        // SAFETY: one valid `pollfd`, and a zero timeout: poll returns at once.
        let ready = unsafe { libc::poll(&mut fd, 1, 0) };
        ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | events) != 0
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// The writer thread: writes whole frames, flushing whenever the queue runs dry.
fn write_output(
    output: impl Write,
    mut frames: mpsc::Receiver<Bytes>,
    events: &mpsc::UnboundedSender<Event>,
    flushed: oneshot::Sender<()>,
) {
    let mut out = BufWriter::with_capacity(64 << 10, output);
    while let Some(body) = frames.blocking_recv() {
        let written = write!(out, "Content-Length: {}\r\n\r\n", body.len())
            .and_then(|()| out.write_all(&body))
            .and_then(|()| if frames.is_empty() { out.flush() } else { Ok(()) });
        if let Err(e) = written {
            let _ = events.send(Event::OutputFailed(e));
            return;
        }
    }
    if out.flush().is_ok() {
        let _ = flushed.send(());
    }
}

/// The frame reader's task: forwards messages to the server, answers the rest.
async fn read_frames(
    ahead: DuplexStream,
    mut to_server: DuplexStream,
    frames: mpsc::Sender<Bytes>,
    events: mpsc::UnboundedSender<Event>,
    seen: Arc<Seen>,
) {
    let mut input = FramedRead::with_capacity(ahead, FrameDecoder::default(), 64 << 10);
    let mut rejected = 0;
    while let Some(frame) = input.next().await {
        let frame = match frame {
            Ok(frame) => frame,
            Err(e) => {
                let _ = events.send(Event::Fatal(e.to_string()));
                return;
            }
        };
        let (offset, rejection) = match frame {
            Frame::Body { offset, body } => match message::validate(body) {
                Ok(message) => {
                    match message.kind {
                        Kind::Shutdown => seen.shutdown.store(true, Ordering::SeqCst),
                        Kind::Exit => {
                            seen.exit.store(true, Ordering::SeqCst);
                            let _ = forward(&mut to_server, &message.body).await;
                            let _ = events.send(Event::Exit);
                            return;
                        }
                        Kind::Other => {}
                    }
                    if forward(&mut to_server, &message.body).await.is_err() {
                        return; // The server is gone.
                    }
                    continue;
                }
                Err(rejection) => (offset, rejection),
            },
            Frame::Malformed { offset, problem } => (offset, Rejection::from_problem(&problem)),
        };
        rejected += 1;
        if rejected <= LOGGED_REJECTIONS {
            eprintln!(
                "autofix lsp: answered an error to the frame at byte {offset} of standard input: {}",
                rejection.detail
            );
            if rejected == LOGGED_REJECTIONS {
                eprintln!("autofix lsp: further bad frames are answered without a note here");
            }
        }
        // The writer gone means the output failed, which is reported on its own.
        let _ = frames.send(rejection.to_body(offset)).await;
    }
    // The end of the input closes the server's input (`to_server` dropped).
}

/// Passes one message on to the server, as a frame of its own.
async fn forward(to_server: &mut DuplexStream, body: &[u8]) -> std::io::Result<()> {
    to_server
        .write_all(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes())
        .await?;
    to_server.write_all(body).await
}

/// Cuts the server's output into frames for the writer.
async fn relay_server_output(from_server: DuplexStream, frames: mpsc::Sender<Bytes>) {
    // The client's size limit is not the server's: its messages are whatever it has to say.
    let mut output = FramedRead::with_capacity(from_server, FrameDecoder::with_limit(u64::MAX), 64 << 10);
    while let Some(frame) = output.next().await {
        let body = match frame {
            Ok(Frame::Body { body, .. }) => body,
            // tower-lsp-server writes nothing else; should it, the bytes are dropped, not mangled.
            Ok(Frame::Malformed { offset, problem }) => {
                eprintln!(
                    "autofix lsp: dropped a malformed frame of the server's own output at byte {offset}: {problem}"
                );
                continue;
            }
            Err(e) => {
                eprintln!("autofix lsp: cannot read the server's own output: {e}");
                return;
            }
        };
        if frames.send(body).await.is_err() {
            return;
        }
    }
}
