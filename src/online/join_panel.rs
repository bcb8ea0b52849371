//! Join a table's panel (`guest.rs` holds its logic): the form (the code, the name, Paste,
//! Join, Back), then the seats on offer, then the wait. It fits a phone's page: the code and
//! the name shrink or stack to the width, and on a short screen the buttons stand in a row.

use super::guest::{JoinForm, OnlineGuest, Status, open_seats};
use crate::games::GameKind;
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::state::MenuFocus;
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_online::code::spaced;
use come_buy_text::{say, tr};

/// What Join a table says now.
fn status_words(og: &OnlineGuest) -> String {
    let code = spaced(&og.room.code);
    match og.status {
        Status::Looking => say(&Text::new("online-looking").raw("code", code)),
        Status::Choosing => tr("online-choose-seat"),
        // With our mark: the host's lobby shows the same letters by our name.
        Status::Asking => match &og.room.mark {
            Some(mark) => format!("{} · {mark}", tr("online-asking")),
            None => tr("online-asking"),
        },
        Status::Seated => tr("online-seated"),
        Status::NoTable => say(&Text::new("online-no-table").raw("code", code)),
        Status::NoServer => tr(super::page_key("online-no-server-join")),
        Status::Refused => tr("online-refused-page"),
        Status::Closed => tr("online-host-closed"),
        Status::Lost => tr("online-host-lost"),
    }
}

/// Join a table before any link: the form. (Drawn under `in_state(Overlay::Online)` at a
/// table that hosts no room: the host's lobby is that overlay on its side.)
pub(crate) fn join_form_panel(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    form: Res<JoinForm>,
    (mut out, blocked): (MessageWriter<UiPress>, Res<crate::state::OnlineBlocked>),
    setup: Res<crate::screens::new_game::GameSetup>,
) -> Result {
    let name = form
        .name
        .clone()
        .unwrap_or_else(|| crate::screens::learn::person_name(&setup));
    let f = focus.of(Owner::Online);
    join_window(contexts.ctx_mut()?, blocked.0, |ui, screen| {
        the_form(ui, (&form, &name, blocked.0), (f, screen), &mut out);
    });
    Ok(())
}

/// Join a table once the link is open: the seats on offer, then the wait.
pub(crate) fn join_wait_panel(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    og: Res<OnlineGuest>,
    (mut out, blocked): (MessageWriter<UiPress>, Res<crate::state::OnlineBlocked>),
) -> Result {
    let f = focus.of(Owner::Online);
    join_window(contexts.ctx_mut()?, blocked.0, |ui, _| {
        the_wait(ui, &og, f, &mut out);
    });
    Ok(())
}

/// Join a table's window: its heading and why online play cannot work here (said before
/// anyone types a code or waits: a page with no meeting server, a browser without WebRTC),
/// then `body` (given the screen's rectangle).
fn join_window(
    ctx: &mut egui::Context,
    blocked: Option<&str>,
    body: impl FnOnce(&mut egui::Ui, egui::Rect),
) {
    let screen = ctx.content_rect();
    ui::dim(ctx, 225);
    ui::reading_panel(ctx, "join").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen, 900.0));
        ui.vertical_centered(|ui| {
            ui::heading(ui, &tr("online-join-heading"));
            if let Some(why) = blocked {
                ui.label(egui::RichText::new(tr(why)).size(28.0).color(ui::WARN));
            }
            body(ui, screen);
        });
    });
}

/// The form: the code (its letters as large as the width allows), the name, then Paste,
/// Join and Back (side by side where the screen is too short for them one under another).
fn the_form(
    ui: &mut egui::Ui,
    (form, name, blocked): (&JoinForm, &str, Option<&str>),
    (f, screen): (usize, egui::Rect),
    out: &mut MessageWriter<UiPress>,
) {
    ui.label(
        egui::RichText::new(tr("online-type-code"))
            .size(26.0)
            .color(CREAM),
    );
    let shown = if form.code.is_empty() {
        "____-____-____".to_string()
    } else {
        form.code.clone()
    };
    // The code on one line: 48 points, less where the width is short (never under the
    // smallest size a player reads).
    let pad = 2.0 * ui.spacing().button_padding.x + 8.0;
    let wide = ui.fonts_mut(|fo| {
        fo.layout_no_wrap(shown.clone(), egui::FontId::monospace(48.0), GOLD)
            .size()
            .x
    });
    let size = (48.0 * (ui.available_width() - pad) / wide).clamp(ui::SMALL, 48.0);
    let field = egui::RichText::new(shown)
        .size(size)
        .monospace()
        .color(GOLD);
    // A click puts the caret in the field (Enter joins); it never joins by itself.
    if ui.add(egui::Button::new(field).frame(f == 0)).clicked() {
        click(out, Owner::Online, Nav::Step(0, 0));
    }
    // (Not the reason online play cannot work here: the panel's first line says it.)
    if let Some(e) = form
        .error
        .as_deref()
        .filter(|e| *e != blocked.map(tr).unwrap_or_default())
    {
        ui.label(egui::RichText::new(e).size(24.0).color(CREAM));
    }
    name_row(ui, name, (1, f == 1), out);
    // One under another where they fit on the screen, else in a row.
    let labels = [tr("online-paste"), tr("online-join"), tr("menu-back")];
    let gap = ui.spacing().item_spacing.y;
    let column = 3.0 * ui::BUTTON_HEIGHT + 3.0 * gap;
    let frame = egui::Frame::window(ui.style()).total_margin().sum().y;
    let used = ui.min_rect().height();
    let buttons: Vec<(&str, bool)> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| (l.as_str(), f == i + 2))
        .collect();
    let clicked: Vec<bool> = if used + frame + column <= screen.height() {
        let column = ui::Column::of(ui, &labels);
        buttons
            .iter()
            .map(|(l, focused)| column.button(ui, l, *focused).clicked())
            .collect()
    } else {
        ui::button_row(ui, &buttons)
            .iter()
            .map(egui::Response::clicked)
            .collect()
    };
    for (i, c) in clicked.into_iter().enumerate() {
        if c {
            click(out, Owner::Online, Nav::Pick(i + 2));
        }
    }
}

/// The name the host and the other friends will see: its label beside the field, or above it
/// where the width is short.
fn name_row(
    ui: &mut egui::Ui,
    name: &str,
    (item, focused): (usize, bool),
    out: &mut MessageWriter<UiPress>,
) {
    let label = tr("online-your-name");
    let caret = if focused { "|" } else { "" };
    let text = format!("{name}{caret}");
    let words = ui.fonts_mut(|fo| {
        fo.layout_no_wrap(label.clone(), egui::FontId::proportional(26.0), CREAM)
            .size()
            .x
    });
    // The field's frame: its inner margin and stroke.
    let frame = 2.0 * (10.0 + 3.0);
    let gap = ui.spacing().item_spacing.x;
    let mut field = |ui: &mut egui::Ui, width: f32| {
        if ui::name_field_sized(ui, &text, focused, width).clicked() {
            click(out, Owner::Online, Nav::Step(item, 0));
        }
    };
    let say_it = |ui: &mut egui::Ui| {
        ui.label(egui::RichText::new(&label).size(26.0).color(CREAM));
    };
    let wide = words + gap + 320.0 + frame;
    if wide <= ui.available_width() {
        // Centred, as the code above it and the buttons below are, the words on the field's
        // middle line (egui's `horizontal` centres on a row of a button's height: the words
        // sat 7 points above the name).
        let row = egui::vec2(ui.available_width(), ui::NAME_FIELD_HEIGHT);
        let across = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(row, across, |ui| {
            ui.add_space(((ui.available_width() - wide) / 2.0).max(0.0));
            say_it(ui);
            field(ui, 320.0);
        });
    } else {
        say_it(ui);
        let width = (ui.available_width() - frame).min(320.0);
        field(ui, width);
    }
}

/// After Join: what is happening, the seats on offer and the name to be seen by (while
/// choosing), or who we are, then Back.
fn the_wait(ui: &mut egui::Ui, og: &OnlineGuest, f: usize, out: &mut MessageWriter<UiPress>) {
    ui.label(
        egui::RichText::new(status_words(og))
            .size(28.0)
            .color(CREAM),
    );
    if let Some(r) = &og.refused {
        ui.label(egui::RichText::new(r).size(24.0).color(GOLD));
    }
    let seats: Vec<String> = if og.status == Status::Choosing {
        let game = GameKind::from_id(&og.room.game)
            .map(|g| g.title())
            .unwrap_or_default();
        open_seats(og)
            .into_iter()
            .map(|seat| {
                say(&Text::new("online-take-seat")
                    .num("seat", seat as i64 + 1)
                    .raw("game", game.clone()))
            })
            .collect()
    } else {
        Vec::new()
    };
    let back = tr("menu-back");
    // The seats and Back of one width.
    let column = ui::Column::of(
        ui,
        &[seats.as_slice(), std::slice::from_ref(&back)].concat(),
    );
    let button = |ui: &mut egui::Ui, out: &mut MessageWriter<UiPress>, i: usize, label: &str| {
        if column.button(ui, label, f == i).clicked() {
            click(out, Owner::Online, Nav::Pick(i));
        }
    };
    let mut next = 0;
    for label in &seats {
        button(ui, out, next, label);
        next += 1;
    }
    if og.status == Status::Choosing {
        // The name the host will see, still to be changed (a link or --join skipped the form).
        name_row(ui, &og.room.name, (next, f == next), out);
        next += 1;
    } else {
        ui.label(
            egui::RichText::new(say(
                &Text::new("online-you-are").raw("name", og.room.name.clone())
            ))
            .size(ui::SMALL)
            .color(MUTED),
        );
    }
    button(ui, out, next, &back);
}
