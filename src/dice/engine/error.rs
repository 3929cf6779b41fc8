//! Why an action was refused, in the rulebook's words.

use serde::Serialize;

use super::die::DieId;

/// An action the rules do not allow. The state is unchanged whenever one is returned.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceError {
    #[error("The game is over")]
    GameOver,
    #[error("There is no player {0}")]
    NoSuchPlayer(usize),
    #[error("Only the player with the bean piece may roll, save dice or pass the bean piece")]
    NotActivePlayer,
    #[error("Roll the bean dice first")]
    NothingRolled,
    #[error("You must save at least one die in the bean field before you roll again")]
    SaveBeforeRolling,
    #[error("All five dice are in the bean field: stop rolling and pass the bean piece")]
    StopRolling,
    #[error("You hand on the bean piece once all five dice are in the bean field")]
    DiceStillToPlace,
    #[error("You must save at least one die in the bean field after each roll")]
    MustSaveOne,
    #[error("There is no die {0}; the dice are numbered 0 to 4")]
    NoSuchDie(DieId),
    #[error("Die {0} is listed twice")]
    DieListedTwice(DieId),
    #[error("Die {0} is already in the bean field")]
    AlreadySaved(DieId),
    #[error("The bean piece repeats a roll only once per turn")]
    BeanPieceUsed,
    #[error(
        "You can harvest only once you have completed at least {min} orders; you have completed {covered}"
    )]
    TooFewOrders { covered: usize, min: usize },
}
