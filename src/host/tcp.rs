//! The host over TCP: JSON lines, one thread reading each connection and one writing it.
//!
//! A connection's first line joins (`{"join": {"code": "C"}}`, or with `"since": N` to
//! rejoin), and must come within [`JOIN_WAIT`]; every line is bounded as `script`'s are
//! ([`MAX_LINE_BYTES`]). What the host sends a client goes through its [`Outbox`], written
//! by the connection's writer thread, so a client that does not read only fills its own
//! queue, and is dropped when it is full or a write waits longer than [`WRITE_WAIT`].

use std::io::{self, BufReader, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use serde::Deserialize;

use super::hosted::Host;
use super::outbox::{OUTBOX_ITEMS, Outbox};
use super::request::{Handled, MAX_REFUSED_IN_A_ROW, handle};
use super::screen::relay::{ScreenSize, serve_screen};
use crate::game::PlayError;
use crate::protocol::{Line, LineReader, MAX_LINE_BYTES, StrictValue, reply_text};

/// How long a new connection has to send its join line.
pub const JOIN_WAIT: Duration = Duration::from_secs(10);

/// How long one write to a client may wait before the client is dropped.
pub const WRITE_WAIT: Duration = Duration::from_secs(10);

/// The most connections held at once; more are refused with a line saying so.
pub const MAX_CONNECTIONS: usize = 1024;

/// Stack of a connection's reader thread (it answers `hint`, which searches).
const READER_STACK: usize = 2 << 20;

/// Stack of a connection's writer thread.
const WRITER_STACK: usize = 64 << 10;

/// The host shared by its connections.
pub type Shared = Arc<Mutex<Host>>;

/// Locks the host, going on with it if a thread panicked while holding it (the game is
/// changed only after a complete check, so it is whole).
pub fn lock(host: &Shared) -> MutexGuard<'_, Host> {
    host.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The join line.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum JoinLine {
    Join(Join),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    code: String,
    since: Option<u64>,
    /// A terminal's size: the host serves this seat its game screen
    /// ([`super::screen::relay`]) instead of JSON lines.
    screen: Option<ScreenSize>,
}

/// Accepts connections on `listener` for as long as the program runs, each served on
/// threads of its own.
pub fn serve(listener: TcpListener, host: Shared) {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, say: wait a moment rather than spin.
            thread::sleep(Duration::from_millis(50));
            continue;
        };
        if open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            refuse(
                &stream,
                &PlayError::new(
                    "full",
                    format!("the host holds {MAX_CONNECTIONS} connections already"),
                ),
            );
            continue;
        }
        open.fetch_add(1, Ordering::SeqCst);
        let (shared, count) = (Arc::clone(&host), Arc::clone(&open));
        let spawned = thread::Builder::new()
            .name("client".into())
            .stack_size(READER_STACK)
            .spawn(move || {
                connection(stream, &shared);
                count.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Writes one error line to a connection that never joined, and closes it.
fn refuse(mut stream: &TcpStream, error: &PlayError) {
    let _ = stream.set_write_timeout(Some(WRITE_WAIT));
    let _ = writeln!(stream, "{}", reply_text(&error.to_json()));
    let _ = stream.shutdown(Shutdown::Both);
}

/// Serves one connection to its end: the join, then its requests.
fn connection(stream: TcpStream, host: &Shared) {
    let _ = stream.set_nodelay(true);
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut lines = LineReader::new(BufReader::new(read_half), MAX_LINE_BYTES);
    let _ = stream.set_read_timeout(Some(JOIN_WAIT));
    let join = match lines.next_line() {
        Ok(Some(line)) => read_join(&line),
        Ok(None) => return,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
            ) =>
        {
            Err(PlayError::new(
                "too_slow",
                format!("join within {} seconds of connecting", JOIN_WAIT.as_secs()),
            ))
        }
        Err(_) => return,
    };
    let join = match join {
        Ok(join) => join,
        Err(e) => return refuse(&stream, &e),
    };
    if let Some(size) = join.screen {
        return serve_screen(stream, lines, host, &join.code, size);
    }
    let (outbox, queue) = Outbox::new(OUTBOX_ITEMS);
    let outbox = match stream.try_clone() {
        Ok(cut) => outbox.closing_with(Box::new(move || {
            let _ = cut.shutdown(Shutdown::Both);
        })),
        Err(_) => outbox,
    };
    let joined = lock(host).join(&join.code, join.since, outbox);
    let id = match joined {
        Ok(id) => id,
        Err(e) => return refuse(&stream, &e),
    };
    let Ok(write_half) = stream.try_clone() else {
        lock(host).leave(id);
        return;
    };
    let writer = thread::Builder::new()
        .name("client writer".into())
        .stack_size(WRITER_STACK)
        .spawn(move || write_lines(write_half, &queue));
    if writer.is_err() {
        lock(host).leave(id);
        return;
    }
    let _ = stream.set_read_timeout(None);
    let mut refused = 0;
    while let Ok(Some(line)) = lines.next_line() {
        let mut host = lock(host);
        match handle(&mut host, id, &line) {
            Handled::ReadOn => refused = 0,
            Handled::Refused => {
                refused += 1;
                if refused >= MAX_REFUSED_IN_A_ROW {
                    let e = PlayError::new(
                        "too_many_errors",
                        format!(
                            "{MAX_REFUSED_IN_A_ROW} lines in a row were refused; this connection is closed"
                        ),
                    );
                    host.reply(id, &e.to_json());
                    host.leave(id);
                    break;
                }
            }
            Handled::Dropped => break,
        }
    }
    lock(host).leave(id);
}

/// The join line's code and `since`, or why it is not one.
fn read_join(line: &Line) -> Result<Join, PlayError> {
    let text = match line {
        Line::Text(text) => text,
        Line::TooLong => {
            return Err(PlayError::new(
                "line_too_long",
                format!(
                    "a line may be at most {MAX_LINE_BYTES} bytes; the first must be {{\"join\": {{\"code\": \"…\"}}}}"
                ),
            ));
        }
        Line::NotUtf8 { .. } => {
            return Err(PlayError::new("bad_utf8", "a line must be UTF-8 text"));
        }
    };
    let not_join = |e: serde_json::Error| {
        PlayError::new(
            "not_joined",
            format!(
                "the first line joins: {{\"join\": {{\"code\": \"…\"}}}}, or with \"since\": N to rejoin ({e})"
            ),
        )
    };
    let StrictValue(value) = serde_json::from_str::<StrictValue>(text).map_err(not_join)?;
    let JoinLine::Join(join) = JoinLine::deserialize(value).map_err(not_join)?;
    Ok(join)
}

/// Writes the lines queued for a client until the host lets it go or it stops reading;
/// then closes the connection, which ends its reader too.
fn write_lines(mut stream: TcpStream, queue: &Receiver<Arc<str>>) {
    let _ = stream.set_write_timeout(Some(WRITE_WAIT));
    let mut buffer = Vec::new();
    while let Ok(text) = queue.recv() {
        buffer.clear();
        buffer.extend_from_slice(text.as_bytes());
        buffer.push(b'\n');
        // Whatever else is queued goes in the same write.
        while let Ok(more) = queue.try_recv() {
            buffer.extend_from_slice(more.as_bytes());
            buffer.push(b'\n');
        }
        if stream.write_all(&buffer).is_err() {
            break;
        }
    }
    let _ = stream.shutdown(Shutdown::Both);
}
