//! A relayer's own messages to a joiner it answers before the host can, and its old grind for
//! the host's letters (the harm tests', in memory and over WebRTC).

use come_buy_online::code;
use come_buy_online::msg::{self, SeatLine, ToGuest};

/// A welcome to a Mykonos room with `seats`, of the relayer's making, committing to `commit`
/// (the hash of the relayer's part of the joiner's letters).
pub fn forged_welcome(seats: &[SeatLine], commit: &str) -> Vec<u8> {
    msg::encode(&ToGuest::<(), ()>::Welcome {
        v: msg::VERSION,
        game: "mykonos".into(),
        variants: vec![],
        seats: seats.to_vec(),
        started: false,
        challenge: code::new_token().unwrap(),
        host_proof: None,
        commit: Some(commit.into()),
    })
}

/// The relayer's word that the joiner's ask for seat 1 is on the host's screen with `mark`,
/// showing `part` as the answerer's part of the letters.
pub fn forged_asking(mark: &str, part: &str) -> Vec<u8> {
    msg::encode(&ToGuest::<(), ()>::Asking {
        seat: 1,
        mark: mark.into(),
        reveal: Some(part.into()),
    })
}

/// The old marks (before parts were committed to): a relayer (peer key `relayer`) who has
/// seen the joiner's part (peer key `joiner`; its hello's nonce) tries parts of its own until
/// the joiner's letters are the host's. The tries it needs, for one joiner (the part it
/// found: the tries, as 32 hex digits).
pub fn old_grind(host_mark: &str, joiner_part: &str, relayer: &str, joiner: &str) -> u64 {
    for tries in 1..=200_000u64 {
        let mine = format!("{tries:032x}");
        if code::mark(&mine, joiner_part, relayer, joiner) == host_mark {
            return tries;
        }
    }
    panic!("no part of 200,000 makes the letters match");
}
