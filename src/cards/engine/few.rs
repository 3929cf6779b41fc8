//! A few items held inline: the cards and kinds an action, an offer, a trade or an event names.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::{Serialize, Serializer};
use smallvec::{Array, SmallVec};

/// The most items a list read from outside (a protocol line, a saved game) may hold: far more
/// cards than any rulebook's game has, and far fewer than a line or a file could otherwise
/// list, so a hostile list is refused as it is read instead of allocated for. (A list within
/// the bound still meets the game's own checks: an offer naming more cards than the game has
/// is refused before it is played.)
pub const MAX_READ: usize = 1 << 16;

/// `few![a, b]`, `few![item; n]`, `few![]`: a [`Few`] written as `vec!` writes a `Vec`.
#[macro_export]
macro_rules! few {
    () => {
        $crate::cards::Few::new()
    };
    ($item:expr; $n:expr) => {
        $crate::cards::Few::from_elem($item, $n)
    };
    ($($item:expr),+ $(,)?) => {
        $crate::cards::Few::from([$($item),+])
    };
}

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
    /// No items, nothing allocated.
    pub fn new() -> Self {
        Few(SmallVec::new())
    }

    /// `n` copies of `item`, as `vec![item; n]`.
    pub fn from_elem(item: A::Item, n: usize) -> Self
    where
        A::Item: Clone,
    {
        Few(SmallVec::from_elem(item, n))
    }

    /// Adds `item` at the end, spilling to the heap past the inline length.
    #[inline]
    pub fn push(&mut self, item: A::Item) {
        self.0.push(item);
    }
}

impl<A: Array, const M: usize> From<[A::Item; M]> for Few<A> {
    fn from(items: [A::Item; M]) -> Self {
        Few(items.into_iter().collect())
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

/// Pushed one at a time, compiled into the caller: the lists collected here (an offer's
/// cards, an answer's) are a card or two, for which `SmallVec`'s own `extend`, called out of
/// line and reserving first, cost several times the pushes.
impl<A: Array> FromIterator<A::Item> for Few<A> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = A::Item>>(items: I) -> Self {
        let mut few = Few::new();
        for item in items {
            few.push(item);
        }
        few
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

/// Read from the sequence a `Vec` of the same items is read from, refusing one longer than
/// [`MAX_READ`] before holding more than that many items.
impl<'de, A: Array> Deserialize<'de> for Few<A>
where
    A::Item: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(FewVisitor(PhantomData))
    }
}

struct FewVisitor<A>(PhantomData<A>);

impl<'de, A: Array> Visitor<'de> for FewVisitor<A>
where
    A::Item: Deserialize<'de>,
{
    type Value = Few<A>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Few<A>, S::Error> {
        let too_long = || {
            de::Error::custom(format_args!(
                "a list of more than {MAX_READ} cards or bean kinds: no offer or trade names so many"
            ))
        };
        if seq.size_hint().is_some_and(|n| n > MAX_READ) {
            return Err(too_long());
        }
        let mut few = Few::new();
        while let Some(item) = seq.next_element()? {
            if few.len() == MAX_READ {
                return Err(too_long());
            }
            few.push(item);
        }
        Ok(few)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::BeanKind;

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

    #[test]
    fn few_is_read_as_a_vec() {
        for n in [0, 3, 20] {
            let items: Vec<usize> = (0..n).collect();
            let text = serde_json::to_string(&items).unwrap();
            let few: Few<[usize; 4]> = serde_json::from_str(&text).unwrap();
            assert_eq!(few, items);
            let value = serde_json::to_value(&items).unwrap();
            let few: Few<[usize; 4]> = serde_json::from_value(value).unwrap();
            assert_eq!(few, items);
        }
        let not_a_list = serde_json::from_str::<Few<[usize; 4]>>("5").unwrap_err();
        assert!(
            not_a_list.to_string().contains("expected a sequence"),
            "{not_a_list}"
        );
    }

    #[test]
    fn a_list_longer_than_the_bound_is_refused_as_it_is_read() {
        let list = |n: usize| format!("[{}]", vec!["0"; n].join(","));
        let longest: Few<[u8; 4]> = serde_json::from_str(&list(MAX_READ)).unwrap();
        assert_eq!(longest.len(), MAX_READ);
        let streamed = serde_json::from_str::<Few<[u8; 4]>>(&list(MAX_READ + 1)).unwrap_err();
        let value: serde_json::Value = serde_json::from_str(&list(1_000_000)).unwrap();
        let whole = serde_json::from_value::<Few<[u8; 4]>>(value).unwrap_err();
        for e in [streamed, whole] {
            let said = format!("more than {MAX_READ} cards");
            assert!(e.to_string().contains(&said), "{e}");
        }
    }

    #[test]
    fn few_is_written_as_vec_writes() {
        let none: Few<[u8; 2]> = few![];
        assert!(none.is_empty());
        assert_eq!(few![1u8, 2, 3] as Few<[u8; 2]>, vec![1, 2, 3]);
        assert_eq!(few![7u8; 3] as Few<[u8; 2]>, vec![7, 7, 7]);
    }
}
