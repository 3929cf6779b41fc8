//! A guest's SSH session channel as the far terminal of a seat's screen: the screen's
//! frames are written to the channel as they are, and the guest's keys and sizes come to
//! the screen through a queue the connection fills ([`FromGuest`]).
//!
//! The screen runs on a thread of its own (as a TCP screen does), so the SSH runtime never
//! waits for the game; that thread writes through the connection's handle, waiting at most
//! [`WRITE_WAIT`] for a guest that does not read. When the screen ends the channel is
//! closed, which ends the guest's `ssh`; when the connection ends its queue does, which
//! ends the screen and lets the seat go, as for any client that left.

use std::io;
use std::sync::mpsc::{Sender, channel};
use std::thread;

use russh::ChannelId;
use russh::server::Handle;

use crate::host::tcp::{Shared, WRITE_WAIT};

/// What the guest's connection tells its screen.
#[derive(Debug, PartialEq, Eq)]
pub enum FromGuest {
    /// Bytes the guest typed, as its terminal sent them.
    Keys(Vec<u8>),
    /// The guest's terminal was resized.
    Size { cols: u32, rows: u32 },
    /// The guest closed the channel.
    Gone,
}

/// Leaves the guest's terminal as it was: the alternate screen left, the cursor shown.
const RESTORE: &[u8] = b"\x1b[?1049l\x1b[?25h";

/// Takes the guest's terminal for the screen: the alternate screen, the cursor hidden.
const TAKE: &[u8] = b"\x1b[?1049h\x1b[?25l";

/// One guest's session channel.
#[derive(Clone)]
pub struct SshTerminal {
    handle: Handle,
    channel: ChannelId,
    runtime: tokio::runtime::Handle,
}

impl SshTerminal {
    /// The channel `channel` of the connection `handle`, served on `runtime`.
    pub fn new(handle: Handle, channel: ChannelId, runtime: tokio::runtime::Handle) -> Self {
        SshTerminal {
            handle,
            channel,
            runtime,
        }
    }

    /// Starts the screen the guest's `code` opens, at `cols`×`rows`, on a thread of its
    /// own; the queue its connection tells it through, or `None` if it could not start
    /// (the guest is told so).
    pub fn start(
        self,
        host: Shared,
        code: &str,
        cols: u32,
        rows: u32,
    ) -> Option<Sender<FromGuest>> {
        let (tell, told) = channel();
        let code = code.to_owned();
        let terminal = self.clone();
        let started = thread::Builder::new()
            .name("ssh screen".into())
            .spawn(move || {
                crate::host::screen::relay::serve_ssh(&terminal, &host, &code, cols, rows, &told);
            });
        match started {
            Ok(_) => Some(tell),
            Err(_) => {
                self.refuse("bohnanza: the host cannot serve another screen now");
                None
            }
        }
    }

    /// Writes `bytes` to the guest's terminal as they are, waiting at most [`WRITE_WAIT`].
    /// Called from the screen's thread, never from the runtime's.
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
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

    /// Takes the guest's terminal for the screen.
    pub fn take(&self) -> io::Result<()> {
        self.write(TAKE)
    }

    /// Gives the guest's terminal back and closes the channel (from the screen's thread).
    pub fn close(&self) {
        let _ = self.write(RESTORE);
        self.runtime
            .block_on(end(self.handle.clone(), self.channel, 0));
    }

    /// Tells the guest `line` and closes the channel; callable from the runtime itself.
    pub fn refuse(&self, line: &str) {
        let (handle, channel) = (self.handle.clone(), self.channel);
        let text = format!("{line}\r\n").into_bytes();
        self.runtime.spawn(async move {
            let sent = handle.data(channel, text);
            let _ = tokio::time::timeout(WRITE_WAIT, sent).await;
            end(handle, channel, 1).await;
        });
    }
}

/// Ends the channel with `status`, as a program ending would.
async fn end(handle: Handle, channel: ChannelId, status: u32) {
    let _ = handle.exit_status_request(channel, status).await;
    let _ = handle.eof(channel).await;
    let _ = handle.close(channel).await;
}
