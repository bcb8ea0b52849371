//! The phones' server (desktop only): one small page and a WebSocket on one port of the
//! local network, started only when someone asks for phones and closed by Stop phones.
//! Nothing here knows the game: it moves short text (JSON lines) both ways, and the table
//! decides what each phone may see (only its own seat's view, and only after the TV's yes).
//!
//! Built for a hostile neighbour on the same Wi-Fi:
//! - it listens on the one address the page is shown with (not every interface);
//! - a WebSocket must come from our own page: its `Origin` must be `http://` + its `Host`,
//!   and the `Host` must be an address, not a name (a page elsewhere, or one that renamed
//!   itself to this machine's address, is refused);
//! - the room code has 32 bits of chance, and an address that gives three wrong codes is
//!   locked out for a second, then two, four... (up to ten minutes), even with the right code;
//! - every count, size and wait is bounded ([`LIMITS`]): connections at once (and per
//!   address), the request's head and its deadline, a message's size, the queues both ways,
//!   a write's time, a silent connection's life; the accept loop backs off on errors.
//!
//! tungstenite does the WebSocket (handshake and frames); the only other HTTP spoken here is
//! the page itself.

pub use super::door::{CLOSE_WAIT, CLOSE_WRONG_CODE, Refusal, check_request, host_ok, room_of};
use super::door::{Locks, header, seconds_up};
use super::{Conn, DoorCounts, FromPhone};
use std::collections::{HashMap, VecDeque};
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

/// The first port tried (then the next ones; then any the system gives).
pub(crate) const PORT: u16 = 7878;

/// Every bound the server keeps.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections served at once (page loads, handshakes and phones): four phone seats at
    /// most (Mýkonos) plus a few.
    pub connections: usize,
    /// Connections from one address at once.
    pub per_address: usize,
    /// From the first byte to a complete request head.
    pub handshake: Duration,
    /// A request head's size.
    pub head: usize,
    /// One message (or frame) from a phone.
    pub message: usize,
    /// Messages from one phone waiting for the table (more are dropped).
    pub inbox: usize,
    /// Messages for one phone waiting to be written (more close it: it does not read).
    pub outbox: usize,
    /// Writing one message.
    pub write: Duration,
    /// A connection that says nothing (the page pings every 5 s) is closed after this.
    pub silence: Duration,
    /// Addresses remembered for lock-outs.
    pub addresses: usize,
}

pub const LIMITS: Limits = Limits {
    connections: 12,
    per_address: 4,
    handshake: Duration::from_secs(3),
    head: 4096,
    message: 4096,
    inbox: 16,
    outbox: 32,
    write: Duration::from_secs(2),
    silence: Duration::from_secs(30),
    addresses: super::door::ADDRESSES,
};

/// A running server. Dropping it stops it.
pub(crate) struct Server {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

struct Shared {
    code: String,
    port: u16,
    stop: AtomicBool,
    /// Connection threads alive.
    threads: AtomicUsize,
    state: Mutex<State>,
    /// Called when something arrives for the table (wakes a sleeping app).
    wake: Box<dyn Fn() + Send + Sync>,
}

#[derive(Default)]
struct State {
    slots: HashMap<Conn, Slot>,
    /// Connections being served per address (handshakes included).
    per_address: HashMap<IpAddr, usize>,
    /// Connections served that are not yet a phone in the room (a page, a picture, a
    /// handshake): the ones a newcomer may take the place of.
    pending: HashMap<Conn, Pending>,
    locks: Locks,
    counts: DoorCounts,
}

/// A connection not yet a phone in the room, and a handle to close it with.
struct Pending {
    addr: IpAddr,
    since: Instant,
    stream: Option<TcpStream>,
}

/// One open WebSocket as the table sees it.
struct Slot {
    addr: IpAddr,
    /// The table has been told it opened.
    told: bool,
    /// Its thread has ended: the table is told, then the slot goes.
    gone: bool,
    /// The table asked to close it (after what is queued has been written).
    closing: bool,
    inbox: VecDeque<String>,
    outbox: VecDeque<String>,
}

fn lock(shared: &Shared) -> MutexGuard<'_, State> {
    // A panicking connection thread must not take the others down with it.
    shared.state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Server {
    /// Starts listening on `ip` (the address the page is shown with), on `port`, or on
    /// [`PORT`] or the next free port; `code` is the room code phones must give; `wake` is
    /// called whenever there is something for the table.
    pub fn start(
        code: String,
        ip: IpAddr,
        port: Option<u16>,
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> std::io::Result<Server> {
        let listener = match port {
            Some(p) => TcpListener::bind((ip, p))?,
            None => (PORT..PORT + 10)
                .find_map(|p| TcpListener::bind((ip, p)).ok())
                .map_or_else(|| TcpListener::bind((ip, 0)), Ok)?,
        };
        let addr = listener.local_addr()?;
        listener.set_nonblocking(true)?;
        let shared = Arc::new(Shared {
            code,
            port: addr.port(),
            stop: AtomicBool::new(false),
            threads: AtomicUsize::new(0),
            state: Mutex::new(State::default()),
            wake,
        });
        let s2 = shared.clone();
        let accept = std::thread::Builder::new()
            .name("phones".into())
            .spawn(move || accept_loop(listener, s2))?;
        // The table's art for the pages, made while the first phone is still joining (the
        // first ask for a file would otherwise wait for it).
        let _ = std::thread::Builder::new()
            .name("phones art".into())
            .spawn(|| {
                super::art::catalogue();
            });
        Ok(Server {
            addr,
            shared,
            accept: Some(accept),
        })
    }

    /// What happened since the last look: connections opened (with their address), messages,
    /// connections closed, in that order for each connection.
    pub(crate) fn poll(&self) -> Vec<FromPhone> {
        let mut st = lock(&self.shared);
        let mut conns: Vec<Conn> = st.slots.keys().copied().collect();
        conns.sort_unstable();
        let mut out = Vec::new();
        for c in conns {
            let Some(slot) = st.slots.get_mut(&c) else {
                continue;
            };
            if !slot.told {
                slot.told = true;
                out.push(FromPhone::Opened(c, slot.addr));
            }
            out.extend(slot.inbox.drain(..).map(|t| FromPhone::Said(c, t)));
            if slot.gone {
                out.push(FromPhone::Closed(c));
                st.slots.remove(&c);
            }
        }
        out
    }

    /// Queues `text` for connection `conn`; a phone that does not read what it is sent is
    /// closed rather than kept waiting for.
    pub fn send(&self, conn: Conn, text: String) {
        let mut st = lock(&self.shared);
        if let Some(slot) = st.slots.get_mut(&conn) {
            if slot.outbox.len() >= LIMITS.outbox {
                slot.closing = true;
            } else {
                slot.outbox.push_back(text);
            }
        }
    }

    /// Closes connection `conn` once what is queued for it has been written.
    pub fn close(&self, conn: Conn) {
        if let Some(slot) = lock(&self.shared).slots.get_mut(&conn) {
            slot.closing = true;
        }
    }

    pub fn counts(&self) -> DoorCounts {
        let mut st = lock(&self.shared);
        let now = Instant::now();
        st.counts.locked = st.locks.locked(now) as u32;
        st.counts.open = self.shared.threads.load(Ordering::SeqCst);
        st.counts
    }

    /// Closes the listener and every connection; returns once the port is closed.
    pub fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.accept.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The address other machines on the local network reach this one at (the interface the
/// default route leaves by; no packet is sent), or loopback when there is no network.
pub(crate) fn lan_address() -> IpAddr {
    std::net::UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|s| {
            s.connect(("192.0.2.1", 9))?;
            s.local_addr()
        })
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified())
        .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
}

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

fn accept_loop(listener: TcpListener, shared: Arc<Shared>) {
    let mut backoff = Duration::from_millis(10);
    while !shared.stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, peer)) => {
                backoff = Duration::from_millis(10);
                admit(stream, peer.ip(), &shared);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
            }
            // Out of file descriptors and the like: wait, more each time, never spin.
            Err(_) => {
                std::thread::sleep(backoff);
                backoff = (backoff * 2).min(Duration::from_secs(1));
            }
        }
    }
    // The listener closes here; the connections see the flag within a read's timeout.
}

/// Serves a new connection on its own thread if the bounds allow, or closes it at once.
/// Where every place is taken, a newcomer from an address holding fewer connections than
/// another address holds (more than one more) takes the place of that address's oldest
/// connection not yet a phone: a neighbour with a few addresses who keeps reconnecting
/// cannot keep a real phone out, and a phone in the room is never closed for anyone.
fn admit(stream: TcpStream, addr: IpAddr, shared: &Arc<Shared>) {
    let id = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    {
        let mut st = lock(shared);
        let here = st.per_address.get(&addr).copied().unwrap_or(0);
        if here >= LIMITS.per_address {
            st.counts.turned_away += 1;
            return; // dropped: closed
        }
        if shared.threads.load(Ordering::SeqCst) >= LIMITS.connections {
            match make_room(&mut st, here) {
                Some(Some(victim)) => {
                    let _ = victim.shutdown(std::net::Shutdown::Both);
                    st.counts.evicted += 1;
                }
                // A victim that had no handle cannot be closed: no room.
                Some(None) | None => {
                    st.counts.turned_away += 1;
                    return;
                }
            }
        }
        shared.threads.fetch_add(1, Ordering::SeqCst);
        st.counts.admitted += 1;
        *st.per_address.entry(addr).or_default() += 1;
        let pending = Pending {
            addr,
            since: Instant::now(),
            stream: stream.try_clone().ok(),
        };
        st.pending.insert(id, pending);
    }
    let s2 = shared.clone();
    let spawned = std::thread::Builder::new()
        .name("phone".into())
        .stack_size(256 * 1024)
        .spawn(move || {
            let _done = Leave(&s2, addr, id);
            serve(stream, (addr, id), &s2);
        });
    if spawned.is_err() {
        Leave(shared, addr, id).leave();
    }
}

/// The connection to close for a newcomer whose address holds `here` connections: the oldest
/// not yet a phone of the address holding the most of those, where it holds more than
/// `here + 1` (taken out of the pending list); `None` where no address does.
fn make_room(st: &mut State, here: usize) -> Option<Option<TcpStream>> {
    let mut held: HashMap<IpAddr, usize> = HashMap::new();
    for p in st.pending.values() {
        *held.entry(p.addr).or_default() += 1;
    }
    let (&busiest, &most) = held.iter().max_by_key(|(a, n)| (**n, **a))?;
    if most <= here + 1 {
        return None;
    }
    let (&victim, _) = st
        .pending
        .iter()
        .filter(|(_, p)| p.addr == busiest)
        .min_by_key(|(id, p)| (p.since, **id))?;
    st.pending.remove(&victim).map(|p| p.stream)
}

/// Counts a connection thread out when it ends, however it ends.
struct Leave<'a>(&'a Shared, IpAddr, Conn);

impl Leave<'_> {
    fn leave(&self) {
        let mut st = lock(self.0);
        st.pending.remove(&self.2);
        if let Some(n) = st.per_address.get_mut(&self.1) {
            *n -= 1;
            if *n == 0 {
                st.per_address.remove(&self.1);
            }
        }
        self.0.threads.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.leave();
    }
}

/// The request's head, once it has fully arrived (only peeked at: the handshake reads it
/// again), within the handshake's deadline and size; `None` otherwise.
fn peek_head(stream: &TcpStream) -> Option<String> {
    let deadline = Instant::now() + LIMITS.handshake;
    let mut buf = vec![0u8; LIMITS.head];
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .ok()?;
        let n = stream.peek(&mut buf).ok()?;
        if n == 0 {
            return None;
        }
        if let Some(end) = buf[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            return Some(String::from_utf8_lossy(&buf[..end]).into_owned());
        }
        if n == buf.len() {
            return None; // a head larger than any browser sends
        }
        // Peek returns at once while bytes wait: let more of them come.
        std::thread::sleep(Duration::from_millis(15));
    }
}

impl Shared {
    /// How long `addr` must still wait, if the door is waiting on it.
    fn wait_left(&self, addr: IpAddr) -> Option<Duration> {
        lock(self).locks.wait_left(addr, Instant::now())
    }

    /// A wrong code from `addr`; the wait it has to keep from now on.
    fn wrong_code(&self, addr: IpAddr) -> Duration {
        let mut st = lock(self);
        st.counts.wrong_codes += 1;
        st.locks.wrong(addr, Instant::now())
    }

    fn turned_away(&self) {
        lock(self).counts.turned_away += 1;
    }
}

// tungstenite's handshake callback returns its own (large) refusal type.
#[allow(clippy::result_large_err)]
fn serve(mut stream: TcpStream, (addr, id): (IpAddr, Conn), shared: &Arc<Shared>) {
    let _ = stream.set_write_timeout(Some(LIMITS.write));
    let _ = stream.set_nodelay(true);
    let Some(head) = peek_head(&stream) else {
        return;
    };
    let mut words = head.split_whitespace();
    let (Some("GET"), Some(path)) = (words.next(), words.next()) else {
        return;
    };
    let path = path.to_string();
    if !path.starts_with("/ws") {
        let host = header(&head, "host").filter(|h| host_ok(h, shared.port));
        answer_page(&mut stream, &path, host.is_some());
        return;
    }
    let query = path.split_once('?').map_or("", |(_, q)| q);
    let verdict = check_request(
        header(&head, "host"),
        header(&head, "origin"),
        query,
        &shared.code,
        shared.port,
    );
    if matches!(verdict, Err(Refusal::Host | Refusal::Origin)) {
        // Not our page: it is told nothing more than no, and never reaches the code.
        shared.turned_away();
        (shared.wake)();
        answer(&mut stream, "403 Forbidden", "text/plain", "refused");
        return;
    }
    let config = WebSocketConfig::default()
        .read_buffer_size(LIMITS.message)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
        .max_message_size(Some(LIMITS.message))
        .max_frame_size(Some(LIMITS.message));
    let Ok(ws) = tungstenite::accept_hdr_with_config(
        stream,
        |_: &Request, r: Response| -> Result<Response, ErrorResponse> { Ok(r) },
        Some(config),
    ) else {
        return;
    };
    // Our own page, told why it may not come in (a page cannot read a refused handshake's
    // status): the door is waiting on this address (whatever its code), or the code is wrong.
    if let Some(left) = shared.wait_left(addr) {
        shared.turned_away();
        (shared.wake)();
        return close_with(ws, CLOSE_WAIT, left);
    }
    if verdict == Err(Refusal::WrongCode) {
        let wait = shared.wrong_code(addr);
        (shared.wake)();
        return close_with(ws, CLOSE_WRONG_CODE, wait);
    }
    // A right code from here forgives this address's wrong ones, and makes this connection a
    // phone in the room: nobody's newcomer takes its place.
    {
        let mut st = lock(shared);
        st.locks.forgive(addr);
        st.pending.remove(&id);
    }
    let conn = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    lock(shared).slots.insert(
        conn,
        Slot {
            addr,
            told: false,
            gone: false,
            closing: false,
            inbox: VecDeque::new(),
            outbox: VecDeque::new(),
        },
    );
    (shared.wake)();
    talk(ws, conn, shared);
    if let Some(slot) = lock(shared).slots.get_mut(&conn) {
        slot.gone = true;
    }
    (shared.wake)();
}

/// Closes a refused page's socket with `code` and the wait it must keep (whole seconds) as the
/// reason, then waits a moment for the page's own close, so that it reads the code.
fn close_with(mut ws: WebSocket<TcpStream>, code: u16, wait: Duration) {
    use tungstenite::protocol::CloseFrame;
    use tungstenite::protocol::frame::coding::CloseCode;
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: seconds_up(wait).to_string().into(),
    };
    let _ = ws
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(500)));
    if ws.close(Some(frame)).is_err() || ws.flush().is_err() {
        return;
    }
    // At most a few frames (the page's hello, its close) in that half second.
    for _ in 0..4 {
        if ws.read().is_err() {
            return;
        }
    }
}

/// Whether a phone's message is only its keep-alive (nothing for the table).
fn is_ping(text: &str) -> bool {
    text.trim() == r#"{"ping":1}"#
}

/// One phone's connection: what it says goes to the table's inbox, what the table queues is
/// written, until either side closes, the server stops, or the phone falls silent.
fn talk(mut ws: WebSocket<TcpStream>, conn: Conn, shared: &Shared) {
    // Short reads, so the queue for the phone is looked at often.
    let _ = ws
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(30)));
    let mut heard = Instant::now();
    let mut pinged = Instant::now();
    loop {
        match ws.read() {
            Ok(msg) => {
                heard = Instant::now();
                match msg {
                    Message::Text(t) if !is_ping(&t) => {
                        let mut st = lock(shared);
                        if let Some(slot) = st.slots.get_mut(&conn)
                            && slot.inbox.len() < LIMITS.inbox
                        {
                            slot.inbox.push_back(t.to_string());
                            drop(st);
                            (shared.wake)();
                        }
                    }
                    Message::Close(_) => return,
                    _ => {}
                }
            }
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            // A phone that vanished, or sent something too large or malformed, ends here;
            // a phone that comes back opens a new connection.
            Err(_) => return,
        }
        let (out, closing) = {
            let mut st = lock(shared);
            match st.slots.get_mut(&conn) {
                Some(slot) => (std::mem::take(&mut slot.outbox), slot.closing),
                None => (VecDeque::new(), true),
            }
        };
        for text in out {
            if ws.send(Message::Text(text.into())).is_err() {
                return;
            }
        }
        if closing || shared.stop.load(Ordering::SeqCst) || heard.elapsed() > LIMITS.silence {
            let _ = ws.close(None);
            let _ = ws.flush();
            return;
        }
        if pinged.elapsed() > Duration::from_secs(10) {
            pinged = Instant::now();
            if ws.send(Message::Ping(Vec::new().into())).is_err() {
                return;
            }
        }
    }
}

fn answer(stream: &mut TcpStream, status: &str, kind: &str, body: &str) {
    answer_bytes(stream, status, kind, body.as_bytes(), "no-store");
}

fn answer_bytes(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8], cache: &str) {
    // The request's head was only peeked at: read it (it is short) before answering.
    let mut head = vec![0u8; LIMITS.head];
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let _ = stream.read(&mut head);
    let reply = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: {cache}\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(reply.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

/// The page for `/` (only to a `Host` that is an address of ours), the table's art under
/// `/art/` and its icon at `/favicon.ico` (which every browser asks for: a small PNG), a 404
/// for anything else.
fn answer_page(stream: &mut TcpStream, path: &str, host_ok: bool) {
    let bare = path.split('?').next().unwrap_or("/");
    if !host_ok {
        answer(stream, "421 Misdirected Request", "text/plain", "refused");
    } else if bare == "/" || bare == "/index.html" {
        answer(
            stream,
            "200 OK",
            "text/html; charset=utf-8",
            &super::page::page_now(),
        );
    } else if let Some(f) = bare
        .strip_prefix("/art/")
        .or((bare == "/favicon.ico").then_some("favicon.png"))
        .and_then(super::art::file)
    {
        // The table's art (the same for every table and every phone: nothing of a seat's),
        // kept by the phone for the evening.
        answer_bytes(
            stream,
            "200 OK",
            f.kind,
            &f.bytes,
            "public, max-age=86400, immutable",
        );
    } else {
        answer(stream, "404 Not Found", "text/plain", "not found");
    }
}
