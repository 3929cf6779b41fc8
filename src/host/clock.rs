//! The host's clock: stand-ins sit down when a person's grace runs out, and a headless host
//! knows when to stop. The game itself never reads the clock.

use std::thread;
use std::time::{Duration, Instant};

use super::tcp::{Shared, lock};

/// How often the clock looks at the table.
const TICK: Duration = Duration::from_millis(100);

/// How long a headless host stays up after the game ends while clients are still joined.
pub const AFTER_THE_END: Duration = Duration::from_secs(10);

/// Keeps time for `host` until the game has ended and every client has gone, or
/// [`AFTER_THE_END`] after the end; tells `notice` what the person running the host should
/// know as it happens.
pub fn keep_time(host: &Shared, mut notice: impl FnMut(&str)) {
    let mut ended_at: Option<Instant> = None;
    loop {
        thread::sleep(TICK);
        let now = Instant::now();
        let mut host = lock(host);
        host.tick(now);
        for line in host.take_notices() {
            notice(&line);
        }
        if host.is_over() {
            let ended = *ended_at.get_or_insert(now);
            if host.client_count() == 0 || now.duration_since(ended) >= AFTER_THE_END {
                return;
            }
        }
    }
}
