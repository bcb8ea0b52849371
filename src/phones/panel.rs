//! The TV's Phones panel (pause menu -> Phones as hands): the page's address, a QR code that
//! opens it, the room code, and where each person's hand is; a seat on a phone can be given
//! back to the TV from here.

use super::Phones;
use crate::nav::{Nav, Owner, UiPress};
use crate::screens::{MenuAct, MenuFocus, MenuInput, Overlay, click};
use crate::theme::SEAT_COLORS;
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, phones_panel);
}

/// The person seats a phone may take in the match on the table (kept by each game's system):
/// seat, name, colour.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PhoneOffer(pub Vec<(Seat, String, usize)>);

/// The panel's entries: one per seat now on a phone (give it back to the TV), then Done.
pub fn panel_items(phones: &Phones, offer: &PhoneOffer) -> Vec<Option<Seat>> {
    let mut v: Vec<Option<Seat>> = offer
        .0
        .iter()
        .filter(|(s, _, _)| phones.holds(*s))
        .map(|(s, _, _)| Some(*s))
        .collect();
    v.push(None);
    v
}

/// The panel's logic: Enter on a seat gives its hand back to the TV; Done, Esc or B close it
/// (back to the table).
pub fn phones_logic(
    mut menu: MenuInput,
    mut overlay: ResMut<Overlay>,
    mut phones: ResMut<Phones>,
    offer: Res<PhoneOffer>,
) {
    let items = panel_items(&phones, &offer);
    for act in menu.acts(&overlay, Owner::Phones, items.len()) {
        match act {
            MenuAct::Confirm(i) => match items.get(i).copied().flatten() {
                Some(seat) => {
                    info!("phones: seat {seat} is back on the TV");
                    phones.give_back(seat);
                }
                None => {
                    *overlay = Overlay::None;
                    return;
                }
            },
            MenuAct::Back => {
                *overlay = Overlay::None;
                return;
            }
            MenuAct::Step(..) => {}
        }
    }
}

/// The browser build never serves phones (no room, so no code to draw).
#[cfg(target_arch = "wasm32")]
fn qr(_ui: &mut egui::Ui, _text: &str, _side: f32) {}

/// A QR code drawn with egui: dark modules on white with the usual quiet zone.
#[cfg(not(target_arch = "wasm32"))]
fn qr(ui: &mut egui::Ui, text: &str, side: f32) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let width = code.width();
    let dark = code.to_colors();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::WHITE);
    let quiet = 4.0;
    let module = side / (width as f32 + 2.0 * quiet);
    for y in 0..width {
        for x in 0..width {
            if dark[y * width + x] == qrcode::Color::Dark {
                let min =
                    rect.min + egui::vec2((x as f32 + quiet) * module, (y as f32 + quiet) * module);
                painter.rect_filled(
                    egui::Rect::from_min_size(min, egui::vec2(module + 0.5, module + 0.5)),
                    0.0,
                    egui::Color32::BLACK,
                );
            }
        }
    }
}

fn phones_panel(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    phones: Res<Phones>,
    offer: Res<PhoneOffer>,
    focus: Res<MenuFocus>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    if *overlay != Overlay::Phones {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    crate::screens::overlay::dim(ctx, 200);
    let f = focus.of(Owner::Phones);
    let items = panel_items(&phones, &offer);
    crate::screens::overlay::reading_panel(ctx, "phones").show(ctx, |ui| {
        ui.set_max_width(1100.0);
        ui.vertical_centered(|ui| {
            ui::heading(ui, &tr("phones-heading"));
            match (&phones.room, &phones.failed) {
                (Some(room), _) => {
                    ui.horizontal(|ui| {
                        qr(ui, &room.url, 260.0);
                        ui.add_space(24.0);
                        ui.vertical(|ui| {
                            ui.label(
                                egui::RichText::new(tr("phones-how"))
                                    .size(28.0)
                                    .color(CREAM),
                            );
                            ui.add_space(8.0);
                            ui.label(egui::RichText::new(&room.url).size(30.0).color(GOLD));
                            ui.add_space(8.0);
                            ui.label(
                                egui::RichText::new(say(
                                    &Text::new("phones-code").raw("code", room.code.clone())
                                ))
                                .size(44.0)
                                .color(GOLD),
                            );
                        });
                    });
                }
                (None, Some(why)) => {
                    ui.label(
                        egui::RichText::new(say(
                            &Text::new("phones-failed").raw("why", why.clone())
                        ))
                        .size(28.0)
                        .color(CREAM),
                    );
                }
                (None, None) => {
                    ui.label(
                        egui::RichText::new(tr("phones-desktop-only"))
                            .size(28.0)
                            .color(CREAM),
                    );
                }
            }
            ui.add_space(12.0);
            for (seat, name, color) in &offer.0 {
                let c = SEAT_COLORS[color % SEAT_COLORS.len()].0;
                let seat_color = egui::Color32::from_rgb(c[0], c[1], c[2]);
                let key = match phones.seats.iter().find(|p| p.seat == *seat) {
                    Some(p) if p.conn.is_some() => "phones-seat-phone",
                    Some(_) => "phones-seat-away",
                    None => "phones-seat-tv",
                };
                ui.label(
                    egui::RichText::new(say(&Text::new(key).raw("name", name.clone())))
                        .size(28.0)
                        .color(seat_color),
                );
            }
            ui.add_space(10.0);
            for (i, item) in items.iter().enumerate() {
                let label = match item {
                    Some(seat) => {
                        let name = offer
                            .0
                            .iter()
                            .find(|(s, _, _)| s == seat)
                            .map(|(_, n, _)| n.clone())
                            .unwrap_or_default();
                        say(&Text::new("phones-back-to-tv").raw("name", name))
                    }
                    None => tr("phones-done"),
                };
                if ui::big_button(ui, &label, f == i, true) {
                    click(&mut out, Owner::Phones, Nav::Pick(i));
                }
            }
            ui.label(
                egui::RichText::new(tr("phones-private"))
                    .size(20.0)
                    .color(MUTED),
            );
        });
    });
    Ok(())
}
