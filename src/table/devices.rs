//! A device per seat, for several people at one screen. When a match with two or more people
//! comes to the table and a gamepad is connected, the Join panel asks each person in turn to
//! press A on their controller (or Enter / a click for the keyboard and mouse, which count as
//! one device). From then on only the acting seat's device makes its choices and lifts its
//! hand-over cover; any device may open the pause menu. Esc or B on the Join panel skips it:
//! every device drives every seat, as with one person. A bound controller unplugged mid-game
//! brings the panel back for that seat ("reconnect it or press A on another"); nothing stalls.
//! The bindings belong to the seats (their names and kinds): a rebuilt table (a language
//! change, an undo) and a rematch keep them; other seats ask again, and so does a match whose
//! controller went away in between.

use super::{Match, TableGame, playing};
use crate::nav::{Device, Inbox, Nav, Owner};
use crate::state::{Overlay, Screen};
use crate::ui;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// Who plays with what, for the match on the table.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SeatDevices {
    /// The seats these bindings are for (each name, and whether a person sits there).
    pub key: Option<Vec<(String, bool)>>,
    /// The people's seats, in order, with their names and colours.
    pub people: Vec<(Seat, String, usize)>,
    /// Each seat's device (bots and unbound seats: `None`).
    pub bound: Vec<Option<Device>>,
    /// Every device drives every seat (one person, no gamepad, or the Join panel skipped).
    pub shared: bool,
    /// Seats whose controller went away (the Join panel asks for them first).
    pub orphans: Vec<Seat>,
    /// The person seat to act now (kept by each game's system), whatever the queue.
    pub acting: Option<Seat>,
}

impl SeatDevices {
    /// Forgets who plays with what (the pause menu's Who plays with what): the Join panel
    /// asks every person again.
    pub(crate) fn ask_again(&mut self) {
        self.bound.iter_mut().for_each(|b| *b = None);
        self.orphans.clear();
        self.shared = false;
    }

    /// The next person seat without a device (an orphan first).
    pub(crate) fn next_to_join(&self) -> Option<Seat> {
        self.orphans.first().copied().or_else(|| {
            self.people
                .iter()
                .map(|(s, _, _)| *s)
                .find(|&s| self.bound.get(s).is_none_or(Option::is_none))
        })
    }

    /// Whether a press from `device` may act at the table now.
    pub fn allows(&self, device: Option<Device>) -> bool {
        if self.shared {
            return true;
        }
        let Some(seat) = self.acting else {
            return true;
        };
        match (device, self.bound.get(seat).copied().flatten()) {
            // Presses made by code (and tests), and seats nobody claimed, are anybody's.
            (None, _) | (_, None) => true,
            (Some(d), Some(b)) => d == b,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SeatDevices>();
    // `join_logic` and `filter_table_presses` run in the menus' chain (screens::plugin).
    app.add_systems(Update, controller_gone.before(crate::state::MenuSet));
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Table),
        start_join::<G>
            .after(super::TableSpawn)
            .run_if(super::deciding::<G>),
    );
    app.add_systems(
        Update,
        track_acting::<G>
            .before(crate::state::MenuSet)
            .run_if(playing::<G>),
    );
}

pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        join_panel.run_if(in_state(Overlay::Join)),
    );
}

/// A match entering the table: with two or more people and a gamepad, the Join panel asks who
/// plays with what (unless this match's bindings are known: a rebuilt table).
fn start_join<G: TableGame>(
    m: Res<Match<G>>,
    mut devices: ResMut<SeatDevices>,
    pads: Query<(), With<Gamepad>>,
    mut overlay: crate::state::Overlays,
    gate: Res<super::gate::Gate>,
) {
    let key: Vec<(String, bool)> = m
        .seats
        .iter()
        .map(|s| (s.name.clone(), s.is_person()))
        .collect();
    if devices.key.as_ref() == Some(&key) {
        // The same seats: the same devices (a controller gone meanwhile is asked for again).
        if !devices.orphans.is_empty() && *overlay == Overlay::None {
            overlay.set(Overlay::Join);
        }
        return;
    }
    let people: Vec<(Seat, String, usize)> = m
        .seats
        .iter()
        .enumerate()
        .filter(|(i, s)| s.is_person() && !gate.on_phone(*i))
        .map(|(i, s)| (i, s.name.clone(), s.color))
        .collect();
    let shared = people.len() < 2 || pads.is_empty();
    *devices = SeatDevices {
        key: Some(key),
        people,
        bound: vec![None; m.seats.len()],
        shared,
        orphans: Vec::new(),
        acting: None,
    };
    if !shared && *overlay == Overlay::None {
        info!(
            "join: {} people, asking who plays with what",
            devices.people.len()
        );
        overlay.set(Overlay::Join);
    }
}

fn track_acting<G: TableGame>(
    m: Res<Match<G>>,
    turn: Res<super::gate::Turn>,
    mut devices: ResMut<SeatDevices>,
) {
    // The gate's reading of the turn (last read after the last frame's moves went in): a
    // person at this screen is to play (not a phone's seat, not a move sent to the host).
    let acting = turn.screen_next(&m);
    if devices.acting != acting {
        devices.acting = acting;
    }
}

/// The Join panel's logic: a confirmation from a device claims the next seat; Esc or B shares
/// every device among every seat.
pub(crate) fn join_logic(
    owner: Res<State<Owner>>,
    mut overlay: crate::state::Overlays,
    mut inbox: ResMut<Inbox>,
    mut devices: ResMut<SeatDevices>,
) {
    let Some(presses) = crate::menu::take_if_owner(&mut inbox, &owner, Owner::Join) else {
        return;
    };
    for p in presses {
        match p.nav {
            Some(Nav::Confirm | Nav::Pick(_)) => {
                let Some(seat) = devices.next_to_join() else {
                    break;
                };
                let device = p.device.unwrap_or(Device::Keys);
                devices.bound[seat] = Some(device);
                devices.orphans.retain(|&s| s != seat);
                info!("join: seat {seat} plays with {device:?}");
            }
            Some(Nav::Back | Nav::Pause) => {
                info!("join: skipped, every device drives every seat");
                devices.shared = true;
                devices.orphans.clear();
                overlay.set(Overlay::None);
                return;
            }
            _ => {}
        }
        if devices.next_to_join().is_none() {
            overlay.set(Overlay::None);
            return;
        }
    }
}

/// At the table, only the acting seat's device acts (the pause menu already took its
/// presses, from any device).
pub(crate) fn filter_table_presses(
    owner: Res<State<Owner>>,
    mut inbox: ResMut<Inbox>,
    devices: Res<SeatDevices>,
) {
    if *owner.get() != Owner::Table || devices.shared {
        return;
    }
    inbox.retain(|p| {
        p.owner.is_some_and(|o| o != Owner::Table)
            || matches!(p.nav, Some(Nav::Log | Nav::Look | Nav::Closer))
            || devices.allows(p.device)
    });
}

/// A bound controller unplugged: its seats are asked for again on the Join panel.
fn controller_gone(
    mut events: MessageReader<GamepadConnectionEvent>,
    mut devices: ResMut<SeatDevices>,
    screen: Res<State<Screen>>,
    mut overlay: crate::state::Overlays,
) {
    for ev in events.read() {
        if !matches!(ev.connection, GamepadConnection::Disconnected) || devices.shared {
            continue;
        }
        let gone = Device::Pad(ev.gamepad);
        let seats: Vec<Seat> = (0..devices.bound.len())
            .filter(|&s| devices.bound[s] == Some(gone))
            .collect();
        if seats.is_empty() {
            continue;
        }
        for &s in &seats {
            devices.bound[s] = None;
            if !devices.orphans.contains(&s) {
                devices.orphans.push(s);
            }
        }
        warn!("join: the controller of seat(s) {seats:?} is gone");
        if *screen.get() == Screen::Table {
            overlay.set(Overlay::Join);
        }
    }
}

/// The device's name for the panel.
fn device_name(d: Device, pads: &Query<Entity, With<Gamepad>>) -> String {
    match d {
        Device::Keys => tr("join-keys"),
        Device::Pad(e) => {
            let mut all: Vec<Entity> = pads.iter().collect();
            all.sort();
            let n = all.iter().position(|&p| p == e).map_or(0, |i| i + 1);
            say(&Text::new("join-pad").num("n", n as i64))
        }
    }
}

/// What the Join panel says of one person: the device they play with, their controller gone,
/// asked to press now, or waiting for their turn to join.
fn person_line(
    devices: &SeatDevices,
    (seat, name): (Seat, &str),
    next: Option<Seat>,
    pads: &Query<Entity, With<Gamepad>>,
) -> String {
    let named = |key: &'static str| Text::new(key).raw("name", name.to_string());
    match devices.bound.get(seat).copied().flatten() {
        Some(d) => say(&named("join-bound").raw("device", device_name(d, pads))),
        None if devices.orphans.contains(&seat) => say(&named("join-gone")),
        None if next == Some(seat) => say(&named("join-press")),
        None => say(&named("join-waiting")),
    }
}

fn join_panel(
    mut contexts: EguiContexts,
    devices: Res<SeatDevices>,
    pads: Query<Entity, With<Gamepad>>,
    mut out: MessageWriter<crate::nav::UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    crate::ui::dim(ctx, 200);
    let next = devices.next_to_join();
    let screen = ctx.content_rect();
    crate::ui::reading_panel(ctx, "join").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen, 900.0));
        ui.vertical_centered(|ui| {
            ui::heading(ui, &tr("join-heading"));
            // The people's lines scroll above the buttons and the keys line (which stay on
            // the screen), the one asked now kept in view. A click on the first button claims
            // the seat for the keyboard and mouse.
            let (keys, share) = (tr("join-use-keys"), tr("join-share"));
            let labels: Vec<&str> = match next {
                Some(_) => vec![&keys, &share],
                None => vec![&share],
            };
            let column = ui::Column::of(ui, &labels);
            let keys_line = come_buy_text::tr_keys("join-keys-line");
            let spacing = ui.spacing().item_spacing.y;
            let below = 10.0
                + labels
                    .iter()
                    .map(|l| column.height(ui, l) + spacing)
                    .sum::<f32>()
                + ui::keys_line_height(ui, &keys_line, ui.available_width());
            let id = egui::Id::new("join rows");
            let room = ui::room_below(ui, screen, below);
            let asked = next.and_then(|n| devices.people.iter().position(|p| p.0 == n));
            let follow = ui::focus_moved(ui, id, asked.unwrap_or(usize::MAX));
            ui::whole_rows_scroll(ui, id, room, follow, |ui| {
                let mut stops = ui::Stops::begin(ui);
                for (seat, name, color) in &devices.people {
                    let line = person_line(&devices, (*seat, name), next, &pads);
                    let size = if next == Some(*seat) { 32.0 } else { 28.0 };
                    let r = ui.label(
                        egui::RichText::new(line)
                            .size(size)
                            .color(ui::seat_color(*color)),
                    );
                    stops.mark_rows(&r, ui::row_height(ui, size));
                    if follow && next == Some(*seat) {
                        ui.scroll_to_rect(r.rect, None);
                    }
                }
                stops.keep(ui, id);
            });
            ui.add_space(10.0);
            for (i, label) in labels.iter().enumerate() {
                if column.button(ui, label, false).clicked() {
                    let nav = if i + 1 == labels.len() {
                        Nav::Back
                    } else {
                        Nav::Pick(0)
                    };
                    crate::menu::click(&mut out, Owner::Join, nav);
                }
            }
            ui::keys_line(ui, &keys_line);
        });
    });
    Ok(())
}
