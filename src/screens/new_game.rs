//! New game: pick the game, the number of seats, and for each seat a person or a bot, a name
//! and a colour. Every row is a stepper (Left/Right or the arrows on screen), so the whole
//! screen works with a gamepad alone; names can be typed with a keyboard.

use super::{MenuFocus, Overlay, Screen, menu_nav};
use crate::nav::Nav;
use crate::table::{ForGame, GameKind, Match, SeatInfo, SeatKind, TableGame, install};
use crate::theme::{DEFAULT_NAMES, SEAT_COLORS};
use crate::ui;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The table being set up (kept between games so "play again" keeps the seats).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub game: GameKind,
    pub seats: Vec<SeatInfo>,
    /// Index into the game's [`GameKind::variant_choices`].
    pub variant: usize,
    /// The seed of the next match; `None` picks a fresh one.
    pub seed: Option<u64>,
}

/// What a seat can be in `game`: a person, or one of its bots (strongest first).
pub fn kinds(game: GameKind) -> Vec<(String, Option<&'static str>)> {
    let mut v = vec![("Person".to_string(), None)];
    v.extend(
        game.bots()
            .into_iter()
            .map(|b| (format!("Bot: {b}"), Some(b))),
    );
    v
}

struct Start<'a>(&'a GameSetup, Vec<SeatInfo>, u64);

impl ForGame for Start<'_> {
    type Out = Result<Box<dyn FnOnce(&mut Commands) + Send>, String>;
    fn run<G: TableGame>(self) -> Self::Out {
        let m: Match<G> = self.0.start_as::<G>(self.1, self.2)?;
        Ok(Box::new(move |commands: &mut Commands| {
            install(commands, m)
        }))
    }
}

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
        GameSetup {
            game: GameKind::GoblinMarket,
            seats,
            variant: 0,
            seed: None,
        }
    }
}

impl GameSetup {
    /// Switches to another game, keeping the seats that fit and its player range.
    pub fn set_game(&mut self, game: GameKind) {
        self.game = game;
        self.variant = 0;
        let range = game.players();
        let n = self.seats.len().clamp(*range.start(), *range.end());
        self.set_players(n);
        let known = kinds(game);
        for seat in &mut self.seats {
            if let SeatKind::Bot(b) = &seat.kind
                && !known.iter().any(|(_, k)| *k == Some(b.as_str()))
            {
                seat.kind =
                    SeatKind::Bot(known.get(1).and_then(|k| k.1).unwrap_or("random").into());
            }
        }
    }

    pub fn set_players(&mut self, n: usize) {
        let range = self.game.players();
        let n = n.clamp(*range.start(), *range.end());
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

    fn kind_index(&self, kind: &SeatKind) -> usize {
        match kind {
            SeatKind::Person => 0,
            SeatKind::Bot(b) => kinds(self.game)
                .iter()
                .position(|(_, k)| *k == Some(b.as_str()))
                .unwrap_or(1),
        }
    }

    /// Changes a seat's kind by a step (Person, then the game's bots, strongest first).
    pub fn cycle_kind(&mut self, seat: usize, delta: i32) {
        let all = kinds(self.game);
        let i = self.kind_index(&self.seats[seat].kind) as i32;
        let j = (i + delta).rem_euclid(all.len() as i32) as usize;
        self.seats[seat].kind = match all[j].1 {
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

    /// The seats with blank names filled in and long ones cut.
    fn clean_seats(&self) -> Vec<SeatInfo> {
        let mut seats = self.seats.clone();
        for (i, s) in seats.iter_mut().enumerate() {
            if s.name.trim().is_empty() {
                s.name = DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string();
            }
            s.name = s.name.chars().take(14).collect();
        }
        seats
    }

    /// The variant names of the chosen rules.
    pub fn variants(&self) -> Vec<String> {
        self.game
            .variant_choices()
            .get(self.variant)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    pub fn variant_label(&self) -> &'static str {
        self.game
            .variant_choices()
            .get(self.variant)
            .map(|(l, _)| *l)
            .unwrap_or("Standard")
    }

    /// The match this setup describes, for game type `G` (which must be the chosen game).
    pub fn start_as<G: TableGame>(
        &self,
        seats: Vec<SeatInfo>,
        seed: u64,
    ) -> Result<Match<G>, String> {
        Match::<G>::new(seats, seed, self.variants()).map_err(|e| e.to_string())
    }

    /// Puts the match this setup describes on the table.
    pub fn start(&self, commands: &mut Commands) -> Result<(), String> {
        let seed = self.seed.unwrap_or_else(rand::random);
        let put = self.game.dispatch(Start(self, self.clean_seats(), seed))?;
        put(commands);
        Ok(())
    }

    /// For tests: the match of game `G` this setup describes.
    pub fn build<G: TableGame>(&self) -> Result<Match<G>, String> {
        let seed = self.seed.unwrap_or_else(rand::random);
        self.start_as::<G>(self.clean_seats(), seed)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<GameSetup>();
    app.add_systems(
        EguiPrimaryContextPass,
        new_game_menu.run_if(in_state(Screen::NewGame)),
    );
}

/// Rows: game, players, rules (when the game has variants), then per seat (kind, colour),
/// then Start and Back.
fn first_seat_row(setup: &GameSetup) -> usize {
    if setup.game.variant_choices().len() > 1 {
        3
    } else {
        2
    }
}

fn rows(setup: &GameSetup) -> usize {
    first_seat_row(setup) + setup.seats.len() * 2 + 2
}

/// One step on a row (Left/Right, or the arrows on screen).
fn step_row(setup: &mut GameSetup, row: usize, d: i32) {
    let seats0 = first_seat_row(setup);
    match row {
        0 => {
            let all = GameKind::ALL;
            let i = all.iter().position(|g| *g == setup.game).unwrap_or(0) as i32;
            let next = all[(i + d).rem_euclid(all.len() as i32) as usize];
            setup.set_game(next);
        }
        1 => {
            let n = setup.seats.len() as i32 + d;
            setup.set_players(n.max(0) as usize);
        }
        2 if seats0 == 3 => {
            let n = setup.game.variant_choices().len() as i32;
            setup.variant = (setup.variant as i32 + d).rem_euclid(n) as usize;
        }
        r if r >= seats0 && r < seats0 + setup.seats.len() * 2 => {
            let seat = (r - seats0) / 2;
            if (r - seats0).is_multiple_of(2) {
                setup.cycle_kind(seat, d);
            } else {
                setup.cycle_color(seat, d);
            }
        }
        _ => {}
    }
}

fn players_label(setup: &GameSetup) -> String {
    match setup.seats.len() {
        1 => "1 (solo)".to_string(),
        n => n.to_string(),
    }
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
    let seats0 = first_seat_row(&setup);
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
        let range = setup.game.players();
        let game_label = format!("{} ({}-{})", setup.game.title(), range.start(), range.end());
        let d = ui::stepper(ui, "Game", &game_label, focus.0 == 0);
        if d != 0 {
            delta = Some((0, d));
        }
        let d = ui::stepper(ui, "Players", &players_label(&setup), focus.0 == 1);
        if d != 0 {
            delta = Some((1, d));
        }
        if seats0 == 3 {
            let d = ui::stepper(ui, "Rules", setup.variant_label(), focus.0 == 2);
            if d != 0 {
                delta = Some((2, d));
            }
        }
        ui.add_space(6.0);
        let all_kinds = kinds(setup.game);
        for i in 0..setup.seats.len() {
            let row = seats0 + i * 2;
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
            let kind = &all_kinds[setup.kind_index(&setup.seats[i].kind)].0;
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
        step_row(&mut setup, row, d);
    }
    match activate {
        Some(r) if r == start_row => match setup.start(&mut commands) {
            Ok(()) => next.set(Screen::Table),
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
        assert_eq!(s.seats.len(), 3, "Goblin Market needs three");
        s.cycle_kind(0, 1);
        assert_eq!(s.seats[0].kind, SeatKind::Bot("normal".into()));
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Person);
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Bot("random".into()));
    }

    #[test]
    fn each_game_keeps_its_player_range_bots_and_rules() {
        let mut s = GameSetup::default();
        s.set_game(GameKind::Duchess);
        assert_eq!(s.seats.len(), 2, "four seats become the Duchess's two");
        s.set_players(1);
        assert_eq!(s.seats.len(), 1, "solo");
        assert_eq!(players_label(&s), "1 (solo)");
        let k = kinds(GameKind::Duchess);
        assert_eq!(k[1].1, Some("expert"), "strongest bot first");
        s.variant = 3;
        assert_eq!(
            s.variants(),
            vec!["rainbow".to_string(), "gold".to_string()]
        );
        s.set_game(GameKind::Mykonos);
        assert_eq!(s.seats.len(), 2);
        assert_eq!(s.variant, 0);
        let known = kinds(GameKind::Mykonos);
        for seat in &s.seats {
            if let SeatKind::Bot(b) = &seat.kind {
                assert!(known.iter().any(|(_, k)| *k == Some(b.as_str())), "{b}");
            }
        }
        s.set_players(9);
        assert_eq!(s.seats.len(), 4);
        // The game row steps through all three games and back.
        step_row(&mut s, 0, 1);
        assert_eq!(s.game, GameKind::Duchess);
        step_row(&mut s, 0, 1);
        assert_eq!(s.game, GameKind::GoblinMarket);
        assert_eq!(
            s.seats.len(),
            3,
            "two Duchess seats grow to Goblin Market's three"
        );
        let m = s
            .build::<come_buy_engine::goblin_market::GoblinMarket>()
            .unwrap();
        assert_eq!(m.seats.len(), 3);
    }

    #[test]
    fn blank_names_get_defaults_and_the_match_starts() {
        let mut s = GameSetup::default();
        s.seats[2].name = "   ".into();
        s.seed = Some(4);
        let m = s
            .build::<come_buy_engine::goblin_market::GoblinMarket>()
            .unwrap();
        assert_eq!(m.seats[2].name, DEFAULT_NAMES[2]);
        assert_eq!(m.setup.seed, 4);
        assert!(!m.pending.is_empty());
    }
}
