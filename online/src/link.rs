//! The link between tables: one reliable WebRTC data channel per peer (matchbox), found
//! through a signaling server. The same code on the desktop (its message loop on a thread of
//! its own) and in the browser (on the page's event loop).

use matchbox_socket::{PeerState, RtcIceServerConfig, WebRtcSocket};

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

/// What starts the name of each of our rooms on the signaling server.
pub const ROOM_PREFIX: &str = "come-buy-";
/// Hex digits after [`ROOM_PREFIX`]: 128 bits of the code's hash.
pub const ROOM_HASH_LEN: usize = 32;
/// What the room's hash is of, before the code: another version of the naming is another room.
const ROOM_DOMAIN: &str = "come-buy room v1|";

/// The signaling server's name for a table's room: [`ROOM_PREFIX`] and the first
/// [`ROOM_HASH_LEN`] hex digits of SHA-256(`"come-buy room v1|"` + code). The server (and whoever
/// watches it) never sees the code itself, and no other app's rooms share the name.
pub fn room_name(code: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::new()
        .chain_update(ROOM_DOMAIN)
        .chain_update(code)
        .finalize();
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    format!("{ROOM_PREFIX}{}", &hex[..ROOM_HASH_LEN])
}

/// Whether `name` has the shape of [`room_name`]'s names (the signaling server lets in no other).
pub fn is_room_name(name: &str) -> bool {
    name.strip_prefix(ROOM_PREFIX).is_some_and(|h| {
        h.len() == ROOM_HASH_LEN && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// The signaling room of a table's code: [`room_name`] on the server `signal`.
pub fn room_url(signal: &str, code: &str) -> String {
    format!("{}/{}", signal.trim_end_matches('/'), room_name(code))
}

/// An open link to a room.
pub struct Link {
    socket: WebRtcSocket,
    closed: bool,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Link")
    }
}

impl Link {
    /// Joins the signaling room of `code`; peers come up as they connect.
    pub fn open(reach: &Reach, code: &str) -> Link {
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
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::Builder::new()
            .name("online-link".into())
            .spawn(move || {
                let _ = futures_lite::future::block_on(message_loop);
            })
            .expect("a thread for the link");
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_futures::spawn_local(async move {
            let _ = message_loop.await;
        });
        Link {
            socket,
            closed: false,
        }
    }

    /// Peers that came or went, and what they sent, since the last poll.
    pub fn poll(&mut self) -> Vec<LinkEvent> {
        let mut events = Vec::new();
        if self.closed {
            return events;
        }
        match self.socket.try_update_peers() {
            Ok(peers) => {
                for (peer, state) in peers {
                    events.push(match state {
                        PeerState::Connected => LinkEvent::Up(peer),
                        PeerState::Disconnected => LinkEvent::Down(peer),
                    });
                }
            }
            Err(_) => {
                self.closed = true;
                return events;
            }
        }
        if let Ok(channel) = self.socket.get_channel_mut(0) {
            for (peer, packet) in channel.receive() {
                events.push(LinkEvent::Data(peer, packet.to_vec()));
            }
        }
        events
    }

    /// Sends `bytes` to `peer` (dropped if the peer is gone).
    pub fn send(&mut self, peer: PeerId, bytes: Vec<u8>) {
        if let Ok(channel) = self.socket.get_channel_mut(0) {
            let _ = channel.try_send(bytes.into(), peer);
        }
    }

    /// Our own peer id, once the signaling server gave it (before any peer comes up): the
    /// room's proofs are bound to it ([`crate::host::Host::set_me`],
    /// [`crate::guest::Guest::set_me`]).
    pub fn me(&mut self) -> Option<PeerId> {
        self.socket.id()
    }

    /// The signaling server is gone for good (or never answered).
    pub fn closed(&self) -> bool {
        self.closed
    }
}
