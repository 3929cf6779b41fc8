//! Whole games against a headless host: three people over TCP and a bot, each seat's lines
//! exactly what `script` answers that seat.

use std::thread;

use serde_json::json;

use crate::support::host::{Client, HostProcess, assert_seat_saw_what_script_says};

/// Plays a whole game of `args` with the people at seats 0 to 2 joined as JSON clients,
/// a spectator watching; checks every seat's lines against `script`, that the spectator saw
/// no hidden card, and that the host exits 0 once everyone has gone.
fn three_people_and_a_bot(args: &[&str]) {
    let data = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(data.path(), args);
    let address = host.address();
    let watch = host.line["watch"].as_str().unwrap().to_string();
    let (mut spectator, joined) = Client::join(&address, &watch, Some(0));
    assert_eq!(joined["joined"]["seat"], json!(null), "{joined}");
    assert_eq!(joined["joined"]["watching"], json!(true));
    let players: Vec<thread::JoinHandle<Client>> = (0..3)
        .map(|p| {
            let (mut client, joined) = Client::join(&address, &host.code(p), Some(0));
            assert_eq!(joined["joined"]["seat"], json!(p), "{joined}");
            thread::spawn(move || {
                assert!(client.play(|_| false), "the game did not end");
                client
            })
        })
        .collect();
    let players: Vec<Client> = players.into_iter().map(|h| h.join().unwrap()).collect();
    while !spectator.over {
        spectator
            .line()
            .expect("the spectator is sent the whole game");
    }
    let save = host.save();
    for client in &players {
        assert_seat_saw_what_script_says(client, &save);
        assert!(client.refused.is_empty(), "{:?}", client.refused);
    }
    let last = players[0].last_seq();
    assert_eq!(spectator.last_seq(), last);
    for events in spectator.events.values() {
        for event in events.as_array().unwrap() {
            for (tag, key) in [
                ("dealt", "cards"),
                ("drew", "card"),
                ("drew_order", "order"),
            ] {
                if let Some(cards) = event[tag].get(key) {
                    let hidden = match cards {
                        serde_json::Value::Array(list) => list.iter().all(|c| c.is_null()),
                        other => other.is_null(),
                    };
                    assert!(hidden, "a spectator saw {event}");
                }
            }
        }
    }
    for client in players {
        client.drop_connection();
    }
    spectator.drop_connection();
    assert_eq!(host.wait(), Some(0));
}

#[test]
fn three_clients_and_a_bot_play_a_base_game_to_the_end() {
    three_people_and_a_bot(&[
        "--variant",
        "base",
        "--seats",
        "human,human,human,greedy",
        "--seed",
        "11",
        "--watch",
    ]);
}

#[test]
fn three_clients_and_a_bot_play_a_dice_game_to_the_end() {
    three_people_and_a_bot(&[
        "--variant",
        "dice",
        "--seats",
        "human,human,human,greedy",
        "--seed",
        "5",
        "--watch",
    ]);
}
