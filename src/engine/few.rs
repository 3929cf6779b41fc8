//! A few items held inline: the cards and kinds an offer, a trade or an event names.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Serialize, Serializer};
use smallvec::{Array, SmallVec};

/// The few cards or kinds an offer, a trade or an event names, held inline up to the length
/// of the array `A` and on the heap only past it, so that ordinary offers, trades and the
/// events that tell of them do not allocate. Reads as a slice, compares with a `Vec` of the
/// same items, and is written (in JSON and in `Debug`) as a `Vec` of them is.
pub struct Few<A: Array>(SmallVec<A>);

impl<A: Array> Clone for Few<A>
where
    A::Item: Clone,
{
    fn clone(&self) -> Self {
        Few(self.0.clone())
    }
}

impl<A: Array> PartialEq for Few<A>
where
    A::Item: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self[..] == other[..]
    }
}

impl<A: Array> Eq for Few<A> where A::Item: Eq {}

impl<A: Array> Deref for Few<A> {
    type Target = [A::Item];

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<A: Array> DerefMut for Few<A> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<A: Array> fmt::Debug for Few<A>
where
    A::Item: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self[..].fmt(f)
    }
}

impl<A: Array> Few<A> {
    pub(crate) fn push(&mut self, item: A::Item) {
        self.0.push(item);
    }
}

impl<A: Array> Default for Few<A> {
    fn default() -> Self {
        Few(SmallVec::new())
    }
}

impl<A: Array> From<&[A::Item]> for Few<A>
where
    A::Item: Copy,
{
    fn from(items: &[A::Item]) -> Self {
        Few(SmallVec::from_slice(items))
    }
}

impl<'a, A: Array> IntoIterator for &'a Few<A> {
    type Item = &'a A::Item;
    type IntoIter = std::slice::Iter<'a, A::Item>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<A: Array> PartialEq<Vec<A::Item>> for Few<A>
where
    A::Item: PartialEq,
{
    fn eq(&self, other: &Vec<A::Item>) -> bool {
        self[..] == other[..]
    }
}

impl<A: Array> PartialEq<Few<A>> for Vec<A::Item>
where
    A::Item: PartialEq,
{
    fn eq(&self, other: &Few<A>) -> bool {
        self[..] == other[..]
    }
}

impl<A: Array> From<Vec<A::Item>> for Few<A> {
    fn from(items: Vec<A::Item>) -> Self {
        Few(SmallVec::from_vec(items))
    }
}

impl<A: Array> FromIterator<A::Item> for Few<A> {
    fn from_iter<I: IntoIterator<Item = A::Item>>(items: I) -> Self {
        Few(items.into_iter().collect())
    }
}

impl<A: Array> IntoIterator for Few<A> {
    type Item = A::Item;
    type IntoIter = smallvec::IntoIter<A>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Written as the sequence a `Vec` of the same items is, so the protocol's and the saves'
/// JSON do not depend on how the items are held.
impl<A: Array> Serialize for Few<A>
where
    A::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BeanKind;

    fn kinds(indices: &[usize]) -> Vec<BeanKind> {
        indices.iter().map(|&i| BeanKind::new(i)).collect()
    }

    #[test]
    fn few_spills_and_reads_as_a_vec() {
        let many = kinds(&(0..20).collect::<Vec<_>>());
        let few: Few<[BeanKind; 16]> = many.as_slice().into();
        assert_eq!(few, many);
        assert_eq!(many, few);
        assert_eq!(format!("{few:?}"), format!("{many:?}"));
    }

    #[test]
    fn few_is_written_as_a_vec() {
        for n in [0, 3, 20] {
            let items: Vec<usize> = (0..n).collect();
            let few: Few<[usize; 4]> = items.iter().copied().collect();
            assert_eq!(
                serde_json::to_string(&few).unwrap(),
                serde_json::to_string(&items).unwrap()
            );
            assert_eq!(Few::<[usize; 4]>::from(items.clone()), items);
            assert_eq!(few.into_iter().collect::<Vec<_>>(), items);
        }
    }
}
