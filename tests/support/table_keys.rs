//! What a person who never trades presses on a card table in a real terminal, read from the
//! screen's last two lines, and the check that a pane shows only its own seat's hand: for
//! whole games played through tmux against a host.

/// The situation line (what to do now) and the key bar: the screen's last two lines.
pub fn bottom(screen: &str) -> (String, String) {
    let lines: Vec<&str> = screen.trim_end().lines().collect();
    let at = |from_end: usize| {
        lines
            .len()
            .checked_sub(from_end)
            .map_or("", |i| lines[i])
            .trim()
            .to_string()
    };
    (at(2), at(1))
}

/// The key for `screen`: plant what must be planted (harvesting when nothing fits), turn
/// over, end trading, decline offers, pass the floor. `None` when it is someone else's
/// move; `Some("")` once the game is over.
pub fn key_for(screen: &str) -> Option<&'static str> {
    let (situation, bar) = bottom(screen);
    if situation.contains("The game is over.") {
        return Some("");
    }
    if bar.starts_with("Enter harvest") {
        return Some("Enter");
    }
    let said = |s: &str| situation.contains(s);
    if said("Waiting for") || said("the others plant") || said("trades: o makes") {
        None
    } else if said("answers the offer") {
        Some("d")
    } else if said("trades —") {
        Some("Escape")
    } else if said("plant the front card") || said("Phase 3: everyone plants") {
        Some("Enter")
    } else if said("may plant one more") || said("no cards left to plant") {
        Some("t")
    } else if said(" trades. ") && said("waits for") {
        Some("a")
    } else if said(" trades. ") {
        Some("e")
    } else {
        None
    }
}

/// Checks that the pane of `own` shows `own`'s hand, and no other of `names`'.
pub fn only_own_hand(screen: &str, own: &str, names: &[&str]) {
    for name in names {
        let shown = screen.contains(&format!("{name}'s hand"));
        assert_eq!(
            shown,
            *name == own,
            "{own}'s pane and {name}'s hand:\n{screen}"
        );
    }
    assert!(!screen.contains("Hands are hidden"), "{screen}");
}

/// The hand sizes the card table's rows on `screen` show, by the players' `names` (a
/// spectator's count of each hand). `screen` is a tmux capture or a `TestBackend`'s text.
pub fn hand_column(screen: &str, names: &[&str]) -> Vec<usize> {
    let rows: Vec<&str> = screen
        .lines()
        .map(|l| {
            l.trim_start_matches(['"', '│'])
                .trim_start_matches(['▶', ' '])
        })
        .collect();
    names
        .iter()
        .map(|name| {
            let row = rows.iter().find(|l| l.starts_with(&format!("{name} ")));
            let row = row.unwrap_or_else(|| panic!("no row of {name}:\n{screen}"));
            let cells: Vec<&str> = row.split_whitespace().collect();
            cells[2].parse().unwrap()
        })
        .collect()
}

/// Plays a whole game through `panes` (each a tmux session and the name of the seat it
/// shows) as people who never trade, checking after every look that each pane shows its own
/// hand and no other of `names`, until every pane says the game is over; fails after `wait`.
pub fn play_to_the_end(
    tmux: &crate::support::tmux::Tmux,
    panes: &[(&str, &str)],
    names: &[&str],
    wait: std::time::Duration,
) {
    let started = std::time::Instant::now();
    let mut last: Vec<Option<(String, &str)>> = vec![None; panes.len()];
    let mut over = vec![false; panes.len()];
    let mut presses = 0;
    while !over.iter().all(|&o| o) {
        assert!(
            started.elapsed() < wait,
            "the game did not end in time ({presses} keys); the panes show:\n{}",
            panes
                .iter()
                .map(|(pane, _)| tmux.screen(pane))
                .collect::<Vec<_>>()
                .join("\n")
        );
        for (i, (pane, name)) in panes.iter().enumerate() {
            let screen = tmux.screen(pane);
            if !screen.contains("'s hand") {
                // Between two frames: nothing to judge yet.
                continue;
            }
            only_own_hand(&screen, name, names);
            match key_for(&screen) {
                Some("") => over[i] = true,
                Some(mut key) => {
                    // Enter that changed nothing was refused (the harvest chooser on a
                    // field the bean protection rule keeps): try the next field.
                    if key == "Enter" && last[i].as_ref() == Some(&(screen.clone(), "Enter")) {
                        key = "Right";
                    }
                    tmux.keys(pane, &[key]);
                    presses += 1;
                    last[i] = Some((screen, key));
                }
                None => {}
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
