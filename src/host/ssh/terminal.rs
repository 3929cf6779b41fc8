//! A guest's SSH session channel as the far terminal of a seat's screen
//! ([`FarTerminal`]): the very screen `bohnanza join` shows, its frames written to the
//! channel as they are, the guest's keys and sizes sent to it as [`Wake`]s by the
//! connection ([`super::guest`]).
//!
//! The screen runs on a thread of its own (as a TCP screen does), so the SSH runtime never
//! waits for the game; that thread writes through the connection's handle, waiting at most
//! [`WRITE_WAIT`] for a guest that does not read. When the screen ends the channel is
//! closed, which ends the guest's `ssh`; when the connection ends, so does the queue of
//! its wakes, which ends the screen and lets the seat go, as for any client that left.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread;

use ratatui::layout::Size;
use russh::ChannelId;
use russh::server::Handle;

use crate::game::PlayError;
use crate::host::screen::relay::{FarTerminal, MAX_SIDE, ScreenSize, Wake, serve_far};
use crate::host::seats::Viewer;
use crate::host::tcp::{Shared, WRITE_WAIT};
use crate::text::sanitize;

/// Takes the guest's terminal for the screen: the alternate screen, the cursor hidden.
const TAKE: &[u8] = b"\x1b[?1049h\x1b[?25l";

/// Leaves the guest's terminal as it was: the alternate screen left, the cursor shown.
const RESTORE: &[u8] = b"\x1b[?1049l\x1b[?25h";

/// One guest's session channel.
pub struct SshTerminal {
    handle: Handle,
    channel: ChannelId,
    runtime: tokio::runtime::Handle,
    /// Whether the screen has taken the guest's terminal (and must give it back).
    taken: AtomicBool,
    /// Whether the channel is ended (it is ended once, whoever ends it first).
    ended: Arc<AtomicBool>,
}

/// The guest's terminal size from SSH, within what a screen is drawn for.
pub fn screen_size(cols: u32, rows: u32) -> Size {
    let side = |n: u32| u16::try_from(n.clamp(1, u32::from(MAX_SIDE))).unwrap_or(MAX_SIDE);
    Size::new(side(cols), side(rows))
}

impl SshTerminal {
    /// The channel `channel` of the connection `handle`, served on `runtime`.
    pub fn new(handle: Handle, channel: ChannelId, runtime: tokio::runtime::Handle) -> Self {
        SshTerminal {
            handle,
            channel,
            runtime,
            taken: AtomicBool::new(false),
            ended: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts the screen the guest's `code` opens, at `size`, on a thread of its own; the
    /// queue its connection wakes it through, or `None` if it could not start (the guest is
    /// told so).
    pub fn start(self, host: Shared, code: &str, size: Size) -> Option<Sender<Wake>> {
        let (wake, woken) = channel();
        let screen_wake = wake.clone();
        let code = code.to_owned();
        let (handle, channel_id, runtime) =
            (self.handle.clone(), self.channel, self.runtime.clone());
        let size = ScreenSize {
            cols: size.width,
            rows: size.height,
        };
        let started = thread::Builder::new()
            .name("ssh screen".into())
            .spawn(move || serve_far(&self, &host, &code, size, &screen_wake, &woken));
        if started.is_err() {
            let terminal = SshTerminal::new(handle, channel_id, runtime);
            terminal.say_and_end("bohnanza: the host cannot serve another screen now");
            return None;
        }
        Some(wake)
    }

    /// Writes `bytes` to the guest's terminal as they are, waiting at most [`WRITE_WAIT`].
    /// Called from the screen's thread, never from the runtime's.
    fn write(&self, bytes: &[u8]) -> io::Result<()> {
        let sent = self.handle.data(self.channel, bytes.to_vec());
        // The timer is made inside the runtime, whose clock it needs.
        match self
            .runtime
            .block_on(async { tokio::time::timeout(WRITE_WAIT, sent).await })
        {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(io::ErrorKind::BrokenPipe.into()),
            Err(_) => Err(io::ErrorKind::TimedOut.into()),
        }
    }

    /// Tells the guest `line` and ends the channel with a failure; callable from any
    /// thread, the runtime's too (nothing waits for it).
    pub fn say_and_end(&self, line: &str) {
        if self.ended.swap(true, Ordering::SeqCst) {
            return;
        }
        let restore: &[u8] = if self.taken.swap(false, Ordering::SeqCst) {
            RESTORE
        } else {
            b""
        };
        let text = [restore, line.as_bytes(), b"\r\n"].concat();
        let (handle, channel) = (self.handle.clone(), self.channel);
        self.runtime.spawn(async move {
            let _ = tokio::time::timeout(WRITE_WAIT, handle.data(channel, text)).await;
            end(&handle, channel, 1).await;
        });
    }
}

impl FarTerminal for SshTerminal {
    fn joined(&self, _viewer: Viewer, _name: &str) -> io::Result<()> {
        self.taken.store(true, Ordering::SeqCst);
        self.write(TAKE)
    }

    fn frame(&self, bytes: &[u8]) -> io::Result<()> {
        self.write(bytes)
    }

    fn refuse(&self, error: &PlayError) {
        self.say_and_end(&format!("bohnanza: {}", sanitize(&error.message)));
    }

    fn bye(&self, message: &str) {
        let restore: &[u8] = if self.taken.swap(false, Ordering::SeqCst) {
            RESTORE
        } else {
            b""
        };
        let _ = self.write(&[restore, sanitize(message).as_bytes(), b"\r\n"].concat());
    }

    fn close(&self) {
        if self.ended.swap(true, Ordering::SeqCst) {
            return;
        }
        if self.taken.swap(false, Ordering::SeqCst) {
            let _ = self.write(RESTORE);
        }
        let (handle, channel) = (self.handle.clone(), self.channel);
        self.runtime
            .spawn(async move { end(&handle, channel, 0).await });
    }

    fn closer(&self) -> Option<Box<dyn Fn() + Send>> {
        let (handle, channel, runtime) = (self.handle.clone(), self.channel, self.runtime.clone());
        let ended = Arc::clone(&self.ended);
        Some(Box::new(move || {
            if !ended.swap(true, Ordering::SeqCst) {
                let handle = handle.clone();
                runtime.spawn(async move { end(&handle, channel, 0).await });
            }
        }))
    }
}

/// Ends the channel with `status`, as a program ending would.
async fn end(handle: &Handle, channel: ChannelId, status: u32) {
    let _ = handle.exit_status_request(channel, status).await;
    let _ = handle.eof(channel).await;
    let _ = handle.close(channel).await;
}
