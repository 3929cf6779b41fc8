//! A bean field: one kind at a time, any number of cards.

use serde::Serialize;

use super::bean::BeanKind;

/// One of a player's bean fields.
///
/// "You can only plant one kind of bean in each field at a time": a field is a kind and a
/// count, so two kinds in one field cannot even be written down.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Field {
    kind: Option<BeanKind>,
    count: u32,
}

impl Field {
    /// A field holding `count` beans of `kind` (an empty field when `count` is 0).
    #[inline]
    pub fn with(kind: BeanKind, count: u32) -> Self {
        if count == 0 {
            Field::default()
        } else {
            Field {
                kind: Some(kind),
                count,
            }
        }
    }

    /// The kind planted here, `None` for an empty field.
    #[inline]
    pub fn kind(&self) -> Option<BeanKind> {
        self.kind
    }

    /// How many beans are planted here.
    #[inline]
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Whether nothing is planted here.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Whether a bean of `kind` may be planted here: the field is empty or holds that kind.
    #[inline]
    pub fn accepts(&self, kind: BeanKind) -> bool {
        self.kind.is_none_or(|k| k == kind)
    }

    /// Plants one bean; the caller has checked [`Field::accepts`].
    #[inline]
    pub(crate) fn plant(&mut self, kind: BeanKind) {
        debug_assert!(self.accepts(kind));
        self.kind = Some(kind);
        self.count += 1;
    }

    /// Empties the field, returning what it held.
    #[inline]
    pub(crate) fn clear(&mut self) -> Option<(BeanKind, u32)> {
        let held = self.kind.map(|k| (k, self.count));
        *self = Field::default();
        held
    }
}
