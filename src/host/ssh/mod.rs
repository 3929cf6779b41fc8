//! The host over SSH (`bohnanza host --ssh ADDR:PORT`): a guest with nothing installed runs
//! `ssh -p PORT CODE@HOST` and gets the seat's screen, as `bohnanza join` shows it.
//!
//! The protocol and its cryptography are russh's (with `ring` as its crypto backend: it
//! builds with a C compiler alone, where the default `aws-lc-rs` needs cmake and a long
//! build); the [`host_key`] is made once and kept in the data directory. Every connection
//! is served by one tokio runtime on a thread of its own, which never waits for the game:
//! a [`guest`] checks its code against the codes drawn at the host's start, and a seat's
//! screen runs on threads of its own ([`terminal`]), as a TCP screen does.
//!
//! A connection has [`JOIN_WAIT`] to be let in, at most [`MAX_CONNECTIONS`] are held at
//! once, and one that stops answering keepalives is dropped, its seat then waiting as for
//! any client that left.

pub mod guest;
pub mod host_key;
pub mod terminal;

use std::io;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use russh::keys::PrivateKey;
use russh::server::Config;
use russh::{Disconnect, MethodKind, MethodSet, SshId};
use tokio::sync::Semaphore;

use self::guest::{Codes, Guest};
use super::tcp::{JOIN_WAIT, MAX_CONNECTIONS, Shared, lock};

/// How often a quiet guest is asked whether it is still there.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// Keepalives unanswered before the guest is taken for gone.
const KEEPALIVES_UNANSWERED: usize = 4;

/// How long a wrong code's refusal takes, whatever the code (russh waits it out).
const REFUSAL_TIME: Duration = Duration::from_millis(300);

/// Serves SSH on `listener` for as long as the program runs, with `key` as the host key.
/// Blocks: call it on a thread of its own.
pub fn serve(listener: std::net::TcpListener, host: Shared, key: PrivateKey) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    listener.set_nonblocking(true)?;
    let codes = codes_of(&host);
    let config = Arc::new(config(key));
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                // Out of file descriptors, say: wait a moment rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let guest = Guest::new(
                Arc::clone(&host),
                Arc::clone(&codes),
                tokio::runtime::Handle::current(),
            );
            let config = Arc::clone(&config);
            tokio::spawn(async move {
                connection(config, stream, guest).await;
                drop(permit);
            });
        }
    })
}

/// Serves one connection to its end, closing it if it is not let in within [`JOIN_WAIT`].
async fn connection(config: Arc<Config>, stream: tokio::net::TcpStream, guest: Guest) {
    let authenticated = Arc::clone(&guest.authenticated);
    let started = tokio::time::timeout(JOIN_WAIT, russh::server::run_stream(config, stream, guest));
    let Ok(Ok(session)) = started.await else {
        return;
    };
    let handle = session.handle();
    let watchdog = async {
        tokio::time::sleep(JOIN_WAIT).await;
        if !authenticated.load(Ordering::SeqCst) {
            let why = format!("log in within {} seconds", JOIN_WAIT.as_secs());
            let _ = handle
                .disconnect(Disconnect::ByApplication, why, "en".into())
                .await;
        }
        std::future::pending::<()>().await;
    };
    tokio::select! {
        _ = session => {}
        () = watchdog => {}
    }
}

/// Every code that opens the table: the seats' and the spectators'.
fn codes_of(host: &Shared) -> Codes {
    let host = lock(host);
    let seats = host.seats();
    let codes = seats.seats.iter().filter_map(|s| s.code.clone());
    Arc::new(codes.chain(seats.watch.clone()).collect())
}

/// The server's settings: `key`, logging in with a code alone, guests dropped when they
/// stop answering.
fn config(key: PrivateKey) -> Config {
    Config {
        server_id: SshId::Standard(
            format!("SSH-2.0-bohnanza_{}", env!("CARGO_PKG_VERSION")).into(),
        ),
        methods: MethodSet::from(&[MethodKind::None, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: REFUSAL_TIME,
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        max_auth_attempts: 3,
        inactivity_timeout: None,
        keepalive_interval: Some(KEEPALIVE),
        keepalive_max: KEEPALIVES_UNANSWERED,
        nodelay: true,
        ..Config::default()
    }
}
