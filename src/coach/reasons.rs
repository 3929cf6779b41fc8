//! Why, in one plain sentence: a choice's figures set against the best choice's (the best
//! against the runner-up), naming only the parts that differ.

use super::search::{ChoiceFigures, Judged};

/// A game's own parts of a reason: how the first figures differ from the second, in the
/// game's terms ([`super::search::World::contrast`]).
pub(crate) type Own<'a> = &'a dyn Fn(&ChoiceFigures, &ChoiceFigures) -> Vec<String>;

/// Differences smaller than these are not worth a word.
pub(crate) const COINS: f64 = 0.1;
pub(crate) const CHANCE: f64 = 0.02;

/// What a reason is said with besides the choices: whose decision it is, the seats'
/// names, the game's own parts, and what else the rules allow that was not weighed.
pub(crate) struct Why<'a> {
    pub me: usize,
    pub names: &'a [String],
    pub own: Own<'a>,
    /// Acts the rules allow beside the choices weighed ([`super::search::World::unweighed`]).
    pub unweighed: &'a [String],
}

/// The sentence for `choice`: for the best, what it gains over `next`; for any other, what
/// it loses against `best` and by how much. A choice alone is "the only choice here" only
/// when the rules allow nothing else; otherwise the reason names what else there is.
pub(crate) fn explain<A: PartialEq>(
    choice: &Judged<A>,
    best: &Judged<A>,
    next: Option<&Judged<A>>,
    why: &Why<'_>,
) -> String {
    let (me, names, own) = (why.me, why.names, why.own);
    let is_best = choice.actions == best.actions && choice.label == best.label;
    if is_best {
        let Some(next) = next else {
            return alone(&choice.label, why.unweighed);
        };
        let gap = choice.figures.gap(&next.figures);
        let (wc, wn) = (choice.figures.win.mean(), next.figures.win.mean());
        // The chances are said in the lead when they decide.
        let wins_more = choice.figures.wins_more_often_than(&next.figures);
        let parts = contrast(choice, next, me, names, own, !wins_more);
        let lead = if wins_more && gap <= -0.05 {
            format!(
                "{}: best, as it wins more often ({} against {}), though \"{}\" ends {:.1}$ \
                 richer",
                choice.label,
                percent(wc),
                percent(wn),
                next.label,
                -gap
            )
        } else if wins_more {
            format!(
                "{}: best, {} to win against {} for \"{}\"",
                choice.label,
                percent(wc),
                percent(wn),
                next.label
            )
        } else if gap >= 0.05 {
            format!(
                "{}: best, {gap:.1}$ ahead of \"{}\"",
                choice.label, next.label
            )
        } else if gap > -0.05 {
            format!(
                "{}: best, level in coins with \"{}\"",
                choice.label, next.label
            )
        } else {
            format!(
                "{}: best, level in the chance to win, though \"{}\" ends {:.1}$ richer",
                choice.label, next.label, -gap
            )
        };
        return sentence(lead, &parts);
    }
    let gap = best.figures.gap(&choice.figures);
    let (wc, wb) = (choice.figures.win.mean(), best.figures.win.mean());
    let wins_more = best.figures.wins_more_often_than(&choice.figures);
    let mut all = contrast(choice, best, me, names, own, !wins_more);
    let odds = format!("{} to win against {}", percent(wb), percent(wc));
    all.push(match (wins_more, gap >= 0.05) {
        (true, true) => format!(
            "\"{}\" wins more often ({odds}) and is worth {gap:.1}$ more",
            best.label
        ),
        (true, false) => format!("\"{}\" wins more often ({odds})", best.label),
        (false, true) => format!("\"{}\" is worth {gap:.1}$ more", best.label),
        (false, false) => format!("\"{}\" does as well", best.label),
    });
    sentence(choice.label.clone(), &all)
}

/// The reason of a choice weighed alone: the only choice when the rules allow nothing
/// else, else the acts the coach left unweighed, so a player knows they are there.
fn alone(label: &str, unweighed: &[String]) -> String {
    match unweighed.split_last() {
        None => format!("{label}: the only choice here."),
        Some((last, [])) => format!("{label}: the only choice weighed; you may also {last}."),
        Some((last, rest)) => format!(
            "{label}: the only choice weighed; you may also {} or {last}.",
            rest.join(", ")
        ),
    }
}

/// What a review says to do instead, as a person can act on it: `better`'s label, led by
/// the kind of act it is (`acts`: what was done's kind, then the better one's) when the two
/// are different kinds ("keep trading: Decline Ben's offer of 1 Red for 1 Stink"), unless
/// the label already begins with it; and when they are the same kind on different offers,
/// followed by what differs (`differs`: "to Cy, not Ben").
pub fn advice(acts: (&str, &str), better: &str, differs: &[String]) -> String {
    let (done, best) = acts;
    if done != best {
        let says_it = better.to_lowercase().starts_with(&best.to_lowercase());
        return if says_it {
            better.to_string()
        } else {
            format!("{best}: {better}")
        };
    }
    if differs.is_empty() {
        better.to_string()
    } else {
        format!("{better} ({})", differs.join("; "))
    }
}

/// "Label: part, part and part."
fn sentence(lead: String, parts: &[String]) -> String {
    match parts.split_last() {
        None => format!("{lead}."),
        Some((last, [])) => format!("{lead}: {last}."),
        Some((last, rest)) => format!("{lead}: {}; {last}.", rest.join(", ")),
    }
}

/// The parts in which `a` differs from `b`, said from `a`'s side: its note, the game's own
/// parts, the chance to win (unless the caller says it: `chance` false), then the partner
/// and the leader.
fn contrast<A>(
    a: &Judged<A>,
    b: &Judged<A>,
    me: usize,
    names: &[String],
    own: Own<'_>,
    chance: bool,
) -> Vec<String> {
    let (fa, fb) = (&a.figures, &b.figures);
    let mut parts: Vec<String> = a.note.iter().cloned().collect();
    parts.extend(own(fa, fb));
    let (wa, wb) = (fa.win.mean(), fb.win.mean());
    if chance && (wa - wb).abs() >= CHANCE {
        parts.push(format!("{} to win against {}", percent(wa), percent(wb)));
    }
    parts.extend(others(a, b, me, names));
    parts
}

/// What the choice gives the trade partner and the leader (the other player expected to
/// end richest), against the other choice.
fn others<A>(a: &Judged<A>, b: &Judged<A>, me: usize, names: &[String]) -> Vec<String> {
    let (sa, sb) = (&a.figures.seats, &b.figures.seats);
    let gain = |p: usize| match (sa.get(p), sb.get(p)) {
        (Some(x), Some(y)) => x.mean() - y.mean(),
        _ => 0.0,
    };
    let mut parts = Vec::new();
    let partner = a.partner.or(b.partner);
    if let Some(p) = partner
        && gain(p).abs() >= 0.05
    {
        parts.push(format!("{} ends {:+.1}$", name(names, p), gain(p)));
    }
    let leader = (0..sb.len())
        .filter(|&p| p != me)
        .max_by(|&x, &y| sb[x].mean().total_cmp(&sb[y].mean()));
    if let Some(l) = leader
        && Some(l) != partner
        && gain(l).abs() >= 0.3
    {
        // With one other player there is nobody to lead: they are simply the other player.
        let who = if sb.len() > 2 {
            format!("the leader, {},", name(names, l))
        } else {
            name(names, l)
        };
        parts.push(format!("{who} ends {:+.1}$", gain(l)));
    }
    parts
}

/// Coins as a reason says them: "nothing", or signed to a tenth.
pub(crate) fn dollars(x: f64) -> String {
    if x.abs() < 0.05 {
        "nothing".to_string()
    } else {
        format!("{x:+.1}$")
    }
}

/// A chance as a reason says it: "38%".
pub(crate) fn percent(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// A seat's name, or "player N" where none is given.
pub(crate) fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("player {}", seat + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::estimate::RunningSums;

    fn judged(label: &str, coins: f64, partner_coins: f64) -> Judged<u8> {
        let tally = |x: f64| {
            let mut t = RunningSums::default();
            t.add(x);
            t
        };
        Judged {
            actions: vec![label.len() as u8],
            label: label.to_string(),
            figures: ChoiceFigures {
                coins: tally(coins),
                win: tally(0.5),
                seats: vec![tally(coins), tally(partner_coins)],
                by_deal: vec![coins],
                ..ChoiceFigures::default()
            },
            partner: Some(1),
            note: None,
        }
    }

    fn names() -> Vec<String> {
        vec!["Ana".to_string(), "Ben".to_string()]
    }

    fn say(
        choice: &Judged<u8>,
        best: &Judged<u8>,
        next: Option<&Judged<u8>>,
        unweighed: &[String],
    ) -> String {
        let names = names();
        let why = Why {
            me: 0,
            names: &names,
            own: &|_, _| vec![],
            unweighed,
        };
        explain(choice, best, next, &why)
    }

    #[test]
    fn advice_names_another_kind_of_act_and_what_differs_between_offers() {
        let decline = "Decline Expert 2's offer of 1 Green and 1 Garden for 1 Stink";
        assert_eq!(
            advice(("end trading", "keep trading"), decline, &[]),
            format!("keep trading: {decline}")
        );
        // A label that already says its act is not said twice.
        assert_eq!(
            advice(("keep trading", "end trading"), "End trading", &[]),
            "End trading"
        );
        assert_eq!(
            advice(("plant", "harvest"), "Harvest the 3 Blue in field 2", &[]),
            "Harvest the 3 Blue in field 2"
        );
        let to_cy = "Offer 1 Red for 1 Green to Cy";
        let differs = [
            "to Cy, not Ben".to_string(),
            "for 1 Green, not 1 Blue".to_string(),
        ];
        assert_eq!(
            advice(("make an offer", "make an offer"), to_cy, &differs),
            format!("{to_cy} (to Cy, not Ben; for 1 Green, not 1 Blue)")
        );
        assert_eq!(
            advice(("plant", "plant"), "Plant the Red in field 2", &[]),
            "Plant the Red in field 2"
        );
    }

    #[test]
    fn a_partner_who_gains_nothing_is_not_said_to_end_at_zero() {
        let accept = judged("Accept", 8.3, 6.01);
        let decline = judged("Decline", 8.3, 6.0);
        let said = say(&accept, &accept, Some(&decline), &[]);
        assert_eq!(said, "Accept: best, level in coins with \"Decline\".");
        assert!(!said.contains("0.0$"), "{said}");
    }

    #[test]
    fn a_partner_who_gains_is_named_with_the_gain() {
        let accept = judged("Accept", 8.3, 6.5);
        let decline = judged("Decline", 8.3, 6.0);
        let said = say(&decline, &accept, None, &[]);
        assert_eq!(said, "Decline: Ben ends -0.5$; \"Accept\" does as well.");
    }

    #[test]
    fn the_only_other_player_is_not_called_the_leader() {
        let mut a = judged("Save 1 Red", 8.3, 6.5);
        let mut b = judged("Save 1 Blue", 8.3, 6.0);
        (a.partner, b.partner) = (None, None);
        let said = say(&a, &a, Some(&b), &[]);
        assert!(said.contains("Ben ends +0.5$"), "{said}");
        assert!(!said.contains("leader"), "{said}");
        for j in [&mut a, &mut b] {
            let mut poor = RunningSums::default();
            poor.add(1.0);
            j.figures.seats.push(poor);
        }
        let said = say(&a, &a, Some(&b), &[]);
        assert!(said.contains("the leader, Ben, ends +0.5$"), "{said}");
    }

    #[test]
    fn a_choice_alone_is_the_only_one_only_when_the_rules_allow_nothing_else() {
        let decline = judged("Decline", 8.3, 6.0);
        assert_eq!(
            say(&decline, &decline, None, &[]),
            "Decline: the only choice here."
        );
        let others = [
            "make a counter-offer".to_string(),
            "say \"I have none\"".to_string(),
        ];
        let said = say(&decline, &decline, None, &others);
        assert_eq!(
            said,
            "Decline: the only choice weighed; you may also make a counter-offer or say \"I have none\"."
        );
        assert!(!said.contains("only choice here"), "{said}");
    }

    #[test]
    fn the_best_choice_is_the_likelier_winner_even_when_poorer() {
        let mut win = judged("Save 1 Red", 6.7, 6.0);
        let mut rich = judged("Save 1 Green", 6.9, 6.0);
        win.figures.win = RunningSums::default();
        win.figures.win.add(0.26);
        rich.figures.win = RunningSums::default();
        rich.figures.win.add(0.20);
        assert_eq!(win.figures.rank(&rich.figures), std::cmp::Ordering::Less);
        let said = say(&win, &win, Some(&rich), &[]);
        assert!(
            said.starts_with("Save 1 Red: best, as it wins more often (26% against 20%), though \"Save 1 Green\" ends 0.2$ richer"),
            "{said}"
        );
        let said = say(&rich, &win, None, &[]);
        assert!(
            said.contains("\"Save 1 Red\" wins more often (26% to win against 20%)"),
            "{said}"
        );
    }

    #[test]
    fn chances_that_show_alike_are_a_tie_the_coins_break() {
        let mut level = judged("Keep the Blue", 6.0, 6.0);
        let mut rich = judged("Keep the Red", 7.0, 6.0);
        level.figures.win = RunningSums::default();
        level.figures.win.add(0.304);
        rich.figures.win = RunningSums::default();
        rich.figures.win.add(0.296);
        // Both show as 30%: the richer ranks first, and no reason says the other wins more.
        assert_eq!(rich.figures.rank(&level.figures), std::cmp::Ordering::Less);
        assert!(!level.figures.wins_more_often_than(&rich.figures));
        let said = say(&rich, &rich, Some(&level), &[]);
        assert!(
            said.starts_with("Keep the Red: best, 1.0$ ahead of"),
            "{said}"
        );
        let said = say(&level, &rich, None, &[]);
        assert!(!said.contains("wins more often"), "{said}");
        assert!(
            said.contains("\"Keep the Red\" is worth 1.0$ more"),
            "{said}"
        );
        // Far behind, every choice wins 0%: the coins decide there too.
        level.figures.win = RunningSums::default();
        level.figures.win.add(0.004);
        rich.figures.win = RunningSums::default();
        rich.figures.win.add(0.001);
        assert_eq!(rich.figures.rank(&level.figures), std::cmp::Ordering::Less);
        // A point apart, the likelier winner ranks first whatever the coins.
        level.figures.win = RunningSums::default();
        level.figures.win.add(0.31);
        assert_eq!(level.figures.rank(&rich.figures), std::cmp::Ordering::Less);
    }
}
