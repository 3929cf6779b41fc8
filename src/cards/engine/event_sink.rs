//! Where the engine reports what happened.

use super::event::Event;
use super::event_kind::EventKind;

/// Receives the events of an action as they happen.
///
/// Playing through a sink rather than returning a list lets bots and benchmarks play whole
/// games without allocating for events they never read ([`IgnoreEvents`]).
pub trait EventSink {
    /// Records one event.
    fn emit(&mut self, event: Event);

    /// Whether events of `kind` are read: where they are not, the engine does not build
    /// them (a game played with [`IgnoreEvents`] builds none, the simulator's counters only
    /// the few they count).
    fn wants(&self, kind: EventKind) -> bool {
        let _ = kind;
        true
    }

    /// Records the event of `kind` that `make` builds, building it only if that kind is
    /// read: the engine reports every event through this.
    #[inline(always)]
    fn report(&mut self, kind: EventKind, make: impl FnOnce() -> Event) {
        if self.wants(kind) {
            let event = make();
            debug_assert_eq!(event.kind(), kind, "an event reported as another kind");
            self.emit(event);
        }
    }
}

impl EventSink for Vec<Event> {
    #[inline]
    fn emit(&mut self, event: Event) {
        self.push(event);
    }
}

/// A sink that drops every event, for fast headless play.
#[derive(Clone, Copy, Debug, Default)]
pub struct IgnoreEvents;

impl EventSink for IgnoreEvents {
    #[inline(always)]
    fn emit(&mut self, _: Event) {}

    #[inline(always)]
    fn wants(&self, _: EventKind) -> bool {
        false
    }
}
