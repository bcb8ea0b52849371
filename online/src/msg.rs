//! The messages between a host and its guests: JSON, versioned, at most [`MAX_BYTES`] each.
//! Anything that does not parse, names another version, or is too long is refused whole.

use come_buy_engine::game::Seat;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The protocol's version: a host and a guest of different versions refuse each other.
/// Version 2: a seat's token never crosses the wire again after the host's yes (a guest
/// coming back proves it for the host's challenge, and the host proves it for the guest's
/// nonce), and askers get a mark.
pub const VERSION: u32 = 2;
/// The longest message either side accepts (the largest seat's world is a few kilobytes, a
/// whole match's history for a friend coming back a few tens; a WebRTC data channel carries
/// up to 64 KiB in one message).
pub const MAX_BYTES: usize = 60 * 1024;
/// The longest name a guest may give.
pub const MAX_NAME: usize = 24;

/// Who holds a seat, as every table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A person at the host's screen.
    Local,
    Bot,
    /// A friend online: `here` while connected; `bot` while a bot plays for them.
    Online {
        here: bool,
        bot: bool,
    },
    /// Waiting for a friend to join.
    Open,
}

/// One seat as the lobby and the tables show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatLine {
    pub name: String,
    pub holder: Holder,
}

/// Why the host refused something (a message key each table words in its language).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// Another protocol version.
    Version,
    /// The message names another room or game.
    WrongRoom,
    /// Not JSON, or not a message we know.
    Malformed,
    TooBig,
    /// The seat is not open to friends (or does not exist).
    NoSeat,
    /// Someone holds or has asked for the seat.
    Taken,
    /// The host said no.
    Declined,
    /// Too many waiting at the door.
    Busy,
    /// The token does not open that seat.
    BadToken,
    /// Not seated (yet).
    NotSeated,
    /// The match has moved on since this move was chosen.
    Stale,
    NotYourTurn,
    /// The rules refused the move.
    Illegal,
    /// The match has not started (or is over).
    NotPlaying,
    /// The name is empty or too long.
    BadName,
    /// Let go for holding no seat and asking for none (the room waits for no one forever): a
    /// new hello, which [`crate::guest::Guest::ask`] sends, comes back in.
    Idle,
    /// The host took the seat back (its hand is played at the host's screen again).
    TakenBack,
    /// Another connection has the seat now, with the host's yes.
    Moved,
}

impl Why {
    /// The message key for this reason.
    pub fn key(self) -> &'static str {
        match self {
            Why::Version => "online-why-version",
            Why::WrongRoom => "online-why-room",
            Why::Malformed => "online-why-malformed",
            Why::TooBig => "online-why-big",
            Why::NoSeat => "online-why-seat",
            Why::Taken => "online-why-taken",
            Why::Declined => "online-why-declined",
            Why::Busy => "online-why-busy",
            Why::BadToken => "online-why-token",
            Why::NotSeated => "online-why-not-seated",
            Why::Stale => "online-why-stale",
            Why::NotYourTurn => "online-why-turn",
            Why::Illegal => "online-why-illegal",
            Why::NotPlaying => "online-why-not-playing",
            Why::BadName => "online-why-name",
            Why::Idle => "online-why-idle",
            Why::TakenBack => "online-why-taken-back",
            Why::Moved => "online-why-moved",
        }
    }
}

/// What a guest says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToHost<A> {
    /// The first word: the protocol version, the room's code, a fresh random `nonce` (hex),
    /// and the seat a guest holding a token wants `back` (the host's welcome then proves the
    /// host holds that seat's token: [`crate::code::host_proof`]). `commit`: the hash of the
    /// guest's part of its mark ([`crate::code::commit`]), revealed in its ask, so that whoever
    /// answers this hello fixes its own part before it can see ours (an online friend always
    /// sends it; a phone's page, which shows the host's mark as it is, may not).
    Hello {
        v: u32,
        room: String,
        nonce: String,
        back: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commit: Option<String>,
    },
    /// May I sit here, under this name? `reveal`: the guest's part of its mark, whose hash
    /// its hello carried (required then).
    Ask {
        seat: Seat,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reveal: Option<String>,
    },
    /// Back to my seat (after a drop): the `proof` that we hold its token, for the challenge of
    /// the host's welcome ([`crate::code::seat_proof`]); never the token itself.
    Back { seat: Seat, proof: String },
    /// My move, chosen when the match had `step` moves.
    Act { step: u32, action: A },
}

/// What a host says to one guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
#[serde(bound(serialize = "G: Serialize, E: Serialize"))]
#[serde(bound(deserialize = "G: DeserializeOwned, E: DeserializeOwned"))]
pub enum ToGuest<G, E> {
    /// The room's game and seats; a fresh random `challenge` (hex) for this peer; and, to a
    /// hello that asked for a seat `back`, the `host_proof` that the host holds its token.
    /// `commit`: the hash of the host's part of this peer's mark, revealed only once its ask
    /// is on the host's screen ([`ToGuest::Asking`]).
    Welcome {
        v: u32,
        game: String,
        variants: Vec<String>,
        seats: Vec<SeatLine>,
        started: bool,
        challenge: String,
        host_proof: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commit: Option<String>,
    },
    /// The host has our ask for `seat`, and shows us as `mark` by our name (see
    /// [`crate::code::mark`]); `reveal`: the host's part of the mark, whose hash its welcome
    /// carried (a friend's table works the mark out from it and its own part).
    Asking {
        seat: Seat,
        mark: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reveal: Option<String>,
    },
    /// The seats changed (someone joined, dropped, or a bot took over).
    Seats { seats: Vec<SeatLine> },
    /// You hold `seat`; `token` (on the host's yes only, never again) brings you back to it.
    Seated { seat: Seat, token: Option<String> },
    /// Something was refused (the state did not change).
    Refused { why: Why },
    /// The match as `seat` may know it after `step` moves: a world it cannot tell from the
    /// real one, and what it saw happen since the last one. `fresh`: show it at once (a
    /// guest arriving or coming back) instead of animating the effects.
    State {
        step: u32,
        seat: Seat,
        world: G,
        effects: Vec<E>,
        fresh: bool,
    },
    /// What the host's app shows a peer holding no seat, beside the protocol's own words: the
    /// phones' page gets the seats' colours and its words in the table's language (an online
    /// friend's table draws its own lobby and is sent none).
    View { view: G },
    /// The match is over: its code (seed and moves) to watch again.
    Over { code: String },
    /// The host closed the room (or left).
    Closed,
}

/// A message as bytes.
pub fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    serde_json::to_vec(msg).unwrap_or_default()
}

/// Bytes as a message, or why not: too long, not JSON, unknown, or another version.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Why> {
    if bytes.len() > MAX_BYTES {
        return Err(Why::TooBig);
    }
    // The version is read on its own first, so a newer guest gets "another version" rather
    // than "malformed".
    #[derive(Deserialize)]
    struct Versioned {
        v: Option<u32>,
    }
    if let Ok(Versioned { v: Some(v) }) = serde_json::from_slice::<Versioned>(bytes)
        && v != VERSION
    {
        return Err(Why::Version);
    }
    serde_json::from_slice(bytes).map_err(|_| Why::Malformed)
}

/// A name a guest gives: trimmed, printable, 1 to [`MAX_NAME`] characters.
pub fn clean_name(name: &str) -> Result<String, Why> {
    let name: String = name.trim().chars().filter(|c| !c.is_control()).collect();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(Why::BadName);
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_the_malformed_the_oversized_and_other_versions() {
        let hello: ToHost<u8> = ToHost::Hello {
            v: VERSION,
            room: "X".into(),
            nonce: "00".repeat(16),
            back: None,
            commit: None,
        };
        assert_eq!(decode::<ToHost<u8>>(&encode(&hello)), Ok(hello));
        assert_eq!(
            decode::<ToHost<u8>>(b"{\"t\":\"hello\""),
            Err(Why::Malformed)
        );
        assert_eq!(decode::<ToHost<u8>>(b"\xff\xfe"), Err(Why::Malformed));
        assert_eq!(
            decode::<ToHost<u8>>(b"{\"t\":\"hello\",\"v\":1,\"room\":\"X\"}"),
            Err(Why::Version)
        );
        assert_eq!(
            decode::<ToHost<u8>>(b"{\"t\":\"act\",\"step\":1,\"action\":1,\"extra\":0}"),
            Err(Why::Malformed)
        );
        let big = format!(
            "{{\"t\":\"ask\",\"seat\":0,\"name\":\"{}\"}}",
            "a".repeat(MAX_BYTES)
        );
        assert_eq!(decode::<ToHost<u8>>(big.as_bytes()), Err(Why::TooBig));
    }

    #[test]
    fn names_are_cleaned_and_bounded() {
        assert_eq!(clean_name("  Ana\u{7} "), Ok("Ana".into()));
        assert_eq!(clean_name("   "), Err(Why::BadName));
        assert_eq!(clean_name(&"x".repeat(MAX_NAME + 1)), Err(Why::BadName));
    }
}
