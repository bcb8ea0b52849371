//! A signaling server in-process (the desktop's, for play on one network, and the tests'): a
//! small full-mesh server speaking matchbox's protocol, so matchbox's sockets use it unchanged,
//! behind a door that does not wear down.
//!
//! - A browser's page must come from an allowed origin (a desktop app sends none); a room's
//!   name must have the shape of [`crate::room::room_name`]'s (a hash of the code: the code
//!   itself never reaches the server).
//! - Everything is bounded ([`Limits`]): connections at once, from one address, peers in a
//!   room, rooms, a message's size and their rate, the time to say who one is (the HTTP
//!   request) and to stay silent (matchbox's sockets send a `KeepAlive` every 10 s).
//! - A connection counts from its accept to its close and gives its place back however it
//!   ends (a guard); a room that empties is forgotten. `GET /health` tells what is held.
//! - One log line (`tracing`) per room opened or closed, naming it by its hash's first 8
//!   digits.

pub mod door;
mod http;
mod queue;
mod rooms;
pub mod serve;
mod session;

use crate::room::is_room_name;
pub use door::TrustProxy;
use rooms::Shared;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Connections the server holds at once (WebSocket or not yet).
pub const MAX_CONNECTIONS: usize = 64;
/// Connections from one address at once (an IPv6 address: its /64). Behind a reverse proxy
/// every connection comes from the proxy's address: raise it there.
pub const MAX_PER_ADDRESS: usize = 8;
/// Peers in one room: a table's host, its guests and those asking for a seat (twice the
/// host's own bound, [`crate::host::MAX_PEERS`]: a newcomer must reach a full room's host, and
/// a friend's old connection may linger while it comes back on a new one).
pub const MAX_PEERS_PER_ROOM: usize = 32;
/// Rooms open at once.
pub const MAX_ROOMS: usize = 64;
/// Silence after which a connection is closed: matchbox's sockets send a `KeepAlive` every
/// 10 s; a browser tab in the background may send it only once a minute.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(120);
/// Time to send the HTTP request and be answered (the WebSocket's upgrade).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// A message from a peer, in bytes (an offer's SDP is a few kilobytes).
pub const MAX_MESSAGE_BYTES: usize = 32 * 1024;
/// Messages a connection may send a second, on the long run...
pub const MESSAGES_PER_SECOND: u32 = 32;
/// ... and at once (a host meeting many guests relays their offers and ICE candidates).
pub const MESSAGE_BURST: u32 = 256;
/// Bytes queued for one connection that has not read them yet: one more letter and it is put
/// out of its room (a peer that reads keeps next to nothing queued: what it has not read yet
/// waits in its socket's buffers first).
pub const MAX_QUEUE_BYTES: usize = 256 * 1024;
/// ... for a room's peers all together: over it, the peer holding the most is put out.
pub const MAX_ROOM_QUEUE_BYTES: usize = 1024 * 1024;
/// ... for every connection of the server (its memory's bound against peers that do not read).
pub const MAX_TOTAL_QUEUE_BYTES: usize = 64 * 1024 * 1024;
/// An HTTP request's bytes (hyper's smallest buffer is 8 KiB).
const MAX_REQUEST_BYTES: usize = 16 * 1024;
/// A connection's send buffer in the kernel (Linux doubles it): what a peer that does not
/// read holds there, at most, before its queue here starts to fill (the kernel's own tuning
/// lets it grow to 4 MiB). Not smaller: under a few times the largest segment (64 KiB on the
/// loopback interface), each write waits for the peer's delayed acknowledgement (40 ms).
const SEND_BUFFER_BYTES: usize = 256 * 1024;

/// What a signaling server holds at most (the consts above by default).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub connections: usize,
    pub per_address: usize,
    pub peers_per_room: usize,
    pub rooms: usize,
    pub idle: Duration,
    pub handshake: Duration,
    pub message_bytes: usize,
    pub messages_per_second: u32,
    pub message_burst: u32,
    /// Bytes queued for one connection, for one room, for the server.
    pub queue_bytes: usize,
    pub room_queue_bytes: usize,
    pub total_queue_bytes: usize,
    /// The reverse proxies whose forwarded address counts for the per-address bound (none).
    pub trust_proxy: TrustProxy,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: MAX_CONNECTIONS,
            per_address: MAX_PER_ADDRESS,
            peers_per_room: MAX_PEERS_PER_ROOM,
            rooms: MAX_ROOMS,
            idle: IDLE_TIMEOUT,
            handshake: HANDSHAKE_TIMEOUT,
            message_bytes: MAX_MESSAGE_BYTES,
            messages_per_second: MESSAGES_PER_SECOND,
            message_burst: MESSAGE_BURST,
            queue_bytes: MAX_QUEUE_BYTES,
            room_queue_bytes: MAX_ROOM_QUEUE_BYTES,
            total_queue_bytes: MAX_TOTAL_QUEUE_BYTES,
            trust_proxy: TrustProxy::default(),
        }
    }
}

/// What a signaling server holds now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Connections open (WebSocket or not yet).
    pub connections: usize,
    /// Addresses with a connection open.
    pub addresses: usize,
    pub rooms: usize,
    /// Peers in the rooms.
    pub peers: usize,
    /// An estimate of the bytes its maps of addresses, rooms and peers take (their capacity,
    /// not only what they hold).
    pub held_bytes: usize,
    /// Bytes queued for the connections (not yet taken by their WebSocket), and the most
    /// queued at once since the server started.
    pub queued_bytes: usize,
    pub most_queued_bytes: usize,
}

pub(crate) fn origin_ok(origin: Option<&str>, allowed: &[String]) -> bool {
    match origin {
        None => true,
        Some(o) => allowed
            .iter()
            .any(|a| a.trim_end_matches('/') == o.trim_end_matches('/')),
    }
}

/// Whether a WebSocket request may open: no `Origin` (a desktop table) or one of `allowed`,
/// and a path naming a room of ours ([`crate::room::room_name`]'s shape, never a code).
pub fn door_ok(origin: Option<&str>, path: Option<&str>, allowed: &[String]) -> bool {
    origin_ok(origin, allowed) && path.is_some_and(is_room_name)
}

/// A running signaling server.
pub struct Signal {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl std::fmt::Debug for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signal")
            .field("addr", &self.addr)
            .field("limits", &self.shared.limits)
            .finish()
    }
}

impl Signal {
    /// Serves on `addr` (port 0: any free port) until dropped, within the default [`Limits`];
    /// `allowed`: the web pages' origins that may use it.
    pub fn serve(addr: SocketAddr, allowed: Vec<String>) -> Result<Signal, String> {
        Signal::serve_with(addr, allowed, Limits::default())
    }

    /// [`Signal::serve`] within `limits`. On its own thread; an error if `addr` cannot be
    /// bound (its words name the cause: "Address already in use"...).
    pub fn serve_with(
        addr: SocketAddr,
        allowed: Vec<String>,
        limits: Limits,
    ) -> Result<Signal, String> {
        let fail = |e: std::io::Error| format!("signaling server: {e}");
        let listener = std::net::TcpListener::bind(addr).map_err(fail)?;
        listener.set_nonblocking(true).map_err(fail)?;
        let addr = listener.local_addr().map_err(fail)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(fail)?;
        let shared = Arc::new(Shared::new(allowed, limits));
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let serving = shared.clone();
        std::thread::Builder::new()
            .name("online-signal".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    tokio::select! {
                        _ = http::accept(listener, serving) => {}
                        _ = stopped => {}
                    }
                });
                // The runtime goes here, and every connection with it.
            })
            .map_err(fail)?;
        Ok(Signal {
            addr,
            shared,
            stop: Some(stop),
        })
    }

    /// The address tables use: `ws://addr`.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// What the server holds now.
    pub fn stats(&self) -> Stats {
        self.shared.stats()
    }

    /// The names of the rooms open now (hashes: never a code).
    pub fn rooms(&self) -> Vec<String> {
        self.shared.room_names()
    }

    pub fn limits(&self) -> Limits {
        self.shared.limits
    }
}

impl Drop for Signal {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::room_name;

    #[test]
    fn the_door_checks_origin_and_room() {
        let allowed = vec!["https://friends.example".to_string()];
        let name = room_name("ACDEFHJKMNPR");
        let room = Some(name.as_str());
        assert!(door_ok(None, room, &allowed));
        assert!(door_ok(Some("https://friends.example/"), room, &allowed));
        assert!(!door_ok(Some("https://evil.example"), room, &allowed));
        // The code itself is no room's name, nor another shape.
        assert!(!door_ok(None, Some("come-buy-ACDEFHJKMNPR"), &allowed));
        assert!(!door_ok(None, Some("come-buy-ACDE"), &allowed));
        let upper = name.to_uppercase().replace("COME-BUY-", "come-buy-");
        assert!(!door_ok(None, Some(&upper), &allowed));
        assert!(!door_ok(None, Some(&format!("{name}/x")), &allowed));
        assert!(!door_ok(None, Some("other-game"), &allowed));
        assert!(!door_ok(None, None, &allowed));
    }

    #[test]
    fn a_server_can_be_kept_anywhere() {
        // The desktop keeps one in a Bevy resource.
        fn kept<T: Send + Sync + std::fmt::Debug + 'static>() {}
        kept::<Signal>();
    }

    #[test]
    fn addresses_count_by_host_or_by_64() {
        use rooms::address_key;
        let a: std::net::IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: std::net::IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: std::net::IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let v4: std::net::IpAddr = "192.0.2.7".parse().unwrap();
        let mapped: std::net::IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), v4);
        assert_eq!(address_key(v4), v4);
    }
}
