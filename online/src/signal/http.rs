//! The server's HTTP side: connections taken while places are left (one over the limits is
//! told so), each request answered within the handshake's time: `/health`, a WebSocket into a
//! room, a page from an origin not allowed told so (its WebSocket opened to say it: see
//! [`super::door::REFUSED_ID`]), or a refusal.

use super::door::{self, forwarded_for, shown};
use super::rooms::{Shared, Ticket};
use super::session;
use super::{MAX_REQUEST_BYTES, SEND_BUFFER_BYTES, is_room_name, origin_ok};
use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

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
pub(super) async fn accept(listener: tokio::net::TcpListener, shared: Arc<Shared>) {
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
                tokio::spawn(serve_http(stream, from.ip(), ticket, shared.clone()));
            }
            None => {
                if let Some(r) = Refusing::take(&refusing) {
                    tokio::spawn(refuse(stream, r));
                }
            }
        }
    }
}

/// Keeps a connection's send buffer in the kernel small ([`SEND_BUFFER_BYTES`]): a peer that
/// does not read holds little there (its kernel's autotuning would give it megabytes).
fn small_send_buffer(stream: &tokio::net::TcpStream) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let size = SEND_BUFFER_BYTES as libc::c_int;
        // SAFETY: setsockopt reads `size` (its length given) on a socket `stream` holds open.
        unsafe {
            libc::setsockopt(
                stream.as_raw_fd(),
                libc::SOL_SOCKET,
                libc::SO_SNDBUF,
                (&size as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    }
    #[cfg(not(unix))]
    let _ = stream;
}

/// One connection's HTTP requests, answered within the handshake's time (all of them: a
/// connection kept alive does not stay longer): a WebSocket upgrade takes the connection's
/// ticket along (else it goes back when this ends). `from`: the peer's address.
async fn serve_http(
    stream: tokio::net::TcpStream,
    from: IpAddr,
    ticket: Ticket,
    shared: Arc<Shared>,
) {
    let _ = stream.set_nodelay(true);
    small_send_buffer(&stream);
    let handshake = shared.limits.handshake;
    let ticket = Mutex::new(Some(ticket));
    let service = hyper::service::service_fn(move |req| {
        let answer = answer(req, from, &shared, &ticket);
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
            "{{\"connections\":{},\"rooms\":{},\"peers\":{},\"queued_bytes\":{},\
             \"most_queued_bytes\":{}}}\n",
            s.connections, s.rooms, s.peers, s.queued_bytes, s.most_queued_bytes
        ),
    );
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// What an upgraded connection is for.
enum Then {
    /// A peer in this room.
    Join(String),
    /// A page from an origin not allowed, told so.
    Refuse,
}

/// The ticket of `from`'s connection, if the room (`None`: the refusal) and the address have a
/// place for it: a trusted proxy's connection counts under the client's address now.
fn ticket_for(
    req: &Request<Incoming>,
    from: IpAddr,
    room: Option<&str>,
    shared: &Shared,
    ticket: &Mutex<Option<Ticket>>,
) -> Option<Ticket> {
    if room.is_some_and(|r| !shared.has_place(r)) {
        return None;
    }
    let mut ticket = ticket
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()?;
    ticket
        .place(forwarded_for(req.headers()), from)
        .then_some(ticket)
}

/// The answer to one HTTP request: `/health`, a WebSocket into a room (its session spawned,
/// once upgraded), a refused page told so, or a refusal.
fn answer(
    req: Request<Incoming>,
    from: IpAddr,
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
    let key = websocket_key(&req).map(|k| derive_accept_key(k.as_bytes()));
    // An origin that is not text is no allowed one.
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or("\u{fffd}"));
    if !origin_ok(origin, &shared.allowed) {
        let origin = shown(origin.unwrap_or_default());
        shared.refused_log.note(|more| {
            tracing::warn!(
                "signal: refused a page from {origin}: not an allowed origin \
                 (--allow-origin){more}"
            );
        });
        let ticket = key
            .as_ref()
            .and_then(|_| ticket_for(&req, from, None, shared, ticket));
        return match (key, ticket) {
            (Some(key), Some(ticket)) => upgrade(req, &key, shared, ticket, Then::Refuse),
            (Some(_), None) => plain(StatusCode::SERVICE_UNAVAILABLE, String::new()),
            (None, _) => plain(StatusCode::FORBIDDEN, format!("{}\n", door::REFUSED_WORDS)),
        };
    }
    if !is_room_name(&room) {
        return plain(StatusCode::FORBIDDEN, "no room of this server\n".into());
    }
    let Some(key) = key else {
        return plain(StatusCode::BAD_REQUEST, "a WebSocket request\n".into());
    };
    match ticket_for(&req, from, Some(&room), shared, ticket) {
        Some(ticket) => upgrade(req, &key, shared, ticket, Then::Join(room)),
        None => plain(StatusCode::SERVICE_UNAVAILABLE, String::new()),
    }
}

/// Switches `req` to a WebSocket (`accept`: its key's answer) and spawns what it is for.
fn upgrade(
    mut req: Request<Incoming>,
    accept: &str,
    shared: &Arc<Shared>,
    ticket: Ticket,
    then: Then,
) -> Response<String> {
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
        match then {
            Then::Join(room) => session::run(socket, room, shared, ticket).await,
            Then::Refuse => session::refuse(socket, ticket).await,
        }
    });
    let mut r = plain(StatusCode::SWITCHING_PROTOCOLS, String::new());
    let h = r.headers_mut();
    h.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    h.insert(header::CONNECTION, HeaderValue::from_static("Upgrade"));
    if let Ok(accept) = HeaderValue::from_str(accept) {
        h.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
    }
    r
}
