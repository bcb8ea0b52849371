//! A signaling server on its own, until it is stopped: `come-buy-signal` (the small binary a
//! web page's players meet through) and `come-buy --serve-signal` (the same code). Its settings
//! come from flags, or from environment variables where a flag is not given (a container's or
//! a systemd unit's way).

use super::{Limits, Signal, TrustProxy};
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// The port a meeting server listens on unless told otherwise.
pub const PORT: u16 = 3536;

/// What a server on its own holds by default: a public server's bounds (the desktop's own
/// server, for one network, keeps [`Limits::default`]). Measured on a 2-core machine: 5,000
/// connections held in well under 200 MB (docs/online.md, "What one server holds").
pub fn public_limits() -> Limits {
    Limits {
        connections: 10_000,
        per_address: 32,
        rooms: 5_000,
        ..Limits::default()
    }
}

/// Where and how to serve.
#[derive(Clone, Debug, PartialEq)]
pub struct ServeConfig {
    pub addr: SocketAddr,
    /// The web pages' origins that may use the server (`https://me.itch.io`...); a desktop
    /// table sends none and is always let in.
    pub allowed: Vec<String>,
    pub limits: Limits,
}

/// What the command line asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    Serve(ServeConfig),
    /// `--check`: the settings, read and shown, nothing served.
    Check(ServeConfig),
    Help,
    Version,
}

/// `--help`'s text.
pub const HELP: &str = "\
come-buy-signal: the meeting server of Come Buy's online tables. Players' tables find each
other through it (WebRTC signaling); the match itself goes from table to table, never here.

usage: come-buy-signal [FLAGS]

Each flag may be given instead as the environment variable in brackets (a flag wins).
  --port N                 port to listen on (default 3536)            [COME_BUY_SIGNAL_PORT]
  --bind ADDRESS           address to listen on (default 0.0.0.0; :: for IPv6 too)
                                                                       [COME_BUY_SIGNAL_BIND]
  --allow-origin ORIGIN    a web page's origin that may connect, e.g. https://you.itch.io
                           or https://html-classic.itch.zone (repeat the flag; the variable
                           takes a comma-separated list). Pages from elsewhere are refused;
                           desktop tables send no origin and are let in.
                                                                    [COME_BUY_SIGNAL_ORIGINS]
  --max-connections N      connections held at once (default 10000)
                                                            [COME_BUY_SIGNAL_MAX_CONNECTIONS]
  --max-per-address N      connections from one address (an IPv6 /64) at once (default 32;
                           behind a reverse proxy every connection is the proxy's: raise it)
                                                            [COME_BUY_SIGNAL_MAX_PER_ADDRESS]
  --max-rooms N            rooms open at once (default 5000)      [COME_BUY_SIGNAL_MAX_ROOMS]
  --max-peers-per-room N   tables in one room (default 32)  [COME_BUY_SIGNAL_MAX_PEERS_PER_ROOM]
  --idle-secs N            a silent connection is closed after N s (default 120)
                                                                 [COME_BUY_SIGNAL_IDLE_SECS]
  --handshake-secs N       time to open a WebSocket (default 10) [COME_BUY_SIGNAL_HANDSHAKE_SECS]
  --max-message-bytes N    a message's size (default 32768)  [COME_BUY_SIGNAL_MAX_MESSAGE_BYTES]
  --messages-per-second N  a connection's messages a second, on the long run (default 32)
                                                        [COME_BUY_SIGNAL_MESSAGES_PER_SECOND]
  --message-burst N        ... and at once (default 256)    [COME_BUY_SIGNAL_MESSAGE_BURST]
  --max-queue-bytes N      bytes waiting for one connection that does not read; one more
                           letter and it is put out of its room, closed (default 262144)
                                                            [COME_BUY_SIGNAL_MAX_QUEUE_BYTES]
  --max-room-queue-bytes N
                           ... for one room's connections together: the one holding the most
                           is put out (default 1048576)
                                                       [COME_BUY_SIGNAL_MAX_ROOM_QUEUE_BYTES]
  --max-total-queue-bytes N
                           ... for the whole server (default 67108864)
                                                      [COME_BUY_SIGNAL_MAX_TOTAL_QUEUE_BYTES]
  --trust-proxy ADDRESS    a reverse proxy in front (its address as this server sees it,
                           e.g. 127.0.0.1; repeat, at most 4): its connections count under the
                           client address it forwards (the last X-Forwarded-For entry, else
                           Forwarded's for=), so --max-per-address holds per client. Never
                           name an address a client can connect from: its headers would be
                           believed. By default none is trusted. [COME_BUY_SIGNAL_TRUST_PROXY]
  --check                  read the settings, print them and exit (nothing served)
  --help                   this text
  --version                the version

GET /health answers what the server holds (connections, rooms, peers, bytes queued). A room
is named by a hash of its code: the code never reaches the server, nor its log. One log line on
stderr per room opened and closed (RUST_LOG=warn silences them); a page refused for its origin
and a peer put out for not reading are logged too (warn, a few lines a minute at most). A
refused page's WebSocket opens, gets the nil id and closes with 1008 and the words 'this page is
not allowed on this meeting server' (a browser shows a page nothing of a refused handshake).
";

/// Reads the command line (`args` without the program's name) and, for flags not given, the
/// environment (`env`).
pub fn parse(
    args: impl IntoIterator<Item = String>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Asked, String> {
    let mut given: Vec<(String, String)> = Vec::new();
    let mut check = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(Asked::Help),
            "--check" => check = true,
            "--version" | "-V" => return Ok(Asked::Version),
            flag if FLAGS.iter().any(|(f, _)| *f == flag) => {
                let (flag, inline) = (flag.to_string(), None::<String>);
                let value = inline
                    .or_else(|| args.next())
                    .ok_or_else(|| format!("{flag} needs a value"))?;
                given.push((flag, value));
            }
            other => match other.split_once('=') {
                Some((flag, value)) if FLAGS.iter().any(|(f, _)| *f == flag) => {
                    given.push((flag.to_string(), value.to_string()));
                }
                _ => return Err(format!("unknown argument {other:?} (see --help)")),
            },
        }
    }
    // A flag's values (repeatable for origins), else its variable's.
    let values = |flag: &str| -> Vec<String> {
        let from_flags: Vec<String> = given
            .iter()
            .filter(|(f, _)| f == flag)
            .map(|(_, v)| v.clone())
            .collect();
        if !from_flags.is_empty() {
            return from_flags;
        }
        let var = FLAGS.iter().find(|(f, _)| *f == flag).map(|(_, v)| *v);
        var.and_then(&env).map(|v| vec![v]).unwrap_or_default()
    };
    let one = |flag: &str| values(flag).pop();
    let number = |flag: &str, default: usize| -> Result<usize, String> {
        match one(flag) {
            None => Ok(default),
            Some(v) => match v.trim().parse::<usize>() {
                Ok(n) if n > 0 && n <= 1_000_000_000 => Ok(n),
                _ => Err(format!("{flag}: {v:?} is not a positive whole number")),
            },
        }
    };
    let port = match one("--port") {
        None => PORT,
        Some(p) => p
            .trim()
            .parse::<u16>()
            .map_err(|_| format!("--port: {p:?} is not a port (0-65535)"))?,
    };
    let ip: IpAddr = match one("--bind") {
        None => IpAddr::from([0, 0, 0, 0]),
        Some(b) => b
            .trim()
            .parse()
            .map_err(|_| format!("--bind: {b:?} is not an IP address"))?,
    };
    let mut allowed = Vec::new();
    for list in values("--allow-origin") {
        for origin in list.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            if !(origin.starts_with("https://") || origin.starts_with("http://")) {
                return Err(format!(
                    "--allow-origin: {origin:?} is not a page's origin (https://host[:port])"
                ));
            }
            allowed.push(origin.trim_end_matches('/').to_string());
        }
    }
    let mut proxies = Vec::new();
    for list in values("--trust-proxy") {
        for p in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let ip: IpAddr = p
                .parse()
                .map_err(|_| format!("--trust-proxy: {p:?} is not an IP address"))?;
            proxies.push(ip);
        }
    }
    let trust_proxy = TrustProxy::of(&proxies).map_err(|e| format!("--trust-proxy: {e}"))?;
    let base = public_limits();
    let secs = |flag: &str, default: Duration| -> Result<Duration, String> {
        Ok(Duration::from_secs(
            number(flag, default.as_secs() as usize)? as u64,
        ))
    };
    let limits = Limits {
        connections: number("--max-connections", base.connections)?,
        per_address: number("--max-per-address", base.per_address)?,
        peers_per_room: number("--max-peers-per-room", base.peers_per_room)?,
        rooms: number("--max-rooms", base.rooms)?,
        idle: secs("--idle-secs", base.idle)?,
        handshake: secs("--handshake-secs", base.handshake)?,
        message_bytes: number("--max-message-bytes", base.message_bytes)?,
        messages_per_second: number("--messages-per-second", base.messages_per_second as usize)?
            .min(u32::MAX as usize) as u32,
        message_burst: number("--message-burst", base.message_burst as usize)?
            .min(u32::MAX as usize) as u32,
        queue_bytes: number("--max-queue-bytes", base.queue_bytes)?,
        room_queue_bytes: number("--max-room-queue-bytes", base.room_queue_bytes)?,
        total_queue_bytes: number("--max-total-queue-bytes", base.total_queue_bytes)?,
        trust_proxy,
    };
    let config = ServeConfig {
        addr: SocketAddr::new(ip, port),
        allowed,
        limits,
    };
    Ok(if check {
        Asked::Check(config)
    } else {
        Asked::Serve(config)
    })
}

/// Each flag and its environment variable.
const FLAGS: &[(&str, &str)] = &[
    ("--port", "COME_BUY_SIGNAL_PORT"),
    ("--bind", "COME_BUY_SIGNAL_BIND"),
    ("--allow-origin", "COME_BUY_SIGNAL_ORIGINS"),
    ("--max-connections", "COME_BUY_SIGNAL_MAX_CONNECTIONS"),
    ("--max-per-address", "COME_BUY_SIGNAL_MAX_PER_ADDRESS"),
    ("--max-rooms", "COME_BUY_SIGNAL_MAX_ROOMS"),
    ("--max-peers-per-room", "COME_BUY_SIGNAL_MAX_PEERS_PER_ROOM"),
    ("--idle-secs", "COME_BUY_SIGNAL_IDLE_SECS"),
    ("--handshake-secs", "COME_BUY_SIGNAL_HANDSHAKE_SECS"),
    ("--max-message-bytes", "COME_BUY_SIGNAL_MAX_MESSAGE_BYTES"),
    (
        "--messages-per-second",
        "COME_BUY_SIGNAL_MESSAGES_PER_SECOND",
    ),
    ("--message-burst", "COME_BUY_SIGNAL_MESSAGE_BURST"),
    ("--max-queue-bytes", "COME_BUY_SIGNAL_MAX_QUEUE_BYTES"),
    (
        "--max-room-queue-bytes",
        "COME_BUY_SIGNAL_MAX_ROOM_QUEUE_BYTES",
    ),
    (
        "--max-total-queue-bytes",
        "COME_BUY_SIGNAL_MAX_TOTAL_QUEUE_BYTES",
    ),
    ("--trust-proxy", "COME_BUY_SIGNAL_TRUST_PROXY"),
];

/// The settings in a few lines (`--check`, and the start of a run).
pub fn describe(config: &ServeConfig) -> String {
    let l = &config.limits;
    let origins = if config.allowed.is_empty() {
        "none (desktop tables only)".to_string()
    } else {
        config.allowed.join(", ")
    };
    let proxies: Vec<String> = l.trust_proxy.proxies().map(|p| p.to_string()).collect();
    let proxies = if proxies.is_empty() {
        "none (addresses as connected)".to_string()
    } else {
        proxies.join(", ")
    };
    format!(
        "address {}\npages allowed: {origins}\nconnections {} (per address {}), rooms {}, \
         tables per room {}\nidle close {} s, handshake {} s, messages {} bytes, {}/s \
         (burst {})\nqueued bytes: {} a connection, {} a room, {} in all\nproxies trusted: \
         {proxies}",
        config.addr,
        l.connections,
        l.per_address,
        l.rooms,
        l.peers_per_room,
        l.idle.as_secs(),
        l.handshake.as_secs(),
        l.message_bytes,
        l.messages_per_second,
        l.message_burst,
        l.queue_bytes,
        l.room_queue_bytes,
        l.total_queue_bytes
    )
}

/// What starts the first line [`run`] prints, before the address it listens on.
pub const LISTENING: &str = "come-buy-signal: listening on ws://";

/// The address in [`run`]'s first line (a script or test that started the binary waits for
/// it), or `None` if `line` is not that line.
pub fn listening_addr(line: &str) -> Option<SocketAddr> {
    line.trim().strip_prefix(LISTENING)?.parse().ok()
}

/// Serves until the process is stopped. Prints `listening on ws://ADDRESS` (stdout, a line a
/// script may wait for), then runs for ever; an error (the port taken...) ends it with failure.
pub fn run(config: ServeConfig) -> std::process::ExitCode {
    let wanted = config.limits.connections + 64;
    raise_open_files(wanted as u64);
    match Signal::serve_with(config.addr, config.allowed.clone(), config.limits) {
        Ok(s) => {
            use std::io::Write;
            let origins = if config.allowed.is_empty() {
                "desktop tables only (no --allow-origin)".to_string()
            } else {
                config.allowed.join(", ")
            };
            println!("{LISTENING}{}", s.addr);
            println!("come-buy-signal: pages allowed: {origins}");
            let _ = std::io::stdout().flush();
            loop {
                std::thread::park();
            }
        }
        Err(e) => {
            eprintln!("come-buy-signal: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Lets the process hold `wanted` open files where its hard limit allows (the usual soft
/// limit, 1024, holds 1,000 connections; a container or unit may give more).
fn raise_open_files(wanted: u64) {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit only read and write the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 && lim.rlim_cur < wanted {
                lim.rlim_cur = wanted.min(lim.rlim_max);
                libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = wanted;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_win_over_the_environment_which_wins_over_defaults() {
        let env = |k: &str| match k {
            "COME_BUY_SIGNAL_PORT" => Some("4000".to_string()),
            "COME_BUY_SIGNAL_ORIGINS" => Some("https://a.itch.io, https://b.example/".into()),
            "COME_BUY_SIGNAL_IDLE_SECS" => Some("30".into()),
            _ => None,
        };
        let Ok(Asked::Serve(c)) = parse(args("--port 5000 --max-rooms 7"), env) else {
            panic!("serves");
        };
        assert_eq!(c.addr.port(), 5000);
        assert_eq!(c.allowed, ["https://a.itch.io", "https://b.example"]);
        assert_eq!(c.limits.rooms, 7);
        assert_eq!(c.limits.idle, Duration::from_secs(30));
        assert_eq!(c.limits.connections, public_limits().connections);
        let Ok(Asked::Serve(d)) = parse(args(""), |_| None) else {
            panic!("serves");
        };
        assert_eq!(d.addr, SocketAddr::from(([0, 0, 0, 0], PORT)));
        assert!(d.allowed.is_empty());
        let Ok(Asked::Serve(e)) = parse(
            args("--allow-origin https://x.io --allow-origin=https://y.io --bind ::1"),
            env,
        ) else {
            panic!("serves");
        };
        assert_eq!(e.allowed, ["https://x.io", "https://y.io"]);
        assert_eq!(e.addr, "[::1]:4000".parse::<SocketAddr>().unwrap());
    }

    #[test]
    fn a_bad_flag_or_value_is_named() {
        for (line, says) in [
            ("--port 70000", "--port"),
            ("--port", "needs a value"),
            ("--max-connections 0", "--max-connections"),
            ("--max-rooms many", "--max-rooms"),
            ("--bind localhost", "--bind"),
            ("--allow-origin itch.io", "--allow-origin"),
            ("--trust-proxy localhost", "--trust-proxy"),
            (
                "--trust-proxy 1.1.1.1,2.2.2.2,3.3.3.3,4.4.4.4,5.5.5.5",
                "at most 4",
            ),
            ("--max-queue-bytes 0", "--max-queue-bytes"),
            ("--frobnicate", "unknown argument"),
        ] {
            let e = parse(args(line), |_| None).expect_err(line);
            assert!(e.contains(says), "{line}: {e}");
        }
        assert_eq!(parse(args("--help"), |_| None), Ok(Asked::Help));
        let Ok(Asked::Check(c)) = parse(args("--check --port 9"), |_| None) else {
            panic!("checks");
        };
        assert!(describe(&c).contains("0.0.0.0:9"));
        let addr = SocketAddr::from(([127, 0, 0, 1], 4000));
        assert_eq!(listening_addr(&format!("{LISTENING}{addr}\n")), Some(addr));
        assert_eq!(listening_addr("come-buy-signal: pages allowed: none"), None);
        assert_eq!(parse(args("--version"), |_| None), Ok(Asked::Version));
    }

    #[test]
    fn queue_bounds_and_trusted_proxies_are_read() {
        let env = |k: &str| (k == "COME_BUY_SIGNAL_TRUST_PROXY").then(|| "127.0.0.1, ::1".into());
        let Ok(Asked::Serve(c)) = parse(args("--max-queue-bytes 4096"), env) else {
            panic!("serves");
        };
        assert_eq!(c.limits.queue_bytes, 4096);
        assert_eq!(c.limits.room_queue_bytes, public_limits().room_queue_bytes);
        assert!(c.limits.trust_proxy.trusts("::1".parse().unwrap()));
        assert!(c.limits.trust_proxy.trusts("127.0.0.1".parse().unwrap()));
        assert!(describe(&c).contains("proxies trusted: 127.0.0.1, ::1"));
        let Ok(Asked::Serve(d)) = parse(args(""), |_| None) else {
            panic!("serves");
        };
        assert_eq!(d.limits.trust_proxy, TrustProxy::default());
    }
}
