//! The log: what happened, in words, without the cards only one player may see.

use crate::engine::{BeanKind, Event, Offer, OfferClosed, Ruleset};

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

/// Names a list of cards: "Chili, Soy" (or "nothing").
pub fn cards(ruleset: &Ruleset, kinds: &[BeanKind]) -> String {
    if kinds.is_empty() {
        return "nothing".to_string();
    }
    kinds
        .iter()
        .map(|&k| ruleset.bean(k).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "3 Red beans", "1 Red bean".
fn beans(n: usize, ruleset: &Ruleset, kind: BeanKind) -> String {
    let name = &ruleset.bean(kind).name;
    plural(n, &format!("{name} bean"), &format!("{name} beans"))
}

/// Who made offer `id` to whom: from the offers open before the action, or made by it.
fn parties(id: u32, open: &[Offer], events: &[Event]) -> Option<(usize, usize)> {
    open.iter()
        .find(|o| o.id == id)
        .map(|o| (o.from, o.to))
        .or_else(|| {
            events.iter().find_map(|e| match e {
                Event::Offered {
                    offer, from, to, ..
                } if *offer == id => Some((*from, *to)),
                _ => None,
            })
        })
}

/// The log line for an offer that closed without a trade, naming who and whose.
fn closed(
    why: OfferClosed,
    parties: Option<(usize, usize)>,
    name: &dyn Fn(usize) -> String,
) -> Option<String> {
    let line = match (why, parties) {
        (OfferClosed::TradingEnded, _) => return None,
        (OfferClosed::Declined, Some((from, to))) => {
            format!("{} declines {}'s offer.", name(to), name(from))
        }
        (OfferClosed::Declined, None) => "The offer was declined.".to_string(),
        (OfferClosed::Withdrawn, Some((from, to))) => {
            format!("{} took back the offer to {}.", name(from), name(to))
        }
        (OfferClosed::Withdrawn, None) => "The offer was taken back.".to_string(),
        (OfferClosed::CardsMoved, Some((from, to))) => format!(
            "{}'s offer to {} lapsed: its cards were traded.",
            name(from),
            name(to)
        ),
        (OfferClosed::CardsMoved, None) => "An offer lapsed: its cards were traded.".to_string(),
    };
    Some(line)
}

/// The log lines for one batch of events (one action's worth); `open` are the offers that
/// were open before it, so a closed offer can be named. Draws and deals name no card: in
/// hot-seat everyone reads the log, and those cards belong to one hand.
pub fn describe(
    events: &[Event],
    ruleset: &Ruleset,
    names: &[String],
    open: &[Offer],
) -> Vec<String> {
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let Some(next) = grouped(events, i, ruleset, names, &mut out) {
            i = next;
            continue;
        }
        match &events[i] {
            Event::GainedBeanField { player, paid: 0 } => out.push(format!(
                "{} gained a third bean field from the field beans.",
                name(*player)
            )),
            Event::GainedBeanField { player, paid } => out.push(format!(
                "{} bought a third bean field for {}.",
                name(*player),
                plural(*paid as usize, "coin", "coins")
            )),
            Event::FieldsRearranged { player, from } => out.push(rearranged(name(*player), from)),
            Event::OrderLaidOut { player, order } => out.push(format!(
                "{} laid out order {order} beside the fields.",
                name(*player)
            )),
            Event::OrderFulfilled {
                player,
                order,
                field,
            } => out.push(format!(
                "{} fulfilled order {order} with fields {} and {}.",
                name(*player),
                field + 1,
                field + 2
            )),
            Event::OrderReturned { player, order } => out.push(format!(
                "{}'s order {order} went back under the order pile, unfulfilled.",
                name(*player)
            )),
            Event::Buried {
                player,
                field,
                card,
                count,
            } => out.push(format!(
                "{} covered {} in field {} (a mixed patch).",
                name(*player),
                beans(*count as usize, ruleset, *card),
                field + 1
            )),
            // Discards and offers lie face up, so the log names their cards.
            Event::Discarded { player, card } => out.push(format!(
                "{} discarded {}.",
                name(*player),
                ruleset.bean(*card).name
            )),
            Event::PulledFromDiscard { card } => out.push(format!(
                "{} from the discard pile matches: it joins the turned-over cards.",
                ruleset.bean(*card).name
            )),
            Event::TurnBegan { player } => out.push(turn_heading(name(*player))),
            Event::PhaseBegan { .. } => {}
            Event::Planted {
                player,
                card,
                field,
            } => out.push(format!(
                "{} planted {} in field {}.",
                name(*player),
                ruleset.bean(*card).name,
                field + 1
            )),
            Event::TurnedOver { card } => {
                out.push(format!("Turned over {}.", ruleset.bean(*card).name))
            }
            Event::DrawPileRanOut { times } => out.push(format!(
                "The draw pile ran out ({} time{}).",
                times,
                if *times == 1 { "" } else { "s" }
            )),
            Event::Reshuffled { cards } => out.push(format!(
                "The discard pile ({}) was shuffled into a new draw pile.",
                plural(*cards, "card", "cards")
            )),
            Event::Harvested {
                player,
                card,
                cards,
                coins,
                ..
            } => out.push(format!(
                "{} harvested {} for {}.",
                name(*player),
                beans(*cards as usize, ruleset, *card),
                plural(*coins as usize, "coin", "coins")
            )),
            Event::GameEnded { coins, winners } => {
                let best = winners.iter().map(|&w| coins[w]).max().unwrap_or(0);
                let who: Vec<&str> = winners.iter().map(|&w| name(w)).collect();
                out.push(format!(
                    "The game is over: {} win{} with {}.",
                    who.join(" and "),
                    if who.len() == 1 { "s" } else { "" },
                    plural(best as usize, "coin", "coins")
                ));
            }

            e => trade_line(e, ruleset, names, open, events, &mut out),
        }
        i += 1;
    }
    out
}

/// What a player did with the chooser of where their beans go in three fields.
fn rearranged(who: &str, from: &[usize]) -> String {
    if from.iter().enumerate().any(|(i, &f)| i != f) {
        format!("{who} placed their beans anew in the three fields.")
    } else {
        format!("{who} kept their beans where they were.")
    }
}

/// Events said together: the deal, draws in a row, order cards drawn at the deal, a
/// harvest of field beans that gave a third field. Returns the index after them.
fn grouped(
    events: &[Event],
    i: usize,
    ruleset: &Ruleset,
    names: &[String],
    out: &mut Vec<String>,
) -> Option<usize> {
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    match &events[i] {
        Event::Dealt { .. } => {
            let mut sizes = Vec::new();
            let mut j = i;
            while let Some(Event::Dealt { cards, .. }) = events.get(j) {
                sizes.push(cards.len());
                j += 1;
            }
            if sizes.iter().all(|&n| n == sizes[0]) {
                out.push(format!(
                    "Each player is dealt {}.",
                    plural(sizes[0], "card", "cards")
                ));
            } else {
                let each: Vec<String> = sizes.iter().map(usize::to_string).collect();
                out.push(format!("The players are dealt {} cards.", each.join(", ")));
            }
            Some(j)
        }
        Event::Drew { .. } => {
            // Draws in a row, by player: (player, cards).
            let mut runs: Vec<(usize, usize)> = Vec::new();
            let mut j = i;
            while let Some(Event::Drew { player, .. }) = events.get(j) {
                match runs.last_mut() {
                    Some((p, n)) if p == player => *n += 1,
                    _ => runs.push((*player, 1)),
                }
                j += 1;
            }
            let same = runs.iter().all(|&(_, n)| n == runs[0].1);
            if runs.len() > 1 && runs.len() == names.len() && same {
                out.push(format!(
                    "Every player drew {}, {} first.",
                    plural(runs[0].1, "card", "cards"),
                    name(runs[0].0)
                ));
            } else {
                for (player, n) in runs {
                    out.push(format!(
                        "{} drew {}.",
                        name(player),
                        plural(n, "card", "cards")
                    ));
                }
            }
            Some(j)
        }
        Event::DrewOrder { .. } => {
            // At the deal every player draws one: say it once.
            let mut j = i;
            let mut who = Vec::new();
            while let Some(Event::DrewOrder { player, .. }) = events.get(j) {
                who.push(*player);
                j += 1;
            }
            if who.len() > 1 && who.len() == names.len() {
                out.push("Every player drew an order card to the back of their hand.".into());
            } else {
                for p in who {
                    out.push(format!("{} drew an order card.", name(p)));
                }
            }
            Some(j)
        }
        Event::Harvested {
            player,
            card,
            cards,
            coins: 0,
            ..
        } if matches!(events.get(i + 1), Some(Event::GainedBeanField { player: p, paid: 0 }) if p == player) =>
        {
            out.push(format!(
                "{} harvested {} and gained a third bean field.",
                name(*player),
                beans(*cards as usize, ruleset, *card)
            ));
            Some(i + 2)
        }
        _ => None,
    }
}

/// The lines for offers, trades and the end of trading.
fn trade_line(
    e: &Event,
    ruleset: &Ruleset,
    names: &[String],
    open: &[Offer],
    events: &[Event],
    out: &mut Vec<String>,
) {
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    match e {
        Event::LeftAsOffer { player, cards } => {
            let next = name((player + 1) % names.len().max(1));
            out.push(if cards.is_empty() {
                format!(
                    "{} ended the turn with no cards left to offer.",
                    name(*player)
                )
            } else {
                format!(
                    "{} left {} as an offer to {next}.",
                    name(*player),
                    self::cards(ruleset, cards)
                )
            })
        }
        Event::Offered {
            from,
            to,
            give,
            want,
            ..
        } => out.push(if want.is_empty() {
            format!(
                "{} offers to donate {} to {}.",
                name(*from),
                self::cards(ruleset, give),
                name(*to)
            )
        } else if give.is_empty() {
            format!(
                "{} asks {} to donate {}.",
                name(*from),
                name(*to),
                self::cards(ruleset, want)
            )
        } else {
            format!(
                "{} offers {} {} for {}.",
                name(*from),
                name(*to),
                self::cards(ruleset, give),
                self::cards(ruleset, want)
            )
        }),
        Event::OfferClosed { offer, why } => {
            let named = |p: usize| name(p).to_string();
            out.extend(closed(*why, parties(*offer, open, events), &named));
        }
        Event::Traded {
            from,
            to,
            gave,
            got,
            ..
        } => out.push(if got.is_empty() {
            format!(
                "{} donated {} to {}.",
                name(*from),
                self::cards(ruleset, gave),
                name(*to)
            )
        } else if gave.is_empty() {
            format!(
                "{} donated {} to {}.",
                name(*to),
                self::cards(ruleset, got),
                name(*from)
            )
        } else {
            format!(
                "{} traded {} to {} for {}.",
                name(*from),
                self::cards(ruleset, gave),
                name(*to),
                self::cards(ruleset, got)
            )
        }),
        Event::TradingEnded { kept } => out.push(if kept.is_empty() {
            "Trading ended.".to_string()
        } else {
            format!(
                "Trading ended; the turned-over {} must be planted.",
                self::cards(ruleset, kept)
            )
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::OrderCard;

    fn names() -> Vec<String> {
        ["Ana", "Ben", "Cy"].map(String::from).to_vec()
    }

    #[test]
    fn a_returned_order_goes_back_under_the_order_pile() {
        let r = crate::rulesets::load("expansion-order-cards").unwrap();
        let order = OrderCard { left: 3, right: 4 };
        let lines = describe(
            &[Event::OrderReturned { player: 0, order }],
            &r,
            &names(),
            &[],
        );
        assert_eq!(
            lines,
            ["Ana's order 3/4 went back under the order pile, unfulfilled."]
        );
    }

    #[test]
    fn one_bean_is_one_bean() {
        let r = crate::rulesets::load("base").unwrap();
        let red = r.kind_named("Red").unwrap();
        let harvest = |cards, coins| Event::Harvested {
            player: 1,
            field: 0,
            card: red,
            cards,
            coins,
        };
        let lines = describe(&[harvest(1, 0), harvest(3, 1)], &r, &names(), &[]);
        assert_eq!(
            lines,
            [
                "Ben harvested 1 Red bean for 0 coins.",
                "Ben harvested 3 Red beans for 1 coin."
            ]
        );
    }

    #[test]
    fn a_declined_offer_names_who_declined_whose_offer() {
        let r = crate::rulesets::load("base").unwrap();
        let red = r.kind_named("Red").unwrap();
        let made = Event::Offered {
            offer: 7,
            from: 0,
            to: 2,
            give: vec![],
            want: vec![red],
        };
        let closed = Event::OfferClosed {
            offer: 7,
            why: OfferClosed::Declined,
        };
        let lines = describe(&[made, closed], &r, &names(), &[]);
        assert_eq!(
            lines,
            ["Ana asks Cy to donate Red.", "Cy declines Ana's offer."]
        );
    }
}
