//! The door of the phones' room: what a request must show to be let in (an address for a
//! `Host`, our own page for an `Origin`, the room's code) and why it was refused. Pure
//! functions over a request's head; the server (`net.rs`) applies them.

use super::ROOM_LETTERS;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Wrong room codes an address may give before the door waits before hearing it again.
pub const FREE_GUESSES: u32 = 3;
/// The door's longest wait; from the first, 1 s, each wrong code doubles it up to this.
pub const LONGEST_LOCK: std::time::Duration = std::time::Duration::from_secs(600);

/// Addresses the door remembers wrong codes for.
pub const ADDRESSES: usize = 1024;

/// The WebSocket close code for a wrong room code. A browser's page cannot read why a
/// handshake failed, so our own page (right `Host` and `Origin`) is let in and closed with a
/// code: a connection that never opens is then the TV being busy or away, never a wrong code.
pub const CLOSE_WRONG_CODE: u16 = 4003;
/// The close code for an address the door is waiting on; the reason is the seconds left.
pub const CLOSE_WAIT: u16 = 4029;

/// Why a WebSocket request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The `Host` is not an address with this port (a renamed page).
    Host,
    /// No `Origin`, or another page's.
    Origin,
    WrongCode,
}

/// The value of header `name` in a request head.
pub(super) fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// A `Host` we answer: an address (not a name, which a page elsewhere could point at this
/// machine) or `localhost`, with our port.
pub fn host_ok(host: &str, port: u16) -> bool {
    let Some((name, p)) = host.rsplit_once(':') else {
        return false;
    };
    p.parse::<u16>() == Ok(port)
        && (name.eq_ignore_ascii_case("localhost")
            || name
                .trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .is_ok())
}

/// Whether a WebSocket request may open: our own page (`Origin` is `http://` + `Host`), and
/// the room's code. Checked in this order, so another page cannot even guess.
pub fn check_request(
    host: Option<&str>,
    origin: Option<&str>,
    query: &str,
    code: &str,
    port: u16,
) -> Result<(), Refusal> {
    let host = host.filter(|h| host_ok(h, port)).ok_or(Refusal::Host)?;
    if origin.map(|o| o.trim_end_matches('/')) != Some(format!("http://{host}").as_str()) {
        return Err(Refusal::Origin);
    }
    let given = room_of(query);
    // Compared without stopping at the first difference.
    let same = given.len() == code.len()
        && given
            .bytes()
            .zip(code.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    if same {
        Ok(())
    } else {
        Err(Refusal::WrongCode)
    }
}

/// The room code in a query string (`room=ACDE-FHJK`), upper-cased, without separators.
pub fn room_of(query: &str) -> String {
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("room="))
        .unwrap_or("")
        .chars()
        .take(64)
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| ROOM_LETTERS.contains(*c))
        .collect()
}

/// One address's wrong codes and its lock-out.
struct Lock {
    wrong: u32,
    until: Option<Instant>,
    seen: Instant,
}

/// The door's memory of wrong codes: after [`FREE_GUESSES`] from one address, it waits 1 s
/// before hearing that address again, then 2, 4... up to [`LONGEST_LOCK`]. At most `room`
/// addresses are remembered; past that, the quarter heard from longest ago is forgotten.
pub(super) struct Locks {
    by_address: HashMap<IpAddr, Lock>,
    room: usize,
}

impl Default for Locks {
    fn default() -> Self {
        Locks::new(ADDRESSES)
    }
}

impl Locks {
    pub fn new(room: usize) -> Self {
        Locks {
            by_address: HashMap::new(),
            room: room.max(4),
        }
    }

    /// How long `addr` must still wait, if it is locked out at `now`.
    pub fn wait_left(&self, addr: IpAddr, now: Instant) -> Option<Duration> {
        let until = self.by_address.get(&addr)?.until?;
        (until > now).then(|| until - now)
    }

    /// A wrong code from `addr` at `now`; the wait it has to keep from now on (zero while it
    /// has free guesses left).
    pub fn wrong(&mut self, addr: IpAddr, now: Instant) -> Duration {
        if self.by_address.len() >= self.room && !self.by_address.contains_key(&addr) {
            let mut by_age: Vec<(Instant, IpAddr)> =
                self.by_address.iter().map(|(a, l)| (l.seen, *a)).collect();
            by_age.sort_unstable();
            for (_, a) in by_age.into_iter().take(self.room / 4) {
                self.by_address.remove(&a);
            }
        }
        let l = self.by_address.entry(addr).or_insert(Lock {
            wrong: 0,
            until: None,
            seen: now,
        });
        l.wrong += 1;
        l.seen = now;
        if l.wrong < FREE_GUESSES {
            return Duration::ZERO;
        }
        let doublings = (l.wrong - FREE_GUESSES).min(20);
        let wait = (Duration::from_secs(1) * (1u32 << doublings)).min(LONGEST_LOCK);
        l.until = Some(now + wait);
        wait
    }

    /// A right code from `addr`: its wrong ones are forgiven.
    pub fn forgive(&mut self, addr: IpAddr) {
        self.by_address.remove(&addr);
    }

    /// Addresses locked out at `now`.
    pub fn locked(&self, now: Instant) -> usize {
        self.by_address
            .values()
            .filter(|l| l.until.is_some_and(|u| u > now))
            .count()
    }
}

/// Whole seconds, rounded up: what a page shows as a wait.
pub fn seconds_up(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_codes_lock_an_address_out_for_a_doubling_wait_and_a_right_one_forgives() {
        let mut locks = Locks::new(8);
        let a: IpAddr = [10, 0, 0, 2].into();
        let b: IpAddr = [10, 0, 0, 3].into();
        let t = Instant::now();
        for _ in 1..FREE_GUESSES {
            assert_eq!(locks.wrong(a, t), Duration::ZERO);
            assert_eq!(locks.wait_left(a, t), None);
        }
        assert_eq!(locks.wrong(a, t), Duration::from_secs(1));
        assert_eq!(locks.wait_left(a, t), Some(Duration::from_secs(1)));
        assert_eq!(locks.wait_left(b, t), None, "another address is not locked");
        assert_eq!(locks.locked(t), 1);
        let later = t + Duration::from_millis(1500);
        assert_eq!(locks.wait_left(a, later), None, "the wait ends");
        assert_eq!(locks.wrong(a, later), Duration::from_secs(2));
        assert_eq!(seconds_up(locks.wait_left(a, later).unwrap()), 2);
        for _ in 0..40 {
            locks.wrong(a, later);
        }
        assert_eq!(locks.wait_left(a, later), Some(LONGEST_LOCK));
        locks.forgive(a);
        assert_eq!(locks.wait_left(a, later), None);
        assert_eq!(
            locks.wrong(a, later),
            Duration::ZERO,
            "forgiven: free guesses again"
        );
    }

    #[test]
    fn the_door_remembers_a_bounded_number_of_addresses() {
        let mut locks = Locks::new(8);
        let t = Instant::now();
        for i in 0..1000u32 {
            let addr: IpAddr = std::net::Ipv4Addr::from(0x0a00_0000 + i).into();
            for _ in 0..FREE_GUESSES {
                locks.wrong(addr, t + Duration::from_millis(u64::from(i)));
            }
            assert!(locks.by_address.len() <= 8);
        }
        // The newest address is still waiting.
        let last: IpAddr = std::net::Ipv4Addr::from(0x0a00_0000 + 999).into();
        assert!(
            locks
                .wait_left(last, t + Duration::from_millis(999))
                .is_some()
        );
    }

    #[test]
    fn only_our_own_page_with_the_code_may_open_the_socket() {
        let ok = |host, origin| check_request(host, origin, "room=ACDE-FHJK", "ACDEFHJK", 7878);
        assert_eq!(
            ok(Some("192.168.1.5:7878"), Some("http://192.168.1.5:7878")),
            Ok(())
        );
        assert_eq!(
            ok(Some("127.0.0.1:7878"), Some("http://127.0.0.1:7878")),
            Ok(())
        );
        assert_eq!(ok(Some("[::1]:7878"), Some("http://[::1]:7878")), Ok(()));
        // Another page, no Origin, a page renamed to this machine (DNS rebinding), a port
        // that is not ours.
        assert_eq!(
            ok(Some("192.168.1.5:7878"), Some("https://evil.example")),
            Err(Refusal::Origin)
        );
        assert_eq!(ok(Some("192.168.1.5:7878"), None), Err(Refusal::Origin));
        assert_eq!(
            ok(Some("evil.example:7878"), Some("http://evil.example:7878")),
            Err(Refusal::Host)
        );
        assert_eq!(
            ok(Some("192.168.1.5:80"), Some("http://192.168.1.5:80")),
            Err(Refusal::Host)
        );
        assert_eq!(
            ok(None, Some("http://192.168.1.5:7878")),
            Err(Refusal::Host)
        );
        let wrong = check_request(
            Some("10.0.0.2:7878"),
            Some("http://10.0.0.2:7878"),
            "room=ACDEFHJX",
            "ACDEFHJK",
            7878,
        );
        assert_eq!(wrong, Err(Refusal::WrongCode));
        assert_eq!(room_of("x=1&room=acde fhjk"), "ACDEFHJK");
        assert_eq!(room_of(""), "");
    }

    #[test]
    fn headers_are_read_case_blind_from_the_head_only() {
        let head = "GET /ws?room=A HTTP/1.1\r\nHOST: 1.2.3.4:9\r\norigin:  http://1.2.3.4:9 \r\n";
        assert_eq!(header(head, "host"), Some("1.2.3.4:9"));
        assert_eq!(header(head, "Origin"), Some("http://1.2.3.4:9"));
        assert_eq!(header(head, "cookie"), None);
    }
}
