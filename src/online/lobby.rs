//! The host's lobby, its logic (`lobby_panel.rs` draws it): yes or no to each person asking
//! for a seat, Start, Close the table, each press counted only on an entry that has stood in
//! its place a moment; and the lines that tell friends how to join.

use super::host::OnlineHost;
use crate::menu::{MenuAct, MenuInput, Steady};
use crate::nav::Owner;
use crate::state::{MenuFocus, Overlay, Screen};
use crate::table::{Match, TableGame};
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_online::code::spaced;
use come_buy_online::link::PeerId;
use come_buy_text::say;

/// An entry of the lobby: yes or no to one person asking for one seat, Start, Close the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Answer(PeerId, Seat, bool),
    Start,
    Close,
}

/// The lobby's entries, in the order it shows them.
fn lobby_entries(oh: &OnlineHost) -> Vec<Entry> {
    let mut entries: Vec<Entry> = oh
        .room
        .asking()
        .iter()
        .flat_map(|r| [true, false].map(|yes| Entry::Answer(r.peer, r.seat, yes)))
        .collect();
    entries.extend([Entry::Start, Entry::Close]);
    entries
}

/// The lobby's entries as the screen shows them, with when each took its place (see
/// [`lobby_seen`]).
#[derive(Resource, Default)]
pub(crate) struct LobbyShown(Steady<Entry>);

/// At the end of each frame, what the lobby shows: a place whose entry changed (someone asked,
/// left, was answered) starts its wait, and the focus moves with its entry. Here rather than
/// in the lobby's logic because the room changes after the menus (a friend's message) and the
/// screen shows that change at once, even if no other frame follows before the host presses.
pub(crate) fn lobby_seen(
    room: Res<crate::phones::RemoteRoom>,
    mut focus: ResMut<MenuFocus>,
    (time, mut shown): (Res<Time<Real>>, ResMut<LobbyShown>),
) {
    let Some(oh) = room.online.as_ref() else {
        return;
    };
    let follow = focus.owner == Owner::Online;
    let on_question = matches!(shown.0.at(focus.index), Some(Entry::Answer(..)));
    let asked = shown.0.len().saturating_sub(2) / 2;
    // In real seconds: the room's wait, whatever the table's clock does.
    let now = time.elapsed_secs_f64();
    shown
        .0
        .show(lobby_entries(oh), now, follow.then_some(&mut focus.index));
    // Someone new asks while the focus is on Start or Close: it goes to the first question's
    // yes (a press meant for Start, at that moment, is dropped: that place just changed).
    if follow && !on_question && oh.room.asking().len() > asked {
        focus.index = 0;
    }
}

/// The lobby closed (or no room): everything in it is new when it opens again.
pub(crate) fn lobby_unseen(mut shown: ResMut<LobbyShown>) {
    if shown.0.len() > 0 {
        shown.0.clear();
    }
}

/// The lobby's logic (it owns the input while open over the host's table). People asking
/// come and go under the host's hands: a press counts only on an entry that has been in its
/// place a moment ([`Steady`]), and answers the person it showed, never whoever took their
/// place.
pub(crate) fn lobby_logic(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut room: ResMut<crate::phones::RemoteRoom>,
    (time, shown): (Res<Time<Real>>, Res<LobbyShown>),
    mut commands: Commands,
) {
    let Some(oh) = room.online.as_mut() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let shown = &shown.0;
    let acts = menu.acts(Owner::Online, shown.len());
    // Close the table's question stands while the focus stays on it.
    if oh.close_asked && shown.at(menu.focus.of(Owner::Online)) != Some(&Entry::Close) {
        oh.close_asked = false;
    }
    let Some(act) = acts.into_iter().find(|a| !matches!(a, MenuAct::Step(..))) else {
        return;
    };
    let entry = match act {
        MenuAct::Confirm(i) => match shown.pressed(i, now) {
            Some(e) => *e,
            None => {
                info!("online: a press on the lobby's entry {i}, which had just changed, dropped");
                return;
            }
        },
        MenuAct::Back => Entry::Close,
        MenuAct::Step(..) => return,
    };
    match entry {
        Entry::Answer(peer, seat, yes) => {
            if let Some(seat) = oh.room.answer(peer, seat, yes) {
                info!("online: seat {seat} given");
            }
        }
        // With seats still open, the first press only asks (one Enter must not give a
        // friend's seat to a bot); with every seat taken, Start starts.
        Entry::Start if !oh.room.ready() && !oh.start_asked => {
            oh.start_asked = true;
        }
        Entry::Start => {
            oh.start_asked = false;
            oh.start_now = true;
            overlay.set(Overlay::None);
        }
        // The first press (or Esc) only asks, on Close the table: the friends lose the table.
        Entry::Close if !oh.close_asked => {
            oh.close_asked = true;
            *menu.focus.claim(Owner::Online) = shown.len().saturating_sub(1);
        }
        Entry::Close => {
            // Closing the room leaves the table for New game.
            overlay.set(Overlay::None);
            menu.next.set(Screen::NewGame);
            commands.queue(|world: &mut World| {
                crate::games::for_each(&mut RemoveMatch(world));
            });
        }
    }
}

struct RemoveMatch<'a>(&'a mut World);

impl crate::table::EachGame for RemoveMatch<'_> {
    fn visit<G: TableGame>(&mut self) {
        self.0.remove_resource::<Match<G>>();
    }
}

/// How friends join this room: the link's end for the web page, the desktop's command.
pub fn join_lines(oh: &OnlineHost) -> Vec<String> {
    #[cfg(not(target_arch = "wasm32"))]
    let signal = match crate::phones::net::lan_address() {
        std::net::IpAddr::V6(ip) => super::friends_signal(&oh.signal, &format!("[{ip}]")),
        ip => super::friends_signal(&oh.signal, &ip.to_string()),
    };
    #[cfg(target_arch = "wasm32")]
    let signal = oh.signal.clone();
    let code = spaced(&oh.room.code);
    vec![
        say(&Text::new("online-join-page").raw("link", format!("?join={code}"))),
        say(&Text::new("online-join-desktop").raw(
            "command",
            format!("come-buy --join {code} --signal {signal}"),
        )),
    ]
}
