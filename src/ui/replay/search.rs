//! Searching a replayed game's log (`/`, then `n` and `N`): the cursor goes to the next (or
//! the previous) action whose log lines hold the text, any case, going round past either
//! end of the game.

/// Where a search found the text: the action, and how many actions hold it in all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Found {
    /// The action found.
    pub action: usize,
    /// Its place among the actions that hold the text, from 1.
    pub nth: usize,
    /// How many actions hold the text.
    pub of: usize,
    /// Whether the search went round past an end of the game to find it.
    pub wrapped: bool,
}

/// The action nearest after `from` (before it, unless `forward`) among actions `0..=last`
/// whose lines (`told`) hold `text`, any case; `None` when none does.
pub fn find<'a, F, I>(text: &str, from: usize, last: usize, forward: bool, told: F) -> Option<Found>
where
    F: Fn(usize) -> I,
    I: IntoIterator<Item = &'a String>,
{
    let needle = text.to_lowercase();
    if needle.is_empty() {
        return None;
    }
    let holds = |n: usize| {
        told(n)
            .into_iter()
            .any(|line| line.to_lowercase().contains(&needle))
    };
    let hits: Vec<usize> = (0..=last).filter(|&n| holds(n)).collect();
    let (i, wrapped) = if forward {
        match hits.iter().position(|&n| n > from) {
            Some(i) => (i, false),
            None => (0, true),
        }
    } else {
        match hits.iter().rposition(|&n| n < from) {
            Some(i) => (i, false),
            None => (hits.len().checked_sub(1)?, true),
        }
    };
    let action = *hits.get(i)?;
    Some(Found {
        action,
        nth: i + 1,
        of: hits.len(),
        wrapped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log() -> Vec<Vec<String>> {
        [
            vec!["Deal."],
            vec!["Ana planted Red."],
            vec![],
            vec!["Ana traded with Ben.", "Ben planted Stink."],
            vec!["Ben traded with Cy."],
        ]
        .into_iter()
        .map(|a| a.into_iter().map(String::from).collect())
        .collect()
    }

    #[test]
    fn finds_forward_and_back_any_case_and_goes_round() {
        let log = log();
        let told = |n: usize| log[n].iter();
        let f = find("TRADED", 0, 4, true, told).unwrap();
        assert_eq!((f.action, f.nth, f.of, f.wrapped), (3, 1, 2, false));
        let f = find("traded", 3, 4, true, told).unwrap();
        assert_eq!((f.action, f.nth), (4, 2));
        let f = find("traded", 4, 4, true, told).unwrap();
        assert_eq!((f.action, f.wrapped), (3, true));
        let f = find("traded", 3, 4, false, told).unwrap();
        assert_eq!((f.action, f.wrapped), (4, true));
        let f = find("ana", 4, 4, false, told).unwrap();
        assert_eq!(f.action, 3);
        assert_eq!(find("garden", 0, 4, true, told), None);
        assert_eq!(find("", 0, 4, true, told), None);
    }
}
