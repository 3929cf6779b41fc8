//! The five bean dice: each has six faces, and the darker and lighter ones differ.

use serde::{Deserialize, Serialize};

use super::bean::{Bean, BeanSet};

/// How many dice the game uses; the bean field holds exactly this many.
pub const DICE: usize = 5;

/// Which of the five dice: its position in the ruleset's list, 0 to 4.
pub type DieId = usize;

/// A die's colour, which the player aid uses to tell the two face lists apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shade {
    Darker,
    Lighter,
}

/// One bean die: its shade and its six faces (a kind may appear on several faces).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Die {
    pub shade: Shade,
    pub faces: [Bean; 6],
}

impl Die {
    /// The kinds this die can show.
    pub fn kinds(&self) -> BeanSet {
        self.faces
            .iter()
            .fold(BeanSet::default(), |set, b| set.with(*b))
    }

    /// The kinds this die can show with how many faces show each, so chances can be counted
    /// over distinct results instead of all six faces.
    pub fn weighted_kinds(&self) -> Vec<(Bean, u32)> {
        self.kinds()
            .beans()
            .map(|b| (b, self.faces.iter().filter(|f| **f == b).count() as u32))
            .collect()
    }
}
