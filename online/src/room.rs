//! A table's room on the signaling server: its name is a hash of the table's code, never the
//! code (the tables' link and the server both use these; no network code here).

/// What starts the name of each of our rooms on the signaling server.
pub const ROOM_PREFIX: &str = "come-buy-";
/// Hex digits after [`ROOM_PREFIX`]: 128 bits of the code's hash.
pub const ROOM_HASH_LEN: usize = 32;
/// What the room's hash is of, before the code: another version of the naming is another room.
const ROOM_DOMAIN: &str = "come-buy room v1|";

/// The signaling server's name for a table's room: [`ROOM_PREFIX`] and the first
/// [`ROOM_HASH_LEN`] hex digits of SHA-256(`"come-buy room v1|"` + code). The server (and whoever
/// watches it) never sees the code itself, and no other app's rooms share the name.
pub fn room_name(code: &str) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::new()
        .chain_update(ROOM_DOMAIN)
        .chain_update(code)
        .finalize();
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    format!("{ROOM_PREFIX}{}", &hex[..ROOM_HASH_LEN])
}

/// Whether `name` has the shape of [`room_name`]'s names (the signaling server lets in no other).
pub fn is_room_name(name: &str) -> bool {
    name.strip_prefix(ROOM_PREFIX).is_some_and(|h| {
        h.len() == ROOM_HASH_LEN && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}
