//! Online tables: a host's match played with friends far away.
//!
//! - [`code`]: room codes and seat tokens;
//! - [`msg`]: the versioned, size-limited messages;
//! - [`host`] and [`guest`]: each side's rules of the room, free of any transport;
//! - `link` (feature `matchbox`): the WebRTC data channels between tables, through a
//!   signaling server; `signal` (feature `signal`): such a server in-process.

pub mod code;
pub mod guest;
pub mod host;
#[cfg(feature = "matchbox")]
pub mod link;
pub mod msg;
#[cfg(all(feature = "signal", not(target_arch = "wasm32")))]
pub mod signal;
