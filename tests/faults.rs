//! Fault injection: the rules file is truncated, replaced by another writer (an atomic rename),
//! made a folder, made a symbolic link (to a file inside the project, and to one outside it), made
//! read-only, deleted, or turned into a FIFO — *during* `autofix learn`, the language server's
//! `autofix.learnRule` (the editor path and the path where the server writes), `autofix check
//! --fix`, and a rules reload (a `workspace/didChangeWatchedFiles` notification, or the rules
//! buffer closed). Then clients that misbehave: one that never reads the server's output, and
//! requests cancelled mid-work.
//!
//! Every case checks the same four things: nothing is lost (the rules the fault left are all
//! there afterwards, byte for byte; a file saved by someone else is not overwritten), nothing is
//! written outside the project, nothing hangs (every child process and every wait has a
//! deadline), and a refusal says why.
//!
//! The faults are injected deterministically where the code has a pause to inject them in: while
//! the learner (`autofix learn`, or the server) waits for the root's lock, held by the test; inside
//! the `change` step of a locked update (between its read and its write); in the editor's answer
//! to `workspace/applyEdit` or to the confirmation question (while the server holds the lock); and
//! before a reload is asked for. Where there is no such pause (`check --fix` reading its rules, a
//! storm of reloads), a thread flips the file between its good state and the fault in a loop
//! while the command runs, and the checks hold whatever state it met.
//!
//! `made read-only` is the file (0444) and its folder (0555). Permissions do not bind root, which
//! CI runs as: the command-line cases then run `autofix` as `nobody` (uid 65534, the project
//! handed to it, so that it meets the permissions a user meets on their own files); the
//! in-process cases (the language server, the engine) cannot drop privileges, and check instead
//! that a write that goes through keeps the file read-only and loses nothing (as a non-root user
//! they expect the refusal).

mod common;

use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a child process or a wait may take before the test fails (CI machines are slow, and
/// a learner may legitimately read a half-saved file again for half a second).
const PATIENCE: Duration = Duration::from_secs(30);

/// Two rules in force before every fault: #1 has a check with a fix, #2 is words only.
const RULES: &str = "[\n  {\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never leave TODO markers.\", \"Why\": \"w\", \"Check\": {\"Files\": [\"**/*.ts\"], \"Pattern\": \"TODO\", \"Fix\": \"DONE\"}},\n  {\"Rule_number\": 2, \"Category\": \"STYLE\", \"Instruction\": \"Always write tests first.\", \"Why\": \"w\"}\n]\n";

/// What another writer saves over the rules file (an atomic rename): the same rules and one more.
const REPLACED: &str = "[\n  {\"Rule_number\": 1, \"Category\": \"CODE\", \"Instruction\": \"Never leave TODO markers.\", \"Why\": \"w\", \"Check\": {\"Files\": [\"**/*.ts\"], \"Pattern\": \"TODO\", \"Fix\": \"DONE\"}},\n  {\"Rule_number\": 2, \"Category\": \"STYLE\", \"Instruction\": \"Always write tests first.\", \"Why\": \"w\"},\n  {\"Rule_number\": 3, \"Category\": \"CODE\", \"Instruction\": \"Never call the legacy API.\", \"Why\": \"saved by someone else\"}\n]\n";

/// A rules file elsewhere in the project, which a symbolic link may point to.
const INSIDE: &str = "[\n  {\"Rule_number\": 5, \"Category\": \"CODE\", \"Instruction\": \"Never leave FIXME markers.\", \"Why\": \"w\", \"Check\": {\"Files\": [\"**/*.ts\"], \"Pattern\": \"FIXME\", \"Fix\": \"FIXED\"}}\n]\n";

/// A valid rules file outside the project: the dangerous target, since a learner that followed a
/// link to it would happily append to it.
const OUTSIDE: &str = "[\n  {\"Rule_number\": 7, \"Category\": \"CODE\", \"Instruction\": \"Never leave XXX markers.\", \"Why\": \"w\", \"Check\": {\"Files\": [\"**/*.ts\"], \"Pattern\": \"XXX\", \"Fix\": \"YYY\"}}\n]\n";

const SOURCE: &str = "// TODO one\n// FIXME two\n// XXX three\n";

/// The instruction of the rule every learner in these tests adds.
const LEARNED: &str = "Never ship on Fridays.";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Emptied in place (what an editor saving in place leaves for a moment).
    Truncate,
    /// Replaced by another writer with an atomic rename: `REPLACED`.
    Replace,
    /// Removed, and a folder made in its place.
    Folder,
    /// Replaced (a rename) by a symbolic link to `rules/real.json`, inside the project.
    LinkInside,
    /// Replaced (a rename) by a symbolic link to a valid rules file outside the project.
    LinkOutside,
    /// The file made 0444 and its folder 0555.
    ReadOnly,
    /// Removed.
    Delete,
    /// Replaced (a rename) by a FIFO.
    Fifo,
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo {path:?}");
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A project (`root`, a git repository holding `autofix.json`, `rules/real.json` and
/// `src/a.ts`) and a folder outside it holding a valid rules file.
struct Project {
    _dir: tempfile::TempDir,
    _outside_dir: tempfile::TempDir,
    paths: Paths,
}

/// Where a project and its outside folder are.
#[derive(Clone)]
struct Paths {
    root: PathBuf,
    outside: PathBuf,
}

impl std::ops::Deref for Project {
    type Target = Paths;
    fn deref(&self) -> &Paths {
        &self.paths
    }
}

impl Project {
    fn new() -> Project {
        let dir = tempfile::tempdir().unwrap();
        let outside_dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let outside = outside_dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join(".git")).unwrap();
        common::write(
            &root,
            &[
                ("autofix.json", RULES),
                ("rules/real.json", INSIDE),
                ("src/a.ts", SOURCE),
            ],
        );
        common::write(&outside, &[("rules.json", OUTSIDE), ("notes.txt", "mine\n")]);
        // Reachable by `nobody` too, for the cases that run without privileges.
        for d in [&root, &outside] {
            set_mode(d, 0o755);
        }
        Project {
            _dir: dir,
            _outside_dir: outside_dir,
            paths: Paths { root, outside },
        }
    }
}

impl Paths {
    fn rules(&self) -> PathBuf {
        self.root.join("autofix.json")
    }

    /// Injects `fault` into the rules file: in one step (a rename) where a writer can, so that no
    /// other state shows in between.
    fn inject(&self, fault: Fault) {
        let file = self.rules();
        // Beside the project, where no walk looks (a rename stays on the same file system).
        let tmp = self.root.join(".git/other-writer.tmp");
        match fault {
            Fault::Truncate => {
                std::fs::OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&file)
                    .unwrap();
            }
            Fault::Replace => {
                std::fs::write(&tmp, REPLACED).unwrap();
                std::fs::rename(&tmp, &file).unwrap();
            }
            Fault::Folder => {
                // A folder cannot be renamed over a file: removed first.
                std::fs::remove_file(&file).unwrap();
                std::fs::create_dir(&file).unwrap();
            }
            Fault::LinkInside => {
                std::os::unix::fs::symlink(self.root.join("rules/real.json"), &tmp).unwrap();
                std::fs::rename(&tmp, &file).unwrap();
            }
            Fault::LinkOutside => {
                std::os::unix::fs::symlink(self.outside.join("rules.json"), &tmp).unwrap();
                std::fs::rename(&tmp, &file).unwrap();
            }
            Fault::ReadOnly => {
                set_mode(&file, 0o444);
                set_mode(&self.root, 0o555);
            }
            Fault::Delete => std::fs::remove_file(&file).unwrap(),
            Fault::Fifo => {
                mkfifo(&tmp);
                std::fs::rename(&tmp, &file).unwrap();
            }
        }
    }

    /// Puts `RULES` back as a regular, writable file, in one step where it can.
    fn restore(&self) {
        set_mode(&self.root, 0o755);
        let file = self.rules();
        if file.is_dir() && !file.is_symlink() {
            std::fs::remove_dir_all(&file).unwrap();
        }
        let tmp = self.root.join(".git/restore.tmp");
        std::fs::write(&tmp, RULES).unwrap();
        std::fs::rename(&tmp, &file).unwrap();
    }

    /// Hands the project and the outside folder to `nobody` when the tests run as root, so that a
    /// process run as `nobody` meets the permissions a user meets on their own files.
    fn give_to_nobody(&self) {
        if !is_root() {
            return;
        }
        for dir in [&self.root, &self.outside] {
            std::os::unix::fs::lchown(dir, Some(65534), Some(65534)).unwrap();
            for path in tree(dir).into_keys() {
                std::os::unix::fs::lchown(&path, Some(65534), Some(65534)).unwrap();
            }
        }
    }

    /// The state of the outside folder, to compare before and after.
    fn outside_state(&self) -> BTreeMap<PathBuf, Entry> {
        tree(&self.outside)
    }

    /// Fails on temporary files an atomic write left behind anywhere in the project.
    fn assert_no_leftovers(&self) {
        let left: Vec<PathBuf> = tree(&self.root)
            .into_keys()
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(".autofix-"))
            })
            .collect();
        assert!(left.is_empty(), "temporary files left behind: {left:?}");
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        // A read-only folder would keep a non-root user from cleaning up.
        let _ = std::fs::set_permissions(&self.root, std::fs::Permissions::from_mode(0o755));
    }
}

/// What a path is, for comparing folder states (symbolic links are not followed).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    File { bytes: Vec<u8>, mode: u32 },
    Link(PathBuf),
    Folder,
    Other(u32),
}

fn entry(path: &Path) -> Option<Entry> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let kind = meta.file_type();
    Some(if kind.is_symlink() {
        Entry::Link(std::fs::read_link(path).unwrap())
    } else if kind.is_dir() {
        Entry::Folder
    } else if kind.is_file() {
        Entry::File {
            bytes: std::fs::read(path).unwrap(),
            mode: meta.mode() & 0o7777,
        }
    } else {
        Entry::Other(meta.mode())
    })
}

fn tree(dir: &Path) -> BTreeMap<PathBuf, Entry> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            if let Some(en) = entry(&path) {
                if en == Entry::Folder {
                    stack.push(path.clone());
                }
                out.insert(path, en);
            }
        }
    }
    out
}

/// The rule numbers and instructions of a rules text, in order; `None` when it is not a JSON
/// array of rules.
fn rules_of(text: &str) -> Option<Vec<(u64, String)>> {
    let value: Value = serde_json::from_str(text).ok()?;
    value
        .as_array()?
        .iter()
        .map(|r| Some((r["Rule_number"].as_u64()?, r["Instruction"].as_str()?.to_string())))
        .collect()
}

/// What is at `path`, in words: `absent`, `folder`, `fifo`, `link to TARGET`, or `file[ read-only]:
/// CONTENT`.
fn describe(path: &Path) -> String {
    match entry(path) {
        None => "absent".into(),
        Some(Entry::Folder) => "folder".into(),
        Some(Entry::Link(target)) => format!("link to {}", target.display()),
        Some(Entry::Other(mode)) if mode & libc::S_IFMT == libc::S_IFIFO => "fifo".into(),
        Some(Entry::Other(mode)) => format!("other ({mode:o})"),
        Some(Entry::File { bytes, mode }) => format!(
            "file{}: {}",
            if mode & 0o222 == 0 { " read-only" } else { "" },
            String::from_utf8_lossy(&bytes)
        ),
    }
}

/// What the rules file is once `fault` was injected into `RULES` (see [`describe`]).
fn left_by(p: &Paths, fault: Fault) -> String {
    match fault {
        Fault::Truncate => "file: ".into(),
        Fault::Replace => format!("file: {REPLACED}"),
        Fault::Folder => "folder".into(),
        Fault::LinkInside => format!("link to {}", p.root.join("rules/real.json").display()),
        Fault::LinkOutside => format!("link to {}", p.outside.join("rules.json").display()),
        Fault::ReadOnly => format!("file read-only: {RULES}"),
        Fault::Delete => "absent".into(),
        Fault::Fifo => "fifo".into(),
    }
}

/// `after` is `before` with one rule appended, `LEARNED`, numbered `number`; every byte of the
/// rules before it is kept.
fn assert_appended(before: &str, after: &str, number: u64) {
    let last = before.rfind('}').unwrap() + 1;
    assert_eq!(
        &after[..last],
        &before[..last],
        "the rules before are kept byte for byte:\n{after}"
    );
    let mut expected = rules_of(before).unwrap();
    expected.push((number, LEARNED.to_string()));
    assert_eq!(rules_of(after), Some(expected), "{after}");
}

/// What became of a learn: `Ok` when it says it recorded the rule, else its message.
type Learned = Result<(), String>;

/// The checks every learner that writes the file itself must pass, for the state `fault` left
/// (injected after the learner chose the file and checked it against the access policy, before
/// it read it). `binding`: whether file permissions bind the learner.
fn assert_learned_under(p: &Project, fault: Fault, outcome: &Learned, binding: bool) {
    let file = p.rules();
    p.assert_no_leftovers();
    let refused = |what: &[&str]| {
        let message = outcome
            .as_ref()
            .expect_err(&format!("{fault:?}: the learn must be refused"));
        assert!(
            what.iter().any(|w| message.contains(w)),
            "{fault:?}: the refusal says why ({what:?}): {message}"
        );
    };
    match fault {
        Fault::Truncate => {
            refused(&["empty"]);
            assert_eq!(std::fs::read(&file).unwrap(), b"", "left as it was");
        }
        Fault::Replace => {
            assert!(outcome.is_ok(), "{outcome:?}");
            assert_appended(REPLACED, &std::fs::read_to_string(&file).unwrap(), 4);
        }
        Fault::Folder => {
            refused(&["not a regular file (a folder)"]);
            assert!(file.is_dir());
            assert_eq!(std::fs::read_dir(&file).unwrap().count(), 0);
        }
        Fault::LinkInside => {
            // The link is written through: it stays a link, and its target gets the rule.
            assert!(outcome.is_ok(), "{outcome:?}");
            assert_eq!(entry(&file), Some(Entry::Link(p.root.join("rules/real.json"))));
            assert_appended(
                INSIDE,
                &std::fs::read_to_string(p.root.join("rules/real.json")).unwrap(),
                6,
            );
        }
        Fault::LinkOutside => {
            refused(&["outside the workspace"]);
            assert_eq!(entry(&file), Some(Entry::Link(p.outside.join("rules.json"))));
        }
        Fault::ReadOnly if binding => {
            refused(&["ermission denied"]);
            assert_eq!(
                entry(&file),
                Some(Entry::File {
                    bytes: RULES.into(),
                    mode: 0o444
                })
            );
        }
        Fault::ReadOnly => {
            // Permissions do not bind (root): the rule is learned, the file stays read-only.
            assert!(outcome.is_ok(), "{outcome:?}");
            assert_appended(RULES, &std::fs::read_to_string(&file).unwrap(), 3);
            assert_eq!(std::fs::metadata(&file).unwrap().mode() & 0o777, 0o444);
        }
        Fault::Delete => {
            // Someone deleted the rules: the learner starts a new file, as it would have had it
            // come a moment later.
            assert!(outcome.is_ok(), "{outcome:?}");
            assert_eq!(
                rules_of(&std::fs::read_to_string(&file).unwrap()),
                Some(vec![(1, LEARNED.to_string())])
            );
        }
        Fault::Fifo => {
            refused(&["not a regular file (a FIFO)"]);
            assert!(matches!(entry(&file), Some(Entry::Other(_))));
        }
    }
}

// --- command-line processes -----------------------------------------------------------------

/// Waits for `child` at most `PATIENCE`, collecting its output; a child still running then is
/// killed and fails the test.
fn finish(mut child: Child, what: &str) -> Output {
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stdout.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = stderr.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {PATIENCE:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// `autofix ARGS` in `cwd`, English messages, output piped; without privileges when `unprivileged`
/// and the tests run as root (permissions bind `nobody`).
fn autofix(cwd: &Path, args: &[&str], unprivileged: bool) -> Command {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_autofix"));
    command
        .args(args)
        .current_dir(cwd)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if unprivileged && is_root() {
        command.uid(65534).gid(65534);
    }
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `autofix learn` with the fault injected while it waits for the root's lock: after it chose the
/// rules file and checked it against the access policy, before it reads it.
fn cli_learn(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    // Permissions bind the learner only if it runs without privileges.
    let unprivileged = fault == Fault::ReadOnly;
    if unprivileged {
        p.give_to_nobody();
    }
    let lock = autofix::rules::store::RootLock::acquire(&p.root).unwrap();
    let child = autofix(&p.root, &["learn", "CODE", LEARNED, "--why", "w"], unprivileged)
        .spawn()
        .unwrap();
    // The learner is waiting for the lock by now (it polls for it every 20 ms).
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        std::fs::read_to_string(p.rules()).unwrap(),
        RULES,
        "nothing written while the lock is held"
    );
    p.inject(fault);
    drop(lock);
    let out = finish(child, "autofix learn");
    let outcome = match out.status.code() {
        Some(0) => {
            assert!(
                text(&out.stdout).starts_with("Learned rule #"),
                "{}",
                text(&out.stdout)
            );
            Ok(())
        }
        Some(2) => Err(text(&out.stderr)),
        other => panic!("{fault:?}: exit {other:?}: {}", text(&out.stderr)),
    };
    assert_learned_under(&p, fault, &outcome, unprivileged);
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
}

/// `autofix check --fix` with the rules file in the state `fault` left before it starts: the
/// fixes follow the rules it could read, or nothing is fixed and it says why. It never writes
/// the rules file.
fn cli_check_fix(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    if fault == Fault::ReadOnly {
        p.give_to_nobody();
    }
    p.inject(fault);
    let rules_after_fault = entry(&p.rules());
    let out = finish(
        autofix(
            &p.root,
            &["check", "--fix", "--no-inferred"],
            fault == Fault::ReadOnly,
        )
        .spawn()
        .unwrap(),
        "autofix check --fix",
    );
    let (code, stderr) = (out.status.code(), text(&out.stderr));
    let source = std::fs::read_to_string(p.root.join("src/a.ts")).unwrap();
    let refused = |what: &str| {
        assert_eq!(code, Some(2), "{fault:?}: {stderr}");
        assert!(
            stderr.contains(what),
            "{fault:?}: the error says why ({what}): {stderr}"
        );
        assert_eq!(source, SOURCE, "{fault:?}: nothing fixed");
    };
    match fault {
        Fault::Truncate => refused("the rules file is empty"),
        Fault::Replace | Fault::ReadOnly => {
            assert_eq!(code, Some(0), "{fault:?}: {stderr}");
            assert_eq!(source, SOURCE.replace("TODO", "DONE"));
        }
        Fault::LinkInside => {
            assert_eq!(code, Some(0), "{fault:?}: {stderr}");
            assert_eq!(
                source,
                SOURCE.replace("FIXME", "FIXED"),
                "the linked rules govern"
            );
        }
        Fault::LinkOutside => refused("outside the workspace"),
        Fault::Folder => refused("not a regular file (a folder)"),
        Fault::Fifo => refused("not a regular file (a FIFO)"),
        Fault::Delete => refused("no rules file found"),
    }
    assert_eq!(
        entry(&p.rules()),
        rules_after_fault,
        "the rules file is not written"
    );
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
}

/// A thread flipping the rules file between `RULES` and a fault every few milliseconds, until
/// dropped; it leaves `RULES` in place.
struct Flipper {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<usize>>,
}

impl Flipper {
    fn start(p: &Paths, fault: Fault) -> Flipper {
        let stop = Arc::new(AtomicBool::new(false));
        let p = p.clone();
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut flips = 0;
            while !flag.load(Ordering::SeqCst) {
                p.inject(fault);
                std::thread::sleep(Duration::from_millis(2));
                p.restore();
                std::thread::sleep(Duration::from_millis(2));
                flips += 1;
            }
            flips
        });
        Flipper {
            stop,
            thread: Some(thread),
        }
    }

    /// Stops flipping; returns how many flips were made.
    fn stop(mut self) -> usize {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.take().unwrap().join().unwrap()
    }
}

impl Drop for Flipper {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// `autofix check --fix` over many files while the rules file flips between good and `fault`:
/// whatever it read, it fixed every file by the same rules or none with a reason, never wrote
/// the rules file or outside the project, and ended.
fn cli_check_fix_during(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    let files: Vec<String> = (0..200).map(|i| format!("src/f{i:03}.ts")).collect();
    for f in &files {
        common::write(&p.root, &[(f, SOURCE)]);
    }
    let flipper = Flipper::start(&p, fault);
    let mut outcomes = Vec::new();
    for _ in 0..4 {
        // Each run starts from unfixed files.
        for f in &files {
            common::write(&p.root, &[(f, SOURCE)]);
        }
        let out = finish(
            autofix(&p.root, &["check", "--fix", "--no-inferred"], false)
                .spawn()
                .unwrap(),
            "autofix check --fix",
        );
        let (code, stderr) = (out.status.code(), text(&out.stderr));
        let sources: std::collections::BTreeSet<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(p.root.join(f)).unwrap())
            .collect();
        // The walk can meet the rules file while it is a folder and fail to list it a moment
        // later: that path is reported (exit 2) and every other file is checked and fixed.
        let walk_met_the_flip = code == Some(2)
            && !stderr.trim().is_empty()
            && stderr
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with("warning:"))
                .all(|l| l.starts_with("error: autofix.json: cannot read: "));
        match code {
            Some(0) | Some(2) if code == Some(0) || walk_met_the_flip => {
                assert_eq!(
                    sources.len(),
                    1,
                    "every file fixed by the same rules: {sources:?}"
                );
                let fixed = sources.first().unwrap();
                assert!(
                    [SOURCE.replace("TODO", "DONE"), SOURCE.replace("FIXME", "FIXED")].contains(fixed),
                    "{fault:?}: exit {code:?}, but not fixed by the rules in force: {fixed}\n{stderr}\n{}",
                    text(&out.stdout)
                );
            }
            Some(2) => {
                assert_eq!(
                    sources.into_iter().collect::<Vec<_>>(),
                    [SOURCE],
                    "{fault:?}: a refused run fixes nothing: {stderr}"
                );
                assert!(
                    [
                        "the rules file is empty",
                        "not a regular file",
                        "outside the workspace",
                        "no rules file found",
                        "cannot read the rules file",
                    ]
                    .iter()
                    .any(|w| stderr.contains(w)),
                    "{fault:?}: the error says why: {stderr}"
                );
            }
            other => panic!("{fault:?}: exit {other:?}: {stderr}"),
        }
        outcomes.push(code);
    }
    assert!(flipper.stop() > 0);
    assert_eq!(
        std::fs::read_to_string(p.rules()).unwrap(),
        RULES,
        "never written by check"
    );
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
}

// --- the engine: a locked update with the fault between its read and its write ------------------

/// The update `autofix learn` does under the root's lock, with the fault injected after the file
/// was read and the new content planned, before it is written.
fn engine_learn_between_read_and_write(fault: Fault) {
    use autofix::rules::learn::{self, LearnError, NewRule};
    use autofix::rules::store;
    let p = Project::new();
    let outside = p.outside_state();
    let file = p.rules();
    let rule = NewRule {
        category: "CODE".into(),
        instruction: LEARNED.into(),
        why: "w".into(),
        ..Default::default()
    };
    let lock = store::RootLock::acquire(&p.root).unwrap();
    // The policy `autofix learn` passes.
    let policy = autofix::access::AccessPolicy::new([&p.root]);
    let result = store::update_locked(&lock, &file, Some(&policy), |current| {
        let plan = learn::plan(current, &rule)?;
        p.inject(fault);
        Ok::<_, LearnError>((plan.content, plan.number))
    });
    drop(lock);
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
    // Whatever the fault left is what another program made: it is kept as it is, and the
    // learner says it did not write.
    let message = match result {
        Ok(n) if fault == Fault::ReadOnly && !binding_in_process() => {
            // Root: the read-only file is replaced, keeping its mode, and nothing is lost.
            assert_eq!(n, 3);
            assert_appended(RULES, &std::fs::read_to_string(&file).unwrap(), 3);
            assert_eq!(std::fs::metadata(&file).unwrap().mode() & 0o777, 0o444);
            return;
        }
        Ok(n) => panic!("{fault:?}: rule #{n} written over a file that changed after it was read"),
        Err(e) => e.to_string(),
    };
    assert_eq!(describe(&file), left_by(&p, fault), "left as the fault made it");
    assert_eq!(
        std::fs::read_to_string(p.root.join("rules/real.json")).unwrap(),
        INSIDE
    );
    let why = match fault {
        Fault::ReadOnly => "ermission denied",
        Fault::LinkOutside => "outside the workspace",
        Fault::Folder => "not a regular file (a folder)",
        Fault::Fifo => "not a regular file (a FIFO)",
        Fault::Truncate | Fault::Replace | Fault::LinkInside | Fault::Delete => "changed on disk",
    };
    assert!(
        message.contains(why),
        "{fault:?}: the refusal says why ({why}): {message}"
    );
}

/// Whether file permissions bind this test process.
fn binding_in_process() -> bool {
    !is_root()
}

// --- the language server -------------------------------------------------------------------------

use common::lsp::{TestClient, vscode_capabilities};

/// Awaits `f`, failing the test if it takes longer than `PATIENCE`.
async fn within<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    match tokio::time::timeout(PATIENCE, f).await {
        Ok(v) => v,
        Err(_) => panic!("{what}: no answer within {PATIENCE:?}: it hangs"),
    }
}

fn learn_args(client: &TestClient) -> Value {
    json!({ "command": "autofix.learnRule",
            "arguments": [{ "category": "CODE", "instruction": LEARNED, "why": "w", "uri": client.uri("src/a.ts") }] })
}

/// `autofix.learnRule`, as `Ok` with its result or `Err` with its error message.
async fn lsp_learn(client: &mut TestClient) -> Result<Value, String> {
    let args = learn_args(client);
    let result = within(
        "autofix.learnRule",
        client.request("workspace/executeCommand", args),
    )
    .await;
    match result.get("error") {
        Some(e) => Err(e["message"].as_str().unwrap_or_default().to_string()),
        None => Ok(result),
    }
}

/// The rule numbers in force and the rules file's state, once every reload asked for is done.
async fn listed(client: &mut TestClient) -> (Vec<u64>, bool, Option<String>) {
    let list = within(
        "autofix.listRules",
        client.request(
            "workspace/executeCommand",
            json!({ "command": "autofix.listRules", "arguments": [] }),
        ),
    )
    .await;
    let numbers = list["rules"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|r| r["rule_number"].as_u64().unwrap())
        .collect();
    (
        numbers,
        list["broken"].as_bool().unwrap(),
        list["error"].as_str().map(str::to_string),
    )
}

/// Tells the server the rules file changed on disk, as its file watcher would.
async fn watched(client: &TestClient, deleted: bool) {
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": client.uri("autofix.json"), "type": if deleted { 3 } else { 2 } }] }),
        )
        .await;
}

/// A server on `p` whose document `src/a.ts` shows rule #1's diagnostic.
async fn server(p: &Project, capabilities: Value) -> (TestClient, String) {
    let mut client = within(
        "initialize",
        TestClient::start(&p.root, capabilities, json!({ "inferredChecks": false })),
    )
    .await;
    let doc = client.open("src/a.ts", "typescript", SOURCE).await;
    let diags = within("diagnostics", client.diagnostics(&doc)).await;
    assert_eq!(codes(&diags), [1], "{diags:?}");
    (client, doc)
}

fn codes(diags: &[Value]) -> Vec<u64> {
    diags.iter().map(|d| d["code"].as_u64().unwrap()).collect()
}

/// After a fault and the learn it met: the fault undone, the watcher tells the server, and a
/// learn works again — nothing (a lock, a turn) was left behind. Its number is the next above
/// `RULES` and above the number the server last handed out (`landed`).
async fn a_following_learn_works(p: &Project, client: &mut TestClient, landed: Option<u64>) {
    let expected_number = landed.unwrap_or(0).max(2) + 1;
    p.restore();
    watched(client, false).await;
    let result = lsp_learn(client).await.expect("a following learn works");
    assert_eq!(result["applied"], true, "{result}");
    assert_eq!(result["rule_number"], expected_number, "{result}");
    assert_appended(
        RULES,
        &std::fs::read_to_string(p.rules()).unwrap(),
        expected_number,
    );
}

/// `autofix.learnRule` for a client that cannot apply edits: the server asks for a confirmation
/// and writes the file itself, under the lock; the fault happens while the user is asked.
async fn lsp_learn_server_writes(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    let mut caps = vscode_capabilities();
    caps["workspace"]["applyEdit"] = json!(false);
    let (mut client, _) = server(&p, caps).await;
    let injected = Arc::new(AtomicBool::new(false));
    {
        let (paths, injected) = ((*p).clone(), injected.clone());
        client.answer("window/showMessageRequest", move |params| {
            let first = !injected.swap(true, Ordering::SeqCst);
            let asked = params["message"].as_str().unwrap_or_default();
            if first && !asked.starts_with("autofix: Learn rule #3?") {
                return json!({ "title": format!("unexpected question: {asked}") });
            }
            if first {
                paths.inject(fault);
            }
            json!({ "title": "Apply" })
        });
    }
    let result = lsp_learn(&mut client).await;
    let landed = result.as_ref().ok().and_then(|r| r["rule_number"].as_u64());
    let outcome = result.map(|result| {
        assert_eq!(result["applied"], true, "{result}");
    });
    assert!(injected.load(Ordering::SeqCst));
    assert_learned_under(&p, fault, &outcome, binding_in_process());
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
    a_following_learn_works(&p, &mut client, landed).await;
}

/// `autofix.learnRule` the usual way: the server sends the edit and the editor reviews it; the
/// fault happens during the review, and the editor says it applied the edit (keeping it in an
/// unsaved buffer). The server writes nothing itself, whatever the fault.
async fn lsp_learn_editor(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    let (mut client, _) = server(&p, vscode_capabilities()).await;
    let injected = Arc::new(AtomicBool::new(false));
    {
        let (paths, injected) = ((*p).clone(), injected.clone());
        client.answer("workspace/applyEdit", move |_| {
            if !injected.swap(true, Ordering::SeqCst) {
                paths.inject(fault);
            }
            json!({ "applied": true })
        });
    }
    let result = lsp_learn(&mut client).await.expect("the edit was sent");
    assert!(injected.load(Ordering::SeqCst));
    assert_eq!(result["applied"], true, "{result}");
    assert_eq!(result["rule_number"], 3, "{result}");
    // What the fault left is left alone.
    assert_eq!(
        describe(&p.rules()),
        left_by(&p, fault),
        "the server wrote nothing"
    );
    assert_eq!(
        std::fs::read_to_string(p.root.join("rules/real.json")).unwrap(),
        INSIDE
    );
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    a_following_learn_works(&p, &mut client, Some(3)).await;
}

/// `autofix.learnRule` with the fault injected while the server waits for the root's lock (held
/// by another learner, here the test): after it chose the rules file and checked it, before it
/// reads it. The edit it then sends (if any) is planned against what the fault left, and it
/// never sends one for a file it may not write.
async fn lsp_learn_waiting_for_the_lock(fault: Fault) {
    let p = Project::new();
    let outside = p.outside_state();
    let (mut client, _) = server(&p, vscode_capabilities()).await;
    let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
    {
        let sent = sent.clone();
        client.answer("workspace/applyEdit", move |params| {
            sent.lock().unwrap().push(params.clone());
            json!({ "applied": true })
        });
    }
    let lock = autofix::rules::store::RootLock::acquire(&p.root).unwrap();
    let args = learn_args(&client);
    let id = client.send_request("workspace/executeCommand", args).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(
        sent.lock().unwrap().is_empty(),
        "nothing sent while the lock is held"
    );
    p.inject(fault);
    drop(lock);
    let result = within("autofix.learnRule", client.response(id)).await;
    let edits = sent.lock().unwrap().clone();
    let refused = |why: &str| {
        let message = result["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(why),
            "{fault:?}: refused, saying why ({why}): {result}"
        );
        assert!(
            edits.is_empty(),
            "{fault:?}: no edit sent for a file it refused: {edits:?}"
        );
    };
    let sent_rule = |number: u64| {
        assert_eq!(result["applied"], true, "{fault:?}: {result}");
        assert_eq!(result["rule_number"], number, "{fault:?}: {result}");
        assert_eq!(edits.len(), 1, "{fault:?}: {edits:?}");
        assert!(edits[0].to_string().contains(LEARNED), "{:?}", edits[0]);
    };
    match fault {
        Fault::Truncate => refused("the rules file is empty"),
        Fault::Replace => sent_rule(4),
        Fault::Folder => refused("not a regular file (a folder)"),
        Fault::LinkInside => sent_rule(6),
        Fault::LinkOutside => refused("outside the workspace"),
        Fault::ReadOnly => sent_rule(3),
        Fault::Delete => {
            sent_rule(1);
            assert_eq!(
                edits[0]["edit"]["documentChanges"][0]["kind"], "create",
                "{:?}",
                edits[0]
            );
        }
        Fault::Fifo => refused("not a regular file (a FIFO)"),
    }
    assert_eq!(
        describe(&p.rules()),
        left_by(&p, fault),
        "the server wrote nothing"
    );
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing written outside the project");
}

/// How a reload learns of the fault.
#[derive(Clone, Copy, Debug)]
enum Via {
    /// A `workspace/didChangeWatchedFiles` notification.
    Watcher,
    /// The rules file's buffer is closed: the file on disk counts again.
    Close,
}

/// A rules reload after `fault`: the server keeps serving; a file it cannot use leaves the last
/// good rules in force and says why; it writes nothing.
async fn lsp_reload(fault: Fault, via: Via) {
    let p = Project::new();
    let outside = p.outside_state();
    let (mut client, doc) = server(&p, vscode_capabilities()).await;
    let rules_uri = match via {
        Via::Close => Some(client.open("autofix.json", "json", RULES).await),
        Via::Watcher => None,
    };
    // The server's own start-up reload (after it fetched the settings, just before it registers
    // its watchers) must be over before the fault: one landing in the instant a folder replaces
    // the file would find no file at all, and rightly forget the rules.
    within(
        "watcher registration",
        client.expect("client/registerCapability", |_| true),
    )
    .await;
    assert_eq!(
        listed(&mut client).await.0,
        [1, 2],
        "{fault:?}: rules before the fault"
    );
    p.inject(fault);
    match (via, rules_uri) {
        (Via::Watcher, _) => watched(&client, fault == Fault::Delete).await,
        (Via::Close, Some(uri)) => client.close(&uri).await,
        (Via::Close, None) => unreachable!(),
    }
    let (numbers, broken, error) = listed(&mut client).await;
    let expect_broken = |why: &str| {
        assert_eq!(numbers, [1, 2], "{fault:?}: the last good rules stay in force");
        assert!(broken, "{fault:?}: said to be broken");
        let error = error.clone().unwrap_or_default();
        assert!(error.contains(why), "{fault:?}: says why ({why}): {error}");
    };
    let in_force: Vec<u64> = match fault {
        Fault::Truncate => {
            expect_broken("empty");
            vec![1]
        }
        Fault::Folder => {
            expect_broken("not a regular file (a folder)");
            vec![1]
        }
        Fault::Fifo => {
            expect_broken("not a regular file (a FIFO)");
            vec![1]
        }
        Fault::LinkOutside => {
            expect_broken("outside the workspace");
            vec![1]
        }
        Fault::Replace => {
            assert_eq!((numbers, broken), (vec![1, 2, 3], false));
            vec![1]
        }
        Fault::ReadOnly => {
            assert_eq!((numbers, broken), (vec![1, 2], false));
            vec![1]
        }
        Fault::LinkInside => {
            assert_eq!((numbers, broken), (vec![5], false), "the linked rules");
            vec![5]
        }
        Fault::Delete => {
            assert_eq!((numbers, broken), (vec![], false), "deleted: no rules");
            vec![]
        }
    };
    if in_force == [1] {
        // Unchanged diagnostics are not published again: ask for the hover instead.
        let hover = within(
            "hover",
            client.request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": doc }, "position": { "line": 0, "character": 4 } }),
            ),
        )
        .await;
        assert!(hover.to_string().contains("#1"), "{fault:?}: {hover}");
    } else {
        let diags = within(
            "diagnostics",
            client.diagnostics_where(&doc, |d| codes(d) == in_force),
        )
        .await;
        assert_eq!(codes(&diags), in_force);
    }
    assert_eq!(
        describe(&p.rules()),
        left_by(&p, fault),
        "the server wrote nothing"
    );
    assert_eq!(
        std::fs::read_to_string(p.root.join("rules/real.json")).unwrap(),
        INSIDE
    );
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside, "nothing read into or written outside");
    // Undone, the rules are back.
    p.restore();
    watched(&client, false).await;
    assert_eq!(listed(&mut client).await, (vec![1, 2], false, None));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_faults_and_reloads_ends_with_the_rules_in_force() {
    let p = Project::new();
    let outside = p.outside_state();
    let (mut client, doc) = server(&p, vscode_capabilities()).await;
    for fault in [
        Fault::Truncate,
        Fault::Replace,
        Fault::Folder,
        Fault::LinkInside,
        Fault::LinkOutside,
        Fault::ReadOnly,
        Fault::Delete,
        Fault::Fifo,
    ] {
        let flipper = Flipper::start(&p, fault);
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            watched(&client, false).await;
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
        // Still serving while the file flips.
        listed(&mut client).await;
        assert!(flipper.stop() > 0);
    }
    watched(&client, false).await;
    assert_eq!(listed(&mut client).await, (vec![1, 2], false, None));
    within("diagnostics", client.diagnostics_where(&doc, |d| codes(d) == [1])).await;
    assert_eq!(std::fs::read_to_string(p.rules()).unwrap(), RULES);
    p.assert_no_leftovers();
    assert_eq!(p.outside_state(), outside);
}

// --- requests cancelled mid-work --------------------------------------------------------------

/// An answer the test gives later: the client's reader waits for it (at most `PATIENCE`), as an
/// editor whose user has not decided yet.
struct HeldAnswer {
    asked: std::sync::mpsc::Receiver<Value>,
    release: std::sync::mpsc::Sender<Value>,
}

impl HeldAnswer {
    fn install(client: &mut TestClient, method: &str, fallback: Value) -> HeldAnswer {
        let (asked_tx, asked) = std::sync::mpsc::channel();
        let (release, release_rx) = std::sync::mpsc::channel::<Value>();
        let (asked_tx, release_rx) = (std::sync::Mutex::new(asked_tx), std::sync::Mutex::new(release_rx));
        client.answer(method, move |params| {
            let _ = asked_tx.lock().unwrap().send(params.clone());
            release_rx
                .lock()
                .unwrap()
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| fallback.clone())
        });
        HeldAnswer { asked, release }
    }

    /// Waits until the server asked.
    async fn asked(&self) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Ok(params) = self.asked.try_recv() {
                return params;
            }
            assert!(Instant::now() < deadline, "the server never asked");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// Waits until nobody holds the root's lock (at most `within`); true when it was free in time.
async fn lock_released(root: &Path, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    loop {
        if autofix::rules::store::RootLock::try_acquire(root)
            .unwrap()
            .is_some()
        {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `autofix.learnRule` cancelled while the editor reviews its edit: the server stops waiting at
/// once and lets go of the rules file; the editor's late "applied" changes nothing on the
/// server's side (no message, no renumbering, no write); the next learn works.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_learn_cancelled_during_the_editors_review_lets_go_and_never_lands_later() {
    let p = Project::new();
    let (mut client, _) = server(&p, vscode_capabilities()).await;
    let held = HeldAnswer::install(&mut client, "workspace/applyEdit", json!({ "applied": false }));
    let args = learn_args(&client);
    let id = client.send_request("workspace/executeCommand", args).await;
    held.asked().await;
    assert!(
        !lock_released(&p.root, Duration::from_millis(100)).await,
        "the server holds the rules file during the review"
    );
    client.notify("$/cancelRequest", json!({ "id": id })).await;
    assert!(
        lock_released(&p.root, Duration::from_secs(2)).await,
        "a cancelled learn lets go of the rules file at once"
    );
    // The editor answers late: it applied the edit (to an unsaved buffer).
    held.release.send(json!({ "applied": true })).unwrap();
    let cancelled = within("the cancelled learn", client.response(id)).await;
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        client
            .received("window/showMessage")
            .iter()
            .all(|m| !m["message"].as_str().unwrap_or_default().contains("Learned rule")),
        "a cancelled learn reports nothing later"
    );
    assert_eq!(std::fs::read_to_string(p.rules()).unwrap(), RULES, "intact");
    client.answer("workspace/applyEdit", common::lsp::apply_to_disk);
    a_following_learn_works(&p, &mut client, None).await;
}

/// The same for a client that cannot apply edits: the server would write the file itself once
/// the user says yes — and must not once the learn was cancelled, even if the yes comes later.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_learn_cancelled_before_the_user_says_yes_is_never_written() {
    let p = Project::new();
    let mut caps = vscode_capabilities();
    caps["workspace"]["applyEdit"] = json!(false);
    let (mut client, _) = server(&p, caps).await;
    let held = HeldAnswer::install(&mut client, "window/showMessageRequest", json!(null));
    let args = learn_args(&client);
    let id = client.send_request("workspace/executeCommand", args).await;
    let asked = held.asked().await;
    assert!(
        asked["message"]
            .as_str()
            .unwrap()
            .starts_with("autofix: Learn rule #3?"),
        "{asked}"
    );
    assert!(!lock_released(&p.root, Duration::from_millis(100)).await);
    client.notify("$/cancelRequest", json!({ "id": id })).await;
    assert!(lock_released(&p.root, Duration::from_secs(2)).await);
    held.release.send(json!({ "title": "Apply" })).unwrap();
    let cancelled = within("the cancelled learn", client.response(id)).await;
    assert_eq!(cancelled["error"]["code"], -32800, "{cancelled}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        std::fs::read_to_string(p.rules()).unwrap(),
        RULES,
        "the yes that came after the cancellation wrote nothing"
    );
    client.answer("window/showMessageRequest", |_| json!({ "title": "Apply" }));
    a_following_learn_works(&p, &mut client, None).await;
}

/// A file of `n` distinct lines.
fn big_file(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "let value_{i} = compute({i}, \"{:08x}\");\n",
                i.wrapping_mul(2654435761)
            )
        })
        .collect()
}

/// A diff of `n` blocks each close to a line of the file but matching none: every block needs a
/// fuzzy search of the whole file.
fn heavy_diff(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "<<<<<<< SEARCH\nlet valeu_{i} = compute({i}, \"{:08x}\")\n=======\nlet value_{i} = 0;\n>>>>>>> REPLACE\n",
                i.wrapping_mul(2654435761)
            )
        })
        .collect()
}

/// Previews of a huge diff, more than can run at once, all cancelled: each is answered as
/// cancelled at once, and their work stops — a small preview after them runs without waiting
/// for the cancelled ones' time budget to run out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelled_previews_of_a_huge_diff_stop_their_work() {
    let p = Project::new();
    common::write(&p.root, &[("big.ts", &big_file(5000))]);
    let (mut client, _) = server(&p, vscode_capabilities()).await;
    let slots = std::thread::available_parallelism().map_or(2, |n| n.get()).max(2);
    let mut ids = Vec::new();
    for _ in 0..slots + 2 {
        let args = json!({ "command": "autofix.previewDiff",
                           "arguments": [{ "path": "big.ts", "diff": heavy_diff(5000), "threshold": 0.8 }] });
        ids.push(client.send_request("workspace/executeCommand", args).await);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let cancelled = Instant::now();
    for id in &ids {
        client.notify("$/cancelRequest", json!({ "id": id })).await;
    }
    for id in ids {
        let answer = within("a cancelled preview", client.response(id)).await;
        assert_eq!(answer["error"]["code"], -32800, "{answer}");
    }
    assert!(
        cancelled.elapsed() < Duration::from_secs(1),
        "cancellations answered in {:?}",
        cancelled.elapsed()
    );
    let started = Instant::now();
    let small =
        "<<<<<<< SEARCH\nlet value_7 = compute(7, \"{}\");\n=======\nlet value_7 = 7;\n>>>>>>> REPLACE\n"
            .replace("{}", &format!("{:08x}", 7usize.wrapping_mul(2654435761)));
    let report = within(
        "a small preview",
        client.request(
            "workspace/executeCommand",
            json!({ "command": "autofix.previewDiff", "arguments": [{ "path": "big.ts", "diff": small }] }),
        ),
    )
    .await;
    assert_eq!(report["success"], true, "{report}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the cancelled work still held the workers: {:?}",
        started.elapsed()
    );
}

// --- a client that never reads ----------------------------------------------------------------

fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// How the client is connected to the server's standard streams.
#[derive(Clone, Copy, Debug)]
enum Streams {
    /// Pipes (what most editors use).
    Pipes,
    /// Unix socket pairs (what Node's child processes use), the input closed with
    /// `shutdown(SHUT_WR)`: the client stops writing but keeps the socket.
    Sockets,
}

/// The built server, flooded by a client that never reads its output: documents with 1,500
/// violations each (diagnostics to publish), hovers, code actions, learns (edits to review),
/// far more than every buffer between them holds. The client then closes the server's input;
/// the server must end promptly, though it had stopped reading its input for a while.
fn flood_then_close(streams: Streams) {
    use std::io::Write;
    use std::os::fd::{AsRawFd, OwnedFd};
    use std::os::unix::net::UnixStream;
    let p = Project::new();
    let mut command = Command::new(env!("CARGO_BIN_EXE_autofix"));
    command.args(["lsp", "--stdio"]).stderr(Stdio::piped());
    // The client's ends: what it writes, and what it keeps open and never reads.
    let (mut input, _output): (Box<dyn Write>, Box<dyn std::any::Any>);
    let input_fd;
    let mut socket_input = None;
    match streams {
        Streams::Pipes => {
            command.stdin(Stdio::piped()).stdout(Stdio::piped());
        }
        Streams::Sockets => {
            let (ours_in, theirs_in) = UnixStream::pair().unwrap();
            let (ours_out, theirs_out) = UnixStream::pair().unwrap();
            command
                .stdin(Stdio::from(OwnedFd::from(theirs_in)))
                .stdout(Stdio::from(OwnedFd::from(theirs_out)));
            socket_input = Some((ours_in, ours_out));
        }
    }
    let mut child = command.spawn().unwrap();
    match (streams, socket_input.take()) {
        (Streams::Pipes, _) => {
            let stdin = child.stdin.take().unwrap();
            input_fd = stdin.as_raw_fd();
            input = Box::new(stdin);
            _output = Box::new(child.stdout.take().unwrap());
        }
        (Streams::Sockets, Some((ours_in, ours_out))) => {
            input_fd = ours_in.as_raw_fd();
            socket_input = Some((ours_in.try_clone().unwrap(), ours_out.try_clone().unwrap()));
            input = Box::new(ours_in);
            _output = Box::new(ours_out);
        }
        (Streams::Sockets, None) => unreachable!(),
    }
    let mut stderr = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    // SAFETY: a valid descriptor owned by `input`.
    unsafe {
        let flags = libc::fcntl(input_fd, libc::F_GETFL);
        assert_eq!(libc::fcntl(input_fd, libc::F_SETFL, flags | libc::O_NONBLOCK), 0);
    }
    let root_uri = common::lsp::uri(&p.root);
    let mut flood = frame(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": null, "rootUri": root_uri, "workspaceFolders": [{"uri": root_uri, "name": "r"}],
        "capabilities": vscode_capabilities(), "initializationOptions": {"inferredChecks": false}}}),
    );
    flood.extend(frame(
        &json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
    ));
    let todo_file: String = (0..1500).map(|i| format!("// TODO {i}\n")).collect();
    let mut id = 2;
    for i in 0..400 {
        let uri = common::lsp::uri(&p.root.join(format!("src/f{i}.ts")));
        flood.extend(frame(
            &json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "typescript", "version": 1, "text": todo_file}}}),
        ));
        for (method, params) in [
            (
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 4}}),
            ),
            (
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri},
                "range": {"start": {"line": 7, "character": 0}, "end": {"line": 7, "character": 4}},
                "context": {"diagnostics": []}}),
            ),
            (
                "workspace/executeCommand",
                json!({"command": "autofix.learnRule",
                "arguments": [{"category": "CODE", "instruction": format!("Never do thing {i}."), "why": "w"}]}),
            ),
        ] {
            flood.extend(frame(
                &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
            ));
            id += 1;
        }
    }
    assert!(
        flood.len() > 4 << 20,
        "more than every buffer holds: {} bytes",
        flood.len()
    );
    // Write what the server takes, until it has taken everything or nothing for a second.
    let mut written = 0;
    let mut last_progress = Instant::now();
    while written < flood.len() && last_progress.elapsed() < Duration::from_secs(1) {
        match input.write(&flood[written..]) {
            Ok(n) => {
                written += n;
                last_progress = Instant::now();
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => panic!("the server closed its input: {e} after {written} bytes"),
        }
    }
    assert!(
        written < flood.len(),
        "{streams:?}: the server took everything ({written} bytes): the flood is too small to test this"
    );
    let closed = Instant::now();
    match socket_input {
        Some((ours_in, _)) => ours_in.shutdown(std::net::Shutdown::Write).unwrap(),
        None => drop(input),
    }
    let deadline = closed + Duration::from_secs(2);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{streams:?}: the server was still running 2 s after its input closed ({written} of {} bytes taken)",
                flood.len()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    eprintln!(
        "{streams:?}: ended {:?} after its input closed, having taken {written} bytes",
        closed.elapsed()
    );
    assert_eq!(status.code(), Some(1), "no shutdown came: {status:?}");
    let stderr = stderr.join().unwrap();
    assert!(stderr.contains("standard input closed"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(p.rules()).unwrap(),
        RULES,
        "nothing learned unreviewed"
    );
}

#[test]
fn a_client_that_never_reads_then_closes_its_pipe_ends_the_server_promptly() {
    flood_then_close(Streams::Pipes);
}

#[test]
fn a_client_that_never_reads_then_shuts_its_socket_ends_the_server_promptly() {
    flood_then_close(Streams::Sockets);
}

// --- the generated cases ----------------------------------------------------------------------

macro_rules! fault_cases {
    ($($name:ident => $fault:expr),* $(,)?) => {
        mod cli_learn {
            use super::*;
            $(#[test] fn $name() { cli_learn($fault) })*
        }
        mod engine_learn_between_read_and_write {
            use super::*;
            $(#[test] fn $name() { engine_learn_between_read_and_write($fault) })*
        }
        mod cli_check_fix {
            use super::*;
            $(#[test] fn $name() { cli_check_fix($fault) })*
        }
        mod cli_check_fix_during {
            use super::*;
            $(#[test] fn $name() { cli_check_fix_during($fault) })*
        }
        mod lsp_learn_server_writes {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { lsp_learn_server_writes($fault).await })*
        }
        mod lsp_learn_waiting_for_the_lock {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { lsp_learn_waiting_for_the_lock($fault).await })*
        }
        mod lsp_learn_editor {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { lsp_learn_editor($fault).await })*
        }
        mod lsp_reload_watched {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { lsp_reload($fault, Via::Watcher).await })*
        }
        mod lsp_reload_buffer_closed {
            use super::*;
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { lsp_reload($fault, Via::Close).await })*
        }
    };
}

fault_cases! {
    truncated => Fault::Truncate,
    replaced => Fault::Replace,
    made_a_folder => Fault::Folder,
    made_a_link_inside => Fault::LinkInside,
    made_a_link_outside => Fault::LinkOutside,
    made_read_only => Fault::ReadOnly,
    deleted => Fault::Delete,
    made_a_fifo => Fault::Fifo,
}
