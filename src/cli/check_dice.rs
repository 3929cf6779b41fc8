//! What `bohnanza check` says of a dice ruleset: the goal, who plays, what a harvest pays, the
//! dice and how hard the harvest cards are.

use bohnanza::dice::{Bohnus, DiceRuleset, ORDERS_PER_CARD, Shade};

/// A dice ruleset's summary, as `check` prints it: enough to see at a glance that the file
/// says what its author meant, without listing all its cards.
pub fn describe(r: &DiceRuleset) -> String {
    let players: Vec<String> = r.player_counts.iter().map(|n| n.to_string()).collect();
    let mut s = format!(
        "{} ({}): the dice game, first to {} bean dollars, {} players\n",
        r.name,
        r.title,
        r.goal,
        players.join(", ")
    );
    let pays: Vec<String> = r
        .payouts
        .iter()
        .map(|p| format!("{} orders pay {}", p.orders, p.dollars))
        .collect();
    s.push_str(&format!("  a harvest: {}\n", pays.join(", ")));
    for (i, die) in r.dice.iter().enumerate() {
        let shade = match die.shade {
            Shade::Darker => "darker",
            Shade::Lighter => "lighter",
        };
        let faces: Vec<&str> = die.faces.iter().map(|b| b.name()).collect();
        s.push_str(&format!("  die {i} ({shade}): {}\n", faces.join(", ")));
    }
    s.push_str(&format!("  {} harvest cards\n", r.cards.len()));
    for (order, place) in [(0, "bottom"), (ORDERS_PER_CARD - 1, "top")] {
        let (low, high) = bohnus_range(r, order);
        s.push_str(&format!(
            "  {place} orders: Bohnus {:.2}% to {:.2}%\n",
            low.percent(),
            high.percent()
        ));
    }
    s
}

/// The smallest and largest Bohnus of the `order`th order (0 = the bottom) over all cards; a
/// checked ruleset has at least one card.
fn bohnus_range(r: &DiceRuleset, order: usize) -> (Bohnus, Bohnus) {
    let figures = r.cards.iter().map(|c| c.orders[order].bohnus);
    let low = figures.clone().min().unwrap_or(Bohnus { hits: 0 });
    let high = figures.max().unwrap_or(Bohnus { hits: 0 });
    (low, high)
}
