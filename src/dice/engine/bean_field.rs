//! The five dice on the table: which lie in the bean field (saved), which were just rolled,
//! and what each shows.

use serde::{Deserialize, Serialize};

use super::bean::Bean;
use super::die::{DICE, Die, DieId};
use super::rng::DiceRng;

/// One die as it lies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieState {
    /// What it shows; `None` until it is first rolled.
    pub face: Option<Bean>,
    /// In the bean field: it will not be rolled again this turn.
    pub saved: bool,
    /// Rolled by the last roll and not saved since.
    pub just_rolled: bool,
}

/// The five dice: the bean field and the dice just rolled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BeanField {
    pub dice: [DieState; DICE],
}

impl BeanField {
    /// The beans the dice just rolled show: what the other players check.
    pub fn just_rolled(&self) -> Vec<Bean> {
        self.shown(|d| d.just_rolled)
    }

    /// The beans in the bean field: what the active player checks at the end of the turn.
    pub fn saved(&self) -> Vec<Bean> {
        self.shown(|d| d.saved)
    }

    fn shown(&self, which: impl Fn(&DieState) -> bool) -> Vec<Bean> {
        self.dice
            .iter()
            .filter(|d| which(d))
            .filter_map(|d| d.face)
            .collect()
    }

    /// The ids of the dice not in the bean field.
    pub fn unsaved(&self) -> Vec<DieId> {
        (0..DICE).filter(|&i| !self.dice[i].saved).collect()
    }

    /// Whether all five dice lie in the bean field.
    pub fn all_saved(&self) -> bool {
        self.dice.iter().all(|d| d.saved)
    }

    /// Rolls every die not in the bean field; returns what each rolled die shows.
    pub fn roll_unsaved(&mut self, faces: &[Die; DICE], rng: &mut DiceRng) -> Vec<(DieId, Bean)> {
        let ids = self.unsaved();
        self.roll(&ids, faces, rng)
    }

    /// Rolls the dice just rolled once more (the bean piece).
    pub fn reroll_just_rolled(
        &mut self,
        faces: &[Die; DICE],
        rng: &mut DiceRng,
    ) -> Vec<(DieId, Bean)> {
        let ids: Vec<DieId> = (0..DICE).filter(|&i| self.dice[i].just_rolled).collect();
        self.roll(&ids, faces, rng)
    }

    fn roll(
        &mut self,
        ids: &[DieId],
        faces: &[Die; DICE],
        rng: &mut DiceRng,
    ) -> Vec<(DieId, Bean)> {
        for die in &mut self.dice {
            die.just_rolled = false;
        }
        ids.iter()
            .map(|&i| {
                let face = faces[i].faces[rng.below(6) as usize];
                self.dice[i] = DieState {
                    face: Some(face),
                    saved: false,
                    just_rolled: true,
                };
                (i, face)
            })
            .collect()
    }

    /// Places dice in the bean field. That closes the roll: the dice left on the table are
    /// no longer "just rolled", only waiting to be rolled again.
    pub fn save(&mut self, ids: &[DieId]) {
        for &i in ids {
            self.dice[i].saved = true;
        }
        for die in &mut self.dice {
            die.just_rolled = false;
        }
    }

    /// Places every die in the bean field as it lies (the final phase stops a turn); returns
    /// the ids placed.
    pub fn place_all(&mut self) -> Vec<DieId> {
        let placed = self.unsaved();
        self.save(&placed);
        placed
    }

    /// Hands the dice to the next player: all out of the bean field, showing what they show.
    pub fn take_up(&mut self) {
        for die in &mut self.dice {
            die.saved = false;
            die.just_rolled = false;
        }
    }
}
