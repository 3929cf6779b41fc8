//! Seats that come and go: a seat dropped mid-game and rejoined with `since`, a killed
//! client stood in for after `--grace` and given its seat back, and a host killed with
//! `kill -9` and hosted again with `--resume`, losing no accepted action.

use std::thread;

use serde_json::json;

use crate::support::host::{Client, HostProcess, assert_seat_saw_what_script_says};

/// Starts the three people's clients of `host`, joined from the start.
fn join_all(host: &HostProcess) -> Vec<Client> {
    (0..3)
        .map(|p| Client::join(&host.address(), &host.code(p), Some(0)).0)
        .collect()
}

/// Plays every client to the end on threads of their own; the clients after.
fn play_out(clients: Vec<Client>) -> Vec<Client> {
    let handles: Vec<thread::JoinHandle<Client>> = clients
        .into_iter()
        .map(|mut c| {
            thread::spawn(move || {
                assert!(c.play(|_| false), "the game did not end");
                c
            })
        })
        .collect();
    handles.into_iter().map(|h| h.join().unwrap()).collect()
}

#[test]
fn a_seat_that_drops_and_rejoins_with_since_misses_nothing() {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        data.path(),
        &["--seats", "human,human,human,greedy", "--seed", "21"],
    );
    let mut clients = join_all(&host);
    let mut ben = clients.remove(1);
    let others = thread::spawn(move || play_out(clients));
    // Ben plays a while, leaves, and comes back with the last seq he saw.
    assert!(!ben.play(|c| c.last_seq() >= 40));
    let (mut events, stand_ins) = (ben.events.clone(), ben.stand_in_seqs.clone());
    let since = ben.last_seq();
    ben.drop_connection();
    thread::sleep(std::time::Duration::from_millis(300));
    let (mut back, joined) = Client::join(&host.address(), &host.code(1), Some(since));
    assert_eq!(joined["joined"]["seat"], json!(1), "{joined}");
    assert!(back.play(|_| false));
    events.append(&mut back.events);
    back.events = events;
    back.stand_in_seqs.extend(stand_ins);
    let others = others.join().unwrap();
    assert!(
        back.stand_in_seqs.is_empty(),
        "no stand-in within the grace"
    );
    assert_seat_saw_what_script_says(&back, &host.save());
    for client in &others {
        assert_seat_saw_what_script_says(client, &host.save());
    }
    drop((back, others));
    assert_eq!(host.wait(), Some(0));
}

#[test]
fn a_killed_client_is_stood_in_for_after_the_grace_and_gets_its_seat_back() {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        data.path(),
        &[
            "--seats",
            "human,human,human,greedy",
            "--seed",
            "8",
            "--grace",
            "1",
            "--watch",
        ],
    );
    let watch = host.line["watch"].as_str().unwrap().to_string();
    let (mut spectator, _) = Client::join(&host.address(), &watch, Some(0));
    let mut clients = join_all(&host);
    let mut cy = clients.remove(2);
    let others = thread::spawn(move || play_out(clients));
    assert!(!cy.play(|c| c.last_seq() >= 10));
    let mut events = cy.events.clone();
    let since = cy.last_seq();
    cy.drop_connection();
    // The others play on; after the grace the stand-in plays Cy's seat.
    while spectator.stand_in_seqs.is_empty() && !spectator.over {
        spectator.line().expect("the spectator is sent the game");
    }
    assert!(
        !spectator.stand_in_seqs.is_empty(),
        "a stand-in played Cy's seat"
    );
    let (mut back, joined) = Client::join(&host.address(), &host.code(2), Some(since));
    assert_eq!(joined["joined"]["seat"], json!(2), "{joined}");
    while back.table.is_null() {
        back.line()
            .expect("the table line follows the missed lines");
    }
    let table = back.table.clone();
    assert_eq!(
        table["table"]["seats"][2]["present"],
        json!(true),
        "{table}"
    );
    assert_eq!(
        table["table"]["seats"][2]["stand_in"],
        json!(false),
        "{table}"
    );
    assert!(
        !back.stand_in_seqs.is_empty(),
        "Cy is told which actions the stand-in took"
    );
    assert!(back.play(|_| false));
    events.append(&mut back.events);
    back.events = events;
    let others = others.join().unwrap();
    assert_seat_saw_what_script_says(&back, &host.save());
    for client in &others {
        assert_seat_saw_what_script_says(client, &host.save());
    }
    drop((back, others));
    spectator.drop_connection();
    assert_eq!(host.wait(), Some(0));
}

#[test]
fn a_host_killed_and_resumed_loses_no_accepted_action() {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        data.path(),
        &["--seats", "human,human,human,greedy", "--seed", "13"],
    );
    let save = host.save();
    let clients = join_all(&host);
    let played: Vec<thread::JoinHandle<Client>> = clients
        .into_iter()
        .map(|mut c| {
            thread::spawn(move || {
                // Each plays until it has seen 60 actions, or the host is gone.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    c.play(|c| c.last_seq() >= 60)
                }));
                c
            })
        })
        .collect();
    let mut clients: Vec<Client> = played.into_iter().map(|h| h.join().unwrap()).collect();
    host.kill();
    let seen = clients.iter().map(Client::last_seq).max().unwrap();
    assert!(seen >= 60);
    let saved = bohnanza::store::read(&save).unwrap();
    assert!(
        saved.actions.len() as u64 >= seen,
        "the save holds {} actions; a client saw {seen}",
        saved.actions.len()
    );

    let save_arg = save.display().to_string();
    let mut resumed = HostProcess::start(data.path(), &["--resume", &save_arg]);
    assert_eq!(resumed.save(), save, "the game goes on in its own file");
    let rejoined: Vec<Client> = clients
        .drain(..)
        .enumerate()
        .map(|(p, old)| {
            let (mut back, joined) =
                Client::join(&resumed.address(), &resumed.code(p), Some(old.last_seq()));
            assert_eq!(joined["joined"]["seat"], json!(p), "{joined}");
            let mut events = old.events;
            events.append(&mut back.events);
            back.events = events;
            back
        })
        .collect();
    let finished = play_out(rejoined);
    for client in &finished {
        assert_seat_saw_what_script_says(client, &save);
    }
    drop(finished);
    assert_eq!(resumed.wait(), Some(0));
}
