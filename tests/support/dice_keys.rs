//! What a hasty person presses at a served dice table in a real terminal, read from the
//! screen: on their own turn roll, save every die just rolled, pass the bean piece; harvest
//! their own orders whenever the table says a harvest would pay. For whole dice games
//! played through tmux against a host.

use std::time::{Duration, Instant};

use crate::support::table_keys::bottom;
use crate::support::tmux::Tmux;

/// The dice just rolled, by their keys (`1`–`5`), as the "Rolled:" line shows them.
fn rolled_dice(screen: &str) -> Vec<String> {
    let line = screen
        .lines()
        .find(|l| l.starts_with("Rolled:"))
        .unwrap_or("");
    line.split_whitespace()
        .map(|w| w.trim_end_matches('*'))
        .filter(|w| w.len() == 1 && ('1'..='5').any(|d| w.starts_with(d)))
        .map(String::from)
        .collect()
}

/// Whether the player line of `name` (seat `seat`, from 0) says a harvest would pay now.
fn may_harvest(screen: &str, name: &str, seat: usize) -> bool {
    let heads = [
        format!("{}▶ {name} ", seat + 1),
        format!("{}  {name} ", seat + 1),
    ];
    screen.lines().any(|line| {
        heads.iter().any(|head| {
            line.find(head.as_str()).is_some_and(|at| {
                // The player's line ends where the next column's card begins.
                let own = line[at..].split("   ").next().unwrap_or("");
                own.contains(" harvest ")
            })
        })
    })
}

/// The keys the player `name` at seat `seat` presses on `screen`: `None` while nothing is
/// theirs to do; `Some(vec![])` once the game is over.
pub fn dice_keys_for(screen: &str, name: &str, seat: usize) -> Option<Vec<String>> {
    let (situation, _) = bottom(screen);
    if situation.contains("The game is over.") {
        return Some(Vec::new());
    }
    if situation.starts_with("Harvest ") && situation.ends_with("Enter/Esc") {
        return Some(vec!["Enter".into()]);
    }
    if may_harvest(screen, name, seat) {
        return Some(vec!["h".into(), (seat + 1).to_string()]);
    }
    if situation == format!("{name} rolls the dice.") {
        Some(vec!["r".into()])
    } else if situation == format!("{name} saves at least one die just rolled.") {
        let mut keys = rolled_dice(screen);
        keys.push("Enter".into());
        Some(keys)
    } else if situation == format!("{name} passes the bean piece.") {
        Some(vec!["p".into()])
    } else {
        None
    }
}

/// Plays a whole dice game through `panes` (each a tmux session, the name of the seat it
/// shows and the seat's number from 0) as hasty people, until every pane says the game is
/// over; fails after `wait`. A pane whose keys changed nothing is given a moment before
/// they are typed again, so a slow frame is not taken for a refusal.
pub fn play_dice_to_the_end(tmux: &Tmux, panes: &[(&str, &str, usize)], wait: Duration) {
    let started = Instant::now();
    let mut last: Vec<Option<(String, Instant)>> = vec![None; panes.len()];
    let mut over = vec![false; panes.len()];
    let mut presses = 0;
    while !over.iter().all(|&o| o) {
        assert!(
            started.elapsed() < wait,
            "the game did not end in time ({presses} key groups); the panes show:\n{}",
            panes
                .iter()
                .map(|(pane, _, _)| tmux.screen(pane))
                .collect::<Vec<_>>()
                .join("\n")
        );
        for (i, (pane, name, seat)) in panes.iter().enumerate() {
            let screen = tmux.screen(pane);
            if !screen.contains("Bean field:") {
                // Between two frames: nothing to judge yet.
                continue;
            }
            let unchanged = last[i]
                .as_ref()
                .is_some_and(|(seen, at)| *seen == screen && at.elapsed() < Duration::from_secs(1));
            match dice_keys_for(&screen, name, *seat) {
                Some(keys) if keys.is_empty() => over[i] = true,
                Some(_) if unchanged => {}
                Some(keys) => {
                    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
                    tmux.keys(pane, &keys);
                    presses += 1;
                    last[i] = Some((screen, Instant::now()));
                }
                None => {}
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
