//! Where the engine reports what happened.

use super::event::Event;

/// Receives the events of an action as they happen.
///
/// Playing through a sink rather than returning a list lets bots and benchmarks play whole
/// games without allocating for events they never read ([`IgnoreEvents`]).
pub trait EventSink {
    /// Records one event.
    fn emit(&mut self, event: Event);

    /// Whether events are read at all: where they are not, the engine skips building the ones
    /// that would allocate.
    fn wants_events(&self) -> bool {
        true
    }

    /// Records the event `make` builds, building it only if events are read: the engine
    /// reports through this, so a game played with [`IgnoreEvents`] never builds one.
    #[inline(always)]
    fn report(&mut self, make: impl FnOnce() -> Event) {
        if self.wants_events() {
            self.emit(make());
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
    fn wants_events(&self) -> bool {
        false
    }
}
