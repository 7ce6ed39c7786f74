//! Running a program that grundy does not trust.
//!
//! A contestant's program may loop forever, crash, write gigabytes, or start children of its own
//! that outlive it. None of that may hang grundy, crash it, or leave a process behind. So every
//! program runs like this:
//!
//! * **In a process group of its own** (the child calls `setpgid(0, 0)` before `exec`), so that
//!   one `SIGKILL` to the group ends the program *and* everything it started (unless a descendant
//!   deliberately leaves the group with `setsid`, which nothing in a contest solution does).
//! * **Fed and read by threads.** A thread writes its standard input and closes it; a thread
//!   reads its standard output, up to a cap (the output limit); a thread drains its standard
//!   error and keeps the tail. grundy itself only waits on a channel, with a deadline, so a
//!   program that never reads its input or never closes its output cannot block it.
//! * **Killed at the deadline**: at the time limit (or as soon as the output passes its cap) the
//!   whole group gets `SIGKILL`.
//! * **Reaped, never raced.** A waiting thread notices the exit without reaping the child
//!   (`waitid` with `WNOWAIT`), kills the rest of the group (a background child left behind
//!   would otherwise keep running and hold the pipes open), and only then reaps the leader. While
//!   the leader is unreaped its pid cannot be reused, so a group id is never signalled after it
//!   might name someone else's processes. Every group not yet reaped is listed, so that
//!   [`kill_all`] (grundy's Ctrl-C handler) can end them too.
//!
//! [`run`] does one batch run (input in, output out, a verdict on how it ended);
//! [`Session`] keeps a program running for a line-by-line dialogue (`grundy interact`).

use nix::sys::signal::{Signal, killpg};
use nix::sys::wait::{Id, WaitPidFlag, waitid};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// A program and its arguments, as given after `--`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The program to run (looked up in `PATH` when it has no slash).
    pub command: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
}

impl Program {
    /// A program from its command line: the first word is the program, the rest its arguments;
    /// `None` for an empty command line.
    pub fn from_command_line(words: &[OsString]) -> Option<Program> {
        let (command, args) = words.split_first()?;
        Some(Program {
            command: command.clone(),
            args: args.to_vec(),
        })
    }

    /// The command line, for messages.
    pub fn display(&self) -> String {
        std::iter::once(&self.command)
            .chain(&self.args)
            .map(|word| word.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The program could not be started at all.
#[derive(Debug, thiserror::Error)]
#[error("cannot run `{program}`: {source}")]
pub struct SpawnError {
    /// The command line.
    pub program: String,
    /// Why.
    #[source]
    pub source: io::Error,
}

/// How much a batch run may take.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Wall-clock time from start to exit.
    pub time: Duration,
    /// Bytes of standard output; more is an output-limit verdict.
    pub output_bytes: usize,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited by itself with this status.
    Exited(i32),
    /// The program was ended by this signal (not ours).
    Signaled(i32),
    /// It was still running at the time limit, and was killed.
    TimeLimit,
    /// It wrote more than the output limit, and was killed.
    OutputLimit,
}

impl Ending {
    /// A short description: `exit status 3`, `signal 11 (SIGSEGV)`, `time limit`, `output limit`.
    pub fn describe(&self) -> String {
        match self {
            Ending::Exited(code) => format!("exit status {code}"),
            Ending::Signaled(signal) => match Signal::try_from(*signal) {
                Ok(name) => format!("signal {signal} ({})", name.as_str()),
                Err(_) => format!("signal {signal}"),
            },
            Ending::TimeLimit => "time limit".to_string(),
            Ending::OutputLimit => "output limit".to_string(),
        }
    }
}

/// What a batch run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Its standard output (at most the output limit).
    pub stdout: Vec<u8>,
    /// The last bytes of its standard error, as text.
    pub stderr_tail: String,
}

/// How many bytes of standard error are kept (the last ones).
const STDERR_TAIL: usize = 2048;

/// How long to wait, after a kill, for the kernel to finish the processes and close the pipes.
const AFTER_KILL: Duration = Duration::from_secs(5);

/// The groups whose leader is not reaped yet: only these may be signalled.
static LIVE_GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

fn live_groups() -> MutexGuard<'static, BTreeSet<i32>> {
    // A panic elsewhere while holding the lock leaves the set as valid as it was.
    LIVE_GROUPS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Kills every program grundy has started and not yet reaped, with all their children (for a
/// Ctrl-C handler).
pub fn kill_all() {
    for &group in live_groups().iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

/// Kills the group led by `pid` if its leader is not reaped yet.
fn kill_group(pid: i32) {
    if live_groups().contains(&pid) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// What the helper threads report.
enum Event {
    /// The program exited (and its group was killed and it was reaped).
    Exited(ExitStatus),
    /// Standard output reached its end; `true` if it passed the cap (reading stopped there).
    StdoutDone(Vec<u8>, bool),
    /// One line of standard output (sessions), without its line break.
    Line(Vec<u8>),
    /// A line longer than the cap (sessions).
    LineTooLong,
    /// Standard output was closed (sessions).
    StdoutClosed,
    /// Standard error reached its end.
    StderrDone,
}

/// A started program: its group, its channel of events and its standard-error tail.
struct Started {
    pid: i32,
    events: Receiver<Event>,
    stderr_tail: Arc<Mutex<Vec<u8>>>,
}

impl Started {
    fn stderr_tail(&self) -> String {
        let tail = self
            .stderr_tail
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        String::from_utf8_lossy(&tail).into_owned()
    }
}

/// Starts `program` in its own group with piped standard streams; returns it with its stdin
/// and stdout, and starts the stderr and waiting threads.
fn start(
    program: &Program,
) -> Result<
    (
        Started,
        std::process::ChildStdin,
        ChildStdout,
        Sender<Event>,
    ),
    SpawnError,
> {
    let mut command = Command::new(&program.command);
    command
        .args(&program.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // Registered before the fork, so that no window exists where the group runs unlisted; the
    // lock is held across the spawn so that a Ctrl-C in between cannot miss it.
    let mut child = {
        let mut live = live_groups();
        let child = command.spawn().map_err(|source| SpawnError {
            program: program.display(),
            source,
        })?;
        live.insert(child.id() as i32);
        child
    };
    let pid = child.id() as i32;
    let stdin = child.stdin.take().expect("stdin was piped");
    let stdout = child.stdout.take().expect("stdout was piped");
    let stderr = child.stderr.take().expect("stderr was piped");
    let (sender, events) = mpsc::channel();
    let stderr_tail = Arc::new(Mutex::new(Vec::new()));
    {
        let sender = sender.clone();
        let tail = Arc::clone(&stderr_tail);
        thread::spawn(move || {
            drain_keeping_tail(stderr, &tail);
            let _ = sender.send(Event::StderrDone);
        });
    }
    {
        let sender = sender.clone();
        thread::spawn(move || {
            let status = wait_kill_reap(&mut child);
            let _ = sender.send(Event::Exited(status));
        });
    }
    Ok((
        Started {
            pid,
            events,
            stderr_tail,
        },
        stdin,
        stdout,
        sender,
    ))
}

/// Waits for the child to exit without reaping it, kills what is left of its group, then reaps
/// it (see the module docs).
fn wait_kill_reap(child: &mut Child) -> ExitStatus {
    let pid = Pid::from_raw(child.id() as i32);
    while let Err(nix::errno::Errno::EINTR) =
        waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT)
    {}
    let mut live = live_groups();
    let _ = killpg(pid, Signal::SIGKILL);
    let status = loop {
        match child.wait() {
            Ok(status) => break status,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            // Cannot happen for our own child; report it as killed rather than panic.
            Err(_) => break ExitStatus::from_raw(Signal::SIGKILL as i32),
        }
    };
    live.remove(&pid.as_raw());
    status
}

/// Reads `stream` to its end, keeping its last [`STDERR_TAIL`] bytes in `tail`.
fn drain_keeping_tail(mut stream: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 8192];
    loop {
        let read = match stream.read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        let mut tail = tail.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        tail.extend_from_slice(&buffer[..read]);
        if tail.len() > STDERR_TAIL {
            let excess = tail.len() - STDERR_TAIL;
            tail.drain(..excess);
        }
    }
}

/// Reads `stream` to its end or past `cap` bytes, whichever comes first.
fn read_capped(stream: impl Read, cap: usize) -> (Vec<u8>, bool) {
    let mut bytes = Vec::new();
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    let _ = stream.take(limit).read_to_end(&mut bytes);
    let over = bytes.len() > cap;
    bytes.truncate(cap);
    (bytes, over)
}

/// `time` after `start`, or a year after it when that is past what an [`Instant`] can hold (a
/// time limit of 10^20 seconds means no limit, not a panic).
fn later(start: Instant, time: Duration) -> Instant {
    start
        .checked_add(time)
        .or_else(|| start.checked_add(Duration::from_secs(365 * 86_400)))
        .unwrap_or(start)
}

/// Runs `program` once on `input` within `limits`.
pub fn run(program: &Program, input: &[u8], limits: &Limits) -> Result<Run, SpawnError> {
    let started_at = Instant::now();
    let (started, mut stdin, stdout, sender) = start(program)?;
    let input = input.to_vec();
    // The program may never read its input (or exit first): the write then fails or blocks
    // until the group is killed, on this thread only.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let cap = limits.output_bytes;
    thread::spawn(move || {
        let (bytes, over) = read_capped(stdout, cap);
        let _ = sender.send(Event::StdoutDone(bytes, over));
    });
    let deadline = later(started_at, limits.time);
    let mut exit: Option<ExitStatus> = None;
    let mut output: Option<(Vec<u8>, bool)> = None;
    let mut stderr_done = false;
    let mut verdict: Option<Ending> = None;
    // Until the program has exited and both output streams are closed, or a limit is passed.
    while exit.is_none() || output.is_none() || !stderr_done {
        // Once a limit is passed the group is dead; only the pipes' closing is awaited.
        let wait_until = match verdict {
            Some(_) => later(deadline, AFTER_KILL),
            None => deadline,
        };
        let left = wait_until.saturating_duration_since(Instant::now());
        match started.events.recv_timeout(left) {
            Ok(Event::Exited(status)) => exit = Some(status),
            Ok(Event::StdoutDone(bytes, over)) => {
                if over && verdict.is_none() {
                    kill_group(started.pid);
                    verdict = Some(Ending::OutputLimit);
                }
                output = Some((bytes, over));
            }
            Ok(Event::StderrDone) => stderr_done = true,
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) if verdict.is_none() => {
                kill_group(started.pid);
                verdict = Some(Ending::TimeLimit);
            }
            // Something outside the group holds a pipe open: give up on it (its thread ends
            // when the pipe finally closes).
            Err(_) => break,
        }
    }
    let ending = match (verdict, exit) {
        (Some(verdict), _) => verdict,
        (None, Some(status)) => match (status.code(), status.signal()) {
            (Some(code), _) => Ending::Exited(code),
            (None, Some(signal)) => Ending::Signaled(signal),
            (None, None) => Ending::Signaled(0),
        },
        (None, None) => Ending::TimeLimit,
    };
    Ok(Run {
        ending,
        stdout: output.map(|(bytes, _)| bytes).unwrap_or_default(),
        stderr_tail: started.stderr_tail(),
    })
}

/// Why a [`Session`] got no line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoLine {
    /// The program wrote no full line within the time.
    TimeLimit,
    /// The program closed its output or ended, with this ending (`None` if still running).
    Closed(Option<Ending>),
    /// The line was longer than the cap.
    TooLong,
}

/// A program kept running for a dialogue: lines to it, lines from it, each answer within a time.
///
/// Dropping the session kills the program's group and leaves its reaping to the waiting thread.
pub struct Session {
    started: Started,
    to_program: Option<Sender<Vec<u8>>>,
    exit: Option<ExitStatus>,
}

impl Session {
    /// Starts `program`; no line of its output may pass `line_cap` bytes.
    pub fn start(program: &Program, line_cap: usize) -> Result<Session, SpawnError> {
        let (started, mut stdin, stdout, sender) = start(program)?;
        let (to_program, lines) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || {
            for line in lines {
                if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
                    return;
                }
            }
        });
        thread::spawn(move || read_lines(stdout, line_cap, &sender));
        Ok(Session {
            started,
            to_program: Some(to_program),
            exit: None,
        })
    }

    /// Sends one line (a line break is added). A program that has gone is not an error here: its
    /// next answer will say so.
    pub fn send(&mut self, line: &str) {
        if let Some(to_program) = &self.to_program {
            let mut bytes = line.as_bytes().to_vec();
            bytes.push(b'\n');
            let _ = to_program.send(bytes);
        }
    }

    /// Closes the program's standard input.
    pub fn close_input(&mut self) {
        self.to_program = None;
    }

    /// The next line of output within `time` (its line break and a trailing `\r` removed).
    pub fn receive(&mut self, time: Duration) -> Result<String, NoLine> {
        let deadline = later(Instant::now(), time);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.started.events.recv_timeout(left) {
                Ok(Event::Line(mut bytes)) => {
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                    return Ok(String::from_utf8_lossy(&bytes).into_owned());
                }
                Ok(Event::LineTooLong) => return Err(NoLine::TooLong),
                Ok(Event::StdoutClosed) => return Err(NoLine::Closed(self.wait_exit())),
                Ok(Event::Exited(status)) => self.exit = Some(status),
                Ok(_) => {}
                Err(_) => return Err(NoLine::TimeLimit),
            }
        }
    }

    /// How the program ended, waiting a little for it once its output is closed.
    fn wait_exit(&mut self) -> Option<Ending> {
        let deadline = Instant::now() + Duration::from_millis(500);
        while self.exit.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.started.events.recv_timeout(left) {
                Ok(Event::Exited(status)) => self.exit = Some(status),
                Ok(_) => {}
                Err(_) => break,
            }
        }
        self.exit
            .map(|status| match (status.code(), status.signal()) {
                (Some(code), _) => Ending::Exited(code),
                (_, signal) => Ending::Signaled(signal.unwrap_or(0)),
            })
    }

    /// Like [`finish`](Self::finish), waiting also for the program's standard error to close,
    /// and then the end of it: what a program writes as it ends is kept.
    pub fn finish_with_stderr(mut self, time: Duration) -> (Option<Ending>, String) {
        self.close_input();
        let deadline = later(Instant::now(), time);
        let mut stderr_done = false;
        while self.exit.is_none() || !stderr_done {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.started.events.recv_timeout(left) {
                Ok(Event::Exited(status)) => self.exit = Some(status),
                Ok(Event::StderrDone) => stderr_done = true,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        let ending = if self.exit.is_some() {
            self.wait_exit()
        } else {
            None
        };
        (ending, self.stderr_tail())
    }

    /// The last bytes of the program's standard error so far.
    pub fn stderr_tail(&self) -> String {
        self.started.stderr_tail()
    }

    /// Closes the input and waits up to `time` for the program to exit by itself, then kills
    /// its group; returns how it ended (`None` if it had to be killed).
    pub fn finish(mut self, time: Duration) -> Option<Ending> {
        self.close_input();
        let deadline = later(Instant::now(), time);
        while self.exit.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.started.events.recv_timeout(left) {
                Ok(Event::Exited(status)) => self.exit = Some(status),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        self.wait_exit()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        kill_group(self.started.pid);
    }
}

/// Sends each line of `stream` as an event, until its end or a line longer than `cap`.
fn read_lines(stream: ChildStdout, cap: usize, sender: &Sender<Event>) {
    let mut reader = BufReader::new(stream);
    loop {
        let mut line = Vec::new();
        let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
        match (&mut reader).take(limit).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = sender.send(Event::StdoutClosed);
                return;
            }
            Ok(_) if line.last() == Some(&b'\n') => {
                line.pop();
                if sender.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            Ok(_) if line.len() > cap => {
                let _ = sender.send(Event::LineTooLong);
                return;
            }
            // The last line, without a line break, at the end of the output.
            Ok(_) => {
                let _ = sender.send(Event::Line(line));
            }
        }
    }
}
