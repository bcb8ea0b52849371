//! The host's lobby as drawn: the room's code and how to join, the seats and who holds each,
//! yes or no for each friend asking, Start and Close (`lobby.rs` holds its logic).

use super::host::OnlineHost;
use super::lobby::join_lines;
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::state::MenuFocus;
use crate::ui::{self, CREAM, GOLD, Line, MUTED};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use come_buy_engine::text::Text;
use come_buy_online::code::spaced;
use come_buy_online::msg::Holder;
use come_buy_text::{say, tr};

/// The words a holder has in the lobby.
fn holder_words(line: &come_buy_online::msg::SeatLine) -> String {
    match &line.holder {
        Holder::Local => say(&Text::new("online-holder-here").raw("name", line.name.clone())),
        Holder::Bot => super::bot_level(&line.name)
            .map_or_else(|| line.name.clone(), crate::screens::setup::bot_label),
        Holder::Open => tr("online-holder-open"),
        Holder::Online { here, .. } => say(&Text::new(if *here {
            "online-holder-friend"
        } else {
            "online-holder-gone"
        })
        .raw("name", line.name.clone())),
    }
}

/// The lobby: the code to send, how to join, the seats, the friends asking, Start (drawn as
/// every room of remote seats is, [`ui::room_panel`]).
pub(crate) fn lobby_overlay(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    room: Res<crate::phones::RemoteRoom>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let Some(oh) = room.online.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let start_label = if oh.room.ready() {
        tr("online-start")
    } else if oh.start_asked {
        tr("online-start-bots-sure")
    } else {
        tr("online-start-bots")
    };
    let close_label = tr(if oh.close_asked {
        "pause-close-table-sure"
    } else {
        "online-close"
    });
    // The asker's mark under the name: the friend's table shows the same letters.
    let questions = oh
        .room
        .asking()
        .iter()
        .map(|r| ui::Ask {
            question: say(&Text::new("online-asks")
                .raw("name", r.name.clone())
                .num("seat", r.seat as i64 + 1)),
            color: GOLD,
            mark: say(&Text::new("online-asks-mark").raw("mark", r.mark.clone())),
            notes: Vec::new(),
        })
        .collect();
    let seats = oh
        .room
        .lines()
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let text = say(&Text::new("online-seat-line")
                .num("seat", i as i64 + 1)
                .raw("who", holder_words(seat)));
            Line::new(text, 28.0, CREAM)
        })
        .collect();
    let room = ui::Room {
        heading: tr("online-lobby-heading"),
        way_in: way_in(oh),
        seats,
        notes: Vec::new(),
        questions,
        answers: [tr("online-yes"), tr("online-no")],
        buttons: vec![start_label, close_label],
    };
    if let Some(i) = ui::room_panel(ctx, "lobby", &room, focus.of(Owner::Online)) {
        click(&mut out, Owner::Online, Nav::Pick(i));
    }
    Ok(())
}

/// The room's code and how to join it, or why nobody can now.
fn way_in(oh: &OnlineHost) -> ui::WayIn {
    let mut lines = vec![
        Line::new(tr("online-code-is"), 26.0, CREAM),
        Line::new(spaced(&oh.room.code), 56.0, GOLD).mono(),
    ];
    if oh.no_server {
        // Nobody can join while the meeting server does not answer: said plainly, with the
        // way back (Close the table, below).
        let key = if oh.refused_page {
            "online-refused-page"
        } else {
            super::page_key("online-no-server-host")
        };
        let text = say(&Text::new(key).raw("server", oh.signal.clone()));
        lines.push(Line::new(text, 28.0, ui::WARN));
    } else {
        lines.extend(
            join_lines(oh)
                .into_iter()
                .map(|text| Line::new(text, ui::SMALL, MUTED)),
        );
    }
    ui::WayIn { qr: None, lines }
}
