//! The table's tests in one binary (one link of Bevy instead of fourteen): each module is one
//! part of the app driven headless through its real systems. The tests that change what a
//! whole process shares (the language, failing renames) or read its threads and memory stay
//! binaries of their own (`tests/language.rs`, `tests/tutorial.rs`, `tests/unreadable.rs`,
//! `tests/phone_door.rs`).

#[path = "../common/mod.rs"]
mod common;

mod app;
mod art;
mod clip;
mod closeup;
mod credits;
mod daily;
mod devices;
mod duchess_table;
mod locales;
mod log;
mod looks;
mod menus;
mod mykonos_table;
mod online;
mod online_edges;
mod online_lobby;
mod online_refusals;
mod phone_claims;
mod phone_door_codes;
mod phone_door_share;
mod phone_table;
mod phones;
mod places;
mod rematch;
mod replay;
mod saves;
mod stats;
mod title_keys;
mod undo;
