//! Why an action was refused, in the rulebook's words.

use serde::Serialize;

use super::trading::CardRef;

/// An action the rules do not allow. The state is unchanged whenever one is returned.
///
/// Each variant names one rule; its message says it as the rulebook does, so a player or a
/// tester learns the rule from the refusal.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("The game is over")]
    GameOver,
    #[error("There is no player {0}")]
    NoSuchPlayer(usize),
    #[error("Only the active player may do that")]
    NotActivePlayer,
    #[error("That belongs to phase {expected} ({title}); it is phase {current} now")]
    WrongPhase {
        expected: u8,
        title: &'static str,
        current: String,
    },
    #[error("You have no bean field {}", .0.saturating_add(1))]
    NoSuchField(usize),
    #[error("Your hand is empty")]
    EmptyHand,
    #[error("You can't plant a third bean: at most {0} cards are planted from the hand")]
    PlantedEnough(usize),
    #[error("You must plant the first card in your hand")]
    MustPlantFirst,
    #[error("You can only plant one kind of bean in each field: field {} holds {holds} beans", .field.saturating_add(1))]
    FieldHoldsOtherKind { field: usize, holds: String },
    #[error("No field has space for this {0} bean: you must harvest a field first")]
    NoFieldFits(String),
    #[error("There are no beans in field {} to harvest", .0.saturating_add(1))]
    EmptyField(usize),
    #[error(
        "The bean protection rule: a field with only one bean can't be harvested while another of your fields has more than one"
    )]
    BeanProtection,
    #[error(
        "The bean protection rule: a field with only one bean can't be harvested unless all your fields hold one bean"
    )]
    BeanProtectionAllFields,
    #[error("No third bean field can be bought in this game")]
    NoThirdFieldForSale,
    #[error("You already have a third bean field")]
    HasThirdField,
    #[error("A third bean field costs {price} coins; you have {coins}")]
    NotEnoughCoins { price: u32, coins: u32 },
    #[error("Your order card is the front card: no bean can be planted before it")]
    OrderInFront,
    #[error("You can fulfil an order only during your own turn")]
    NotYourTurnToFulfill,
    #[error("You have no order card")]
    NoOrder,
    #[error("Order {order} needs its two numbers in fields {} and {}", .field.saturating_add(1), .field.saturating_add(2))]
    OrderNotMet { order: String, field: usize },
    #[error("These {0} beans earn no coin yet: a field is harvested once it earns one")]
    HarvestPaysNothing(String),
    #[error("In the bean duel a player may harvest only during their own turn")]
    HarvestOnlyOnOwnTurn,
    #[error("You may discard only {0} card from your hand after planting")]
    DiscardedEnough(usize),
    #[error("There is no offered card {}", .0.saturating_add(1))]
    NoSuchOfferedCard(usize),
    #[error("There is no card at {0:?}")]
    NoSuchCard(CardRef),
    #[error("The same card is named twice")]
    CardNamedTwice,
    #[error("No bean kind {0}")]
    NoSuchBean(usize),
    #[error(
        "Only the active player is allowed to trade with the other players; the other players can't trade with each other"
    )]
    OnlyActivePlayerTrades,
    #[error("You can't trade with yourself")]
    TradeWithSelf,
    #[error("Only the active player can trade the turned-over cards")]
    FaceUpCardsAreActivePlayers,
    #[error("Cards received in a trade cannot be traded again")]
    TradedCardsLocked,
    #[error("An offer must give or ask for at least one card")]
    EmptyOffer,
    #[error("No more offers from you this turn: you have made all {0} of yours")]
    OfferLimit(u32),
    #[error("You already have {0} offers waiting for an answer: take one back first")]
    TooManyOpenOffers(usize),
    #[error("There is no offer {0} on the table")]
    NoSuchOffer(u32),
    #[error("Only the player the offer was made to can answer it")]
    NotOfferedToYou,
    #[error("Only the player who made the offer can take it back")]
    NotYourOffer,
    #[error("The cards you give must be exactly those asked for: {0}")]
    NotWhatWasAsked(String),
    #[error(
        "You have to immediately plant the bean cards received from a trade: trading waits until they are planted"
    )]
    PlantReceivedCardsFirst { player: usize },
    #[error(
        "You may put your beans in other fields only right after harvesting two field beans gives you a third bean field"
    )]
    NoRearrangingNow,
    #[error("A new arrangement names each of your {0} bean fields exactly once")]
    NotAnArrangement(usize),
    #[error(
        "Put your other beans in your first and/or second bean field: the new third field starts empty"
    )]
    NewFieldStaysEmpty,
    #[error("You have no cards set aside to plant")]
    NothingSetAside,
}
