//! A person's choice (the list of legal actions, with the mouse, the keyboard alone or a
//! gamepad alone), the choice panel and the pointer, over the pieces every table shares
//! ([`crate::table_core::kit`], whose names are the kit's too).

pub use crate::table_core::kit::*;

mod choice;
pub use choice::*;
mod panel;
pub(crate) use panel::*;
mod pointer;
pub use pointer::Pointer;
