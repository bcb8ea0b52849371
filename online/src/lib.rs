//! Online tables: a host's match played with friends far away.
//!
//! - [`asking`]: the people asking a room for a seat (phones and friends alike);
//! - [`code`]: room codes and seat tokens;
//! - [`msg`]: the versioned, size-limited messages;
//! - [`host`] and [`guest`]: each side's rules of the room, free of any transport (the tables'
//!   WebRTC, and the phones' WebSocket: the desktop's phones are one more way into a room, its
//!   TV the host);
//! - `link` (feature `matchbox`): the WebRTC data channels between tables, through a
//!   signaling server; [`room`]: a room's name there (slowly derived from the code);
//!   `signal` (feature `server`, which `signal` adds to the link): such a server, in-process
//!   or as the `come-buy-signal` binary.

pub mod asking;
pub mod code;
pub mod guest;
pub mod host;
#[cfg(feature = "matchbox")]
pub mod link;
pub mod msg;
pub mod room;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod signal;
/// The tests' rooms and messages at a host's door (the unit tests' and the integration tests'
/// one home); not part of the API.
#[doc(hidden)]
pub mod testkit;
