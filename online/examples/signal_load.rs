//! What one meeting server (`come-buy-signal`) holds on this machine, measured through its
//! real socket: the binary is started here, then
//! 1. **held**: N connections in rooms of 2 to 6 tables, each table's peers exchanging a
//!    game's worth of signaling (an offer, an answer and ICE candidates: 10 messages each),
//!    all kept open; the server's memory (RSS) and CPU;
//! 2. **joins**: tables joining rooms and leaving, as fast as 64 at a time can, for some
//!    seconds: joins a second;
//! 3. **churn**: R rooms of 2 tables opened, used and left; the server's memory after, against
//!    before;
//! 4. **deaf**: D connections in one room that read their id and nothing more, and a sender
//!    that sends each of them letters of 30 KB (200 rounds): the server's memory (RSS) before,
//!    at most and after, and the bytes it queued (`/health`).
//!
//! Usage (after the workspace's ci build):
//!   cargo run --profile ci -p come-buy-online --features server --example signal_load -- \
//!     [--connections 5000] [--join-secs 5] [--churn-rooms 10000] [--deaf 40] \
//!     [--phases held,joins,churn,deaf] [--bin PATH/TO/come-buy-signal]
//! Targets (issue 42): 5,000 connections under 200 MB, 1,000 joins a second, memory back
//! within 10% after the churn; (issue 62) 40 deaf connections grow the server by under 16 MB.
//! Prints one line per phase, and fails if a phase fails.

use come_buy_online::room::room_name;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream as TokioStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Ws = WebSocketStream<MaybeTlsStream<TokioStream>>;

#[path = "signal_load/deaf.rs"]
mod deaf;

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start() -> Server {
        let exe = std::env::current_exe().unwrap();
        let bin = match arg_text("--bin") {
            Some(b) => std::path::PathBuf::from(b),
            None => exe
                .parent()
                .and_then(|examples| examples.parent())
                .map(|dir| dir.join("come-buy-signal"))
                .unwrap(),
        };
        assert!(
            bin.exists(),
            "no {bin:?}: build come-buy-signal with this profile first"
        );
        // Every connection comes from 127.0.0.1 here: the per-address bound is lifted, the
        // others are the public defaults raised to what the run asks (64 tables a room: the
        // deaf phase's 40 and its sender).
        let mut child = Command::new(&bin)
            .args(["--bind", "127.0.0.1", "--port", "0"])
            .args(["--max-per-address", "1000000", "--max-connections", "19000"])
            .args(["--max-rooms", "10000", "--messages-per-second", "1000"])
            .args(["--message-burst", "10000", "--max-peers-per-room", "64"])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("come-buy-signal starts");
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = come_buy_online::signal::serve::listening_addr(&line).expect("its first line");
        std::thread::spawn(move || for _ in out.lines() {});
        Server { child, addr }
    }

    /// Its resident memory, in bytes.
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    }

    /// The CPU time it has used, in seconds.
    fn cpu(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
        let f: Vec<&str> = after.split_whitespace().collect();
        let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        // utime and stime: fields 14 and 15 of the stat line (12 and 13 after the name).
        (ticks(11) + ticks(12)) / unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64
    }

    fn health(&self) -> Value {
        let Ok(mut s) = TcpStream::connect(self.addr) else {
            return Value::Null;
        };
        let _ = s.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        let mut buf = vec![0u8; 1024];
        let n = s.read(&mut buf).unwrap_or(0);
        let text = String::from_utf8_lossy(&buf[..n]);
        text.split("\r\n\r\n")
            .nth(1)
            .and_then(|b| serde_json::from_str(b).ok())
            .unwrap_or(Value::Null)
    }

    /// Waits until the server holds no connection but the health question itself.
    fn until_empty(&self) {
        let start = Instant::now();
        while self.health()["connections"] != 1 {
            assert!(start.elapsed() < Duration::from_secs(120), "never emptied");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// A table in `room`: its connection and the id the server gave it.
async fn join(addr: SocketAddr, room: &str) -> Option<(Ws, String)> {
    let (mut ws, _) = connect_async(format!("ws://{addr}/{room}")).await.ok()?;
    while let Some(Ok(m)) = ws.next().await {
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).ok()?;
            return v["IdAssigned"].as_str().map(|id| (ws, id.to_string()));
        }
    }
    None
}

/// A room of `size` tables: all join; each but the first sends the first a game's worth of
/// signaling (10 messages), which the first reads. Returns the connections (kept open) or
/// `None` if anything failed.
async fn room_game(addr: SocketAddr, code: String, size: usize) -> Option<Vec<Ws>> {
    let room = room_name(&code);
    let mut tables = Vec::new();
    for _ in 0..size {
        tables.push(join(addr, &room).await?);
    }
    let first = tables[0].1.clone();
    for (ws, _) in tables.iter_mut().skip(1) {
        for i in 0..10 {
            let data = json!({ "Candidate": format!("candidate:{i} 1 udp 2122260223 192.0.2.1 5{i}000 typ host") });
            let m = json!({ "Signal": { "receiver": first, "data": data } });
            ws.send(Message::text(m.to_string())).await.ok()?;
        }
    }
    // The first table hears every later one arrive and all their messages.
    let mut want = (size - 1) * 11;
    while want > 0 {
        match tokio::time::timeout(Duration::from_secs(30), tables[0].0.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => want -= 1,
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
    Some(tables.into_iter().map(|(ws, _)| ws).collect())
}

fn code(i: usize) -> String {
    format!("LOAD{i:08}")
}

fn arg_text(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn arg(name: &str, default: usize) -> usize {
    arg_text(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// 1. N connections held, each room signalling a game's worth.
fn held_phase(
    server: &Server,
    runtime: &tokio::runtime::Runtime,
    connections: usize,
    base: u64,
    failed: &mut Vec<String>,
) {
    // 1. Held.
    let addr = server.addr;
    let (cpu0, start) = (server.cpu(), Instant::now());
    let held: Vec<Ws> = runtime.block_on(async move {
        let gate = Arc::new(tokio::sync::Semaphore::new(64));
        let mut tasks = Vec::new();
        let (mut placed, mut i) = (0, 0);
        while placed < connections {
            let size = (2 + i % 5).min(connections - placed).max(1);
            placed += size;
            let gate = gate.clone();
            let c = code(i);
            tasks.push(tokio::spawn(async move {
                let _p = gate.acquire_owned().await.ok()?;
                room_game(addr, c, size).await
            }));
            i += 1;
        }
        let mut all = Vec::new();
        for t in tasks {
            if let Ok(Some(ws)) = t.await {
                all.extend(ws);
            }
        }
        all
    });
    let opened = start.elapsed().as_secs_f64();
    std::thread::sleep(Duration::from_millis(500));
    let h = server.health();
    let rss = server.rss();
    let per = (rss.saturating_sub(base)) as f64 / held.len().max(1) as f64;
    println!(
        "signal_load: held {} connections in {} rooms (asked {connections}): {:.1} MB \
         resident ({:.1} KB a connection over rest), opened and signalled in {opened:.1} s, \
         server CPU {:.1} s",
        held.len(),
        h["rooms"],
        mb(rss),
        per / 1024.0,
        server.cpu() - cpu0
    );
    if held.len() < connections {
        failed.push(format!("held {} of {connections}", held.len()));
    }
    if connections >= 5000 && rss > 200 * 1024 * 1024 {
        failed.push(format!("{:.1} MB over 200 MB", mb(rss)));
    }
    drop(held);
    server.until_empty();
}

/// 2. Joins a second, 64 at a time.
fn join_phase(
    server: &Server,
    runtime: &tokio::runtime::Runtime,
    join_secs: usize,
    failed: &mut Vec<String>,
) {
    let addr = server.addr;
    // 2. Joins a second.
    let done = Arc::new(AtomicUsize::new(0));
    let (cpu0, start) = (server.cpu(), Instant::now());
    let until = start + Duration::from_secs(join_secs as u64);
    let counted = done.clone();
    runtime.block_on(async move {
        let mut tasks = Vec::new();
        for w in 0..64 {
            let counted = counted.clone();
            tasks.push(tokio::spawn(async move {
                let mut k = 0;
                while Instant::now() < until {
                    let room = room_name(&code(1_000_000 + w * 100_000 + k));
                    if let Some((mut ws, _)) = join(addr, &room).await {
                        counted.fetch_add(1, Ordering::Relaxed);
                        let _ = ws.close(None).await;
                    }
                    k += 1;
                }
            }));
        }
        for t in tasks {
            let _ = t.await;
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let joins = done.load(Ordering::Relaxed) as f64 / secs;
    println!(
        "signal_load: {joins:.0} joins a second ({} in {secs:.1} s, 64 at a time; each a \
         WebSocket opened, an id given, closed), server CPU {:.0}% of a core",
        done.load(Ordering::Relaxed),
        (server.cpu() - cpu0) / secs * 100.0
    );
    if joins < 1000.0 {
        failed.push(format!("{joins:.0} joins a second, under 1,000"));
    }
    server.until_empty();
}

/// 3. R rooms of 2 churned; the memory before and after.
fn churn_phase(
    server: &Server,
    runtime: &tokio::runtime::Runtime,
    churn_rooms: usize,
    failed: &mut Vec<String>,
) {
    let addr = server.addr;
    // 3. Churn.
    std::thread::sleep(Duration::from_millis(500));
    let before = server.rss();
    let start = Instant::now();
    let ok = runtime.block_on(async move {
        let gate = Arc::new(tokio::sync::Semaphore::new(64));
        let mut tasks = Vec::new();
        for i in 0..churn_rooms {
            let gate = gate.clone();
            tasks.push(tokio::spawn(async move {
                let _p = gate.acquire_owned().await.ok()?;
                let tables = room_game(addr, code(5_000_000 + i), 2).await?;
                drop(tables);
                Some(())
            }));
        }
        let mut ok = 0;
        for t in tasks {
            if let Ok(Some(())) = t.await {
                ok += 1;
            }
        }
        ok
    });
    server.until_empty();
    std::thread::sleep(Duration::from_millis(500));
    let after = server.rss();
    let change = (after as f64 - before as f64) / before as f64 * 100.0;
    println!(
        "signal_load: churn of {ok} rooms of 2 (of {churn_rooms}) in {:.1} s: {:.1} MB before, \
         {:.1} MB after ({change:+.1}%), rooms left {}",
        start.elapsed().as_secs_f64(),
        mb(before),
        mb(after),
        server.health()["rooms"]
    );
    if ok < churn_rooms {
        failed.push(format!("churn: {ok} of {churn_rooms} rooms"));
    }
    if change > 10.0 {
        failed.push(format!("memory {change:+.1}% after the churn"));
    }
}

fn main() {
    let connections = arg("--connections", 5000);
    let join_secs = arg("--join-secs", 5);
    let churn_rooms = arg("--churn-rooms", 10_000);
    // This process holds every client connection: as many open files as the hard limit allows.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
    let server = Server::start();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let base = server.rss();
    println!(
        "signal_load: come-buy-signal at {} ({:.1} MB at rest)",
        server.addr,
        mb(base)
    );
    let mut failed = Vec::new();
    let phases = arg_text("--phases").unwrap_or_else(|| "held,joins,churn,deaf".into());
    let phases: Vec<&str> = phases.split(',').map(str::trim).collect();
    if phases.contains(&"held") {
        held_phase(&server, &runtime, connections, base, &mut failed);
    }
    if phases.contains(&"joins") {
        join_phase(&server, &runtime, join_secs, &mut failed);
    }
    if phases.contains(&"churn") {
        churn_phase(&server, &runtime, churn_rooms, &mut failed);
    }
    if phases.contains(&"deaf") {
        deaf::phase(&server, arg("--deaf", 40), &mut failed);
    }
    if !failed.is_empty() {
        eprintln!("signal_load: FAILED: {}", failed.join("; "));
        std::process::exit(1);
    }
    println!("signal_load: every target met");
}
