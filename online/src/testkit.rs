//! The tests' own rooms and messages at a host's door, one home for the crate's unit tests
//! (`host/tests.rs`) and its integration tests (`tests/harm.rs`), which see only the public
//! API. Not part of the crate's API: hidden from its documentation, used by no table.

use crate::code::PeerKey;
use crate::host::{Host, Plan};
use crate::msg::{self, ToGuest, ToHost};
use come_buy_engine::game::Seat;
use serde_json::Value;
use std::fmt::Debug;
use std::hash::Hash;

/// What a host says to a guest, read without the game's types.
pub type Said = ToGuest<Value, Value>;

/// A room of `game` for two friends (seats 1 and 2) and the host's own seat 0 ("Me"); the
/// host's id is 0.
pub fn room(game: &str) -> Host<u32> {
    let mut h = Host::open(
        game,
        vec![],
        vec![Plan::Local("Me".into()), Plan::Online, Plan::Online],
    )
    .unwrap();
    h.set_me(0);
    h
}

/// A hello to room `h` with `nonce` (asking `back` for a seat) that commits to no part (its
/// nonce is its part, as a phone's page does).
pub fn hello<P>(h: &Host<P>, nonce: &str, back: Option<Seat>) -> Vec<u8> {
    msg::encode(&ToHost::<()>::Hello {
        v: msg::VERSION,
        room: h.code.clone(),
        nonce: nonce.into(),
        back,
        commit: None,
    })
}

/// An ask for `seat` under `name`, showing no part.
pub fn ask(seat: Seat, name: &str) -> Vec<u8> {
    msg::encode(&ToHost::<()>::Ask {
        seat,
        name: name.into(),
        reveal: None,
    })
}

/// What `h` has said to `peer`, read (what it said to the others is taken out too, unread).
pub fn said_to<P: Copy + Eq + Hash + Debug + PeerKey>(h: &mut Host<P>, peer: P) -> Vec<Said> {
    h.take_out()
        .into_iter()
        .filter(|(p, _)| *p == peer)
        .map(|(_, b)| msg::decode::<Said>(&b).unwrap())
        .collect()
}
