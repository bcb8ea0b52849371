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

/// The signaling room of a table's code (no other app's rooms share the name).
pub fn room_url(signal: &str, code: &str) -> String {
    format!("{}/come-buy-{code}", signal.trim_end_matches('/'))
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

    /// The signaling server is gone for good (or never answered).
    pub fn closed(&self) -> bool {
        self.closed
    }
}
