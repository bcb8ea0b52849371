//! New game: pick the game, the number of seats, and for each seat a person or a bot, a name
//! and a colour. Every row is a stepper (Left/Right or the arrows on screen), so the whole
//! screen works with a gamepad alone; names can be typed with a keyboard.

use super::{MenuFocus, Overlay, Screen, menu_nav};
use crate::nav::Nav;
use crate::table::{Match, SeatInfo, SeatKind};
use crate::theme::{DEFAULT_NAMES, SEAT_COLORS};
use crate::ui;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The table being set up (kept between games so "play again" keeps the seats).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub seats: Vec<SeatInfo>,
    /// The seed of the next match; `None` picks a fresh one.
    pub seed: Option<u64>,
}

pub const KINDS: [(&str, Option<&str>); 3] = [
    ("Person", None),
    ("Bot: normal", Some("normal")),
    ("Bot: random", Some("random")),
];

impl Default for GameSetup {
    fn default() -> Self {
        let seats = (0..4)
            .map(|i| SeatInfo {
                name: DEFAULT_NAMES[i].to_string(),
                color: i,
                kind: if i == 0 {
                    SeatKind::Person
                } else {
                    SeatKind::Bot("normal".into())
                },
            })
            .collect();
        GameSetup { seats, seed: None }
    }
}

impl GameSetup {
    pub fn set_players(&mut self, n: usize) {
        let n = n.clamp(3, 6);
        while self.seats.len() < n {
            let i = self.seats.len();
            let color = (0..SEAT_COLORS.len())
                .find(|c| self.seats.iter().all(|s| s.color != *c))
                .unwrap_or(i);
            self.seats.push(SeatInfo {
                name: DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string(),
                color,
                kind: SeatKind::Bot("normal".into()),
            });
        }
        self.seats.truncate(n);
    }

    fn kind_index(kind: &SeatKind) -> usize {
        match kind {
            SeatKind::Person => 0,
            SeatKind::Bot(b) => KINDS
                .iter()
                .position(|(_, k)| *k == Some(b.as_str()))
                .unwrap_or(1),
        }
    }

    /// Changes a seat's kind by a step (Person, Bot: normal, Bot: random).
    pub fn cycle_kind(&mut self, seat: usize, delta: i32) {
        let i = Self::kind_index(&self.seats[seat].kind) as i32;
        let j = (i + delta).rem_euclid(KINDS.len() as i32) as usize;
        self.seats[seat].kind = match KINDS[j].1 {
            None => SeatKind::Person,
            Some(b) => SeatKind::Bot(b.into()),
        };
    }

    /// Changes a seat's colour to the next one no other seat uses.
    pub fn cycle_color(&mut self, seat: usize, delta: i32) {
        let n = SEAT_COLORS.len() as i32;
        let mut c = self.seats[seat].color as i32;
        for _ in 0..n {
            c = (c + delta).rem_euclid(n);
            if self
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| i == seat || s.color != c as usize)
            {
                break;
            }
        }
        self.seats[seat].color = c as usize;
    }

    /// The match this setup describes.
    pub fn start(&self) -> Result<Match, String> {
        let seed = self.seed.unwrap_or_else(rand::random);
        let mut seats = self.seats.clone();
        for (i, s) in seats.iter_mut().enumerate() {
            if s.name.trim().is_empty() {
                s.name = DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string();
            }
            s.name = s.name.chars().take(14).collect();
        }
        Match::new(seats, seed, Vec::new()).map_err(|e| e.to_string())
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<GameSetup>();
    app.add_systems(
        EguiPrimaryContextPass,
        new_game_menu.run_if(in_state(Screen::NewGame)),
    );
}

/// Rows: game, players, then per seat (kind, colour), then Start and Back.
fn rows(setup: &GameSetup) -> usize {
    2 + setup.seats.len() * 2 + 2
}

fn new_game_menu(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut focus: ResMut<MenuFocus>,
    mut setup: ResMut<GameSetup>,
    overlay: Res<Overlay>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    if *overlay != Overlay::None {
        return Ok(());
    }
    let n_rows = rows(&setup);
    let (start_row, back_row) = (n_rows - 2, n_rows - 1);
    let mut delta: Option<(usize, i32)> = None;
    let mut activate: Option<usize> = None;
    for nav in menu_nav(&mut navs, &mut focus, n_rows) {
        match nav {
            Nav::Left | Nav::BigLeft => delta = Some((focus.0, -1)),
            Nav::Right | Nav::BigRight => delta = Some((focus.0, 1)),
            Nav::Confirm => activate = Some(focus.0),
            Nav::Back => activate = Some(back_row),
            _ => {}
        }
    }
    let ctx = contexts.ctx_mut()?;
    ui::panel("new-game").show(ctx, |ui| {
        ui.vertical_centered(|ui| ui::heading(ui, "New game"));
        ui.add_space(8.0);
        if ui::stepper(ui, "Game", "Goblin Market (3-6)", focus.0 == 0) != 0 {
            focus.0 = 0;
        }
        let d = ui::stepper(ui, "Players", &setup.seats.len().to_string(), focus.0 == 1);
        if d != 0 {
            delta = Some((1, d));
        }
        ui.add_space(6.0);
        for i in 0..setup.seats.len() {
            let row = 2 + i * 2;
            ui.horizontal(|ui| {
                let color = SEAT_COLORS[setup.seats[i].color % SEAT_COLORS.len()].0;
                let c = egui::Color32::from_rgb(color[0], color[1], color[2]);
                ui.label(
                    egui::RichText::new(format!("Seat {}", i + 1))
                        .size(20.0)
                        .color(c),
                );
                let name = &mut setup.seats[i].name;
                ui.add(
                    egui::TextEdit::singleline(name)
                        .desired_width(170.0)
                        .char_limit(14)
                        .font(egui::TextStyle::Button),
                );
            });
            let kind = KINDS[GameSetup::kind_index(&setup.seats[i].kind)].0;
            let d = ui::stepper(ui, "  plays as", kind, focus.0 == row);
            if d != 0 {
                delta = Some((row, d));
            }
            let color_name = SEAT_COLORS[setup.seats[i].color % SEAT_COLORS.len()].1;
            let d = ui::stepper(ui, "  colour", color_name, focus.0 == row + 1);
            if d != 0 {
                delta = Some((row + 1, d));
            }
        }
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            if ui::big_button(ui, "Start", focus.0 == start_row, true) {
                activate = Some(start_row);
            }
            if ui::big_button(ui, "Back", focus.0 == back_row, true) {
                activate = Some(back_row);
            }
        });
    });
    if let Some((row, d)) = delta {
        match row {
            1 => {
                let n = setup.seats.len() as i32 + d;
                setup.set_players(n.max(0) as usize);
            }
            r if r >= 2 && r < start_row => {
                let seat = (r - 2) / 2;
                if (r - 2) % 2 == 0 {
                    setup.cycle_kind(seat, d);
                } else {
                    setup.cycle_color(seat, d);
                }
            }
            _ => {}
        }
    }
    match activate {
        Some(r) if r == start_row => match setup.start() {
            Ok(m) => {
                commands.insert_resource(m);
                next.set(Screen::Table);
            }
            Err(e) => error!("cannot start: {e}"),
        },
        Some(r) if r == back_row => next.set(Screen::Title),
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_grow_shrink_and_keep_distinct_colours() {
        let mut s = GameSetup::default();
        s.set_players(6);
        assert_eq!(s.seats.len(), 6);
        let mut colors: Vec<usize> = s.seats.iter().map(|x| x.color).collect();
        colors.sort();
        colors.dedup();
        assert_eq!(colors.len(), 6);
        s.cycle_color(0, 1);
        let c0 = s.seats[0].color;
        assert!(s.seats[1..].iter().all(|x| x.color != c0));
        s.set_players(9);
        assert_eq!(s.seats.len(), 6);
        s.set_players(1);
        assert_eq!(s.seats.len(), 3);
        s.cycle_kind(0, 1);
        assert_eq!(s.seats[0].kind, SeatKind::Bot("normal".into()));
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Person);
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Bot("random".into()));
    }

    #[test]
    fn blank_names_get_defaults_and_the_match_starts() {
        let mut s = GameSetup::default();
        s.seats[2].name = "   ".into();
        s.seed = Some(4);
        let m = s.start().unwrap();
        assert_eq!(m.seats[2].name, DEFAULT_NAMES[2]);
        assert_eq!(m.setup.seed, 4);
        assert!(!m.pending.is_empty());
    }
}
