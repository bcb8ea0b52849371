//! New game: pick the game, the number of seats, and for each seat a person or a bot, a name
//! and a colour. Every row is a stepper (Left/Right or the arrows on screen), so the whole
//! screen works with a gamepad alone. A seat's name row is a text field: while it has the
//! focus, letters, Space and Backspace edit the name, and Up/Down, Tab, Enter and Esc leave it.
//! The rows scroll (wheel, drag, and the focused row is kept in view) so six seats fit any
//! window at any text size.

use crate::games::GameKind;
use crate::menu::{MenuAct, MenuInput, menu_acts, take_if_owner};
use crate::nav::{Nav, Owner};
use crate::save::Saves;
use crate::state::{Overlay, Screen};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use come_buy_text::say_key;
// The setup itself (the seats, their kinds and colours, starting its match) is in `setup`;
// these names stay reachable here.
pub use super::setup::{GameSetup, LEVELS, NAME_MAX, PendingStart, bot_label, kinds, start_or_ask};

// The screen's drawing, its own file.
mod panel;
use panel::new_game_menu;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameSetup>();
    // The last setup played comes back at the next start (game, seats, names, bots, rules).
    app.add_systems(
        Startup,
        |dir: Res<crate::save::SaveDir>, mut setup: ResMut<GameSetup>| {
            if let Some(kept) = GameSetup::load(&dir) {
                *setup = kept;
            }
        },
    );
    app.add_systems(
        OnEnter(Screen::Table),
        |dir: Res<crate::save::SaveDir>, setup: Res<GameSetup>| setup.save(&dir),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        new_game_menu.run_if(in_state(Screen::NewGame).and_then(in_state(Overlay::None))),
    );
    app.add_systems(
        OnEnter(Screen::NewGame),
        |dir: Res<crate::save::SaveDir>, mut saves: ResMut<Saves>| {
            *saves = Saves::read(&dir);
        },
    );
}

/// What a row of the screen is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Game,
    Players,
    Rules,
    Name(usize),
    Kind(usize),
    Colour(usize),
    Start,
    Back,
}

/// The rows in focus order: game, players, rules (when the game has variants), then per
/// seat its name, kind and colour, then Start and Back.
pub fn row_list(setup: &GameSetup) -> Vec<Row> {
    let mut v = vec![Row::Game, Row::Players];
    if setup.game.variant_choices().len() > 1 {
        v.push(Row::Rules);
    }
    for i in 0..setup.seats.len() {
        v.extend([Row::Name(i), Row::Kind(i), Row::Colour(i)]);
    }
    v.extend([Row::Start, Row::Back]);
    v
}

/// The rows as the screen draws them, in lines of cells: a seat's name, who plays and colour
/// share a line, Start and Back share the last one.
fn lines(rows: &[Row]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let before = out.last().and_then(|l| l.last()).map(|&j| rows[j]);
        let joins = match (r, before) {
            (Row::Kind(s), Some(Row::Name(t))) | (Row::Colour(s), Some(Row::Kind(t))) => *s == t,
            (Row::Back, Some(Row::Start)) => true,
            _ => false,
        };
        match out.last_mut() {
            Some(line) if joins => line.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// Up or Down from cell `focus`: the next line of the screen, in the same column between
/// seats (who plays, arriving from another row), Start arriving at the buttons; it stops at
/// the first and last lines. So Start is a press per seat away, not three.
pub(crate) fn grid_step(rows: &[Row], focus: usize, down: bool) -> usize {
    let lines = lines(rows);
    let Some((li, col)) = lines
        .iter()
        .enumerate()
        .find_map(|(li, l)| l.iter().position(|&c| c == focus).map(|col| (li, col)))
    else {
        return focus;
    };
    let target = if down { li + 1 } else { li.wrapping_sub(1) };
    let Some(line) = lines.get(target) else {
        return focus;
    };
    let seat_line = |l: &[usize]| l.len() == 3;
    let col = match (seat_line(&lines[li]), seat_line(line)) {
        (true, true) => col,
        (false, true) => 1,
        _ => 0,
    };
    line[col.min(line.len() - 1)]
}

/// One step on a row (Left/Right, or the arrows on screen).
fn step_row(setup: &mut GameSetup, row: Row, d: i32) {
    match row {
        Row::Game => {
            let all = GameKind::all();
            let i = all.iter().position(|g| *g == setup.game).unwrap_or(0) as i32;
            let next = all[(i + d).rem_euclid(all.len() as i32) as usize];
            setup.set_game(next);
        }
        Row::Players => {
            let n = setup.seats.len() as i32 + d;
            setup.set_players(n.max(0) as usize);
        }
        Row::Rules => {
            let n = setup.game.variant_choices().len() as i32;
            setup.variant = (setup.variant as i32 + d).rem_euclid(n) as usize;
        }
        Row::Kind(seat) => setup.cycle_kind(seat, d),
        Row::Colour(seat) => setup.cycle_color(seat, d),
        Row::Name(_) | Row::Start | Row::Back => {}
    }
}

fn players_label(setup: &GameSetup) -> String {
    say_key("new-game-players", &[("n", setup.seats.len() as i64)])
}

/// What the screen does once a press is read.
enum Then {
    Stay,
    Start,
    Back,
}

/// The New game screen's logic: focus, steppers, name typing, Start and Back.
pub(crate) fn new_game_logic(
    menu: MenuInput,
    mut commands: Commands,
    mut setup: ResMut<GameSetup>,
    mut overlay: crate::state::Overlays,
    (dir, mut saves, mut pending): (
        Res<crate::save::SaveDir>,
        ResMut<Saves>,
        ResMut<PendingStart>,
    ),
) {
    let MenuInput {
        owner,
        mut inbox,
        mut focus,
        mut next,
        ..
    } = menu;
    let Some(presses) = take_if_owner(&mut inbox, &owner, Owner::NewGame) else {
        return;
    };
    let focus = focus.claim(Owner::NewGame);
    let mut then = Then::Stay;
    for p in presses {
        let rows = row_list(&setup);
        *focus = (*focus).min(rows.len() - 1);
        // A name row owns the keyboard: typing edits, the rest leaves the field (Enter and
        // Esc to the seat's next cell; Esc never leaves the screen from a name).
        if let Row::Name(seat) = rows[*focus] {
            // A character past the name's length is still typing (dropped).
            if p.type_into(&mut setup.seats[seat].name, NAME_MAX) {
                continue;
            }
            if matches!(p.nav, Some(Nav::Confirm | Nav::Pause | Nav::Back)) {
                *focus += 1;
                continue;
            }
        }
        match p.nav {
            Some(nav @ (Nav::Up | Nav::Down)) => {
                *focus = grid_step(&rows, *focus, nav == Nav::Down);
                continue;
            }
            // Start and Back stand side by side.
            Some(nav @ (Nav::Left | Nav::Right))
                if matches!(rows[*focus], Row::Start | Row::Back) =>
            {
                let want = if nav == Nav::Left {
                    Row::Start
                } else {
                    Row::Back
                };
                *focus = rows.iter().position(|r| *r == want).unwrap_or(*focus);
                continue;
            }
            _ => {}
        }
        if let Some(Nav::Pick(i)) = p.nav
            && matches!(rows.get(i), Some(Row::Name(_)))
        {
            *focus = i;
            continue;
        }
        for act in menu_acts(vec![p], focus, rows.len()) {
            match act {
                MenuAct::Step(i, d) => step_row(&mut setup, rows[i], d),
                MenuAct::Confirm(i) => match rows[i] {
                    Row::Start => then = Then::Start,
                    Row::Back => then = Then::Back,
                    // Enter goes round a seat's cells: name, who plays, colour.
                    Row::Name(_) | Row::Kind(_) => *focus = i + 1,
                    Row::Colour(_) => *focus = i - 2,
                    row => step_row(&mut setup, row, 1),
                },
                MenuAct::Back => then = Then::Back,
            }
        }
        if !matches!(then, Then::Stay) {
            break;
        }
    }
    match then {
        Then::Stay => {}
        Then::Back => next.set(Screen::Title),
        Then::Start => {
            match start_or_ask(
                &mut commands,
                setup.clone(),
                (&dir, &mut saves),
                &mut pending,
                &mut overlay,
            ) {
                Ok(true) => next.set(Screen::Table),
                Ok(false) => {}
                Err(e) => error!("cannot start: {e}"),
            }
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatKind;
    use crate::theme::DEFAULT_NAMES;

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
        assert_eq!(s.seats[0].kind, SeatKind::Bot("hard".into()));
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Person);
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Online, "a friend online, last");
        s.cycle_kind(0, -1);
        assert_eq!(s.seats[0].kind, SeatKind::Bot("easy".into()));
    }

    #[test]
    fn each_game_keeps_its_player_range_bots_and_rules() {
        let mut s = GameSetup::default();
        s.set_game(GameKind::of::<come_buy_engine::duchess::Duchess>());
        assert_eq!(s.seats.len(), 2, "four seats become the Duchess's two");
        s.set_players(1);
        assert_eq!(s.seats.len(), 1, "solo");
        assert_eq!(
            players_label(&s),
            "1 (solo)",
            "{}",
            come_buy_text::language().tag
        );
        let k = kinds(GameKind::of::<come_buy_engine::duchess::Duchess>());
        let levels: Vec<SeatKind> = k.iter().map(|x| x.1.clone()).collect();
        assert_eq!(
            levels,
            [
                SeatKind::Person,
                SeatKind::Bot("hard".into()),
                SeatKind::Bot("normal".into()),
                SeatKind::Bot("easy".into()),
                SeatKind::Online
            ],
            "a person, the three levels, strongest first, and a friend online"
        );
        s.variant = 3;
        assert_eq!(
            s.variants(),
            vec!["rainbow".to_string(), "gold".to_string()]
        );
        s.set_game(GameKind::of::<come_buy_engine::mykonos::Mykonos>());
        assert_eq!(s.seats.len(), 2);
        assert_eq!(s.variant, 0);
        let known = kinds(GameKind::of::<come_buy_engine::mykonos::Mykonos>());
        for seat in &s.seats {
            if let SeatKind::Bot(b) = &seat.kind {
                assert!(known.iter().any(|(_, k)| *k == seat.kind), "{b}");
            }
        }
        s.set_players(9);
        assert_eq!(s.seats.len(), 4);
        // The game row steps through all three games and back.
        step_row(&mut s, Row::Game, 1);
        assert_eq!(s.game, GameKind::of::<come_buy_engine::duchess::Duchess>());
        step_row(&mut s, Row::Game, 1);
        assert_eq!(
            s.game,
            GameKind::of::<come_buy_engine::goblin_market::GoblinMarket>()
        );
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
