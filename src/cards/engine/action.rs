//! What a player can do.

use serde::{Deserialize, Serialize};

use super::bean::BeanKind;
use super::event::Kinds;
use super::few::Few;
use super::trading::CardRef;

/// The exact cards an offer gives or an acceptance names, held inline (an offer names a card
/// or two; a longer list spills to the heap), so that making, checking and dropping the
/// actions of a trading game does not allocate. Two, not more: every action of a saved game
/// is kept in memory, and room for more cards would make each of them larger.
pub type CardRefs = Few<[CardRef; 2]>;

/// One thing one player does. Which player acts is given beside the action
/// ([`GameState::apply`](super::GameState::apply)).
///
/// Generic over how a bean kind is written: the engine uses [`BeanKind`], the headless
/// protocol kind names (see [`Action::map_kinds`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action<K = BeanKind> {
    /// Phase 1: plant the front card of your hand in a field (0-based).
    Plant { field: usize },
    /// Phase 1: stop planting and turn over the cards of phase 2 (after the first card is planted).
    TurnOver,
    /// Phase 2: offer a trade (or a donation, or ask for one) to another player.
    Propose {
        to: usize,
        give: CardRefs,
        want: Kinds<K>,
    },
    /// Phase 2: agree to an offer made to you, naming the cards you give for what it wants.
    Accept { offer: u32, give: CardRefs },
    /// Phase 2: refuse an offer made to you.
    Decline { offer: u32 },
    /// Phase 2: take back an offer you made.
    Withdraw { offer: u32 },
    /// Phase 2: the active player ends trading.
    EndTrading,
    /// Phase 3: plant one of your set-aside cards (0-based) in a field.
    PlantSetAside { card: usize, field: usize },
    /// Any time: harvest a whole field for the coins its beanometer pays.
    Harvest { field: usize },
    /// Any time, once (where the ruleset sells one): pay coins for a third bean field.
    BuyThirdField,
    /// During your own turn: fulfil your order card with fields `field` and `field + 1`.
    FulfillOrder { field: usize },
    /// Field beans, right after harvesting two gave you a third bean field: place your beans
    /// anew, field `i` taking the beans that were in field `from[i]`.
    RearrangeFields { from: Vec<usize> },
    /// The bean duel, step 1: plant one of the cards the opponent left as an offer.
    PlantOffered { card: usize, field: usize },
    /// The bean duel, step 1: discard one of the cards the opponent left as an offer.
    DiscardOffered { card: usize },
    /// The bean duel, step 2: after planting, discard the card at this hand position.
    Discard { card: usize },
    /// The bean duel, step 3: plant one of the turned-over cards.
    PlantTurnedOver { card: usize, field: usize },
    /// The bean duel, step 3: leave the cards not planted as an offer and go on to drawing.
    EndTurn,
}

impl<K> Action<K> {
    /// The same action with every bean kind written another way; fails on the first kind `f` rejects.
    pub fn try_map_kinds<L, E>(self, mut f: impl FnMut(K) -> Result<L, E>) -> Result<Action<L>, E> {
        Ok(match self {
            Action::Plant { field } => Action::Plant { field },
            Action::TurnOver => Action::TurnOver,
            Action::Propose { to, give, want } => Action::Propose {
                to,
                give,
                want: want.into_iter().map(&mut f).collect::<Result<_, E>>()?,
            },
            Action::Accept { offer, give } => Action::Accept { offer, give },
            Action::Decline { offer } => Action::Decline { offer },
            Action::Withdraw { offer } => Action::Withdraw { offer },
            Action::EndTrading => Action::EndTrading,
            Action::PlantSetAside { card, field } => Action::PlantSetAside { card, field },
            Action::Harvest { field } => Action::Harvest { field },
            Action::BuyThirdField => Action::BuyThirdField,
            Action::FulfillOrder { field } => Action::FulfillOrder { field },
            Action::RearrangeFields { from } => Action::RearrangeFields { from },
            Action::PlantOffered { card, field } => Action::PlantOffered { card, field },
            Action::DiscardOffered { card } => Action::DiscardOffered { card },
            Action::Discard { card } => Action::Discard { card },
            Action::PlantTurnedOver { card, field } => Action::PlantTurnedOver { card, field },
            Action::EndTurn => Action::EndTurn,
        })
    }

    /// The same action with every bean kind written another way.
    pub fn map_kinds<L>(self, mut f: impl FnMut(K) -> L) -> Action<L> {
        match self.try_map_kinds(|k| Ok::<L, std::convert::Infallible>(f(k))) {
            Ok(a) => a,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved game's actions are all held at once when it is resumed or replayed (a save
    /// near the size limit holds about 300,000), so the cards held inline must not make an
    /// action much larger than the two lists it held before (64 bytes).
    #[test]
    fn an_action_stays_small() {
        let size = std::mem::size_of::<Action>();
        assert!(size <= 96, "an action takes {size} bytes");
    }
}
