//! A table's room on the signaling server: its name is derived from the table's code, never
//! the code (the tables' link and the server both use these; no network code here).
//!
//! The derivation is slow on purpose: a room code has 48 bits, so whoever watches the server's
//! room names could try every code against a plain hash in hours on one graphics card
//! (2^48 SHA-256, about 4 hours at 2x10^10 a second) and walk into the tables. Each name is
//! PBKDF2-HMAC-SHA-256 of the code with [`ROOM_ROUNDS`] rounds under a fixed salt of our own
//! (no table computes it more than once per connection, a phone's browser in a few tens of
//! milliseconds): every guess costs the same, 2x[`ROOM_ROUNDS`] SHA-256 blocks, which puts
//! the whole space at about 9 years of one such card.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// What starts the name of each of our rooms on the signaling server.
pub const ROOM_PREFIX: &str = "come-buy-";
/// Hex digits after [`ROOM_PREFIX`]: 128 bits of the derived key.
pub const ROOM_HASH_LEN: usize = 32;
/// The salt of every room name: this app's, this version of the naming (another version is
/// another room, and no other app's rooms share the names).
const ROOM_SALT: &[u8] = b"come-buy room v2|pbkdf2-hmac-sha256|";
/// PBKDF2 rounds for a room name (see the module's words for the cost either way).
pub const ROOM_ROUNDS: u32 = 10_000;

/// The first 32 bytes of PBKDF2-HMAC-SHA-256 (RFC 8018) of `password` under `salt`. The
/// rounds after the first run on SHA-256's block function itself, from the key's inner and
/// outer states (two blocks a round, nothing else: a table in a build without optimizations
/// names its room in a few tens of milliseconds all the same).
fn pbkdf2_sha256(password: &[u8], salt: &[u8], rounds: u32) -> [u8; 32] {
    use sha2::Digest;
    let keyed =
        <Hmac<Sha256> as Mac>::new_from_slice(password).expect("HMAC takes a key of any length");
    let mut m = keyed;
    m.update(salt);
    m.update(&1u32.to_be_bytes());
    let mut u: [u8; 32] = m.finalize().into_bytes().into();
    let mut t = u;
    // The key as HMAC pads it (hashed first if longer than a block).
    let mut key = [0u8; 64];
    if password.len() > 64 {
        key[..32].copy_from_slice(&Sha256::digest(password));
    } else {
        key[..password.len()].copy_from_slice(password);
    }
    let state_of = |pad: u8| {
        let mut block = key;
        block.iter_mut().for_each(|b| *b ^= pad);
        let mut st = SHA256_IV;
        compress(&mut st, &block);
        st
    };
    let (inner, outer) = (state_of(0x36), state_of(0x5c));
    // A 32-byte message after a block of key: one block, padded (length 96 bytes, in bits).
    let mut block = [0u8; 64];
    block[32] = 0x80;
    block[56..].copy_from_slice(&(96u64 * 8).to_be_bytes());
    for _ in 1..rounds {
        block[..32].copy_from_slice(&u);
        let mut st = inner;
        compress(&mut st, &block);
        put_words(&mut block, &st);
        let mut st = outer;
        compress(&mut st, &block);
        put_words(&mut u, &st);
        t.iter_mut().zip(u).for_each(|(t, u)| *t ^= u);
    }
    t
}

/// SHA-256's initial state.
const SHA256_IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// SHA-256's block function on one block.
fn compress(state: &mut [u32; 8], block: &[u8; 64]) {
    sha2::compress256(
        state,
        &[*sha2::digest::generic_array::GenericArray::from_slice(
            block,
        )],
    );
}

/// The state's words, big-endian, into the first 32 bytes of `out`.
fn put_words(out: &mut [u8], state: &[u32; 8]) {
    for (o, w) in out.chunks_exact_mut(4).zip(state) {
        o.copy_from_slice(&w.to_be_bytes());
    }
}

/// The signaling server's name for a table's room: [`ROOM_PREFIX`] and the first
/// [`ROOM_HASH_LEN`] hex digits of PBKDF2-HMAC-SHA-256 of the code (as [`crate::code::read_code`]
/// gives it: the host's and every joiner's is the same) under [`ROOM_SALT`], [`ROOM_ROUNDS`]
/// rounds. The server (and whoever watches it) never sees the code itself, and trying codes
/// against a name is slow.
pub fn room_name(code: &str) -> String {
    let key = pbkdf2_sha256(code.as_bytes(), ROOM_SALT, ROOM_ROUNDS);
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    format!("{ROOM_PREFIX}{}", &hex[..ROOM_HASH_LEN])
}

/// Whether `name` has the shape of [`room_name`]'s names (the signaling server lets in no other).
pub fn is_room_name(name: &str) -> bool {
    name.strip_prefix(ROOM_PREFIX).is_some_and(|h| {
        h.len() == ROOM_HASH_LEN && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::{new_code, read_code, spaced};
    use sha2::Digest;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The derivation is PBKDF2-HMAC-SHA-256 itself (the published test vectors).
    #[test]
    fn the_derivation_is_pbkdf2_hmac_sha256() {
        for (rounds, want) in [
            (
                1,
                "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b",
            ),
            (
                2,
                "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43",
            ),
            (
                4096,
                "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a",
            ),
        ] {
            assert_eq!(hex(&pbkdf2_sha256(b"password", b"salt", rounds)), want);
        }
    }

    /// The host and every joiner name the room alike (the code however typed); codes differ,
    /// names differ; a name shows neither the code nor its plain hash, and its shape is the
    /// one the server lets in. Its cost, measured.
    #[test]
    fn host_and_joiner_derive_the_same_slow_name() {
        let code = new_code().unwrap();
        let started = std::time::Instant::now();
        let host = room_name(&code);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        eprintln!("a room name: {ms:.1} ms ({ROOM_ROUNDS} rounds, this build)");
        let typed = read_code(&format!(" {} ", spaced(&code).to_lowercase())).unwrap();
        assert_eq!(room_name(&typed), host);
        let link = format!("https://example.org/?join={}", spaced(&code));
        assert_eq!(room_name(&read_code(&link).unwrap()), host);
        assert!(is_room_name(&host), "{host}");
        assert_ne!(room_name(&new_code().unwrap()), host);
        assert!(!host.contains(&code));
        // Not the old, fast name (a plain SHA-256 of the code under the old domain).
        let plain = hex(&sha2::Sha256::new()
            .chain_update("come-buy room v1|")
            .chain_update(&code)
            .finalize());
        assert!(!host.contains(&plain[..ROOM_HASH_LEN]));
        assert_eq!(
            room_name("ACDEFHJKMNPR"),
            format!(
                "{ROOM_PREFIX}{}",
                &hex(&pbkdf2_sha256(b"ACDEFHJKMNPR", ROOM_SALT, ROOM_ROUNDS))[..ROOM_HASH_LEN]
            )
        );
        // Far from free for a guesser, cheap for a table.
        assert!(ms < 5000.0, "{ms} ms");
    }
}
