//! Join a table's form as a friend works it: the code (typed or pasted), then a seat, then
//! the host's yes (`join_panel.rs` draws it; `guest.rs` is the friend's side of the table).

use super::guest::{JoinForm, OnlineGuest, Status, join, let_go, open_seats};
use super::{OnlineAsk, signal_url};
use crate::menu::{MenuAct, MenuInput};
use crate::nav::Owner;
use crate::settings::Settings;
use crate::state::Overlay;
use bevy::prelude::*;
use come_buy_online::code::read_code;
use come_buy_text::tr;

/// Join a table's form's entries: the code, the name, Paste, Join, Back.
const JOIN_FORM_ITEMS: usize = 5;

/// Join a table's form, before any link: the code (typed or pasted), the name, Paste, Join,
/// Back. Join opens the link (then [`join_seats`] takes over).
pub(crate) fn join_form(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut form: ResMut<JoinForm>,
    (ask, settings, setup, dir): (
        Res<OnlineAsk>,
        Res<Settings>,
        Res<crate::screens::new_game::GameSetup>,
        Res<crate::save::SaveDir>,
    ),
    mut commands: Commands,
    (time, mut clipboard, wake, blocked): (
        Res<Time<Real>>,
        ResMut<bevy::clipboard::Clipboard>,
        Res<crate::pace::Wake>,
        Res<crate::state::OnlineBlocked>,
    ),
) {
    let Some(presses) = crate::menu::take_if_owner(&mut menu.inbox, &menu.owner, Owner::Online)
    else {
        return;
    };
    let focus = menu.focus.claim(Owner::Online);
    let mut go = std::mem::take(&mut form.go);
    let default_name = crate::screens::learn::person_name(&setup);
    for p in presses {
        if *focus == 0 && p.type_into(&mut form.code, 80) {
            continue;
        }
        // The name: typed over the New game's, within a seat name's length.
        if *focus == 1 {
            let name = form.name.get_or_insert_with(|| default_name.clone());
            if p.type_into(name, crate::table::NAME_MAX) {
                continue;
            }
        }
        for act in crate::menu::menu_acts(vec![p], focus, JOIN_FORM_ITEMS) {
            match act {
                MenuAct::Confirm(0 | 1 | 3) => go = true,
                MenuAct::Confirm(2) => {
                    crate::clip::paste(&mut commands, &mut clipboard, crate::clip::PasteFor::Join)
                }
                MenuAct::Confirm(_) | MenuAct::Back => overlay.set(Overlay::None),
                MenuAct::Step(..) => {}
            }
        }
    }
    if let (true, Some(why)) = (go, blocked.0) {
        form.error = Some(tr(why));
    } else if go {
        form.error = None;
        match read_code(&form.code) {
            Ok(code) => {
                let name = form
                    .name
                    .clone()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or(default_name);
                let signal = signal_url(&ask, &settings);
                join(
                    &mut commands,
                    (&code, &name),
                    (&signal, &settings, &dir),
                    (time.elapsed_secs_f64(), &wake),
                );
            }
            Err(key) => form.error = Some(tr(key)),
        }
    }
}

/// Join a table once its link is open: while choosing, the seats on offer, the name (typed
/// over, as on the form: a friend who came by a link or --join never saw the form), Back.
/// Later: Back alone (which lets the link go).
pub(crate) fn join_seats(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut og: ResMut<OnlineGuest>,
    setup: Res<crate::screens::new_game::GameSetup>,
    mut commands: Commands,
) {
    let seats = open_seats(&og);
    let choosing = og.status == Status::Choosing;
    let name_at = seats.len();
    let n = if choosing { seats.len() + 2 } else { 1 };
    let Some(presses) = crate::menu::take_if_owner(&mut menu.inbox, &menu.owner, Owner::Online)
    else {
        return;
    };
    let focus = menu.focus.claim(Owner::Online);
    for p in presses {
        if choosing && *focus == name_at && p.type_into(&mut og.room.name, crate::table::NAME_MAX) {
            continue;
        }
        let acts = crate::menu::menu_acts(vec![p], focus, n);
        match acts.into_iter().find(|a| !matches!(a, MenuAct::Step(..))) {
            Some(MenuAct::Confirm(i)) if choosing && i < seats.len() => {
                if og.room.name.trim().is_empty() {
                    og.room.name = crate::screens::learn::person_name(&setup);
                }
                info!("online: asking the host for seat {}", seats[i]);
                og.room.ask::<()>(seats[i]);
                og.status = Status::Asking;
                og.refused = None;
                return;
            }
            // Enter on the name: on to the first seat.
            Some(MenuAct::Confirm(i)) if choosing && i == name_at => *focus = 0,
            Some(MenuAct::Confirm(_) | MenuAct::Back) => {
                // (Said in the log: the idle check once saw a friend's Enter ask for no seat.)
                info!("online: the friend left Join a table ({:?})", og.status);
                overlay.set(Overlay::None);
                let_go(&mut commands);
                return;
            }
            Some(MenuAct::Step(..)) | None => {}
        }
    }
}

/// A paste on Join a table becomes the code.
pub(crate) fn poll_join_paste(
    mut commands: Commands,
    pasting: Option<ResMut<crate::clip::Pasting>>,
    mut form: ResMut<JoinForm>,
) {
    let Some(mut pasting) = pasting else { return };
    if pasting.purpose != crate::clip::PasteFor::Join {
        return;
    }
    let Some(text) = crate::clip::poll(&mut pasting) else {
        return;
    };
    commands.remove_resource::<crate::clip::Pasting>();
    match text {
        Ok(t) => form.code = t.chars().take(80).collect(),
        Err(why) => form.error = Some(why),
    }
}
