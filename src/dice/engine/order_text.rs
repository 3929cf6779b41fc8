//! The notation ruleset files use for orders, and that screens print.
//!
//! Slots are separated by commas, a choice of two kinds by `/`, alternatives by `|`, and a
//! number in front repeats a slot: the rulebook's fourth example, "1 Soy or Green, and 2 that
//! are each Garden or Red", is `Soy/Green, 2 Garden/Red`; its second, "2 Green or 2 Soy", is
//! `2 Green | 2 Soy`.

use std::fmt;

use super::bean::{Bean, BeanSet};
use super::die::DICE;
use super::order::Alternative;

/// The most alternatives an order may list; real cards use one or two.
pub const MAX_ALTERNATIVES: usize = 4;

/// The longest order text read, so a hostile file cannot make us split megabytes.
pub const MAX_ORDER_TEXT: usize = 200;

/// Why an order's text could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum OrderTextError {
    #[error("an order is at most {MAX_ORDER_TEXT} characters")]
    TooLong,
    #[error("an order lists at most {MAX_ALTERNATIVES} alternatives separated by '|'")]
    TooManyAlternatives,
    #[error("an alternative is empty")]
    EmptyAlternative,
    #[error("an alternative needs at most {DICE} dice, one per slot")]
    TooManySlots,
    #[error("{0:?} is not a bean on the dice (Garden, Green, Red, Stink, Soy or Blue)")]
    UnknownBean(String),
    #[error("{0:?}: a slot is one bean or a choice of two, like \"Soy/Green\"")]
    BadSlot(String),
    #[error("{0:?}: a count runs from 1 to {DICE}")]
    BadCount(String),
}

/// Reads an order written in the notation above into its alternatives.
pub fn parse_order(text: &str) -> Result<Vec<Alternative>, OrderTextError> {
    if text.len() > MAX_ORDER_TEXT {
        return Err(OrderTextError::TooLong);
    }
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() > MAX_ALTERNATIVES {
        return Err(OrderTextError::TooManyAlternatives);
    }
    parts.into_iter().map(parse_alternative).collect()
}

fn parse_alternative(text: &str) -> Result<Alternative, OrderTextError> {
    let mut slots = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(OrderTextError::EmptyAlternative);
        }
        let (count, slot_text) = split_count(part)?;
        let slot = parse_slot(slot_text)?;
        if slots.len() + count > DICE {
            return Err(OrderTextError::TooManySlots);
        }
        slots.extend(std::iter::repeat_n(slot, count));
    }
    Ok(Alternative { slots })
}

/// Splits "2 Garden/Red" into 2 and "Garden/Red"; a slot without a number counts once.
fn split_count(part: &str) -> Result<(usize, &str), OrderTextError> {
    match part.split_once(char::is_whitespace) {
        Some((number, rest)) if number.chars().all(|c| c.is_ascii_digit()) => {
            match number.parse::<usize>() {
                Ok(n) if (1..=DICE).contains(&n) => Ok((n, rest.trim())),
                _ => Err(OrderTextError::BadCount(part.to_string())),
            }
        }
        _ => Ok((1, part)),
    }
}

fn parse_slot(text: &str) -> Result<BeanSet, OrderTextError> {
    let names: Vec<&str> = text.split('/').map(str::trim).collect();
    if names.len() > 2 {
        return Err(OrderTextError::BadSlot(text.to_string()));
    }
    let mut set = BeanSet::default();
    for name in names {
        let bean = Bean::from_name(name).ok_or_else(|| {
            if name.contains(char::is_whitespace) {
                OrderTextError::BadSlot(text.to_string())
            } else {
                OrderTextError::UnknownBean(name.to_string())
            }
        })?;
        if set.contains(bean) {
            return Err(OrderTextError::BadSlot(text.to_string()));
        }
        set = set.with(bean);
    }
    Ok(set)
}

/// Writes alternatives back in the notation, grouping repeated slots ("2 Garden/Red").
pub struct OrderText<'a>(pub &'a [Alternative]);

impl fmt::Display for OrderText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, alternative) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write_alternative(f, alternative)?;
        }
        Ok(())
    }
}

fn write_alternative(f: &mut fmt::Formatter<'_>, alternative: &Alternative) -> fmt::Result {
    let mut rest = alternative.slots.as_slice();
    let mut first = true;
    while let Some(slot) = rest.first() {
        let run = rest.iter().take_while(|s| *s == slot).count();
        if !first {
            f.write_str(", ")?;
        }
        first = false;
        if run > 1 {
            write!(f, "{run} ")?;
        }
        let names: Vec<&str> = slot.beans().map(Bean::name).collect();
        f.write_str(&names.join("/"))?;
        rest = &rest[run..];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rulebooks_fourth_example_reads_and_writes_back() {
        let needs = parse_order("Soy/Green, 2 Garden/Red").unwrap();
        assert_eq!(needs.len(), 1);
        assert_eq!(needs[0].slots.len(), 3);
        // A slot's choice is written in the dice's bean order, so "Soy/Green" comes back as
        // "Green/Soy".
        assert_eq!(OrderText(&needs).to_string(), "Green/Soy, 2 Garden/Red");
    }

    #[test]
    fn bad_orders_say_why() {
        assert_eq!(
            parse_order("Pinto"),
            Err(OrderTextError::UnknownBean("Pinto".into()))
        );
        assert_eq!(
            parse_order("6 Blue"),
            Err(OrderTextError::BadCount("6 Blue".into()))
        );
        assert_eq!(
            parse_order("3 Blue, 3 Red"),
            Err(OrderTextError::TooManySlots)
        );
        assert_eq!(
            parse_order("Red/Blue/Soy"),
            Err(OrderTextError::BadSlot("Red/Blue/Soy".into()))
        );
        assert_eq!(parse_order("Red,"), Err(OrderTextError::EmptyAlternative));
    }
}
