//! One SSH connection: its user name is the code it joins with, and its session channel is
//! the far terminal of that seat's screen.
//!
//! Authentication asks for nothing: the `none` method is accepted for a user name that is
//! one of the table's codes. For any other name the client is offered `keyboard-interactive`
//! with no prompt and one line of instructions saying the code is wrong (which `ssh` prints),
//! then refused, and the connection closes. Codes are checked against the ones the host drew
//! at the start, so a guessing client never waits for the game, nor the game for it.
//!
//! Once in, the guest's pty request gives the screen its size, its shell request starts the
//! screen ([`super::terminal`]), and the channel's bytes and window changes are passed to
//! it as they come. The runtime never waits for the host: the screen runs on threads of its
//! own, and hears here only through a queue.

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use russh::server::{Auth, Handler, Msg, Response, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};

use super::terminal::{SshTerminal, screen_size};
use crate::host::code::JoinCode;
use crate::host::screen::relay::Wake;
use crate::host::tcp::Shared;
use crate::text::sanitize;

/// The codes that open the table, drawn by the host at its start.
pub type Codes = Arc<Vec<JoinCode>>;

/// One connection's state.
pub struct Guest {
    host: Shared,
    codes: Codes,
    runtime: tokio::runtime::Handle,
    /// Set once the guest's code is accepted (the connection's watchdog reads it).
    pub authenticated: Arc<AtomicBool>,
    /// The accepted code.
    code: Option<String>,
    /// The session channel, once opened (one per connection).
    channel: Option<ChannelId>,
    /// The guest's terminal size from its pty request.
    size: Option<(u32, u32)>,
    /// Where the guest's keys and sizes go, once its screen is started.
    screen: Option<Sender<Wake>>,
}

impl Guest {
    /// A new connection to `host`, whose codes are `codes`, served on `runtime`.
    pub fn new(host: Shared, codes: Codes, runtime: tokio::runtime::Handle) -> Guest {
        Guest {
            host,
            codes,
            runtime,
            authenticated: Arc::new(AtomicBool::new(false)),
            code: None,
            channel: None,
            size: None,
            screen: None,
        }
    }

    /// Whether `user` is one of the table's codes.
    fn knows(&self, user: &str) -> bool {
        self.codes.iter().any(|code| code.matches(user))
    }

    /// Accepts `user` as the guest's code.
    fn accept(&mut self, user: &str) -> Auth {
        self.code = Some(user.to_owned());
        self.authenticated.store(true, Ordering::SeqCst);
        Auth::Accept
    }

    /// Passes what the guest sent to its screen (gone already: nothing to do).
    fn tell_screen(&self, news: Wake) {
        if let Some(screen) = &self.screen {
            let _ = screen.send(news);
        }
    }
}

/// A connection that ends, however it ends (the guest left, its network went, it stopped
/// answering keepalives), ends its screen, which lets the seat go.
impl Drop for Guest {
    fn drop(&mut self) {
        self.tell_screen(Wake::Gone(None));
    }
}

/// The one line a guest with a wrong code reads.
pub fn wrong_code_line(user: &str) -> String {
    let shown: String = sanitize(user).chars().take(40).collect();
    format!("bohnanza: \"{shown}\" is no code at this table; the user name is your seat's code")
}

impl Handler for Guest {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        if self.knows(user) {
            return Ok(self.accept(user));
        }
        Ok(Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(&[MethodKind::KeyboardInteractive][..])),
            partial_success: false,
        })
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.knows(user) {
            return Ok(self.accept(user));
        }
        if response.is_some() {
            // Only `none` left, which `ssh` never tries again: it stops. (An empty list
            // would have it start over with its own methods.)
            return Ok(Auth::Reject {
                proceed_with_methods: Some(MethodSet::from(&[MethodKind::None][..])),
                partial_success: false,
            });
        }
        Ok(Auth::Partial {
            name: Cow::Borrowed(""),
            instructions: Cow::Owned(wrong_code_line(user)),
            prompts: Cow::Borrowed(&[]),
        })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() || self.code.is_none() {
            // Dropped, the request is refused.
            drop(reply);
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel || self.screen.is_some() {
            return session.channel_failure(channel);
        }
        self.size = Some((cols, rows));
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (Some(code), true, None) = (&self.code, Some(channel) == self.channel, &self.screen)
        else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let terminal = SshTerminal::new(session.handle(), channel, self.runtime.clone());
        let Some((cols, rows)) = self.size else {
            terminal.say_and_end(
                "bohnanza: the table needs a terminal: connect with ssh -t (or without a command)",
            );
            return Ok(());
        };
        self.screen = terminal.start(Arc::clone(&self.host), code, screen_size(cols, rows));
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.tell_screen(Wake::Keys(data.to_vec()));
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.tell_screen(Wake::Size(screen_size(cols, rows)));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.tell_screen(Wake::Gone(None));
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.tell_screen(Wake::Gone(None));
            self.screen = None;
        }
        Ok(())
    }
}
