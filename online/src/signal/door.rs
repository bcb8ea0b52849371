//! What the door reads of a request and says of it: the address a connection counts under
//! behind a trusted reverse proxy (its `X-Forwarded-For` or `Forwarded`), the answer to a page
//! from an origin not allowed (told apart from a server that is down), and log lines that a
//! hostile neighbour cannot turn into a flood ([`LogGate`]).

use hyper::header::{self, HeaderMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The reverse proxies whose forwarded address the server believes (none by default: a
/// header any client can send is read only from these), at most [`TrustProxy::MAX`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrustProxy {
    proxies: [Option<IpAddr>; TrustProxy::MAX],
}

impl TrustProxy {
    pub const MAX: usize = 4;

    /// Trusts `proxies` (an error past [`TrustProxy::MAX`]).
    pub fn of(proxies: &[IpAddr]) -> Result<TrustProxy, String> {
        if proxies.len() > Self::MAX {
            return Err(format!("at most {} proxies", Self::MAX));
        }
        let mut t = TrustProxy::default();
        for (slot, p) in t.proxies.iter_mut().zip(proxies) {
            *slot = Some(canonical(*p));
        }
        Ok(t)
    }

    /// Whether a connection from `ip` is a trusted proxy's.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.proxies.contains(&Some(ip))
    }

    /// The trusted proxies.
    pub fn proxies(&self) -> impl Iterator<Item = IpAddr> + '_ {
        self.proxies.iter().flatten().copied()
    }
}

/// An IPv4-mapped IPv6 address as its IPv4 one (a dual-stack socket's view of 127.0.0.1).
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// An address as a proxy writes it: `192.0.2.7`, `192.0.2.7:4711`, `[2001:db8::1]:4711`,
/// `2001:db8::1`, in quotes or not (`Forwarded`).
fn address(text: &str) -> Option<IpAddr> {
    let t = text.trim().trim_matches('"');
    t.parse::<IpAddr>()
        .ok()
        .or_else(|| t.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| t.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
}

/// The client's address as the last proxy saw it: the last entry of `X-Forwarded-For` (the
/// one the trusted proxy added; those before it are the client's own words), else the last
/// `for=` of `Forwarded`. `None` if neither names an address.
pub(super) fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = |name: &str| {
        let joined: Vec<&str> = headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        let joined = joined.join(",");
        joined
            .rsplit(',')
            .map(str::trim)
            .find(|e| !e.is_empty())
            .map(str::to_string)
    };
    if let Some(entry) = last("x-forwarded-for") {
        return address(&entry);
    }
    let entry = last(header::FORWARDED.as_str())?;
    entry.split(';').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        k.trim().eq_ignore_ascii_case("for").then(|| address(v))?
    })
}

/// What a refused page's table reads: the server gives it the nil id (no peer has it:
/// matchbox's ids are random v4 UUIDs), then closes with [`REFUSED_CODE`] and
/// [`REFUSED_WORDS`]. A browser shows a script nothing of a refused WebSocket handshake (a
/// 403 and a server that is down both read as code 1006), so the page is let in to be told.
pub const REFUSED_ID: &str = "00000000-0000-0000-0000-000000000000";
/// The WebSocket close code a refused page gets (1008, "policy violation").
pub const REFUSED_CODE: u16 = 1008;
/// ... and its reason.
pub const REFUSED_WORDS: &str = "this page is not allowed on this meeting server";

/// An origin as the log shows it: at most 80 characters, control characters escaped.
pub(super) fn shown(origin: &str) -> String {
    let cut: String = origin.chars().take(80).collect();
    let more = if cut.len() < origin.len() { "..." } else { "" };
    format!("{:?}{more}", cut)
}

/// Lines of one kind, at most [`LogGate::BURST`] at once and one per [`LogGate::EVERY`] on the
/// long run; the next line let through says how many were held back.
pub(super) struct LogGate {
    state: Mutex<(f64, Instant, u64)>,
}

impl LogGate {
    pub(super) const BURST: f64 = 5.0;
    pub(super) const EVERY: Duration = Duration::from_secs(12);

    pub(super) fn new() -> LogGate {
        LogGate {
            state: Mutex::new((Self::BURST, Instant::now(), 0)),
        }
    }

    /// Whether a line may go at `now`: `Some(lines held back since the last)`.
    fn allow_at(&self, now: Instant) -> Option<u64> {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let refill = now.saturating_duration_since(s.1).as_secs_f64() / Self::EVERY.as_secs_f64();
        s.0 = (s.0 + refill).min(Self::BURST);
        s.1 = now;
        if s.0 >= 1.0 {
            s.0 -= 1.0;
            Some(std::mem::take(&mut s.2))
        } else {
            s.2 += 1;
            None
        }
    }

    /// Writes a line with `line` if the gate lets it through (its argument: "" or " (and N
    /// more like it)").
    pub(super) fn note(&self, line: impl FnOnce(&str)) {
        match self.allow_at(Instant::now()) {
            Some(0) => line(""),
            Some(n) => line(&format!(" (and {n} more like it before)")),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_proxys_own_entry_is_read() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        // nginx's $proxy_add_x_forwarded_for: the client's own words first, the proxy's last.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.9")]);
        assert_eq!(forwarded_for(&h), ip("198.51.100.9"));
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "2001:db8::5"),
        ]);
        assert_eq!(forwarded_for(&h), ip("2001:db8::5"));
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6, for=\"[2001:db8:cafe::17]:4711\";proto=https",
        )]);
        assert_eq!(forwarded_for(&h), ip("2001:db8:cafe::17"));
        let h = headers(&[("forwarded", "proto=https;For=192.0.2.60:80")]);
        assert_eq!(forwarded_for(&h), ip("192.0.2.60"));
        // X-Forwarded-For wins: a Forwarded the client wrote passes a proxy that sets XFF.
        let h = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "192.0.2.1"),
        ]);
        assert_eq!(forwarded_for(&h), ip("192.0.2.1"));
        assert_eq!(forwarded_for(&headers(&[])), None);
        let h = headers(&[("x-forwarded-for", "unknown")]);
        assert_eq!(forwarded_for(&h), None);
        let h = headers(&[("forwarded", "for=_hidden")]);
        assert_eq!(forwarded_for(&h), None);
    }

    #[test]
    fn only_the_named_proxies_are_trusted() {
        let t = TrustProxy::of(&["127.0.0.1".parse().unwrap()]).unwrap();
        assert!(t.trusts("127.0.0.1".parse().unwrap()));
        assert!(t.trusts("::ffff:127.0.0.1".parse().unwrap()));
        assert!(!t.trusts("127.0.0.2".parse().unwrap()));
        assert!(!TrustProxy::default().trusts("127.0.0.1".parse().unwrap()));
        let five: Vec<IpAddr> = (1..=5).map(|i| IpAddr::from([10, 0, 0, i])).collect();
        assert!(TrustProxy::of(&five).is_err());
    }

    #[test]
    fn the_log_gate_lets_a_few_through_then_counts() {
        let gate = LogGate::new();
        let t0 = Instant::now();
        for _ in 0..5 {
            assert_eq!(gate.allow_at(t0), Some(0));
        }
        for _ in 0..1000 {
            assert_eq!(gate.allow_at(t0), None);
        }
        assert_eq!(gate.allow_at(t0 + LogGate::EVERY / 2), None);
        assert_eq!(gate.allow_at(t0 + LogGate::EVERY), Some(1001));
        assert_eq!(gate.allow_at(t0 + LogGate::EVERY), None);
        assert_eq!(shown("https://a.example\n"), "\"https://a.example\\n\"");
        assert!(shown(&"x".repeat(500)).len() < 100);
    }
}
