//! A client's outgoing lines: a bounded queue the host puts lines in without ever waiting,
//! and a writer (a thread per TCP client, or an in-process screen) that takes them out. A
//! client that does not read fills its queue and is dropped; nobody else waits for it.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

/// How many items a client's queue holds: hundreds of actions' lines, far more than a game
/// sends while a reader that keeps up reads them.
pub const OUTBOX_ITEMS: usize = 1024;

/// What cuts a client off at once (a TCP connection's shutdown).
pub type Closer = Box<dyn Fn() + Send>;

/// The host's end of a client's queue. Each item is one or more whole lines, without the
/// last line break.
pub struct Outbox {
    sender: SyncSender<Arc<str>>,
    closer: Option<Closer>,
}

impl Outbox {
    /// A queue of `capacity` items: the host's end and the writer's.
    pub fn new(capacity: usize) -> (Outbox, Receiver<Arc<str>>) {
        let (sender, receiver) = sync_channel(capacity);
        let outbox = Outbox {
            sender,
            closer: None,
        };
        (outbox, receiver)
    }

    /// The same queue, with `closer` to cut the client off when it is dropped for not
    /// reading (rather than after its writer's last write times out).
    pub fn closing_with(self, closer: Closer) -> Outbox {
        Outbox {
            closer: Some(closer),
            ..self
        }
    }

    /// Queues `text` without waiting; `false` when the queue is full or its writer gone,
    /// and then the client is to be dropped.
    pub fn send(&self, text: Arc<str>) -> bool {
        match self.sender.try_send(text) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        }
    }

    /// Cuts the client off at once, where it can be.
    pub fn close(&self) {
        if let Some(close) = &self.closer {
            close();
        }
    }
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_refuses_without_waiting() {
        let (outbox, receiver) = Outbox::new(2);
        assert!(outbox.send("a".into()));
        assert!(outbox.send("b".into()));
        assert!(!outbox.send("c".into()));
        assert_eq!(&*receiver.recv().unwrap(), "a");
        assert!(outbox.send("c".into()));
        drop(receiver);
        assert!(!outbox.send("d".into()));
    }
}
