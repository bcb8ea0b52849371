//! `come-buy-signal`, the meeting server on its own, as a web page's players meet it: the
//! binary started here with flags and environment, attacked through its real socket (a
//! foreign page, a room named by its code, an oversized message, a flood from one address, a
//! silent connection), and two tables meeting through it. Prints what each attack met.

use come_buy_online::link::{Link, Reach, room_name};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

const PATIENCE: Duration = Duration::from_secs(60);
const PAGE: &str = "https://come-buy.example";

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

/// The binary, serving on a free port of 127.0.0.1; killed when dropped. Its stderr (the room
/// lines) is kept for the end.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: std::sync::mpsc::Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(flags: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_come-buy-signal"))
            .args(["--bind", "127.0.0.1", "--port", "0"])
            .args(flags)
            .envs(env.iter().copied())
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = come_buy_online::signal::serve::listening_addr(&line)
            .unwrap_or_else(|| panic!("its first line: {line:?}"));
        let (tx, log) = std::sync::mpsc::channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for l in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx.send(l);
            }
        });
        std::thread::spawn(move || for _ in out.lines() {});
        Server { child, addr, log }
    }

    fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// What `GET /health` answers (`Null` while this address's places are all taken: the
    /// test's own connections count against the per-address limit too).
    fn health(&self) -> Value {
        let answer = ask(self.addr, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        if answer.contains(" 503 ") {
            return Value::Null;
        }
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
        serde_json::from_str(body).unwrap_or_else(|_| panic!("health: {answer}"))
    }

    fn until(&self, what: &str, mut done: impl FnMut(&Value) -> bool) {
        let start = Instant::now();
        while !done(&self.health()) {
            assert!(
                start.elapsed() < PATIENCE,
                "never: {what} ({})",
                self.health()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A raw HTTP exchange: the start of the answer.
fn ask(addr: SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut head = vec![0u8; 2048];
    let n = s.read(&mut head).unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).into_owned()
}

fn upgrade(addr: SocketAddr, path: &str, origin: Option<&str>) -> String {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    ask(
        addr,
        &format!(
            "GET /{path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{origin}\r\n"
        ),
    )
}

fn open(server: &Server, room: &str) -> Result<Ws, String> {
    let (ws, _) =
        tungstenite::connect(format!("{}/{room}", server.url())).map_err(|e| e.to_string())?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    Ok(ws)
}

fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

fn joined(server: &Server, room: &str) -> Ws {
    let mut ws = open(server, room).expect("in");
    assert!(next(&mut ws).is_some_and(|m| m.get("IdAssigned").is_some()));
    ws
}

#[test]
fn the_binary_holds_its_door_against_each_attack() {
    // The origins from the environment, the limits from flags (a flag wins over its variable).
    let server = Server::start(
        &[
            "--max-per-address",
            "3",
            "--idle-secs",
            "2",
            "--max-message-bytes",
            "2048",
        ],
        &[
            ("COME_BUY_SIGNAL_ORIGINS", PAGE),
            ("COME_BUY_SIGNAL_MAX_PER_ADDRESS", "50"),
        ],
    );
    let code = "ACDEFHJKMNPR";
    let room = room_name(code);
    let mut met = Vec::new();

    let foreign = upgrade(server.addr, &room, Some("https://evil.example"));
    assert!(foreign.contains(" 101 "), "{foreign}");
    met.push("a foreign page: told so (the nil id, closed with 1008)");
    let ours = upgrade(server.addr, &room, Some(PAGE));
    assert!(ours.contains(" 101 "), "{ours}");
    let by_code = upgrade(server.addr, &format!("come-buy-{code}"), None);
    assert!(by_code.contains(" 403 "), "{by_code}");
    met.push("a room named by its code: 403");
    server.until("the asks gone", |h| h["connections"] == 1);

    let mut big = joined(&server, &room);
    let _ = big.send(Message::text(
        json!({ "Signal": { "receiver": "x", "data": "y".repeat(3000) } }).to_string(),
    ));
    assert_eq!(next(&mut big), None, "a message over 2048 bytes closes");
    met.push("3,000 bytes (limit 2,048): closed");

    let mut three: Vec<Ws> = (0..3).map(|_| joined(&server, &room)).collect();
    let fourth = open(&server, &room).expect_err("a fourth from one address is refused");
    assert!(fourth.contains("503"), "{fourth}");
    met.push("a 4th connection from one address (limit 3): 503");

    // The three keep quiet: after the idle time the door closes them and gives back their places.
    let quiet = Instant::now();
    for ws in &mut three {
        while next(ws).is_some() {}
    }
    assert!(
        quiet.elapsed() < PATIENCE,
        "closed by the door, not by a timeout here"
    );
    server.until("the silent ones closed", |h| {
        h["connections"] == 1 && h["rooms"] == 0
    });
    met.push("silent for 2 s (limit 2 s): closed, room forgotten");

    // Two tables meet through it and the room's lines never name the code.
    let reach = Reach {
        signal: server.url(),
        ice: vec![],
        turn_user: None,
        turn_password: None,
    };
    let mut host = Link::open(&reach, code);
    let mut guest = Link::open(&reach, code);
    let start = Instant::now();
    while host.me().is_none() || guest.me().is_none() || server.health()["peers"] != 2 {
        assert!(start.elapsed() < PATIENCE, "the two tables never met");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop((host, guest));
    server.until("the room closed", |h| h["rooms"] == 0);
    let lines: Vec<String> = server.log.try_iter().collect();
    assert!(
        lines.iter().any(|l| l.contains("opened")) && lines.iter().any(|l| l.contains("closed")),
        "a line per room opened and closed: {lines:?}"
    );
    assert!(lines.iter().all(|l| !l.contains(code)), "{lines:?}");
    println!("come-buy-signal's door: {}", met.join("; "));
}

/// A raw WebSocket into `room` from a page of `origin`.
fn open_from(server: &Server, room: &str, origin: &str) -> Ws {
    use tungstenite::client::IntoClientRequest;
    let mut request = format!("{}/{room}", server.url())
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", origin.parse().unwrap());
    let (ws, _) = tungstenite::connect(request).expect("the WebSocket opens to say no");
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    ws
}

#[test]
fn a_refused_page_is_told_so_and_logged_a_few_times() {
    use come_buy_online::signal::door::{REFUSED_CODE, REFUSED_ID, REFUSED_WORDS};
    // Before the server: its log's allowance grows from its start, within this time.
    let start = Instant::now();
    let server = Server::start(&["--allow-origin", PAGE], &[]);
    let room = room_name("ACDEFHJKMNPR");
    let evil = "https://evil.example";
    // Its table reads the nil id, then the closing frame that says why (a browser's page sees
    // nothing of a refused handshake: a 403 would read as a server that is down).
    let mut ws = open_from(&server, &room, evil);
    assert_eq!(next(&mut ws), Some(json!({ "IdAssigned": REFUSED_ID })));
    let close = loop {
        match ws.read() {
            Ok(Message::Close(frame)) => break frame.expect("a closing frame with words"),
            Ok(_) => {}
            Err(e) => panic!("closed without words: {e}"),
        }
    };
    assert_eq!(u16::from(close.code), REFUSED_CODE);
    assert_eq!(close.reason.as_str(), REFUSED_WORDS);
    // An allowed page still gets a real id.
    let mut ours = open_from(&server, &room, PAGE);
    let id = next(&mut ours).expect("an id");
    assert!(id["IdAssigned"].as_str().is_some_and(|i| i != REFUSED_ID));
    drop(ours);
    // A plain request from the page: 403, with the words.
    let refusals = 60;
    for _ in 0..refusals {
        let plain = ask(
            server.addr,
            &format!("GET /{room} HTTP/1.1\r\nHost: x\r\nOrigin: {evil}\r\n\r\n"),
        );
        assert!(
            plain.contains(" 403 ") && plain.contains(REFUSED_WORDS),
            "{plain}"
        );
    }
    // The log names the origin, a few lines at most however many come (5 at once, then one
    // each 12 s: the bound grows with the time this took, so a slow machine passes too).
    let mut lines = Vec::new();
    let named = format!("refused a page from \"{evil}\"");
    while !lines.iter().any(|l: &String| l.contains(&named)) {
        assert!(start.elapsed() < PATIENCE, "no line names the origin");
        lines.extend(server.log.recv_timeout(PATIENCE).ok());
    }
    server.until("the asks gone", |h| h["connections"] == 1);
    lines.extend(server.log.try_iter());
    let refused = lines
        .iter()
        .filter(|l| l.contains("refused a page"))
        .count();
    let allowed = 5 + (start.elapsed().as_secs() / 12) as usize + 1;
    assert!(
        refused <= allowed,
        "{refused} lines for {} refusals (at most {allowed}): {lines:?}",
        refusals + 1
    );
    println!(
        "a refused page: told (nil id, close {REFUSED_CODE}); {} refusals logged in {refused} \
         lines",
        refusals + 1
    );
}

#[test]
fn help_and_a_bad_flag_say_what_they_should() {
    let bin = env!("CARGO_BIN_EXE_come-buy-signal");
    let help = Command::new(bin).arg("--help").output().unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--port",
        "--allow-origin",
        "--max-connections",
        "COME_BUY_SIGNAL_ORIGINS",
        "--max-queue-bytes",
        "--trust-proxy",
    ] {
        assert!(text.contains(flag), "--help names {flag}");
    }
    let bad = Command::new(bin).args(["--port", "http"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--port"));
}
