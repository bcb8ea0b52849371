//! Overlays: the pause menu, settings (applied and saved at once), the rules help in our
//! own words, and "replace the saved game?". Each one's logic owns the input while it is on
//! top (see `screens`); its drawing only shows the state and sends clicks back.

use super::title::continue_saved;
use crate::menu::{MenuAct, MenuInput, click};
use crate::nav::{Nav, Owner, UiPress};
use crate::save::{SaveDir, Saves};
use crate::settings::{ANIM_SPEEDS, Settings};
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::ui;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

pub fn plugin(app: &mut App) {
    app.init_resource::<ui::ReadingScroll>();
    app.init_resource::<PendingStart>();
    app.add_systems(
        EguiPrimaryContextPass,
        (
            pause_menu.run_if(in_state(Overlay::Pause)),
            settings_menu,
            rules_overlay.run_if(in_state(Overlay::Rules)),
            replace_menu.run_if(in_state(Overlay::Replace)),
        ),
    );
}

// `reading_panel` and `dim` live with the other widgets (`ui`): the table and the phones
// use them too.
pub(crate) use crate::ui::{dim, reading_panel};

// How to play, its own file.
mod rules;
pub(crate) use rules::rules_logic;
use rules::rules_overlay;

/// The pause menu's entries (message keys).
pub(crate) const PAUSE_ITEMS: [&str; 4] = [
    "pause-resume",
    "menu-settings",
    "menu-how-to-play",
    "pause-quit-to-title",
];

/// The pause menu's entries now: with a guide running, Skip the guide before Quit; with
/// several people at the table, Who plays with what (choose the controllers again).
pub fn pause_items(guiding: bool) -> Vec<&'static str> {
    pause_items_with(guiding, false)
}

pub fn pause_items_with(guiding: bool, people: bool) -> Vec<&'static str> {
    pause_items_all(guiding, people, false)
}

/// The pause menu's entries, with Phones as hands where a phone may take a hidden hand (the
/// desktop, a game with hidden hands, a person at the table, no guide running).
pub fn pause_items_all(guiding: bool, people: bool, phones: bool) -> Vec<&'static str> {
    pause_items_for(guiding, people, phones, false)
}

/// [`pause_items_all`], and at a replay Back to the results (the match's end and its
/// results) before Quit.
pub fn pause_items_for(
    guiding: bool,
    people: bool,
    phones: bool,
    replay: bool,
) -> Vec<&'static str> {
    let mut v = PAUSE_ITEMS.to_vec();
    if replay {
        v.insert(v.len() - 1, "pause-to-results");
    }
    if guiding {
        v.insert(3, "pause-skip-tutorial");
    }
    if people {
        v.insert(v.len() - 1, "pause-controllers");
    }
    if phones && !guiding {
        v.insert(v.len() - 1, "pause-phones");
    }
    v
}

/// At an online host's table, Quit to title is Close the table, and it asks once more before
/// ending the table for every friend: `asked` after the first press.
pub fn for_host(mut items: Vec<&'static str>, hosting: bool, asked: bool) -> Vec<&'static str> {
    if hosting {
        for item in items.iter_mut().filter(|i| **i == "pause-quit-to-title") {
            *item = if asked {
                "pause-close-table-sure"
            } else {
                "pause-close-table"
            };
        }
    }
    items
}

/// Close the table was pressed once in the pause menu (see [`for_host`]).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CloseAsked(pub bool);

/// Phones may take hands at this table (see [`pause_items_all`]); never at a replay, where
/// nobody plays.
fn phones_offered(
    screen: &State<Screen>,
    offer: &crate::phones::panel::PhoneOffer,
    turn: &crate::table::gate::Turn,
) -> bool {
    cfg!(not(target_arch = "wasm32"))
        && *screen.get() == Screen::Table
        && !offer.0.is_empty()
        && turn.mode != crate::table::Mode::Replay
}

/// Several people play at the table on screen (the pause menu offers the Join panel); not
/// at a replay.
fn several_people(
    screen: &State<Screen>,
    d: &crate::table::devices::SeatDevices,
    turn: &crate::table::gate::Turn,
) -> bool {
    *screen.get() == Screen::Table && d.people.len() >= 2 && turn.mode != crate::table::Mode::Replay
}

/// The pause menu: Resume (first, the safe default), Settings, How to play, Quit to title.
pub(crate) fn pause_logic(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut back: ResMut<OverlayReturn>,
    mut skip: MessageWriter<crate::table::tutorial::SkipGuide>,
    mut devices: ResMut<crate::table::devices::SeatDevices>,
    (offer, mut phones, gate, turn): (
        Res<crate::phones::panel::PhoneOffer>,
        ResMut<crate::phones::RemoteRoom>,
        Res<crate::table::gate::Gate>,
        Res<crate::table::gate::Turn>,
    ),
    (mut to_results, mut asked): (
        MessageWriter<crate::table::replay::ReplayToResults>,
        ResMut<CloseAsked>,
    ),
) {
    let people = several_people(&menu.screen, &devices, &turn);
    let items = pause_items_for(
        gate.guided,
        people,
        phones_offered(&menu.screen, &offer, &turn),
        turn.mode == crate::table::Mode::Replay,
    );
    let items = for_host(items, gate.hosting, asked.0);
    let acts = menu.acts(Owner::Pause, items.len());
    let next = &mut menu.next;
    for act in acts {
        match act {
            MenuAct::Back => overlay.set(Overlay::None),
            MenuAct::Confirm(i) => match items[i] {
                "menu-settings" => {
                    back.0 = Overlay::Pause;
                    overlay.set(Overlay::Settings);
                }
                "menu-how-to-play" => {
                    back.0 = Overlay::Pause;
                    overlay.set(Overlay::Rules);
                }
                "pause-skip-tutorial" => {
                    skip.write(crate::table::tutorial::SkipGuide);
                    overlay.set(Overlay::None);
                }
                "pause-controllers" => {
                    devices.ask_again();
                    overlay.set(Overlay::Join);
                }
                "pause-phones" => {
                    // The panel says why if the server could not start.
                    let _ = phones.phones.start(None);
                    overlay.set(Overlay::Phones);
                }
                "pause-to-results" => {
                    to_results.write(crate::table::replay::ReplayToResults);
                    overlay.set(Overlay::None);
                }
                "pause-quit-to-title" => next.set(Screen::Title),
                // The first press asks again (the friends lose the table); the second closes.
                "pause-close-table" => asked.0 = true,
                "pause-close-table-sure" => {
                    asked.0 = false;
                    next.set(Screen::Title);
                }
                _ => overlay.set(Overlay::None),
            },
            _ => continue,
        }
        break;
    }
}

fn pause_menu(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    mut out: MessageWriter<UiPress>,
    (screen, devices): (Res<State<Screen>>, Res<crate::table::devices::SeatDevices>),
    (offer, gate, turn, asked): (
        Res<crate::phones::panel::PhoneOffer>,
        Res<crate::table::gate::Gate>,
        Res<crate::table::gate::Turn>,
        Res<CloseAsked>,
    ),
) -> Result {
    let f = focus.of(Owner::Pause);
    let ctx = contexts.ctx_mut()?;
    dim(ctx, 170);
    // Opaque: no table card shows through the menu.
    ui::panel("pause")
        .frame(egui::Frame::window(&ctx.global_style()).fill(ui::PANEL.to_opaque()))
        .show(ctx, |ui| {
            let people = several_people(&screen, &devices, &turn);
            let items = pause_items_for(
                gate.guided,
                people,
                phones_offered(&screen, &offer, &turn),
                turn.mode == crate::table::Mode::Replay,
            );
            let items = for_host(items, gate.hosting, asked.0);
            let labels: Vec<String> = items.iter().map(|l| tr(l)).collect();
            let column = ui::Column::on_screen(ui, &labels);
            ui.set_max_width(column.width);
            ui.vertical_centered(|ui| {
                ui::heading(ui, &tr("pause-heading"));
                for (i, label) in labels.iter().enumerate() {
                    if column.button(ui, label, f == i).clicked() {
                        click(&mut out, Owner::Pause, Nav::Pick(i));
                    }
                }
            });
        });
    Ok(())
}

/// The settings rows: 0 scale, 1 speed, 2-4 volumes, then these.
pub const LANGUAGE_ROW: usize = 5;
pub const FULLSCREEN_ROW: usize = 6;
pub(crate) const UNDO_ROW: usize = 7;
pub(crate) const SAFE_AREA_ROW: usize = 8;

/// Applies a step to settings row `row` (see [`LANGUAGE_ROW`]).
pub fn step_setting(s: &mut Settings, row: usize, delta: i32) {
    let d = delta as f32;
    match row {
        0 => s.ui_scale = ((s.ui_scale + 0.25 * d) * 4.0).round() / 4.0,
        1 => {
            s.anim_speed =
                (s.anim_speed as i32 + delta).rem_euclid(ANIM_SPEEDS.len() as i32) as usize
        }
        2 => s.master_volume += 0.1 * d,
        3 => s.music_volume += 0.1 * d,
        4 => s.sfx_volume += 0.1 * d,
        FULLSCREEN_ROW => s.fullscreen = !s.fullscreen,
        UNDO_ROW => s.undo = !s.undo,
        // 0 (Off), 2, 4, 6 percent: Left and Right stop at the ends (6% never wraps to Off).
        SAFE_AREA_ROW => {
            let most = i32::from(crate::settings::MAX_SAFE_AREA / 2);
            let now = i32::from(s.safe_area / 2);
            s.safe_area = ((now + delta).clamp(0, most) * 2) as u8;
        }
        LANGUAGE_ROW => {
            let n = come_buy_text::LANGUAGES.len() as i32;
            let now = come_buy_text::LANGUAGES
                .iter()
                .position(|l| Some(l.tag) == s.language.as_deref())
                .unwrap_or(0) as i32;
            let next = (now + delta).rem_euclid(n) as usize;
            s.language = Some(come_buy_text::LANGUAGES[next].tag.to_string());
        }
        _ => {}
    }
    *s = s.clone().clamped();
}

/// Settings rows and Done.
pub const SETTINGS_ROWS: usize = 10;

/// Settings: Left/Right change a row and the change is saved at once; Done, Esc or B close.
pub(crate) fn settings_logic(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    mut settings: ResMut<Settings>,
    dir: Res<SaveDir>,
) {
    for act in menu.acts(Owner::Settings, SETTINGS_ROWS) {
        match act {
            MenuAct::Step(row, d) if row < SETTINGS_ROWS - 1 => {
                step_setting(&mut settings, row, d);
                settings.save(&dir);
            }
            MenuAct::Confirm(row) if row < SETTINGS_ROWS - 1 => {
                // Enter goes round: past the widest margin, back to Off.
                if row == SAFE_AREA_ROW && settings.safe_area >= crate::settings::MAX_SAFE_AREA {
                    settings.safe_area = 0;
                } else {
                    step_setting(&mut settings, row, 1);
                }
                settings.save(&dir);
            }
            MenuAct::Confirm(_) | MenuAct::Back => {
                settings.save(&dir);
                overlay.set(back.0);
                break;
            }
            MenuAct::Step(..) => {}
        }
    }
}

/// "On" or "Off", in the player's language.
fn on_off(on: bool) -> String {
    tr(if on { "settings-on" } else { "settings-off" })
}

fn settings_menu(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    overlay: Res<State<Overlay>>,
    settings: Res<Settings>,
    mut out: MessageWriter<UiPress>,
    mut last_focus: Local<(Option<usize>, u8)>,
) -> Result {
    if *overlay != Overlay::Settings {
        *last_focus = (None, 0);
        return Ok(());
    }
    let f = focus.of(Owner::Settings);
    let ctx = contexts.ctx_mut()?;
    dim(ctx, 170);
    let s = settings.clone();
    let screen = ctx.content_rect();
    // The focused row is brought into view for a few frames after the focus moves or a
    // setting changes the room (the first frame of a panel only measures its rows).
    if last_focus.0 != Some(f) || settings.is_changed() {
        *last_focus = (Some(f), 3);
    }
    let scroll_to = last_focus.1 > 0;
    last_focus.1 = last_focus.1.saturating_sub(1);
    // Opaque, the heading included: nothing of the table shows through.
    let frame = egui::Frame::window(&ctx.global_style()).fill(ui::PANEL.to_opaque());
    let margin = frame.total_margin().sum().x;
    ui::panel("settings").frame(frame).show(ctx, |ui| {
        let rows = settings_rows(&s);
        // Every value in one column, its arrows at the same x on every row: as wide as the
        // widest value a row can show.
        let mut values: Vec<String> = rows.iter().map(|r| r.1.clone()).collect();
        values.extend(come_buy_text::LANGUAGES.iter().map(|l| l.name.to_string()));
        values.extend([on_off(true), on_off(false), "100%".into(), "1.75x".into()]);
        let value_w = ui::widest(ui, &values, 24.0);
        let labels: Vec<String> = rows.iter().map(|r| tr(r.0)).collect();
        // As wide as a row on one line (and the scroll bar beside it), at most the screen's
        // width: laid out in the same width every frame (a window's own width follows its
        // last contents).
        let wide = ui::stepper_line_width(ui, &labels, value_w) + 14.0;
        ui.set_width(wide.min(screen.width() - 40.0 - margin));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("menu-settings")));
        // The heading and Done stay put; at a large text size on a small window the rows
        // between them scroll (the focused row kept in view), ending under a whole row.
        let done = tr("menu-done");
        let below = ui::button_row_height(ui, &[&done], ui.available_width());
        let id = egui::Id::new("settings rows");
        let room = ui::room_below(ui, screen, below);
        // It jumps to the focused row (an eased scroll would stop half way on a resting app).
        ui::whole_rows_scroll(ui, id, room, scroll_to, |ui| {
            let mut stops = ui::Stops::begin(ui);
            let one_line = ui::steppers_fit(ui, &labels, value_w);
            for (i, (label, (_, value))) in labels.iter().zip(&rows).enumerate() {
                let (d, resp) = ui::stepper_row_fit(ui, (label, value), f == i, value_w, one_line);
                stops.mark(ui);
                if scroll_to && f == i {
                    resp.scroll_to_me(Some(egui::Align::Center));
                }
                if d != 0 {
                    click(&mut out, Owner::Settings, Nav::Step(i, d));
                }
            }
            stops.keep(ui, id);
        });
        ui.vertical_centered(|ui| {
            let n = SETTINGS_ROWS - 1;
            if ui::button_row(ui, &[(&done, f == n)])[0].clicked() {
                click(&mut out, Owner::Settings, Nav::Pick(n));
            }
        });
    });
    Ok(())
}

/// The settings' rows: each one's label (a message key) and its value in words now.
fn settings_rows(s: &Settings) -> [(&'static str, String); SETTINGS_ROWS - 1] {
    let pct = |v: f32| format!("{}%", (v * 100.0).round());
    [
        ("settings-size", format!("{:.2}x", s.ui_scale)),
        ("settings-speed", s.speed_label()),
        ("settings-volume", pct(s.master_volume)),
        ("settings-music", pct(s.music_volume)),
        ("settings-effects", pct(s.sfx_volume)),
        (
            "settings-language",
            come_buy_text::language().name.to_string(),
        ),
        ("settings-fullscreen", on_off(s.fullscreen)),
        ("settings-undo", on_off(s.undo)),
        (
            "settings-safe-area",
            if s.safe_area == 0 {
                on_off(false)
            } else {
                format!("{}%", s.safe_area)
            },
        ),
    ]
}

// Starting a match (or asking first) is New game's; the Replace question answers it here.
pub use super::new_game::{PendingStart, start_or_ask};

/// The replace question's entries: keep playing (the safe default), replace, back.
pub(crate) const REPLACE_ITEMS: [&str; 3] = ["replace-continue", "replace-new", "menu-back"];

/// Asked when a new match would overwrite a saved one of the same game.
pub(crate) fn replace_logic(
    mut menu: MenuInput,
    mut commands: Commands,
    mut overlay: crate::state::Overlays,
    mut pending: ResMut<PendingStart>,
    mut saves: ResMut<Saves>,
) {
    let acts = menu.acts(Owner::Replace, REPLACE_ITEMS.len());
    let Some(setup) = pending.setup.clone() else {
        if !acts.is_empty() {
            overlay.set(pending.back);
        }
        return;
    };
    let next = &mut menu.next;
    for act in acts {
        match act {
            MenuAct::Confirm(0) => {
                if continue_saved(&mut commands, &mut saves, setup.game) {
                    next.set(Screen::Table);
                } else {
                    overlay.set(pending.back);
                }
            }
            MenuAct::Confirm(1) => match setup.start(&mut commands) {
                Ok(()) => next.set(Screen::Table),
                Err(e) => {
                    error!("cannot start: {e}");
                    overlay.set(pending.back);
                }
            },
            MenuAct::Confirm(_) | MenuAct::Back => overlay.set(pending.back),
            MenuAct::Step(..) => continue,
        }
        pending.setup = None;
        break;
    }
}

fn replace_menu(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    pending: Res<PendingStart>,
    saves: Res<Saves>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let Some(setup) = &pending.setup else {
        return Ok(());
    };
    let f = focus.of(Owner::Replace);
    let moves = saves.of(setup.game).map_or(0, |e| e.moves);
    let ctx = contexts.ctx_mut()?;
    dim(ctx, 170);
    ui::panel("replace").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(ctx.content_rect(), 760.0));
        ui.vertical_centered(|ui| {
            ui::heading(ui, &tr("replace-heading"));
            ui.label(
                egui::RichText::new(say(&Text::new("replace-text")
                    .raw("game", setup.game.title())
                    .num("moves", moves as i64)))
                .size(28.0),
            );
            ui.add_space(8.0);
            let labels: Vec<String> = REPLACE_ITEMS.iter().map(|l| tr(l)).collect();
            let column = ui::Column::of(ui, &labels);
            for (i, label) in labels.iter().enumerate() {
                if column.button(ui, label, f == i).clicked() {
                    click(&mut out, Owner::Replace, Nav::Pick(i));
                }
            }
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_steps_stay_in_range() {
        let mut s = Settings::default();
        for _ in 0..20 {
            step_setting(&mut s, 0, 1);
            step_setting(&mut s, 2, 1);
        }
        assert_eq!(s.ui_scale, 2.0);
        assert_eq!(s.master_volume, 1.0);
        step_setting(&mut s, 1, -1);
        assert_eq!(s.speed_label(), "Instant");
        step_setting(&mut s, 1, 1);
        assert_eq!(s.speed_label(), "1x");
        // The TV margin stops at its ends under Left and Right.
        for _ in 0..6 {
            step_setting(&mut s, SAFE_AREA_ROW, 1);
        }
        assert_eq!(s.safe_area, crate::settings::MAX_SAFE_AREA);
        for _ in 0..6 {
            step_setting(&mut s, SAFE_AREA_ROW, -1);
        }
        assert_eq!(s.safe_area, 0);
    }
}
