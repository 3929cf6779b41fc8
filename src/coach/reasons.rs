//! Why, in one plain sentence: a choice's figures set against the best choice's (the best
//! against the runner-up), naming only the parts that differ.

use super::cards::name;
use super::search::Judged;

/// Which game's parts a reason speaks of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Game {
    /// Coins banked now, what the fields earn later, what a trade gives the partner and the
    /// leader.
    Cards,
    /// The chance the turn covers another order, and the orders it hands the others.
    Dice,
}

/// Differences smaller than these are not worth a word.
const COINS: f64 = 0.1;
const CHANCE: f64 = 0.02;

/// The sentence for `choice`: for the best, what it gains over `next`; for any other, what
/// it loses against `best` and by how much.
pub(crate) fn explain<A: PartialEq>(
    choice: &Judged<A>,
    best: &Judged<A>,
    next: Option<&Judged<A>>,
    me: usize,
    names: &[String],
    game: Game,
) -> String {
    let is_best = choice.actions == best.actions && choice.label == best.label;
    if is_best {
        let Some(next) = next else {
            return format!("{}: the only choice here.", choice.label);
        };
        let gap = choice.figures.gap(&next.figures);
        let parts = contrast(choice, next, me, names, game);
        let lead = if gap >= 0.05 {
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
                "{}: best for winning, though \"{}\" ends {:.1}$ richer",
                choice.label, next.label, -gap
            )
        };
        return sentence(lead, &parts);
    }
    let gap = best.figures.gap(&choice.figures);
    let mut all = contrast(choice, best, me, names, game);
    all.push(if gap >= 0.05 {
        format!("\"{}\" is worth {gap:.1}$ more", best.label)
    } else if best.figures.win.mean() > choice.figures.win.mean() {
        format!("\"{}\" wins more often", best.label)
    } else {
        format!("\"{}\" does as well", best.label)
    });
    sentence(choice.label.clone(), &all)
}

/// "Label: part, part and part."
fn sentence(lead: String, parts: &[String]) -> String {
    match parts.split_last() {
        None => format!("{lead}."),
        Some((last, [])) => format!("{lead}: {last}."),
        Some((last, rest)) => format!("{lead}: {}; {last}.", rest.join(", ")),
    }
}

/// The parts in which `a` differs from `b`, said from `a`'s side.
fn contrast<A>(
    a: &Judged<A>,
    b: &Judged<A>,
    me: usize,
    names: &[String],
    game: Game,
) -> Vec<String> {
    let (fa, fb) = (&a.figures, &b.figures);
    let mut parts: Vec<String> = a.note.iter().cloned().collect();
    let (now_a, now_b) = (fa.now.mean(), fb.now.mean());
    match game {
        Game::Cards => {
            if (now_a - now_b).abs() >= COINS {
                parts.push(format!("{} now against {}", dollars(now_a), dollars(now_b)));
            }
            let later = (fa.coins.mean() - now_a) - (fb.coins.mean() - now_b);
            if later.abs() >= COINS {
                let more = if later > 0.0 { "more" } else { "less" };
                parts.push(format!("your fields then earn {:.1}$ {more}", later.abs()));
            }
        }
        Game::Dice => {
            if (now_a - now_b).abs() >= CHANCE {
                parts.push(format!(
                    "the turn covers another order {} of the time against {}",
                    percent(now_a),
                    percent(now_b)
                ));
            }
            let (ha, hb) = (fa.handed.mean(), fb.handed.mean());
            if (ha - hb).abs() >= COINS {
                parts.push(format!(
                    "it hands the others {ha:.1} orders against {hb:.1}"
                ));
            }
        }
    }
    let (wa, wb) = (fa.win.mean(), fb.win.mean());
    if (wa - wb).abs() >= CHANCE {
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
    if let Some(p) = partner {
        parts.push(format!("{} ends {:+.1}$", name(names, p), gain(p)));
    }
    let leader = (0..sb.len())
        .filter(|&p| p != me)
        .max_by(|&x, &y| sb[x].mean().total_cmp(&sb[y].mean()));
    if let Some(l) = leader
        && Some(l) != partner
        && gain(l).abs() >= 0.3
    {
        parts.push(format!(
            "the leader, {}, ends {:+.1}$",
            name(names, l),
            gain(l)
        ));
    }
    parts
}

fn dollars(x: f64) -> String {
    if x.abs() < 0.05 {
        "nothing".to_string()
    } else {
        format!("{x:+.1}$")
    }
}

fn percent(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}
