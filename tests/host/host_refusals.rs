//! What a hosted table refuses: a wrong code, a seat already taken, an action for another
//! seat, the whole state, another seat's view, undo, a new game, and a connection sending
//! 10 MB of garbage; each with a clear error, and the game goes on for the others.

use std::thread;

use serde_json::{Value, json};

use crate::support::host::{Client, HostProcess, assert_seat_saw_what_script_says};

fn kind(reply: &Value) -> &str {
    reply["error"]["kind"]
        .as_str()
        .unwrap_or_else(|| panic!("not an error: {reply}"))
}

#[test]
fn refusals_leave_the_game_going_for_the_others() {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        data.path(),
        &["--seats", "human,human,human,greedy", "--seed", "3"],
    );
    let address = host.address();

    let (_, wrong) = Client::join(&address, "0000-0000-0000-0000", None);
    assert_eq!(kind(&wrong), "wrong_code", "{wrong}");
    let mut garbled = Client::connect(&address);
    garbled.send_raw(b"hello\n");
    let reply = garbled.line().unwrap();
    assert_eq!(kind(&reply), "not_joined", "{reply}");
    assert!(
        garbled.line().is_none(),
        "a connection that does not join is closed"
    );

    let (mut ana, joined) = Client::join(&address, &host.code(0), Some(0));
    assert_eq!(joined["joined"]["name"], json!("Player 1"));
    assert!(joined["joined"]["view"]["players"][0].get("hand").is_some());
    assert!(joined["joined"]["view"]["players"][1].get("hand").is_none());
    let (_, taken) = Client::join(&address, &host.code(0), None);
    assert_eq!(kind(&taken), "seat_taken", "{taken}");

    let other = ana.request(&json!({ "act": { "player": 1, "type": "turn_over" } }));
    assert_eq!(kind(&other), "not_your_seat", "{other}");
    let state = ana.request(&json!({ "state": null }));
    assert_eq!(kind(&state), "hidden", "{state}");
    let view = ana.request(&json!({ "view": 1 }));
    assert_eq!(kind(&view), "not_your_seat", "{view}");
    let legal = ana.request(&json!({ "legal": 2 }));
    assert_eq!(kind(&legal), "not_your_seat", "{legal}");
    let undo = ana.request(&json!({ "undo": null }));
    assert_eq!(kind(&undo), "not_here", "{undo}");
    let new = ana.request(&json!({ "new": { "players": 3 } }));
    assert_eq!(kind(&new), "not_here", "{new}");
    let viewer = ana.request(&json!({ "act": { "player": 0, "type": "turn_over" }, "viewer": 1 }));
    assert_eq!(kind(&viewer), "bad_request", "{viewer}");
    let own = ana.request(&json!({ "view": null }));
    assert_eq!(own["view"]["viewer"], json!(0), "{own}");

    // Ben joins and floods: 10 MB without a line break, then a line.
    let (mut ben, _) = Client::join(&address, &host.code(1), Some(0));
    let flood = thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..10 {
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ben.send_raw(&chunk)))
                .is_err()
            {
                break;
            }
        }
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ben.send_raw(b"\n")));
        let mut last = Value::Null;
        while let Some(line) = ben.line() {
            last = line;
        }
        last
    });
    let last = flood.join().unwrap();
    assert_eq!(kind(&last), "line_too_long", "{last}");

    // Ben's seat is kept: he comes back, and everyone plays to the end.
    let players: Vec<thread::JoinHandle<Client>> = [ana]
        .into_iter()
        .chain((1..3).map(|p| Client::join(&address, &host.code(p), Some(0)).0))
        .map(|mut client| {
            thread::spawn(move || {
                assert!(client.play(|_| false));
                client
            })
        })
        .collect();
    let players: Vec<Client> = players.into_iter().map(|h| h.join().unwrap()).collect();
    for client in &players {
        assert_seat_saw_what_script_says(client, &host.save());
    }
    drop(players);
    assert_eq!(host.wait(), Some(0));
}

#[test]
fn a_client_that_floods_and_does_not_read_is_dropped_and_the_game_goes_on() {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        data.path(),
        &["--seats", "human,human,greedy", "--seed", "9"],
    );
    let address = host.address();
    let (mut ana, _) = Client::join(&address, &host.code(0), Some(0));
    // Twenty thousand view requests, none of whose replies is read until the end.
    let request = "{\"view\":null}\n".repeat(20_000);
    for _ in 0..20 {
        if !ana.try_send_raw(request.as_bytes()) {
            break;
        }
    }
    // Only what was already on its way arrives; then the host closes the connection.
    let mut lines = 0;
    while ana.line().is_some() {
        lines += 1;
        assert!(lines < 100_000, "the flood was answered in full");
    }
    // Ana's seat is kept for her (joining it again works once she was dropped); both people
    // play to the end.
    let players: Vec<thread::JoinHandle<Client>> = (0..2)
        .map(|p| Client::join(&address, &host.code(p), Some(0)).0)
        .map(|mut client| {
            thread::spawn(move || {
                assert!(client.play(|_| false));
                client
            })
        })
        .collect();
    for handle in players {
        let client = handle.join().unwrap();
        assert_seat_saw_what_script_says(&client, &host.save());
    }
    assert_eq!(host.wait(), Some(0));
}
