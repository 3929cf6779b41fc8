//! The log: what happened, in words, without the cards only one player may see.

use crate::cards::{BeanKind, Event, Offer, OfferClosed, Ruleset};
use crate::ui::words::{beans, listed, plural, turn_heading};

/// Names a list of cards: "Chili and Soy", "Blue, Chili and Soy" (or "nothing").
pub fn cards(ruleset: &Ruleset, kinds: &[BeanKind]) -> String {
    if kinds.is_empty() {
        return "nothing".to_string();
    }
    let names: Vec<&str> = kinds
        .iter()
        .map(|&k| ruleset.bean(k).name.as_str())
        .collect();
    listed(&names)
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

/// The log line for an offer that closed without a trade, naming who and whose, and for
/// one that lapsed, the card that moved; `bean` names a bean kind.
fn closed(
    why: OfferClosed,
    parties: Option<(usize, usize)>,
    name: &dyn Fn(usize) -> String,
    bean: &dyn Fn(BeanKind) -> String,
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
        (OfferClosed::CardsMoved { card, player }, Some((from, to))) => format!(
            "{}'s offer to {} lapsed: {}.",
            name(from),
            name(to),
            lapse_reason(player != from, &name(player), &bean(card))
        ),
        (OfferClosed::CardsMoved { card, player }, None) => format!(
            "An offer lapsed: {}.",
            lapse_reason(false, &name(player), &bean(card))
        ),
    };
    Some(line)
}

/// Why an offer lapsed, said of the card that moved: "Ana's Chili was traded", or, for a
/// card the offer wanted from `holder`, "Ben's last Green was traded".
pub(crate) fn lapse_reason(wanted: bool, holder: &str, bean: &str) -> String {
    let last = if wanted { "last " } else { "" };
    format!("{holder}'s {last}{bean} was traded")
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
    let teller = Teller {
        ruleset,
        names,
        open,
        events,
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let Some((lines, next)) = teller.grouped(i) {
            out.extend(lines);
            i = next;
            continue;
        }
        let e = &events[i];
        let line = teller
            .field_line(e)
            .or_else(|| teller.order_line(e))
            .or_else(|| teller.pile_line(e))
            .or_else(|| teller.trade_line(e));
        out.extend(line);
        i += 1;
    }
    out
}

/// What happened, told in words: the names of the players and beans, and the batch of
/// events being told with the offers open before it (to name who made a closed offer).
struct Teller<'a> {
    ruleset: &'a Ruleset,
    names: &'a [String],
    open: &'a [Offer],
    events: &'a [Event],
}

impl Teller<'_> {
    fn name(&self, p: usize) -> &str {
        self.names.get(p).map_or("?", String::as_str)
    }

    fn bean(&self, kind: BeanKind) -> &str {
        &self.ruleset.bean(kind).name
    }

    fn cards(&self, kinds: &[BeanKind]) -> String {
        cards(self.ruleset, kinds)
    }

    /// Planting, harvesting and the fields themselves.
    fn field_line(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::Planted {
                player,
                card,
                field,
            } => format!(
                "{} planted {} in field {}.",
                self.name(*player),
                self.bean(*card),
                field + 1
            ),
            Event::Harvested {
                player,
                card,
                cards,
                coins,
                ..
            } => format!(
                "{} harvested {} for {}.",
                self.name(*player),
                beans(*cards as usize, self.bean(*card)),
                plural(*coins as usize, "coin", "coins")
            ),
            Event::GainedBeanField { player, paid: 0 } => format!(
                "{} gained a third bean field from the field beans.",
                self.name(*player)
            ),
            Event::GainedBeanField { player, paid } => format!(
                "{} bought a third bean field for {}.",
                self.name(*player),
                plural(*paid as usize, "coin", "coins")
            ),
            Event::FieldsRearranged { player, from } => rearranged(self.name(*player), from),
            Event::Buried {
                player,
                field,
                card,
                count,
            } => format!(
                "{} covered {} in field {} (a mixed patch).",
                self.name(*player),
                beans(*count as usize, self.bean(*card)),
                field + 1
            ),
            _ => return None,
        })
    }

    /// The Expansion's order cards.
    fn order_line(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::OrderLaidOut { player, order } => format!(
                "{} laid out order {order} beside the fields.",
                self.name(*player)
            ),
            Event::OrderFulfilled {
                player,
                order,
                field,
            } => format!(
                "{} fulfilled order {order} with fields {} and {}.",
                self.name(*player),
                field + 1,
                field + 2
            ),
            Event::OrderReturned { player, order } => format!(
                "{}'s order {order} went back under the order pile, unfulfilled.",
                self.name(*player)
            ),
            _ => return None,
        })
    }

    /// The piles, the turns and the end. Discards lie face up, so the log names their cards.
    fn pile_line(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::Discarded { player, card } => {
                format!("{} discarded {}.", self.name(*player), self.bean(*card))
            }
            Event::PulledFromDiscard { card } => format!(
                "{} from the discard pile matches: it joins the turned-over cards.",
                self.bean(*card)
            ),
            Event::TurnBegan { player } => turn_heading(self.name(*player)),
            Event::TurnedOver { card } => format!("Turned over {}.", self.bean(*card)),
            Event::DrawPileRanOut { times } => format!(
                "The draw pile ran out ({}).",
                plural(*times as usize, "time", "times")
            ),
            Event::Reshuffled { cards } => format!(
                "The discard pile ({}) was shuffled into a new draw pile.",
                plural(*cards, "card", "cards")
            ),
            Event::GameEnded { coins, winners } => {
                let best = winners.iter().map(|&w| coins[w]).max().unwrap_or(0);
                let who: Vec<&str> = winners.iter().map(|&w| self.name(w)).collect();
                format!(
                    "The game is over: {} win{} with {}.",
                    listed(&who),
                    if who.len() == 1 { "s" } else { "" },
                    plural(best as usize, "coin", "coins")
                )
            }
            _ => return None,
        })
    }

    /// Offers, trades and the end of trading. Offers lie face up, so the log names their
    /// cards.
    fn trade_line(&self, e: &Event) -> Option<String> {
        Some(match e {
            Event::LeftAsOffer { player, cards } if cards.is_empty() => format!(
                "{} ended the turn with no cards left to offer.",
                self.name(*player)
            ),
            Event::LeftAsOffer { player, cards } => format!(
                "{} left {} as an offer to {}.",
                self.name(*player),
                self.cards(cards),
                self.name((player + 1) % self.names.len().max(1))
            ),
            Event::Offered {
                from,
                to,
                give,
                want,
                ..
            } => self.exchange(*from, *to, give, want, false),
            Event::OfferClosed { offer, why } => {
                let named = |p: usize| self.name(p).to_string();
                let bean = |k: BeanKind| self.bean(k).to_string();
                return closed(*why, parties(*offer, self.open, self.events), &named, &bean);
            }
            Event::Traded {
                from,
                to,
                gave,
                got,
                ..
            } => self.exchange(*from, *to, gave, got, true),
            Event::TradingEnded { kept } if kept.is_empty() => "Trading ended.".to_string(),
            Event::TradingEnded { kept } => format!(
                "Trading ended; the turned-over {} must be planted.",
                self.cards(kept)
            ),
            _ => return None,
        })
    }

    /// An offer made, or (`done`) a trade made: a donation either way, or cards for cards.
    fn exchange(
        &self,
        from: usize,
        to: usize,
        give: &[BeanKind],
        want: &[BeanKind],
        done: bool,
    ) -> String {
        let (from, to) = (self.name(from), self.name(to));
        let (cards, wanted) = (self.cards(give), self.cards(want));
        match (give.is_empty(), want.is_empty(), done) {
            (_, true, false) => format!("{from} offers to donate {cards} to {to}."),
            (_, true, true) => format!("{from} donated {cards} to {to}."),
            (true, false, false) => format!("{from} asks {to} to donate {wanted}."),
            (true, false, true) => format!("{to} donated {wanted} to {from}."),
            (false, false, false) => format!("{from} offers {to} {cards} for {wanted}."),
            (false, false, true) => format!("{from} traded {cards} to {to} for {wanted}."),
        }
    }

    /// Events said together: the deal, draws in a row, order cards drawn at the deal, a
    /// harvest of field beans that gave a third field. Returns their lines and the index
    /// after them.
    fn grouped(&self, i: usize) -> Option<(Vec<String>, usize)> {
        let events = self.events;
        match &events[i] {
            Event::Dealt { .. } => {
                let sizes: Vec<usize> = run(events, i, |e| match e {
                    Event::Dealt { cards, .. } => Some(cards.len()),
                    _ => None,
                });
                Some((vec![dealt(&sizes)], i + sizes.len()))
            }
            Event::Drew { .. } => {
                let drawers = run(events, i, |e| match e {
                    Event::Drew { player, .. } => Some(*player),
                    _ => None,
                });
                Some((self.drew(&drawers), i + drawers.len()))
            }
            Event::DrewOrder { .. } => {
                let who = run(events, i, |e| match e {
                    Event::DrewOrder { player, .. } => Some(*player),
                    _ => None,
                });
                Some((self.drew_orders(&who), i + who.len()))
            }
            Event::Harvested {
                player,
                card,
                cards,
                coins: 0,
                ..
            } if matches!(events.get(i + 1), Some(Event::GainedBeanField { player: p, paid: 0 }) if p == player) =>
            {
                let line = format!(
                    "{} harvested {} and gained a third bean field.",
                    self.name(*player),
                    beans(*cards as usize, self.bean(*card))
                );
                Some((vec![line], i + 2))
            }
            _ => None,
        }
    }

    /// Draws in a row, one drawing player each: every player's at once, or each player's
    /// run of draws.
    fn drew(&self, drawers: &[usize]) -> Vec<String> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &player in drawers {
            match runs.last_mut() {
                Some((p, n)) if *p == player => *n += 1,
                _ => runs.push((player, 1)),
            }
        }
        let same = runs.iter().all(|&(_, n)| n == runs[0].1);
        if runs.len() > 1 && runs.len() == self.names.len() && same {
            return vec![format!(
                "Every player drew {}, {} first.",
                plural(runs[0].1, "card", "cards"),
                self.name(runs[0].0)
            )];
        }
        runs.into_iter()
            .map(|(player, n)| {
                format!("{} drew {}.", self.name(player), plural(n, "card", "cards"))
            })
            .collect()
    }

    /// Order cards drawn in a row: at the deal every player draws one, said once.
    fn drew_orders(&self, who: &[usize]) -> Vec<String> {
        if who.len() > 1 && who.len() == self.names.len() {
            return vec!["Every player drew an order card to the back of their hand.".into()];
        }
        who.iter()
            .map(|&p| format!("{} drew an order card.", self.name(p)))
            .collect()
    }
}

/// What `pick` reads from each event of the run of like events starting at `i`.
fn run<T>(events: &[Event], i: usize, pick: impl Fn(&Event) -> Option<T>) -> Vec<T> {
    events[i..].iter().map_while(pick).collect()
}

/// The deal, by the size of each player's hand.
fn dealt(sizes: &[usize]) -> String {
    if sizes.iter().all(|&n| n == sizes[0]) {
        format!(
            "Each player is dealt {}.",
            plural(sizes[0], "card", "cards")
        )
    } else {
        let each: Vec<String> = sizes.iter().map(usize::to_string).collect();
        format!("The players are dealt {} cards.", listed(&each))
    }
}

/// What a player did with the chooser of where their beans go in three fields.
fn rearranged(who: &str, from: &[usize]) -> String {
    if from.iter().enumerate().any(|(i, &f)| i != f) {
        format!("{who} placed their beans anew in the three fields.")
    } else {
        format!("{who} kept their beans where they were.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::OrderCard;

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
    fn a_list_of_cards_reads_as_a_sentence_does() {
        let r = crate::rulesets::load("base").unwrap();
        let [soy, blue, red] = ["Soy", "Blue", "Red"].map(|n| r.kind_named(n).unwrap());
        let ended = |kept: &[BeanKind]| Event::TradingEnded {
            kept: kept.iter().copied().collect(),
        };
        let lines = describe(
            &[ended(&[soy, blue]), ended(&[soy, blue, red])],
            &r,
            &names(),
            &[],
        );
        assert_eq!(
            lines,
            [
                "Trading ended; the turned-over Soy and Blue must be planted.",
                "Trading ended; the turned-over Soy, Blue and Red must be planted."
            ]
        );
        assert_eq!(cards(&r, &[soy]), "Soy");
        let winners = Event::GameEnded {
            coins: vec![4, 4, 4],
            winners: vec![0, 1, 2],
        };
        let won = describe(&[winners], &r, &names(), &[]);
        assert_eq!(won, ["The game is over: Ana, Ben and Cy win with 4 coins."]);
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
            give: Default::default(),
            want: vec![red].into(),
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
