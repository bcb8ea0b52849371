//! The door of the phones' room: what a request must show to be let in (an address for a
//! `Host`, our own page for an `Origin`, the room's code) and why it was refused. Pure
//! functions over a request's head; the server (`net.rs`) applies them.

use super::ROOM_LETTERS;
use std::net::IpAddr;

/// Wrong room codes an address may give before the door waits before hearing it again.
pub const FREE_GUESSES: u32 = 3;
/// The door's longest wait; from the first, 1 s, each wrong code doubles it up to this.
pub const LONGEST_LOCK: std::time::Duration = std::time::Duration::from_secs(600);

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

#[cfg(test)]
mod tests {
    use super::*;

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
