//! The link between tables: one reliable WebRTC data channel per peer (matchbox), found
//! through a signaling server. The same code on the desktop (its message loop on a thread of
//! its own) and in the browser (on the page's event loop).

use futures_channel::mpsc::{TryRecvError, UnboundedReceiver, UnboundedSender, unbounded};
use futures_lite::StreamExt;
use matchbox_socket::{MessageLoopFuture, PeerState, RtcIceServerConfig, WebRtcSocket};
use std::collections::HashMap;
use std::task::{Context, Poll};

pub use crate::room::{ROOM_HASH_LEN, ROOM_PREFIX, is_room_name, room_name};
pub use matchbox_socket::PeerId;

/// What happened on the link since the last poll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    Up(PeerId),
    Down(PeerId),
    Data(PeerId, Vec<u8>),
}

/// How to reach the other tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The signaling server: `ws://host:port` or `wss://host` (an https page needs wss).
    pub signal: String,
    /// STUN and TURN servers (`stun:host:port`, `turn:host:port`); none: direct connections
    /// on one network only.
    pub ice: Vec<String>,
    pub turn_user: Option<String>,
    pub turn_password: Option<String>,
}

/// The signaling room of a table's code: [`room_name`] on the server `signal`.
pub fn room_url(signal: &str, code: &str) -> String {
    format!("{}/{}", signal.trim_end_matches('/'), room_name(code))
}

/// Wakes the app (from the link's pump): something arrived for it.
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

/// What the pump hands to the app's side of the link.
enum Pumped {
    Me(PeerId),
    Event(LinkEvent),
    /// The signaling server is gone, and the socket goes on carrying the peers it has.
    SignalLost,
    Closed,
}

/// An open link to a room. The socket lives in a pump (on a thread of its own on the desktop,
/// on the page's event loop in the browser) that runs matchbox's message loop, forwards what
/// arrives and, when anything did, calls the app's [`Wake`]: a table at rest draws no frames
/// to listen.
///
/// A socket that loses its signaling server while peers are connected goes on carrying them
/// (their data channels need no server), but no newcomer can reach it. A host then opens a
/// door ([`Link::open_door`]): a second socket in the same room, for friends coming back, while
/// the first carries the friends who stayed. Sends go by whichever socket has the peer, events
/// come from both, and once the first has no peer left the door is the link.
pub struct Link {
    main: Half,
    door: Option<Half>,
}

/// One socket's side of a [`Link`].
struct Half {
    from: UnboundedReceiver<Pumped>,
    to: UnboundedSender<(PeerId, Vec<u8>)>,
    me: Option<PeerId>,
    closed: bool,
    /// Its signaling server is gone (it still carries its peers).
    lost: bool,
    /// The peers it has up.
    peers: std::collections::HashSet<PeerId>,
    /// Events taken from the pump (with our id) and not yet polled.
    pending: Vec<LinkEvent>,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Link")
    }
}

impl Half {
    fn open(reach: &Reach, code: &str, wake: Option<Wake>) -> Half {
        let ice = RtcIceServerConfig {
            urls: reach.ice.clone(),
            username: reach.turn_user.clone(),
            credential: reach.turn_password.clone(),
        };
        let (socket, message_loop) = WebRtcSocket::builder(room_url(&reach.signal, code))
            .ice_server(ice)
            .reconnect_attempts(Some(3))
            .signaling_keep_alive_interval(Some(std::time::Duration::from_secs(10)))
            .add_reliable_channel()
            .build();
        let (to_app, from) = unbounded();
        let (to, from_app) = unbounded();
        let pump = Pump {
            socket: Some(socket),
            message_loop: Some(message_loop),
            to_app,
            from_app,
            wake,
            peers: HashMap::new(),
            me: false,
        };
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::Builder::new()
            .name("online-link".into())
            .spawn(move || futures_lite::future::block_on(pump.run()))
            .expect("a thread for the link");
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_futures::spawn_local(pump.run());
        Half {
            from,
            to,
            me: None,
            closed: false,
            lost: false,
            peers: Default::default(),
            pending: Vec::new(),
        }
    }

    /// Takes what the pump passed on (the events wait in `pending`, in order).
    fn drain(&mut self) {
        while !self.closed {
            match self.from.try_recv() {
                Ok(Pumped::Me(id)) => self.me = Some(id),
                Ok(Pumped::Event(e)) => {
                    match &e {
                        LinkEvent::Up(p) => {
                            self.peers.insert(*p);
                        }
                        LinkEvent::Down(p) => {
                            self.peers.remove(p);
                        }
                        LinkEvent::Data(..) => {}
                    }
                    self.pending.push(e);
                }
                Ok(Pumped::SignalLost) => self.lost = true,
                Ok(Pumped::Closed) | Err(TryRecvError::Closed) => self.closed = true,
                Err(TryRecvError::Empty) => break,
            }
        }
    }

    fn reached(&self) -> bool {
        self.me.is_some_and(|p| !p.0.is_nil())
    }
}

impl Link {
    /// Joins the signaling room of `code`; peers come up as they connect.
    pub fn open(reach: &Reach, code: &str) -> Link {
        Link::open_waking(reach, code, None)
    }

    /// [`Link::open`], calling `wake` whenever something arrives (a peer, a message, our id,
    /// the end).
    pub fn open_waking(reach: &Reach, code: &str, wake: Option<Wake>) -> Link {
        Link {
            main: Half::open(reach, code, wake),
            door: None,
        }
    }

    /// Takes what both sockets passed on; a first socket closed for good (no peer left, no
    /// server) gives way to the door.
    fn drain(&mut self) {
        self.main.drain();
        if let Some(door) = self.door.as_mut() {
            door.drain();
            if door.closed && door.pending.is_empty() {
                // The door's server did not answer: [`Link::signal_lost`] says so again.
                self.door = None;
            }
        }
        if self.main.closed
            && let Some(door) = self.door.take()
        {
            let mut old = std::mem::replace(&mut self.main, door);
            old.pending.append(&mut self.main.pending);
            self.main.pending = old.pending;
        }
    }

    /// Peers that came or went, and what they sent, since the last poll.
    pub fn poll(&mut self) -> Vec<LinkEvent> {
        self.drain();
        let mut events = std::mem::take(&mut self.main.pending);
        if let Some(door) = self.door.as_mut() {
            events.append(&mut door.pending);
        }
        events
    }

    /// Sends `bytes` to `peer` (dropped if the peer is gone), by the socket that has it.
    pub fn send(&mut self, peer: PeerId, bytes: Vec<u8>) {
        let half = match self.door.as_ref() {
            Some(door) if door.peers.contains(&peer) => door,
            _ => &self.main,
        };
        let _ = half.to.unbounded_send((peer, bytes));
    }

    /// Our own peer id, once the signaling server gave it (before any peer comes up): the
    /// room's proofs are bound to it ([`crate::host::Host::set_me`],
    /// [`crate::guest::Guest::set_me`]). With a door, the door's: newcomers meet that one.
    pub fn me(&mut self) -> Option<PeerId> {
        self.drain();
        match self.door.as_ref() {
            Some(door) if door.reached() => door.me,
            _ => self.main.me,
        }
    }

    /// The signaling server is gone for good (or never answered).
    pub fn closed(&self) -> bool {
        self.main.closed && self.door.is_none()
    }

    /// Whether the signaling server has been reached (it gave us our id; not the nil id it
    /// gives a page it does not allow, see [`Link::refused`]) and is still there for
    /// newcomers.
    pub fn reached(&mut self) -> bool {
        self.drain();
        match self.door.as_ref() {
            Some(door) => door.reached() && !door.lost,
            None => self.main.reached() && !self.main.lost,
        }
    }

    /// Whether the signaling server refused this page (its Origin is not allowed there): it
    /// gave the nil id and closed, where a server that is down gives nothing.
    pub fn refused(&mut self) -> bool {
        self.drain();
        self.main.me.is_some_and(|p| p.0.is_nil())
    }

    /// The signaling server is gone while peers are still connected, and no door is open:
    /// newcomers cannot reach this link until [`Link::open_door`].
    pub fn signal_lost(&mut self) -> bool {
        self.drain();
        self.main.lost && !self.main.closed && self.door.is_none()
    }

    /// Opens a second socket in the same room for newcomers (see [`Link`]); the first goes on
    /// carrying its peers.
    pub fn open_door(&mut self, reach: &Reach, code: &str, wake: Option<Wake>) {
        self.door = Some(Half::open(reach, code, wake));
    }
}

/// The socket's side of a [`Link`].
struct Pump {
    socket: Option<WebRtcSocket>,
    message_loop: Option<MessageLoopFuture>,
    to_app: UnboundedSender<Pumped>,
    from_app: UnboundedReceiver<(PeerId, Vec<u8>)>,
    wake: Option<Wake>,
    /// Each peer's last state (a repeated state is no news).
    peers: HashMap<PeerId, PeerState>,
    /// Our id was passed on.
    me: bool,
}

impl Pump {
    /// Runs until the app dropped its side and the message loop ended (its last messages
    /// sent), or the loop ended by itself.
    async fn run(mut self) {
        futures_lite::future::poll_fn(move |cx| self.step(cx)).await
    }

    fn step(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if let Some(l) = self.message_loop.as_mut()
            && l.as_mut().poll(cx).is_ready()
        {
            self.message_loop = None;
        }
        let mut news = self.forward(cx);
        // The message loop ended by itself (the signaling server refused or never answered,
        // its reconnection attempts spent): the socket will say nothing more, so the app is
        // told now rather than left waiting.
        if self.message_loop.is_none()
            && let Some(mut socket) = self.socket.take()
        {
            socket.close();
            let _ = self.to_app.unbounded_send(Pumped::Closed);
            news = true;
        }
        if news && let Some(w) = &self.wake {
            w();
        }
        if self.message_loop.is_none() && self.socket.is_none() {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    }

    /// Passes on what arrived and sends what the app asked; whether anything arrived.
    fn forward(&mut self, cx: &mut Context<'_>) -> bool {
        let Some(socket) = self.socket.as_mut() else {
            return false;
        };
        let mut news = Vec::new();
        if !self.me
            && let Some(id) = socket.id()
        {
            self.me = true;
            news.push(Pumped::Me(id));
        }
        let mut ended = false;
        loop {
            match socket.poll_next(cx) {
                // The signaling server is gone (Come Buy's change in matchbox: the nil peer
                // disconnected); the socket goes on carrying its peers.
                Poll::Ready(Some((peer, PeerState::Disconnected))) if peer.0.is_nil() => {
                    news.push(Pumped::SignalLost);
                }
                Poll::Ready(Some((peer, state))) => {
                    if self.peers.insert(peer, state) != Some(state) {
                        news.push(Pumped::Event(match state {
                            PeerState::Connected => LinkEvent::Up(peer),
                            PeerState::Disconnected => LinkEvent::Down(peer),
                        }));
                    }
                }
                Poll::Ready(None) => {
                    ended = true;
                    break;
                }
                Poll::Pending => break,
            }
        }
        if let Ok(channel) = socket.get_channel_mut(0) {
            while let Poll::Ready(Some((peer, packet))) = channel.poll_next(cx) {
                news.push(Pumped::Event(LinkEvent::Data(peer, packet.to_vec())));
            }
        }
        let mut dropped = false;
        loop {
            match self.from_app.poll_next(cx) {
                Poll::Ready(Some((peer, bytes))) => {
                    if let Ok(channel) = socket.get_channel_mut(0) {
                        let _ = channel.try_send(bytes.into(), peer);
                    }
                }
                Poll::Ready(None) => {
                    dropped = true;
                    break;
                }
                Poll::Pending => break,
            }
        }
        if ended {
            news.push(Pumped::Closed);
        }
        let any = !news.is_empty();
        for n in news {
            let _ = self.to_app.unbounded_send(n);
        }
        if ended || dropped {
            // The app's side is gone (or the room is): the socket closes, and the message
            // loop runs on until its last messages are out.
            socket.close();
            self.socket = None;
        }
        any
    }
}
