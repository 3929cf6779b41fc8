//! Order cards (The Expansion, variant 3): two numbers to match in adjacent bean fields.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::field::Field;

/// An order card "a/b": `a` beans in one field and `b` in the field to its right. The kinds
/// of bean do not matter; 0 means an empty field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct OrderCard {
    /// Beans needed in the left field.
    pub left: u8,
    /// Beans needed in the field right of it.
    pub right: u8,
}

impl OrderCard {
    /// Whether `fields[left]` and `fields[left + 1]` hold exactly the numbers on the card.
    pub fn is_met_by(&self, fields: &[Field], left: usize) -> bool {
        match (fields.get(left), fields.get(left + 1)) {
            (Some(a), Some(b)) => {
                a.count() == u32::from(self.left) && b.count() == u32::from(self.right)
            }
            _ => false,
        }
    }

    /// The first pair of adjacent fields (by its left field) that meets the order.
    pub fn met_at(&self, fields: &[Field]) -> Option<usize> {
        (0..fields.len().saturating_sub(1)).find(|&i| self.is_met_by(fields, i))
    }
}

impl fmt::Display for OrderCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.left, self.right)
    }
}

/// Why text is not an order card.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("an order card is written as two numbers like \"3/4\", each from 0 to 20")]
pub struct BadOrderCard;

impl FromStr for OrderCard {
    type Err = BadOrderCard;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (a, b) = s.trim().split_once('/').ok_or(BadOrderCard)?;
        let number = |t: &str| {
            t.trim()
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= 20)
                .ok_or(BadOrderCard)
        };
        Ok(OrderCard {
            left: number(a)?,
            right: number(b)?,
        })
    }
}

impl TryFrom<String> for OrderCard {
    type Error = BadOrderCard;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<OrderCard> for String {
    fn from(o: OrderCard) -> String {
        o.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::BeanKind;

    fn fields(counts: &[u32]) -> Vec<Field> {
        counts
            .iter()
            .map(|&c| Field::with(BeanKind::new(0), c))
            .collect()
    }

    #[test]
    fn three_four_needs_three_then_four_in_adjacent_fields() {
        let o: OrderCard = "3/4".parse().unwrap();
        assert_eq!(o.met_at(&fields(&[3, 4])), Some(0));
        assert_eq!(o.met_at(&fields(&[4, 3])), None);
        assert_eq!(o.met_at(&fields(&[3, 5])), None);
        assert_eq!(o.met_at(&fields(&[0, 3, 4])), Some(1));
        assert_eq!(
            o.met_at(&fields(&[3, 0, 4])),
            None,
            "fields must be adjacent"
        );
    }

    #[test]
    fn four_zero_with_three_fields_either_pair() {
        let o: OrderCard = "4/0".parse().unwrap();
        assert_eq!(o.met_at(&fields(&[4, 0, 2])), Some(0));
        assert_eq!(o.met_at(&fields(&[1, 4, 0])), Some(1));
        assert_eq!(o.to_string(), "4/0");
        assert!("4-0".parse::<OrderCard>().is_err());
        assert!("4/21".parse::<OrderCard>().is_err());
    }
}
