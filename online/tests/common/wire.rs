//! A host's room and its peers each on a real WebRTC link of its own (matchbox), through a
//! signaling server started here on the loopback: the room pumped over its link on a clock
//! the test sets, each peer a guest's table or an attacker's own bytes (or both). Every wait
//! is bounded ([`PATIENCE`]) and names what it waited for.

use come_buy_online::guest::{Guest, GuestEvent};
use come_buy_online::host::{Host, HostEvent, Plan};
use come_buy_online::link::{Link, LinkEvent, PeerId, Reach};
use come_buy_online::msg::{self, ToGuest};
use come_buy_online::signal::{Limits, Signal};
use serde_json::Value;
use std::time::{Duration, Instant};

/// A generous bound on one wait over the loopback (a busy machine is slow, not stuck).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Rooms on the wire run one at a time: each is a mesh of WebRTC peers, and two at once on a
/// small machine would only slow both.
pub fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a host says to a peer, read without the game's types.
pub type Said = ToGuest<Value, Value>;

/// A signaling server on the loopback: every link here comes from one address.
pub fn serve() -> Signal {
    let limits = Limits {
        per_address: 64,
        messages_per_second: 1000,
        message_burst: 10_000,
        ..Limits::default()
    };
    Signal::serve_with("127.0.0.1:0".parse().unwrap(), vec![], limits).unwrap()
}

/// A link to room `code` on `signal`.
pub fn link(signal: &Signal, code: &str) -> Link {
    let reach = Reach {
        signal: signal.url(),
        ice: vec![],
        turn_user: None,
        turn_password: None,
    };
    Link::open(&reach, code)
}

/// A room of `game` for two friends (seats 1 and 2) and the host's own seat 0 ("Me"), as
/// `testkit::room`'s, for peers on links.
pub fn room(game: &str) -> Host<PeerId> {
    let plans = vec![Plan::Local("Me".into()), Plan::Online, Plan::Online];
    Host::open(game, vec![], plans).unwrap()
}

/// The host's room on its own link. Its clock is the test's (`now`): what the room does with
/// time (asks that expire, a window of asks) follows it, not the wall.
pub struct HostEnd {
    pub h: Host<PeerId>,
    pub link: Link,
    pub now: f64,
    /// Every message the link delivered, by whom, and what the room made of it, in order.
    pub heard: Vec<(PeerId, Option<HostEvent<Value>>)>,
    /// The peers that came up.
    pub up: Vec<PeerId>,
    /// The room's messages to these peers never leave (its answers lost, or later than
    /// another's).
    pub deaf: Vec<PeerId>,
}

impl HostEnd {
    /// Ticks the room at `now`, polls the link (the room hears it all), sends what it said.
    pub fn pump(&mut self) {
        if let Some(me) = self.link.me() {
            self.h.set_me(me);
        }
        self.h.tick(self.now);
        for e in self.link.poll() {
            match e {
                LinkEvent::Up(p) => {
                    self.up.push(p);
                    self.h.peer_up(p, self.now);
                }
                LinkEvent::Down(p) => {
                    self.h.peer_down::<Value>(p);
                }
                LinkEvent::Data(p, bytes) => {
                    let event = self.h.heard::<Value>(p, &bytes);
                    self.heard.push((p, event));
                }
            }
        }
        for (p, bytes) in self.h.take_out() {
            if !self.deaf.contains(&p) {
                self.link.send(p, bytes);
            }
        }
    }

    /// What the room made of `peer`'s messages, from the `since`th message it heard.
    pub fn made_of(&self, peer: PeerId, since: usize) -> Vec<Option<HostEvent<Value>>> {
        self.heard[since..]
            .iter()
            .filter(|(p, _)| *p == peer)
            .map(|(_, e)| e.clone())
            .collect()
    }
}

/// A peer on its own link: a guest's table (if any) and the attacker's own bytes beside it.
pub struct PeerEnd {
    pub link: Link,
    pub guest: Option<Guest<PeerId>>,
    /// Its table hears only this peer (none: every peer of the room).
    pub listen: Option<PeerId>,
    /// The peers that came up.
    pub up: Vec<PeerId>,
    /// Everything the link delivered: from whom, and what its table made of it.
    pub heard: Vec<(PeerId, Vec<u8>, Option<GuestEvent>)>,
}

impl PeerEnd {
    fn hears(&self, p: PeerId) -> bool {
        self.listen.is_none_or(|l| l == p)
    }

    /// Polls the link (its table hears what it listens to), sends what its table said.
    pub fn pump(&mut self) {
        let me = self.link.me();
        let events = self.link.poll();
        let hears: Vec<bool> = events
            .iter()
            .map(|e| match e {
                LinkEvent::Up(p) | LinkEvent::Down(p) | LinkEvent::Data(p, _) => self.hears(*p),
            })
            .collect();
        let Some(g) = self.guest.as_mut() else {
            for e in events {
                match e {
                    LinkEvent::Up(p) => self.up.push(p),
                    LinkEvent::Data(p, bytes) => self.heard.push((p, bytes, None)),
                    LinkEvent::Down(_) => {}
                }
            }
            return;
        };
        if let Some(me) = me {
            g.set_me(me);
        }
        for (e, hears) in events.into_iter().zip(hears) {
            match e {
                LinkEvent::Up(p) => {
                    self.up.push(p);
                    if hears {
                        g.peer_up(p);
                    }
                }
                LinkEvent::Down(p) => {
                    g.peer_down(p);
                }
                LinkEvent::Data(p, bytes) => {
                    let event = if hears { g.heard(p, &bytes) } else { None };
                    self.heard.push((p, bytes, event));
                }
            }
        }
        for (p, bytes) in g.take_out() {
            self.link.send(p, bytes);
        }
    }

    /// Its table.
    pub fn g(&mut self) -> &mut Guest<PeerId> {
        self.guest.as_mut().expect("a guest's table")
    }

    /// What `from` said to this peer, read, from the `since`th message it heard.
    pub fn said_by(&self, from: PeerId, since: usize) -> Vec<Said> {
        self.heard[since..]
            .iter()
            .filter(|(p, ..)| *p == from)
            .filter_map(|(_, b, _)| msg::decode::<Said>(b).ok())
            .collect()
    }

    /// What its table made of `from`'s messages, from the `since`th message it heard.
    pub fn made_of(&self, from: PeerId, since: usize) -> Vec<Option<GuestEvent>> {
        self.heard[since..]
            .iter()
            .filter(|(p, ..)| *p == from)
            .map(|(.., e)| e.clone())
            .collect()
    }
}

/// A room on the wire: its signaling server, its host and its peers.
pub struct Wire {
    pub signal: Signal,
    pub host: HostEnd,
    pub peers: Vec<PeerEnd>,
}

impl Wire {
    /// Room `h` on a server of its own, its host's link up (its id known).
    pub fn open(h: Host<PeerId>) -> Self {
        let signal = serve();
        let link = link(&signal, &h.code);
        let host = HostEnd {
            h,
            link,
            now: 0.0,
            heard: Vec::new(),
            up: Vec::new(),
            deaf: Vec::new(),
        };
        let mut w = Wire {
            signal,
            host,
            peers: Vec::new(),
        };
        w.until("the host's id", |w| w.host.link.me().is_some());
        w
    }

    /// The host's id.
    pub fn host_id(&mut self) -> PeerId {
        self.host.link.me().expect("the host's id")
    }

    /// A peer joins on a new link (with `guest`'s table, if any, hearing only `listen` if
    /// given); its index among the peers once its id is known.
    pub fn join(&mut self, guest: Option<Guest<PeerId>>, listen: Option<PeerId>) -> usize {
        let code = self.host.h.code.clone();
        self.peers.push(PeerEnd {
            link: link(&self.signal, &code),
            guest,
            listen,
            up: Vec::new(),
            heard: Vec::new(),
        });
        let i = self.peers.len() - 1;
        self.until("a peer's id", |w| w.peers[i].link.me().is_some());
        i
    }

    /// Peer `i`'s id.
    pub fn id(&mut self, i: usize) -> PeerId {
        self.peers[i].link.me().expect("an id")
    }

    /// Waits until peer `i` and the host are up at each other's ends.
    pub fn meet(&mut self, i: usize) {
        let (id, host) = (self.id(i), self.host_id());
        self.until("a peer and the host up at each other's ends", |w| {
            w.host.up.contains(&id) && w.peers[i].up.contains(&host)
        });
    }

    /// Pumps the host and every peer once.
    pub fn pump(&mut self) {
        self.host.pump();
        for p in &mut self.peers {
            p.pump();
        }
    }

    /// Pumps until `done`, at most [`PATIENCE`]; otherwise fails, naming `what`.
    pub fn until(&mut self, what: &str, mut done: impl FnMut(&mut Wire) -> bool) {
        let start = Instant::now();
        loop {
            self.pump();
            if done(self) {
                return;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}: the host heard {} messages from {} peers up",
                self.host.heard.len(),
                self.host.up.len()
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Peer `i` sends `bytes` to `to` over its link.
    pub fn send(&mut self, i: usize, to: PeerId, bytes: Vec<u8>) {
        self.peers[i].link.send(to, bytes);
    }

    /// Peer `i` sends the host `bytes`; what the room made of them, once it heard them.
    pub fn tell_host(&mut self, i: usize, bytes: Vec<u8>) -> Option<HostEvent<Value>> {
        let (id, host) = (self.id(i), self.host_id());
        let since = self.host.heard.len();
        self.send(i, host, bytes);
        self.until("the host to hear a peer", |w| {
            !w.host.made_of(id, since).is_empty()
        });
        self.host.made_of(id, since).remove(0)
    }
}
