//! Words both games' logs and screens share: a turn's heading, lists and plurals read as
//! sentences, and the line that says a move was taken back.

/// The line that begins a turn in the log: "── Ana's turn ──".
pub fn turn_heading(name: &str) -> String {
    format!("── {name}'s turn ──")
}

/// Whose turn a log line begins, if it is a turn's heading ([`turn_heading`]) for one of
/// `names`.
pub fn turn_of(line: &str, names: &[String]) -> Option<usize> {
    let name = line.strip_prefix("── ")?.strip_suffix("'s turn ──")?;
    names.iter().position(|n| n == name)
}

/// A list said as a sentence says it: "Soy", "Soy and Blue", "Soy, Blue and Red"; so every
/// list on the screen reads the same way.
pub(crate) fn listed<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// `n` and the noun, singular or plural: "1 coin", "2 coins".
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "3 Red beans", "1 Red bean".
pub(crate) fn beans(n: usize, name: &str) -> String {
    plural(n, &format!("{name} bean"), &format!("{name} beans"))
}

/// "Ana took back: planted Blue in field 1." from the log lines of the move taken back:
/// the lines that begin with the player's name, joined ("covered 1 Soy in field 1 (a mixed
/// patch); planted Red in field 1."), else the first line.
pub fn took_back_line(name: &str, lines: &[String]) -> String {
    let own: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .map(|l| l.trim_end_matches('.'))
        .collect();
    if !own.is_empty() {
        return format!("{name} took back: {}.", own.join("; "));
    }
    let Some(first) = lines.iter().find(|l| !l.starts_with('─')) else {
        return format!("{name} took back a move.");
    };
    let mut chars = first.chars();
    let what: String = chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{name} took back: {what}")
}
