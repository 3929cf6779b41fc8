//! The commands a player may type at any decision besides a choice.

/// One part of the situation, read on its own or in `look`'s fixed order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// Your hand, front card first.
    Hand,
    /// Your fields.
    Fields,
    /// The cards on the table in the middle: turned over (the dice game: the dice).
    Table,
    /// The open offers.
    Offers,
    /// Each player's coins and fields.
    Scores,
}

/// The order `look` reads the parts in.
pub const LOOK: [Part; 5] = [
    Part::Hand,
    Part::Fields,
    Part::Table,
    Part::Offers,
    Part::Scores,
];

/// A command typed at a decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    /// Read parts of the situation.
    Read(&'static [Part]),
    /// The log's last `n` lines.
    Log(usize),
    /// The coach's hint for the decision at hand.
    Hint,
    /// Say the choices again.
    Choices,
    /// The commands.
    Help,
    /// Skip bots' pacing: at a decision there is nothing to wait for.
    Wait,
    /// Save and leave.
    Quit,
}

/// The log lines `log` reads without a number.
pub const LOG_LINES: usize = 10;

/// The command `typed` names, if it names one; `Err` for a command given a bad number.
pub fn command(typed: &str) -> Option<Result<Command, String>> {
    let typed = typed.trim().to_ascii_lowercase();
    let mut words = typed.split_whitespace();
    let first = words.next()?;
    let rest: Vec<&str> = words.collect();
    let read = |parts: &'static [Part]| Some(Ok(Command::Read(parts)));
    if first == "log" {
        return Some(match rest.as_slice() {
            [] => Ok(Command::Log(LOG_LINES)),
            [n] => n
                .parse()
                .map(Command::Log)
                .map_err(|_| format!("log takes a number of lines, as in log 10, not {n}")),
            _ => Err("log takes one number, as in log 10".to_string()),
        });
    }
    if !rest.is_empty() {
        return None;
    }
    match first {
        "look" | "l" => read(&LOOK),
        "hand" => read(&[Part::Hand]),
        "fields" => read(&[Part::Fields]),
        "table" => read(&[Part::Table]),
        "offers" => read(&[Part::Offers]),
        "scores" => read(&[Part::Scores]),
        "hint" => Some(Ok(Command::Hint)),
        "choices" | "c" => Some(Ok(Command::Choices)),
        "help" | "?" => Some(Ok(Command::Help)),
        "wait" => Some(Ok(Command::Wait)),
        "quit" | "q" => Some(Ok(Command::Quit)),
        _ => None,
    }
}

/// What the commands do, for `help`.
pub const HELP: [&str; 8] = [
    "A number, or words of one choice, picks it: 1, or end trading.",
    "look (or l) reads your hand front card first, your fields, the cards in the middle, the open offers and each player's coins and fields.",
    "hand, fields, table, offers and scores read one part each.",
    "log reads the last 10 lines of the log; log 30 the last 30.",
    "hint asks the coach which choice is best, and why.",
    "choices (or c) says the choices again.",
    "wait, typed while bots play, skips to your next decision.",
    "quit (or q, or the end of input) saves the game and leaves; bohnanza --linear --resume goes on.",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_by_their_words() {
        assert_eq!(command("l"), Some(Ok(Command::Read(&LOOK))));
        assert_eq!(command(" LOOK "), Some(Ok(Command::Read(&LOOK))));
        assert_eq!(command("hand"), Some(Ok(Command::Read(&[Part::Hand]))));
        assert_eq!(command("log 3"), Some(Ok(Command::Log(3))));
        assert_eq!(command("log"), Some(Ok(Command::Log(LOG_LINES))));
        assert!(matches!(command("log x"), Some(Err(_))));
        assert_eq!(command("plant the red"), None);
        assert_eq!(command("hand me"), None);
        assert_eq!(command("1"), None);
    }
}
