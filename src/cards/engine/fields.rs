//! A player's row of bean fields, held inline.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::field::Field;
use super::ruleset_shape::MAX_BEAN_FIELDS;

/// The most fields a player can have: a ruleset starts them with at most
/// [`MAX_BEAN_FIELDS`], and a third field (bought or from field beans) is only ever added to
/// fewer than three.
pub const MAX_FIELDS: usize = if MAX_BEAN_FIELDS > 3 {
    MAX_BEAN_FIELDS
} else {
    3
};

/// A player's bean fields, first field first, in an array sized for the most any ruleset
/// allows, so a player's fields take no allocation and are read without following a
/// pointer. Reads as a slice of [`Field`]s; the places past the last field always hold an
/// empty field.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fields {
    fields: [Field; MAX_FIELDS],
    len: u8,
}

impl Fields {
    /// `count` empty fields (at most [`MAX_FIELDS`]: the ruleset's checks bound it).
    pub(crate) fn empty(count: usize) -> Self {
        Fields {
            fields: [Field::default(); MAX_FIELDS],
            len: count.min(MAX_FIELDS) as u8,
        }
    }

    /// Fields as given (every source is bounded by the ruleset's count of fields).
    pub(crate) fn from_slice(fields: &[Field]) -> Self {
        let mut row = Fields::empty(fields.len());
        let len = row.len();
        row.fields[..len].copy_from_slice(&fields[..len]);
        row
    }

    /// Adds an empty field at the right end; a row already holding [`MAX_FIELDS`] is left as
    /// it is (the rules never add a field to three or more).
    pub(crate) fn push_empty(&mut self) {
        if usize::from(self.len) < MAX_FIELDS {
            self.len += 1;
        }
    }

    /// Adds empty fields at the right end until there are `count` (at most [`MAX_FIELDS`]).
    pub(crate) fn grow_to(&mut self, count: usize) {
        self.len = self.len.max(count.min(MAX_FIELDS) as u8);
    }
}

impl Deref for Fields {
    type Target = [Field];

    #[inline]
    fn deref(&self) -> &[Field] {
        &self.fields[..usize::from(self.len)]
    }
}

impl DerefMut for Fields {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Field] {
        &mut self.fields[..usize::from(self.len)]
    }
}

impl fmt::Debug for Fields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self[..].fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::BeanKind;

    #[test]
    fn a_row_reads_as_its_fields_only() {
        let mut row = Fields::empty(2);
        assert_eq!(row.len(), 2);
        row[1] = Field::with(BeanKind::new(3), 2);
        row.push_empty();
        assert_eq!(
            &row[..],
            &[
                Field::default(),
                Field::with(BeanKind::new(3), 2),
                Field::default()
            ]
        );
        assert_eq!(Fields::from_slice(&row), row);
        assert_eq!(format!("{row:?}"), format!("{:?}", row.to_vec()));
    }

    #[test]
    fn a_full_row_takes_no_more_fields() {
        let mut row = Fields::empty(MAX_FIELDS);
        row.push_empty();
        row.grow_to(MAX_FIELDS + 4);
        assert_eq!(row.len(), MAX_FIELDS);
    }
}
