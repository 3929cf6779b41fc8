//! `bohnanza host --ssh`: the host key kept and its fingerprint printed, codes as SSH user
//! names (a wrong one refused with a line saying so), and a flood of wrong codes that
//! neither stops the game nor grows the host.

use std::thread;
use std::time::{Duration, Instant};

use crate::support::host::{Client, HostProcess};
use crate::support::ssh::{Login, Screen, log_in};

/// Connections with wrong codes in the flood, and how many are open at once.
const FLOOD: usize = 1000;
const AT_ONCE: usize = 50;

/// A host of the base game with `seats`, serving SSH on a free port.
fn ssh_host(data: &std::path::Path, seats: &str) -> HostProcess {
    HostProcess::start(
        data,
        &["--ssh", "127.0.0.1:0", "--seats", seats, "--seed", "7"],
    )
}

/// The address guests `ssh` to.
fn ssh_address(host: &HostProcess) -> String {
    host.line["ssh"]
        .as_str()
        .expect("an ssh address")
        .to_string()
}

/// A tokio runtime for the test's SSH clients.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// The host process's resident memory in KiB, from `/proc`.
fn resident_kib(host: &HostProcess) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", host.child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Logs in `count` times with wrong codes, `AT_ONCE` at a time; every answer.
fn wrong_codes(address: &str, count: usize) -> Vec<Result<Login, String>> {
    runtime().block_on(async {
        let mut answers = Vec::with_capacity(count);
        let mut left = count;
        while left > 0 {
            let batch = left.min(AT_ONCE);
            let tries: Vec<_> = (0..batch)
                .map(|i| {
                    let address = address.to_string();
                    tokio::spawn(async move {
                        let user = format!("zzzz-zzzz-zzzz-{i:04}");
                        let (session, login) = log_in(&address, &user).await?;
                        drop(session);
                        Ok(login)
                    })
                })
                .collect();
            for attempt in tries {
                answers.push(attempt.await.unwrap());
            }
            left -= batch;
        }
        answers
    })
}

#[test]
fn the_host_key_is_made_once_and_its_fingerprint_printed() {
    let data = tempfile::tempdir().unwrap();
    let first = ssh_host(data.path(), "human,greedy,greedy");
    let fingerprint = first.line["ssh_fingerprint"].as_str().unwrap().to_string();
    assert!(fingerprint.starts_with("SHA256:"), "{}", first.line);
    assert!(
        ssh_address(&first).starts_with("127.0.0.1:"),
        "{}",
        first.line
    );
    drop(first);
    let again = ssh_host(data.path(), "human,greedy,greedy");
    assert_eq!(
        again.line["ssh_fingerprint"].as_str(),
        Some(fingerprint.as_str())
    );
}

#[test]
fn a_seat_code_is_let_in_with_no_password_and_a_wrong_one_told_so() {
    let data = tempfile::tempdir().unwrap();
    let host = ssh_host(data.path(), "human,greedy,greedy");
    let address = ssh_address(&host);
    let code = host.code(0);
    let (right, wrong) = runtime().block_on(async {
        let right = log_in(&address, &code).await.map(|(_, login)| login);
        let wrong = log_in(&address, "not-a-code").await.map(|(_, login)| login);
        (right, wrong)
    });
    assert_eq!(right, Ok(Login::In));
    let Ok(Login::Refused(line)) = wrong else {
        panic!("{wrong:?}");
    };
    assert!(
        line.contains("\"not-a-code\" is no code at this table"),
        "{line}"
    );
    assert!(!line.contains('\n'), "one line: {line:?}");
}

#[test]
fn a_thousand_wrong_codes_are_refused_while_the_game_goes_on_and_the_host_does_not_grow() {
    let data = tempfile::tempdir().unwrap();
    let host = ssh_host(data.path(), "human,human,greedy");
    let (address, ssh) = (host.address(), ssh_address(&host));
    let warm = wrong_codes(&ssh, AT_ONCE);
    assert!(
        warm.iter().all(|a| matches!(a, Ok(Login::Refused(_)))),
        "{warm:?}"
    );
    // The attempts leave nothing behind: the host's memory before and after a flood.
    let before = resident_kib(&host);
    let (after, took) = flood(&host, &ssh);
    println!(
        "{FLOOD} wrong codes, {AT_ONCE} at once, in {took:?}; host memory {before} KiB before, {after} KiB after"
    );
    assert!(
        after * 10 <= before * 11,
        "the host grew from {before} KiB to {after} KiB"
    );
    // Two people play the game, a decision every few milliseconds, through another flood.
    let players: Vec<_> = (0..2)
        .map(|p| {
            let (mut client, joined) = Client::join(&address, &host.code(p), Some(0));
            assert_eq!(joined["joined"]["seat"], p, "{joined}");
            thread::spawn(move || {
                let began = Instant::now();
                let over = client.play(|_| {
                    thread::sleep(Duration::from_millis(10));
                    false
                });
                (over, client.last_seq(), began.elapsed(), client)
            })
        })
        .collect();
    let (during_game, took) = flood(&host, &ssh);
    println!("{FLOOD} more during the game: {took:?}; host memory {during_game} KiB after");
    for player in players {
        let (over, last, game_took, client) = player.join().unwrap();
        assert!(over, "the game went on to its end");
        assert!(client.refused.is_empty(), "{:?}", client.refused);
        println!("the game, played through the flood: {last} actions in {game_took:?}");
    }
}

/// Logs in [`FLOOD`] times with wrong codes, checking each is refused with the line saying
/// so; the host's memory after, and how long it took.
fn flood(host: &HostProcess, ssh: &str) -> (u64, Duration) {
    let began = Instant::now();
    let answers = wrong_codes(ssh, FLOOD);
    let took = began.elapsed();
    let refused = answers
        .iter()
        .filter(|a| matches!(a, Ok(Login::Refused(line)) if line.contains("is no code")))
        .count();
    assert_eq!(
        refused,
        FLOOD,
        "not refused: {:?}",
        answers.iter().find(|a| !matches!(a, Ok(Login::Refused(_))))
    );
    (resident_kib(host), took)
}

/// The host process's threads, from `/proc`.
fn threads(host: &HostProcess) -> usize {
    std::fs::read_dir(format!("/proc/{}/task", host.child.id()))
        .unwrap()
        .count()
}

#[test]
fn a_guest_whose_connection_drops_leaves_no_thread_and_takes_the_seat_back() {
    let data = tempfile::tempdir().unwrap();
    let host = ssh_host(data.path(), "human,greedy,greedy");
    let (ssh, code) = (ssh_address(&host), host.code(0));
    let rt = runtime();
    // One guest first, so the runtime's own threads are counted in the baseline.
    rt.block_on(async {
        let (session, login) = log_in(&ssh, "wrong").await.unwrap();
        assert!(matches!(login, Login::Refused(_)));
        drop(session);
    });
    let before = threads(&host);
    let mut screen = rt.block_on(Screen::open(&ssh, &code, 100, 30)).unwrap();
    rt.block_on(screen.wait_for("'s hand")).unwrap();
    assert!(threads(&host) > before, "the screen has threads of its own");
    // The guest's network goes: the connection ends without a word.
    drop(screen);
    rt.block_on(async {
        let started = Instant::now();
        while threads(&host) > before {
            let left = threads(&host) - before;
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{left} threads left"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    // The seat waited: the same code takes it back, its hand shown again.
    let mut again = rt.block_on(Screen::open(&ssh, &code, 80, 24)).unwrap();
    rt.block_on(again.wait_for("Player 1's hand")).unwrap();
}
