//! The numbered choices of a decision, and reading which one a typed line picks.

/// What choosing does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pick<A> {
    /// `player` takes these actions, all or none (a counter-offer is a decline and an offer).
    Act { player: usize, actions: Vec<A> },
    /// Give up the floor: make no offer now.
    Pass,
    /// The active player asks `player` to make an offer.
    Invite(usize),
}

/// One numbered choice: what it says, and what it does.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice<A> {
    /// In the rulebook's words: "Plant the Red in field 1".
    pub label: String,
    /// What it does.
    pub pick: Pick<A>,
}

impl<A> Choice<A> {
    /// `player` takes `action`, said as `label`.
    pub fn act(label: String, player: usize, action: A) -> Choice<A> {
        Choice {
            label,
            pick: Pick::Act {
                player,
                actions: vec![action],
            },
        }
    }
}

/// Which of `choices` `typed` picks: its number (from 1), or words that only its label
/// holds ("end trading", "plant the red in field 2"), whatever the case. `None` when the
/// line picks none or more than one.
pub fn picked<A>(choices: &[Choice<A>], typed: &str) -> Option<usize> {
    let typed = normal(typed);
    if typed.is_empty() {
        return None;
    }
    if let Ok(n) = typed.parse::<usize>() {
        return (1..=choices.len()).contains(&n).then(|| n - 1);
    }
    let labels: Vec<String> = choices.iter().map(|c| normal(&c.label)).collect();
    if let Some(i) = labels.iter().position(|l| *l == typed) {
        return Some(i);
    }
    let words: Vec<&str> = typed.split(' ').collect();
    let mut holding = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| has_words(l, &words))
        .map(|(i, _)| i);
    match (holding.next(), holding.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

/// Whether every word of `words` is a word of `label`, in order.
fn has_words(label: &str, words: &[&str]) -> bool {
    let mut rest = label.split(' ');
    words.iter().all(|w| rest.any(|l| l == *w))
}

/// Lower case, punctuation dropped, one space between words.
pub fn normal(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '$' {
                c.to_ascii_lowercase()
            } else {
                ' '
            }
        })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices(labels: &[&str]) -> Vec<Choice<u8>> {
        labels
            .iter()
            .map(|l| Choice::act(l.to_string(), 0, 0))
            .collect()
    }

    #[test]
    fn a_number_picks_from_one() {
        let c = choices(&["Plant the Red in field 1", "Turn over 2 cards"]);
        assert_eq!(picked(&c, "2"), Some(1));
        assert_eq!(picked(&c, " 1 "), Some(0));
        assert_eq!(picked(&c, "0"), None);
        assert_eq!(picked(&c, "3"), None);
    }

    #[test]
    fn words_pick_the_one_label_holding_them() {
        let c = choices(&[
            "Plant the Red in field 1",
            "Plant the Red in field 2",
            "End trading",
        ]);
        assert_eq!(picked(&c, "end trading"), Some(2));
        assert_eq!(picked(&c, "Plant field 2"), Some(1));
        assert_eq!(picked(&c, "plant red"), None, "two labels hold it");
        assert_eq!(picked(&c, "harvest"), None);
        assert_eq!(picked(&c, "plant the red in field 1."), Some(0));
    }
}
