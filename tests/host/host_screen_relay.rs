//! A seat's screen over loopback TCP, as `bohnanza join` relays it: the join line with the
//! terminal's size, frames of the screen drawn on the host, keys sent as bytes; and the
//! refusals (a size no terminal has, a seat already played). A spectator's code gets the
//! public table, on which no key acts.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

use serde_json::{Value, json};

use crate::support::far_screen::FarScreen;
use crate::support::host::{HostProcess, READ_WAIT};

/// A terminal's connection to the host, and what the terminal shows.
struct Terminal {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    screen: FarScreen,
}

impl Terminal {
    fn join(address: &str, code: &str, cols: u16, rows: u16) -> (Terminal, Value) {
        let writer = TcpStream::connect(address).unwrap();
        writer.set_read_timeout(Some(READ_WAIT)).unwrap();
        let reader = BufReader::new(writer.try_clone().unwrap());
        let screen = FarScreen::new(cols.into(), rows.into());
        let mut terminal = Terminal {
            reader,
            writer,
            screen,
        };
        terminal
            .send(&json!({ "join": { "code": code, "screen": { "cols": cols, "rows": rows } } }));
        let first = terminal.line().expect("an answer to the join");
        (terminal, first)
    }

    fn send(&mut self, line: &Value) {
        writeln!(self.writer, "{line}").unwrap();
    }

    /// The next line; `None` once the host has closed the connection.
    fn line(&mut self) -> Option<Value> {
        let mut text = String::new();
        match self.reader.read_line(&mut text) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(serde_json::from_str(&text).unwrap()),
        }
    }

    /// Shows the frames sent until the screen shows `wanted`; the screen then.
    fn frames_until(&mut self, wanted: &str) -> String {
        while !self.screen.text().contains(wanted) {
            let Some(line) = self.line() else {
                panic!("closed before {wanted:?}:\n{}", self.screen.text());
            };
            if let Some(frame) = line["frame"].as_str() {
                self.screen.feed(frame);
            }
        }
        self.screen.text()
    }
}

fn base_host(dir: &std::path::Path) -> HostProcess {
    HostProcess::start(
        dir,
        &[
            "--names",
            "Ana,Ben,Cy",
            "--seats",
            "human,human,greedy",
            "--seed",
            "7",
            "--watch",
        ],
    )
}

#[test]
fn a_seat_is_sent_frames_of_its_own_screen_and_its_keys_play_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let host = base_host(dir.path());
    let (mut ana, joined) = Terminal::join(&host.address(), &host.code(0), 120, 40);
    assert_eq!(
        joined,
        json!({ "joined": { "seat": 0, "name": "Ana", "screen": true } })
    );
    let first = ana.frames_until("Ana's hand");
    assert!(!first.contains("Ben's hand") && !first.contains("Cy's hand"));
    let (mut ben, _) = Terminal::join(&host.address(), &host.code(1), 100, 30);
    let bens = ben.frames_until("Ben's hand");
    assert!(!bens.contains("Ana's hand"));
    // Ana plants her front card (Enter, as a terminal sends it): both screens show it.
    ana.send(&json!({ "keys": [13] }));
    ana.frames_until("Ana planted");
    ben.frames_until("Ana planted");
    // Ben's Enter on Ana's turn plants nothing for anyone.
    ben.send(&json!({ "keys": b"\rt" }));
    ana.send(&json!({ "size": { "cols": 90, "rows": 30 } }));
    ana.screen = FarScreen::new(90, 30);
    let resized = ana.frames_until("Ana's hand");
    assert!(resized.contains("Ana planted") && !resized.contains("Ben planted"));
    assert_eq!(resized.lines().count(), 30);
    // q, then y to the question, leaves: the seat is kept.
    ana.send(&json!({ "keys": b"qy" }));
    let mut bye = None;
    while let Some(line) = ana.line() {
        if let Some(said) = line.get("bye") {
            bye = Some(said.clone());
        }
    }
    let said = bye.expect("a word before the connection closes");
    assert!(said.as_str().unwrap().contains("It is kept"), "{said}");
}

#[test]
fn a_spectator_is_sent_frames_of_the_public_table_and_its_keys_act_for_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let host = base_host(dir.path());
    let watch = host.line["watch"].as_str().unwrap().to_string();
    let (mut watcher, joined) = Terminal::join(&host.address(), &watch, 100, 30);
    assert_eq!(
        joined,
        json!({ "joined": { "seat": null, "name": null, "watching": true, "screen": true } })
    );
    let first = watcher.frames_until("Hands are hidden");
    assert!(
        !first.contains("'s hand") && !first.contains("front▶"),
        "{first}"
    );
    // Enter would plant for Ana on her screen: here it only says that nothing acts.
    watcher.send(&json!({ "keys": [13] }));
    watcher.frames_until("You are watching");
    let (mut ana, _) = Terminal::join(&host.address(), &host.code(0), 80, 24);
    ana.frames_until("Ana's hand");
    ana.send(&json!({ "keys": [13] }));
    let after = watcher.frames_until("Ana planted");
    assert!(
        !after.contains("'s hand") && !after.contains("front▶"),
        "{after}"
    );
    assert_eq!(after.matches("Ana planted").count(), 1, "{after}");
    watcher.send(&json!({ "keys": b"q" }));
    let mut bye = None;
    while let Some(line) = watcher.line() {
        if let Some(said) = line.get("bye") {
            bye = Some(said.clone());
        }
    }
    assert_eq!(bye, Some(json!("You stopped watching the game.")));
}

#[test]
fn screens_are_refused_for_impossible_sizes_and_seats_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let host = base_host(dir.path());
    let (_, refused) = Terminal::join(&host.address(), &host.code(0), 0, 24);
    assert_eq!(refused["error"]["kind"], json!("bad_request"), "{refused}");
    let (mut ana, _) = Terminal::join(&host.address(), &host.code(0), 80, 24);
    ana.frames_until("Ana's hand");
    let (_, refused) = Terminal::join(&host.address(), &host.code(0), 80, 24);
    assert_eq!(refused["error"]["kind"], json!("seat_taken"), "{refused}");
    // A line that is neither keys nor a size ends the screen with its error.
    ana.send(&json!({ "act": { "type": "plant" } }));
    let mut last = None;
    while let Some(line) = ana.line() {
        last = Some(line);
    }
    assert_eq!(last.unwrap()["error"]["kind"], json!("bad_request"));
}

/// The lines of `screen` above its last two (the prompt and the keys), which differ
/// between a seat's screen and a spectator's.
fn above_footer(screen: &str) -> Vec<&str> {
    let lines: Vec<&str> = screen.lines().collect();
    lines[..lines.len().saturating_sub(2)].to_vec()
}

#[test]
fn a_dice_spectator_is_sent_the_public_table_and_its_keys_act_for_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let host = HostProcess::start(
        dir.path(),
        &[
            "--variant",
            "dice",
            "--names",
            "Ana,Ben,Cy",
            "--seats",
            "human,human,greedy",
            "--seed",
            "7",
            "--watch",
        ],
    );
    let watch = host.line["watch"].as_str().unwrap().to_string();
    let (mut watcher, joined) = Terminal::join(&host.address(), &watch, 100, 30);
    assert_eq!(
        joined,
        json!({ "joined": { "seat": null, "name": null, "watching": true, "screen": true } })
    );
    watcher.frames_until("Watching · Ana rolls the dice.");
    // r would roll for Ana on her screen: here it only says that nothing acts, and Ana's
    // screen opens on a turn not yet rolled.
    watcher.send(&json!({ "keys": b"r" }));
    watcher.frames_until("You are watching");
    let (mut ana, _) = Terminal::join(&host.address(), &host.code(0), 100, 30);
    let unrolled = ana.frames_until("Ana rolls the dice.");
    assert!(unrolled.contains("Rolled:     —"), "{unrolled}");
    ana.send(&json!({ "keys": b"r" }));
    let watched = watcher.frames_until("Watching · Ana saves at least one die just rolled.");
    let anas = ana.frames_until("Ana saves at least one die just rolled.");
    // The spectator sees what a seat sees above the prompt (the dice game hides nothing
    // from a seat but the deck's order), and nothing more.
    assert!(watched.contains("deck 49 cards"), "{watched}");
    assert_eq!(above_footer(&watched), above_footer(&anas));
    watcher.send(&json!({ "keys": b"q" }));
    let mut bye = None;
    while let Some(line) = watcher.line() {
        if let Some(said) = line.get("bye") {
            bye = Some(said.clone());
        }
    }
    assert_eq!(bye, Some(json!("You stopped watching the game.")));
}
