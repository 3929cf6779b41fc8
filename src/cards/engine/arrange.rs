//! Field beans (rules/001): "If you have other beans in your fields, put them in your first
//! and/or second bean field after you turn over your mat." The player who just gained the
//! third field places their beans anew in one action, legal only right then.

use super::action::Action;
use super::error::RuleError;
use super::event::Event;
use super::event_kind::EventKind;
use super::event_sink::EventSink;
use super::field::Field;
use super::state::GameState;

impl GameState {
    /// The player who may place their beans anew now: their harvest of field beans just gave
    /// them a third field and no action has been taken since.
    pub fn may_rearrange_fields(&self) -> Option<usize> {
        self.rearrange_window
    }

    /// Checks that `player` may place their beans so that field `i` takes the beans of field
    /// `from[i]`.
    pub fn check_rearrange(&self, player: usize, from: &[usize]) -> Result<(), RuleError> {
        if self.rearrange_window != Some(player) {
            return Err(RuleError::NoRearrangingNow);
        }
        let fields = self.players[player].fields.len();
        let named_once = (0..fields).all(|f| from.iter().filter(|&&i| i == f).count() == 1);
        if from.len() != fields || !named_once {
            return Err(RuleError::NotAnArrangement(fields));
        }
        if !self.keeps_the_new_field_empty(player, from) {
            return Err(RuleError::NewFieldStaysEmpty);
        }
        Ok(())
    }

    /// Whether placing `player`'s beans by `from` leaves the new (last) field empty, the
    /// beans in the first and/or second field as the rulebook says.
    fn keeps_the_new_field_empty(&self, player: usize, from: &[usize]) -> bool {
        let zone = &self.players[player];
        from.last()
            .is_none_or(|&i| zone.fields[i].count() == 0 && zone.buried(i).is_empty())
    }

    pub(crate) fn rearrange_fields(
        &mut self,
        player: usize,
        from: &[usize],
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_rearrange(player, from)?;
        let zone = &mut self.players[player];
        // `from` names each field once (checked above): a permutation of the fields.
        let fields = zone.fields;
        let mut buried = std::mem::take(&mut zone.buried);
        for (to, &i) in from.iter().enumerate() {
            zone.fields[to] = fields[i];
            // Beans buried by the mixed-patch rule stay under the beans that cover them.
            zone.buried[to] = std::mem::take(&mut buried[i]);
        }
        self.rearrange_window = None;
        events.report(EventKind::FieldsRearranged, || Event::FieldsRearranged {
            player,
            from: from.to_vec(),
        });
        Ok(())
    }

    /// Every arrangement `player` may choose now, each giving different fields and keeping
    /// the new field empty, the current one first.
    pub(crate) fn push_arrangements(&self, player: usize, out: &mut Vec<Action>) {
        if self.rearrange_window != Some(player) {
            return;
        }
        let zone = &self.players[player];
        let mut seen: Vec<Vec<(Field, &[Field])>> = Vec::new();
        for from in permutations(zone.fields.len()) {
            if !self.keeps_the_new_field_empty(player, &from) {
                continue;
            }
            let result: Vec<(Field, &[Field])> = from
                .iter()
                .map(|&i| (zone.fields[i], zone.buried(i)))
                .collect();
            if !seen.contains(&result) {
                seen.push(result);
                out.push(Action::RearrangeFields { from });
            }
        }
    }
}

/// Every order of `0..n`, in lexicographic order (the identity first).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|i| if i >= first { i + 1 } else { i }));
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::permutations;

    #[test]
    fn permutations_of_three_fields_start_with_the_current_order() {
        let all = permutations(3);
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], [0, 1, 2]);
        assert_eq!(all[5], [2, 1, 0]);
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, all);
    }
}
