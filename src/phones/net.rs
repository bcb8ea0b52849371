//! The phones' server (desktop only): one small page and a WebSocket on the same port of the
//! local network, started only when someone asks for phones. Each connection runs on its own
//! thread; the table reads what phones say from a channel and writes to each connection's
//! own channel. Nothing here knows the game: it moves text (JSON lines) both ways, and the
//! table decides what each phone may see (only its own seat's view).
//!
//! tungstenite does the WebSocket (handshake and frames); the only HTTP this file speaks is
//! the page itself: a request is peeked at, and anything that is not the WebSocket gets the
//! page (or a 404).

use super::{Conn, FromPhone, ROOM_LETTERS};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tungstenite::{Message, WebSocket};

/// The phone's page: plain HTML and JavaScript, embedded (nothing to install on a phone).
pub const PAGE: &str = include_str!("../../assets/phone/index.html");

/// The first port tried (then the next ones; then any the system gives).
pub const PORT: u16 = 7878;

/// A running server: where phones connect, and the two ends of its channels.
pub struct Server {
    pub port: u16,
    pub code: String,
    /// What the phones said (behind a lock only so the table's resource may be shared).
    pub from: Mutex<Receiver<FromPhone>>,
    /// Each open connection's outgoing channel.
    pub to: Arc<Mutex<HashMap<Conn, Sender<String>>>>,
}

impl Server {
    /// Starts listening on every interface (the phones are on the local network), on
    /// [`PORT`] or the next free port. `code` is the room code phones must give.
    pub fn start(code: String, port: Option<u16>) -> std::io::Result<Server> {
        let listener = match port {
            Some(p) => TcpListener::bind(("0.0.0.0", p))?,
            None => (PORT..PORT + 10)
                .find_map(|p| TcpListener::bind(("0.0.0.0", p)).ok())
                .map_or_else(|| TcpListener::bind(("0.0.0.0", 0)), Ok)?,
        };
        let port = listener.local_addr()?.port();
        let (tx, from) = channel();
        let to: Arc<Mutex<HashMap<Conn, Sender<String>>>> = Arc::default();
        let (code2, to2) = (code.clone(), to.clone());
        std::thread::Builder::new()
            .name("phones".into())
            .spawn(move || accept_loop(listener, code2, tx, to2))?;
        Ok(Server {
            port,
            code,
            from: Mutex::new(from),
            to,
        })
    }

    /// Sends `text` to connection `conn` (dropped if it has gone).
    pub fn send(&self, conn: Conn, text: String) {
        if let Some(tx) = self.to.lock().ok().and_then(|m| m.get(&conn).cloned()) {
            let _ = tx.send(text);
        }
    }

    /// Closes connection `conn` (a phone that was refused a seat it may not have).
    pub fn close(&self, conn: Conn) {
        if let Ok(mut m) = self.to.lock() {
            m.remove(&conn);
        }
    }
}

/// The address other machines on the local network reach this one at (the interface the
/// default route leaves by; no packet is sent), or loopback when there is no network.
pub fn lan_address() -> std::net::IpAddr {
    std::net::UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|s| {
            s.connect(("192.0.2.1", 9))?;
            s.local_addr()
        })
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified())
        .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
}

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

fn accept_loop(
    listener: TcpListener,
    code: String,
    tx: Sender<FromPhone>,
    to: Arc<Mutex<HashMap<Conn, Sender<String>>>>,
) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let (code, tx, to) = (code.clone(), tx.clone(), to.clone());
        let _ = std::thread::Builder::new()
            .name("phone".into())
            .spawn(move || serve(stream, &code, tx, to));
    }
}

/// The request's path, once its head has arrived (peeked: the WebSocket handshake reads it
/// again), or `None` for something that is not an HTTP GET.
fn peek_path(stream: &TcpStream) -> Option<String> {
    let mut buf = [0u8; 4096];
    for _ in 0..50 {
        let n = stream.peek(&mut buf).ok()?;
        if n == 0 {
            return None;
        }
        let head = &buf[..n];
        if head.windows(4).any(|w| w == b"\r\n\r\n") || n == buf.len() {
            let text = String::from_utf8_lossy(head);
            let mut words = text.split_whitespace();
            return (words.next() == Some("GET")).then(|| words.next().map(str::to_string))?;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

// tungstenite's handshake callback returns its own (large) refusal type.
#[allow(clippy::result_large_err)]
fn serve(
    mut stream: TcpStream,
    code: &str,
    tx: Sender<FromPhone>,
    to: Arc<Mutex<HashMap<Conn, Sender<String>>>>,
) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let Some(path) = peek_path(&stream) else {
        return;
    };
    if !path.starts_with("/ws") {
        answer_page(&mut stream, &path);
        return;
    }
    let wanted = code.to_string();
    let checked = tungstenite::accept_hdr(stream, |req: &Request, resp: Response| {
        if room_of(req.uri().query().unwrap_or("")) == wanted {
            Ok(resp)
        } else {
            let mut refusal = ErrorResponse::new(Some("wrong room code".into()));
            *refusal.status_mut() = tungstenite::http::StatusCode::FORBIDDEN;
            Err(refusal)
        }
    });
    let Ok(ws) = checked else {
        let _ = tx.send(FromPhone::Refused);
        return;
    };
    let conn = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (out_tx, out_rx) = channel();
    if let Ok(mut m) = to.lock() {
        m.insert(conn, out_tx);
    }
    if tx.send(FromPhone::Opened(conn)).is_err() {
        return;
    }
    talk(ws, conn, &tx, &out_rx, &to);
    if let Ok(mut m) = to.lock() {
        m.remove(&conn);
    }
    let _ = tx.send(FromPhone::Closed(conn));
}

/// The room code in a query string (`room=ABCD`), upper-cased.
pub fn room_of(query: &str) -> String {
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("room="))
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| ROOM_LETTERS.contains(*c))
        .collect()
}

/// One phone's connection: what it says goes to the table, what the table writes goes to
/// it, until either side closes (the table closes it by dropping its channel).
fn talk(
    mut ws: WebSocket<TcpStream>,
    conn: Conn,
    tx: &Sender<FromPhone>,
    out: &Receiver<String>,
    to: &Arc<Mutex<HashMap<Conn, Sender<String>>>>,
) {
    // Short reads, so the outgoing channel is looked at often.
    let _ = ws
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(30)));
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => {
                if tx.send(FromPhone::Said(conn, t.to_string())).is_err() {
                    return;
                }
            }
            Ok(Message::Close(_)) => return,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            // A phone that vanished (closed, or its network gone) ends here; when it comes
            // back it opens a new connection and takes its seat back with its token.
            Err(_) => return,
        }
        loop {
            match out.try_recv() {
                Ok(text) => {
                    if ws.send(Message::Text(text.into())).is_err() {
                        return;
                    }
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => break,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    let _ = ws.close(None);
                    let _ = ws.flush();
                    return;
                }
            }
        }
        if to.lock().map(|m| !m.contains_key(&conn)).unwrap_or(true) {
            let _ = ws.close(None);
            let _ = ws.flush();
            return;
        }
    }
}

fn answer_page(stream: &mut TcpStream, path: &str) {
    // The request's head was only peeked at: read it (it is short) before answering.
    let mut head = [0u8; 4096];
    let _ = stream.read(&mut head);
    let bare = path.split('?').next().unwrap_or("/");
    let (status, kind, body) = if bare == "/" || bare == "/index.html" {
        ("200 OK", "text/html; charset=utf-8", PAGE)
    } else {
        ("404 Not Found", "text/plain; charset=utf-8", "not found")
    };
    let reply = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(reply.as_bytes());
    let _ = stream.flush();
}
