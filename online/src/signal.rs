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

mod rooms;
pub mod serve;
mod session;

use crate::room::is_room_name;
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use rooms::{Shared, Ticket};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

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
/// An HTTP request's bytes (hyper's smallest buffer is 8 KiB).
const MAX_REQUEST_BYTES: usize = 16 * 1024;

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
}

fn origin_ok(origin: Option<&str>, allowed: &[String]) -> bool {
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
                        _ = accept(listener, serving) => {}
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

/// Connections being told the server is busy at once (a second each at most); more are
/// closed at once.
const MAX_REFUSING: usize = 64;
const BUSY: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/// One of the connections being told the server is busy.
struct Refusing(Arc<AtomicUsize>);

impl Refusing {
    fn take(count: &Arc<AtomicUsize>) -> Option<Refusing> {
        let n = count.fetch_add(1, Ordering::Relaxed);
        let r = Refusing(count.clone());
        (n < MAX_REFUSING).then_some(r)
    }
}

impl Drop for Refusing {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Reads a refused connection's request (a second at most), then answers 503: the client
/// reads a refusal, not a reset.
async fn refuse(stream: tokio::net::TcpStream, _refusing: Refusing) {
    let mut head = Vec::new();
    let mut buf = [0u8; 2048];
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while head.len() < MAX_REQUEST_BYTES && !head.windows(4).any(|w| w == b"\r\n\r\n") {
            if stream.readable().await.is_err() {
                return;
            }
            match stream.try_read(&mut buf) {
                Ok(0) => return,
                Ok(n) => head.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    })
    .await;
    let _ = stream.try_write(BUSY);
}

/// Takes connections while places are left; one over the limits is told so and closed.
async fn accept(listener: tokio::net::TcpListener, shared: Arc<Shared>) {
    let refusing = Arc::new(AtomicUsize::new(0));
    loop {
        let (stream, from) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, or the like: a moment, then on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        match Ticket::take(&shared, from.ip()) {
            Some(ticket) => {
                tokio::spawn(serve_http(stream, ticket, shared.clone()));
            }
            None => {
                if let Some(r) = Refusing::take(&refusing) {
                    tokio::spawn(refuse(stream, r));
                }
            }
        }
    }
}

/// One connection's HTTP requests, answered within the handshake's time (all of them: a
/// connection kept alive does not stay longer): a WebSocket upgrade takes the connection's
/// ticket along (else it goes back when this ends).
async fn serve_http(stream: tokio::net::TcpStream, ticket: Ticket, shared: Arc<Shared>) {
    let _ = stream.set_nodelay(true);
    let handshake = shared.limits.handshake;
    let ticket = Mutex::new(Some(ticket));
    let service = hyper::service::service_fn(move |req| {
        let answer = answer(req, &shared, &ticket);
        async move { Ok::<_, Infallible>(answer) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(handshake)
        .max_buf_size(MAX_REQUEST_BYTES);
    let connection = http
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let _ = tokio::time::timeout(handshake, connection).await;
}

fn plain(status: StatusCode, body: String) -> Response<String> {
    let mut r = Response::new(body);
    *r.status_mut() = status;
    r
}

fn has_token(headers: &HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    })
}

/// The request's WebSocket key, if it is a WebSocket request (version 13).
fn websocket_key(req: &Request<Incoming>) -> Option<&HeaderValue> {
    let h = req.headers();
    let version = h
        .get(header::SEC_WEBSOCKET_VERSION)
        .map(HeaderValue::as_bytes);
    (has_token(h, header::CONNECTION, "upgrade")
        && has_token(h, header::UPGRADE, "websocket")
        && version == Some(b"13"))
    .then(|| h.get(header::SEC_WEBSOCKET_KEY))
    .flatten()
}

fn health(shared: &Shared) -> Response<String> {
    let s = shared.stats();
    let mut r = plain(
        StatusCode::OK,
        format!(
            "{{\"connections\":{},\"rooms\":{},\"peers\":{}}}\n",
            s.connections, s.rooms, s.peers
        ),
    );
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// The answer to one HTTP request: `/health`, a WebSocket into a room (its session spawned,
/// once upgraded), or a refusal.
fn answer(
    mut req: Request<Incoming>,
    shared: &Arc<Shared>,
    ticket: &Mutex<Option<Ticket>>,
) -> Response<String> {
    let path = req.uri().path();
    if req.method() != Method::GET {
        return plain(StatusCode::METHOD_NOT_ALLOWED, String::new());
    }
    if path == "/health" {
        return health(shared);
    }
    let room = path.strip_prefix('/').unwrap_or(path).to_string();
    // An origin that is not text is no allowed one.
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or("\u{fffd}"));
    if !door_ok(origin, Some(&room), &shared.allowed) {
        return plain(StatusCode::FORBIDDEN, String::new());
    }
    let Some(key) = websocket_key(&req) else {
        return plain(StatusCode::BAD_REQUEST, "a WebSocket request\n".into());
    };
    let accept = derive_accept_key(key.as_bytes());
    if !shared.has_place(&room) {
        return plain(StatusCode::SERVICE_UNAVAILABLE, String::new());
    }
    let Some(ticket) = ticket.lock().unwrap_or_else(PoisonError::into_inner).take() else {
        return plain(StatusCode::SERVICE_UNAVAILABLE, String::new());
    };
    let upgrade = hyper::upgrade::on(&mut req);
    let shared = shared.clone();
    tokio::spawn(async move {
        // A request reset before its upgrade ends here, its ticket with it.
        let Ok(upgraded) = upgrade.await else {
            return;
        };
        let config = session::config(&shared.limits);
        let socket =
            WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config))
                .await;
        session::run(socket, room, shared, ticket).await;
    });
    let mut r = plain(StatusCode::SWITCHING_PROTOCOLS, String::new());
    let h = r.headers_mut();
    h.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    h.insert(header::CONNECTION, HeaderValue::from_static("Upgrade"));
    if let Ok(accept) = HeaderValue::from_str(&accept) {
        h.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
    }
    r
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
