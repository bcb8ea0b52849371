//! Room codes and seat tokens: drawn from the operating system's randomness (the browser's on
//! the web), never from the match's seed. And what proves a token without showing it: a seat's
//! proof (the guest's, for one host's challenge), the host's proof (for one guest's nonce), and
//! the three letters both tables show for an asker, each bound to the two peers' ids, so none
//! of them is worth anything to a third peer who relays it.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// The letters of a room code: no two a tired eye could confuse (no O and 0, I and 1, B and
/// 8, S and 5, G and 6...). Friends online and phones at the TV read codes of these letters,
/// drawn by [`new_code_of`] and written by [`spaced`].
pub const LETTERS: &str = "ACDEFHJKMNPRTWXY";
/// Letters in an online table's code: 16 letters of 4 bits each, 48 bits; far beyond guessing
/// through a signaling server that answers a join in milliseconds.
pub const CODE_LEN: usize = 12;
/// Letters in the phones' room code: 32 bits, typed on a phone at the table. Enough on a home
/// network whose one door locks an address out after a few wrong codes (the app's
/// `phones::door`); an online table's code, open to the whole internet, is longer.
pub const PHONE_CODE_LEN: usize = 8;

fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    fill_random(&mut b)?;
    Ok(b)
}

/// `b` filled from the system's randomness (the browser's on the web).
fn fill_random(b: &mut [u8]) -> Result<(), String> {
    getrandom::fill(b).map_err(|e| format!("no randomness: {e}"))
}

/// A new online table's code, without separators (see [`spaced`]).
pub fn new_code() -> Result<String, String> {
    new_code_of(CODE_LEN)
}

/// A new code of `len` letters ([`LETTERS`], 4 bits of the system's randomness each), without
/// separators: an online table's ([`CODE_LEN`]) or the phones' room ([`PHONE_CODE_LEN`]).
pub fn new_code_of(len: usize) -> Result<String, String> {
    let letters = LETTERS.as_bytes();
    let mut bytes = vec![0u8; len];
    fill_random(&mut bytes)?;
    Ok(bytes
        .iter()
        .map(|b| letters[(b & 15) as usize] as char)
        .collect())
}

/// A seat's token: 128 random bits in hex, the guest's key back to its seat.
pub fn new_token() -> Result<String, String> {
    Ok(random_bytes::<16>()?
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// A secret the host keeps (it seeds the worlds it deals each guest).
pub fn new_secret() -> Result<u64, String> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

/// A code as people read it: `ACDE-FHJK-MNPR`.
pub fn spaced(code: &str) -> String {
    code.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed or pasted code (any case, spaces, dashes, or a whole `?join=` link), or why not.
pub fn read_code(input: &str) -> Result<String, &'static str> {
    let input = input.trim();
    let input = match input.find("join=") {
        Some(i) => input[i + 5..].split('&').next().unwrap_or(""),
        None => input,
    };
    if input.len() > 80 {
        return Err("online-code-long");
    }
    let code: String = input
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if code.chars().any(|c| !LETTERS.contains(c)) {
        return Err("online-code-letters");
    }
    if code.len() != CODE_LEN {
        return Err("online-code-length");
    }
    Ok(code)
}

/// A peer's id as the proofs bind it: the signaling server's name for a peer (its uuid), or a
/// test's small number. Two peers of one room never share a key.
pub trait PeerKey {
    fn key(&self) -> String;
    /// Where the peer connects from, when the room can tell (a phone's address on the Wi-Fi):
    /// a seat's proof from another place needs the host's yes again, and the host's no sticks
    /// to the place. `None` (an online friend's peer id): the peer is its own place.
    fn place(&self) -> Option<std::net::IpAddr> {
        None
    }
}

macro_rules! peer_keys {
    ($($t:ty),*) => {$(
        impl PeerKey for $t {
            fn key(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
peer_keys!(u8, u16, u32, u64, usize, i32, i64);

#[cfg(feature = "matchbox")]
impl PeerKey for matchbox_socket::PeerId {
    fn key(&self) -> String {
        self.0.to_string()
    }
}

/// What a returning guest proves it holds a seat's token with (`Back`).
const SEAT_PROOF: &str = "come-buy/v2/seat-proof";
/// What a host proves it holds a seat's token with (its `Welcome` to a returning guest).
const HOST_PROOF: &str = "come-buy/v2/host-proof";
/// Where an asker's letters come from.
const MARK: &str = "come-buy/v2/mark";
/// Letters in an asker's mark.
pub const MARK_LEN: usize = 3;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every part with its length before it: no two lists of parts read as the same bytes.
fn framed(parts: &[&str], mut put: impl FnMut(&[u8])) {
    for p in parts {
        put(&(p.len() as u64).to_be_bytes());
        put(p.as_bytes());
    }
}

/// HMAC-SHA-256 under `token` of `domain` and `parts`, in hex.
fn mac(token: &str, domain: &str, parts: &[&str]) -> String {
    let mut m =
        <Hmac<Sha256> as Mac>::new_from_slice(token.as_bytes()).expect("HMAC takes any key");
    framed(&[domain], |b| m.update(b));
    framed(parts, |b| m.update(b));
    hex(&m.finalize().into_bytes())
}

/// A returning guest's proof that it holds `seat`'s `token`: bound to the host's `challenge`
/// (fresh in each welcome), the host's and the guest's own peer keys, and the seat. Another
/// peer who relays it to the host gets a refusal: the host checks it with the relayer's key.
pub fn seat_proof(token: &str, challenge: &str, host: &str, guest: &str, seat: usize) -> String {
    mac(
        token,
        SEAT_PROOF,
        &[challenge, host, guest, &seat.to_string()],
    )
}

/// A host's proof, in its welcome, that it holds `seat`'s `token`: bound to the guest's
/// `nonce` (fresh in each hello) and both peer keys, so a guest coming back takes only the real
/// host for the host (another guest cannot answer for it, nor pass the host's answer on).
pub fn host_proof(token: &str, nonce: &str, host: &str, guest: &str, seat: usize) -> String {
    mac(token, HOST_PROOF, &[nonce, host, guest, &seat.to_string()])
}

/// The three letters ([`LETTERS`]) of one asker, from the host's part `challenge` and the
/// guest's part `nonce` (each drawn at random and committed to before the other side's is
/// seen, see [`commit`]) and both peer keys. The host's lobby shows them by the asker's name
/// and the asker's table works them out on its side: the same letters, said aloud, tell the
/// host which "Ana" is theirs, and a peer relaying between the two shows different letters at
/// each end but by a 1-in-4,096 chance it cannot better: the joiner's part is hidden until
/// the relayer's part is fixed, and the host's until the relayer's ask is on the host's
/// screen (each try one more ask there).
pub fn mark(challenge: &str, nonce: &str, host: &str, guest: &str) -> String {
    let mut h = Sha256::new();
    framed(&[MARK, challenge, nonce, host, guest], |b| h.update(b));
    let letters = LETTERS.as_bytes();
    h.finalize()
        .iter()
        .take(MARK_LEN)
        .map(|b| letters[(b & 15) as usize] as char)
        .collect()
}

/// What a commitment to a part of a mark is a hash of.
const MARK_COMMIT: &str = "come-buy/v2/mark-commit";

/// The commitment to `secret`, one side's part of a mark ([`mark`]): SHA-256 of it (framed,
/// under its own domain), in hex. Each side sends this before it sees the other's part and
/// reveals `secret` only after: nobody answering a hello can pick its part to make the marks
/// at both ends of a relay match, as it could by trying 4,096 parts for a part it has seen.
pub fn commit(secret: &str) -> String {
    let mut h = Sha256::new();
    framed(&[MARK_COMMIT, secret], |b| h.update(b));
    hex(&h.finalize())
}

/// Whether `secret` is the one `commitment` ([`commit`]) was made for.
pub fn opens(commitment: &str, secret: &str) -> bool {
    fair_random(secret) && same_secret(&commit(secret), commitment)
}

/// A nonce or a challenge as the other side may send it: 16 to 64 hex digits.
pub fn fair_random(s: &str) -> bool {
    (16..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Two secrets compared without stopping at the first difference.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_random_readable_and_read_back() {
        let a = new_code().unwrap();
        let b = new_code().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), CODE_LEN);
        assert!(a.chars().all(|c| LETTERS.contains(c)));
        assert_eq!(read_code(&spaced(&a)), Ok(a.clone()));
        assert_eq!(read_code(&spaced(&a).to_lowercase()), Ok(a.clone()));
        let link = format!("https://example.org/come-buy/?join={}&x=1", spaced(&a));
        assert_eq!(read_code(&link), Ok(a.clone()));
        assert_eq!(read_code("ACDE-FHJK"), Err("online-code-length"));
        assert_eq!(read_code("ACDE-FHJK-MNP0"), Err("online-code-letters"));
        assert_eq!(read_code(&"A".repeat(200)), Err("online-code-long"));
    }

    #[test]
    fn the_phones_code_is_drawn_and_written_the_same_way_shorter() {
        let a = new_code_of(PHONE_CODE_LEN).unwrap();
        let b = new_code_of(PHONE_CODE_LEN).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), PHONE_CODE_LEN);
        assert!(a.chars().all(|c| LETTERS.contains(c)));
        // Two groups of four, as an online table's three.
        let shown = spaced(&a);
        assert_eq!(shown.len(), PHONE_CODE_LEN + 1);
        assert_eq!(shown.replace('-', ""), a);
        assert_eq!(&shown[4..5], "-");
        // Any length is drawn whole (no fixed buffer of random bytes under it).
        let long = new_code_of(40).unwrap();
        assert_eq!(long.len(), 40);
        assert!(long.chars().all(|c| LETTERS.contains(c)));
    }

    #[test]
    fn tokens_are_long_and_compare_exactly() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token().unwrap());
        assert!(same_secret(&t, &t.clone()));
        assert!(!same_secret(&t, &t[..31]));
        let mut other = t.clone().into_bytes();
        other[31] = if other[31] == b'0' { b'1' } else { b'0' };
        assert!(!same_secret(&t, std::str::from_utf8(&other).unwrap()));
    }

    #[test]
    fn proofs_are_bound_to_their_token_peers_seat_and_domain() {
        let t = new_token().unwrap();
        let c = new_token().unwrap();
        let p = seat_proof(&t, &c, "0", "1", 1);
        assert_eq!(p.len(), 64);
        assert!(same_secret(&p, &seat_proof(&t, &c, "0", "1", 1)));
        let others = [
            seat_proof(&new_token().unwrap(), &c, "0", "1", 1),
            seat_proof(&t, &new_token().unwrap(), "0", "1", 1),
            seat_proof(&t, &c, "2", "1", 1),
            seat_proof(&t, &c, "0", "2", 1),
            seat_proof(&t, &c, "0", "1", 2),
            // The parts are framed: moving a digit from one to the next is another message.
            seat_proof(&t, &c, "01", "", 1),
            host_proof(&t, &c, "0", "1", 1),
        ];
        for o in &others {
            assert!(!same_secret(&p, o));
        }
        assert!(!p.contains(&t), "the proof does not show the token");
    }

    #[test]
    fn marks_are_three_letters_of_both_sides_randomness() {
        let (c, n) = (new_token().unwrap(), new_token().unwrap());
        let m = mark(&c, &n, "0", "1");
        assert_eq!(m.len(), MARK_LEN);
        assert!(m.chars().all(|ch| LETTERS.contains(ch)));
        assert_eq!(m, mark(&c, &n, "0", "1"));
        // Of many askers, the marks differ (4096 of them): no one mark for everybody.
        let many: std::collections::HashSet<String> = (0..64)
            .map(|_| mark(&new_token().unwrap(), &n, "0", "1"))
            .collect();
        assert!(many.len() > 40, "{}", many.len());
        assert!(fair_random(&c) && !fair_random("xyz") && !fair_random(&"a".repeat(65)));
    }
}
