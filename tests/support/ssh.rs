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
