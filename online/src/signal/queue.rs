//! A connection's queue of text frames, and the bytes it holds: counted for the connection, its
//! room and the whole server, so that a peer that does not read cannot make the server hold more
//! than [`super::Limits::queue_bytes`] for it, [`super::Limits::room_queue_bytes`] for its room,
//! [`super::Limits::total_queue_bytes`] in all. A frame counts from the moment it is queued
//! until the WebSocket has taken it (written, or waiting in its one-frame buffer); what is
//! still queued when the connection ends is given back with it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::Notify;
use tokio::sync::mpsc::{Receiver, Sender, error::TrySendError};
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// Messages waiting for a peer that reads slowly; one more and it is put out of its room.
pub(super) const QUEUE: usize = 128;

/// The server's bytes queued, and the most it has held at once.
#[derive(Default)]
pub(super) struct Totals {
    pub(super) now: AtomicUsize,
    pub(super) most: AtomicUsize,
}

/// What one connection's queue holds, shared by its two ends.
struct Gauge {
    /// This connection's bytes queued.
    mine: AtomicUsize,
    /// Its room's (every peer of the room adds to the same count), until it is put out: its
    /// bytes leave the room's count then (they go with its session, the room holds them no
    /// more). Locked while `mine` changes, so that the two agree.
    room: Mutex<Option<Arc<AtomicUsize>>>,
    totals: Arc<Totals>,
    /// Set when the connection is put out: its session ends at once.
    kicked: Notify,
}

impl Gauge {
    fn room(&self) -> MutexGuard<'_, Option<Arc<AtomicUsize>>> {
        self.room.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn add(&self, n: usize) {
        let room = self.room();
        self.mine.fetch_add(n, Ordering::Relaxed);
        if let Some(r) = room.as_ref() {
            r.fetch_add(n, Ordering::Relaxed);
        }
        let now = self.totals.now.fetch_add(n, Ordering::Relaxed) + n;
        self.totals.most.fetch_max(now, Ordering::Relaxed);
    }

    fn sub(&self, n: usize) {
        let room = self.room();
        self.mine.fetch_sub(n, Ordering::Relaxed);
        if let Some(r) = room.as_ref() {
            r.fetch_sub(n, Ordering::Relaxed);
        }
        self.totals.now.fetch_sub(n, Ordering::Relaxed);
    }

    /// Out of the room's count.
    fn leave_room(&self) {
        if let Some(r) = self.room().take() {
            r.fetch_sub(self.mine.load(Ordering::Relaxed), Ordering::Relaxed);
        }
    }
}

impl Drop for Gauge {
    /// Both ends gone: what was still queued is no longer held.
    fn drop(&mut self) {
        self.leave_room();
        let left = *self.mine.get_mut();
        self.totals.now.fetch_sub(left, Ordering::Relaxed);
    }
}

/// The bounds a letter is checked against.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    pub(super) mine: usize,
    pub(super) room: usize,
    pub(super) total: usize,
}

/// Why a letter could not be queued: the peer is put out of its room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Over {
    /// Its connection is gone (the session ended).
    Gone,
    /// [`QUEUE`] messages wait already.
    Messages,
    /// Its own bytes, its room's, the server's.
    Mine(usize),
    Room(usize),
    Total(usize),
}

/// The room's side of a connection: letters go in here.
pub(super) struct Outbox {
    tx: Sender<Utf8Bytes>,
    gauge: Arc<Gauge>,
}

/// The session's side: letters come out here, to the WebSocket.
pub(super) struct Inbox {
    rx: Receiver<Utf8Bytes>,
    gauge: Arc<Gauge>,
    /// The bytes of the letter given out last, held until [`Inbox::sent`].
    taken: usize,
}

/// A new queue, counted in `room` and `totals`.
pub(super) fn channel(room: Arc<AtomicUsize>, totals: Arc<Totals>) -> (Outbox, Inbox) {
    let (tx, rx) = tokio::sync::mpsc::channel(QUEUE);
    let gauge = Arc::new(Gauge {
        mine: AtomicUsize::new(0),
        room: Mutex::new(Some(room)),
        totals,
        kicked: Notify::new(),
    });
    let inbox = Inbox {
        rx,
        gauge: gauge.clone(),
        taken: 0,
    };
    (Outbox { tx, gauge }, inbox)
}

impl Outbox {
    /// Queues `text` if every bound has room for it.
    pub(super) fn offer(&self, text: Utf8Bytes, bounds: Bounds) -> Result<(), Over> {
        let n = text.len();
        let g = &self.gauge;
        let mine = g.mine.load(Ordering::Relaxed);
        if mine + n > bounds.mine {
            return Err(Over::Mine(mine));
        }
        let room = g.room().as_ref().map_or(0, |r| r.load(Ordering::Relaxed));
        if room + n > bounds.room {
            return Err(Over::Room(room));
        }
        let total = g.totals.now.load(Ordering::Relaxed);
        if total + n > bounds.total {
            return Err(Over::Total(total));
        }
        g.add(n);
        match self.tx.try_send(text) {
            Ok(()) => Ok(()),
            Err(e) => {
                g.sub(n);
                Err(match e {
                    TrySendError::Full(_) => Over::Messages,
                    TrySendError::Closed(_) => Over::Gone,
                })
            }
        }
    }

    /// The bytes queued for this connection now.
    pub(super) fn queued(&self) -> usize {
        self.gauge.mine.load(Ordering::Relaxed)
    }

    /// Ends the connection's session (it was put out of its room); its bytes leave the
    /// room's count now.
    pub(super) fn kick(&self) {
        self.gauge.leave_room();
        self.gauge.kicked.notify_one();
    }
}

impl Inbox {
    /// The next letter (`None`: the room let go of this connection and nothing is left). The
    /// one before is counted as sent.
    pub(super) async fn next(&mut self) -> Option<Utf8Bytes> {
        self.sent();
        let text = self.rx.recv().await?;
        self.taken = text.len();
        Some(text)
    }

    /// The letter given out last has left.
    pub(super) fn sent(&mut self) {
        self.gauge.sub(std::mem::take(&mut self.taken));
    }

    /// What says when the connection is put out of its room.
    pub(super) fn kicked(&self) -> Kicked {
        Kicked(self.gauge.clone())
    }
}

/// Says when a connection is put out of its room ([`Outbox::kick`]).
pub(super) struct Kicked(Arc<Gauge>);

impl Kicked {
    pub(super) async fn wait(&self) {
        self.0.kicked.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> Bounds {
        Bounds {
            mine: 100,
            room: 150,
            total: 180,
        }
    }

    #[test]
    fn each_bound_holds_and_bytes_come_back() {
        let totals = Arc::new(Totals::default());
        let room = Arc::new(AtomicUsize::new(0));
        let (a, mut a_in) = channel(room.clone(), totals.clone());
        let (b, b_in) = channel(room.clone(), totals.clone());
        let (c, _c_in) = channel(Arc::new(AtomicUsize::new(0)), totals.clone());
        let text = |n: usize| Utf8Bytes::from("x".repeat(n));
        assert_eq!(a.offer(text(60), bounds()), Ok(()));
        assert_eq!(a.offer(text(60), bounds()), Err(Over::Mine(60)));
        assert_eq!(b.offer(text(80), bounds()), Ok(()));
        assert_eq!(b.offer(text(20), bounds()), Err(Over::Room(140)));
        assert_eq!(c.offer(text(50), bounds()), Err(Over::Total(140)));
        assert_eq!(totals.most.load(Ordering::Relaxed), 140);
        // a's letter leaves: its bytes come back once the next is asked for.
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            assert_eq!(a_in.next().await.map(|t| t.len()), Some(60));
            assert_eq!(a.queued(), 60);
            a_in.sent();
        });
        assert_eq!((a.queued(), room.load(Ordering::Relaxed)), (0, 80));
        // b's side goes with its letter still queued: the room and the server forget it.
        drop(b_in);
        assert_eq!(b.offer(text(1), bounds()), Err(Over::Gone));
        drop(b);
        assert_eq!(room.load(Ordering::Relaxed), 0);
        assert_eq!(totals.now.load(Ordering::Relaxed), 0);
        assert_eq!(c.offer(text(50), bounds()), Ok(()));
    }

    #[test]
    fn a_full_queue_of_small_letters_is_over_too() {
        let totals = Arc::new(Totals::default());
        let (a, _in) = channel(Arc::new(AtomicUsize::new(0)), totals.clone());
        let roomy = Bounds {
            mine: usize::MAX / 4,
            room: usize::MAX / 4,
            total: usize::MAX / 4,
        };
        for _ in 0..QUEUE {
            assert_eq!(a.offer(Utf8Bytes::from_static("k"), roomy), Ok(()));
        }
        assert_eq!(
            a.offer(Utf8Bytes::from_static("k"), roomy),
            Err(Over::Messages)
        );
        assert_eq!(totals.now.load(Ordering::Relaxed), QUEUE);
    }
}
