//! An SSH client for tests of `bohnanza host --ssh`: russh's, on a tokio runtime of the
//! test's own, each step bounded by [`STEP_WAIT`].

use std::sync::Arc;
use std::time::Duration;

use russh::client::{self, AuthResult, Config, Handle, KeyboardInteractiveAuthResponse};
use russh::keys::PublicKeyOrCertificate;

/// The longest one step of a connection may take.
pub const STEP_WAIT: Duration = Duration::from_secs(30);

/// Trusts any host key (the tests check the fingerprint the host prints instead).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// How the host answered a login.
#[derive(Debug, PartialEq, Eq)]
pub enum Login {
    /// Let in with no password.
    In,
    /// Refused, after the instructions line the host gave.
    Refused(String),
}

/// Connects to `address` and logs in as `user` the way `ssh` does: `none` first, then
/// keyboard-interactive, answering every prompt with nothing.
pub async fn log_in(address: &str, user: &str) -> Result<(Handle<Trusting>, Login), String> {
    let config = Arc::new(Config::default());
    let step = |what: &'static str| move |_| format!("{what} took over {STEP_WAIT:?}");
    let mut session = tokio::time::timeout(STEP_WAIT, client::connect(config, address, Trusting))
        .await
        .map_err(step("connecting"))?
        .map_err(|e| format!("connecting: {e}"))?;
    let none = tokio::time::timeout(STEP_WAIT, session.authenticate_none(user))
        .await
        .map_err(step("the none login"))?
        .map_err(|e| format!("the none login: {e}"))?;
    if let AuthResult::Success = none {
        return Ok((session, Login::In));
    }
    let asked = tokio::time::timeout(
        STEP_WAIT,
        session.authenticate_keyboard_interactive_start(user, None::<String>),
    )
    .await
    .map_err(step("keyboard-interactive"))?
    .map_err(|e| format!("keyboard-interactive: {e}"))?;
    let instructions = match asked {
        KeyboardInteractiveAuthResponse::Success => return Ok((session, Login::In)),
        KeyboardInteractiveAuthResponse::Failure { .. } => String::new(),
        KeyboardInteractiveAuthResponse::InfoRequest {
            instructions,
            prompts,
            ..
        } => {
            let answers = vec![String::new(); prompts.len()];
            let answered = tokio::time::timeout(
                STEP_WAIT,
                session.authenticate_keyboard_interactive_respond(answers),
            )
            .await
            .map_err(step("the answer"))?
            .map_err(|e| format!("the answer: {e}"))?;
            if let KeyboardInteractiveAuthResponse::Success = answered {
                return Ok((session, Login::In));
            }
            instructions
        }
    };
    Ok((session, Login::Refused(instructions)))
}

/// A guest's screen over SSH: the connection, its session channel, and what it has shown.
pub struct Screen {
    pub session: Handle<Trusting>,
    pub channel: russh::Channel<client::Msg>,
    /// Every byte received so far.
    pub shown: Vec<u8>,
}

impl Screen {
    /// Logs in to `address` with `code` and opens the screen at `cols`×`rows`.
    pub async fn open(address: &str, code: &str, cols: u32, rows: u32) -> Result<Screen, String> {
        let (session, login) = log_in(address, code).await?;
        if login != Login::In {
            return Err(format!("{login:?}"));
        }
        let channel = session
            .channel_open_session()
            .await
            .map_err(|e| format!("the session channel: {e}"))?;
        channel
            .request_pty(false, "xterm-256color", cols, rows, 0, 0, &[])
            .await
            .map_err(|e| format!("the pty: {e}"))?;
        channel
            .request_shell(false)
            .await
            .map_err(|e| format!("the shell: {e}"))?;
        Ok(Screen {
            session,
            channel,
            shown: Vec::new(),
        })
    }

    /// Reads until what was shown contains `text` (`Err` if the channel ends first, or
    /// [`STEP_WAIT`] passes).
    pub async fn wait_for(&mut self, text: &str) -> Result<(), String> {
        let deadline = tokio::time::Instant::now() + STEP_WAIT;
        while !String::from_utf8_lossy(&self.shown).contains(text) {
            let message = tokio::time::timeout_at(deadline, self.channel.wait())
                .await
                .map_err(|_| format!("{text:?} not shown in {STEP_WAIT:?}"))?;
            match message {
                Some(russh::ChannelMsg::Data { data }) => self.shown.extend_from_slice(&data),
                Some(_) => {}
                None => {
                    return Err(format!(
                        "the channel ended before {text:?}: {}",
                        String::from_utf8_lossy(&self.shown)
                    ));
                }
            }
        }
        Ok(())
    }
}
