//! The menus, driven headless through the real screens' logic with keyboard and gamepad
//! events, frame by frame: one press is handled by exactly one screen, text fields keep the
//! keys they type, Continue always brings back the latest state of each game, and no save is
//! ever lost to a new match.

use crate::common::screens::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::games::GameKind;
use come_buy::games::LastMatch;
use come_buy::nav::Owner;
use come_buy::save::{SaveDir, Saves};
use come_buy::screens::new_game::{GameSetup, Row, row_list};
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy::settings::Settings;
use come_buy::table::Match;
use come_buy::ui::ReadingScroll;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;

fn setup(app: &mut App) -> Mut<'_, GameSetup> {
    app.world_mut().resource_mut::<GameSetup>()
}

#[test]
fn settings_done_returns_to_the_pause_menu_and_nothing_else() {
    let mut app = headless();
    start_game::<GoblinMarket>(
        &mut app,
        &people_then_bots(1, 2),
        3,
        come_buy::cli::Speed::Instant,
    );
    for _ in 0..20 {
        app.update();
    }
    let moves = actions(&app);
    one_transition(&mut app, KeyCode::Escape, (Screen::Table, Overlay::Pause));
    press(&mut app, KeyCode::ArrowDown);
    one_transition(&mut app, KeyCode::Enter, (Screen::Table, Overlay::Settings));
    for _ in 0..come_buy::screens::overlay::SETTINGS_ROWS - 1 {
        press(&mut app, KeyCode::ArrowDown);
    }
    // Done: back to the pause menu (focus on Resume), never on to the title.
    one_transition(&mut app, KeyCode::Enter, (Screen::Table, Overlay::Pause));
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Pause), 0);
    assert_eq!(actions(&app), moves, "the paused match did not move");
    // How to play stays open until closed, and closes back to the pause menu.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowDown);
    one_transition(&mut app, KeyCode::Enter, (Screen::Table, Overlay::Rules));
    one_transition(&mut app, KeyCode::Escape, (Screen::Table, Overlay::Pause));
    one_transition(&mut app, KeyCode::Escape, (Screen::Table, Overlay::None));
}

#[test]
fn every_title_and_pause_button_is_one_transition() {
    let mut app = headless();
    app.update();
    // Title (no saves): New game, Today's deal, Join a table, Settings, How to play, Learn to
    // play, Statistics, Watch a match, Quit.
    for (i, to) in [
        (1, (Screen::Title, Overlay::Daily)),
        (2, (Screen::Title, Overlay::Online)),
        (3, (Screen::Title, Overlay::Settings)),
        (4, (Screen::Title, Overlay::Rules)),
        (5, (Screen::Title, Overlay::Learn)),
        (6, (Screen::Title, Overlay::Stats)),
        (7, (Screen::Title, Overlay::Watch)),
    ] {
        focus_on(&mut app, Owner::Title, i);
        one_transition(&mut app, KeyCode::Enter, to);
        one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::None));
    }
    // Quit asks once (see `title_keys`); the second press asks to exit, once.
    focus_on(&mut app, Owner::Title, 8);
    tap(&mut app, KeyCode::Enter);
    tap(&mut app, KeyCode::Enter);
    let quits = app
        .world()
        .resource::<Messages<AppExit>>()
        .iter_current_update_messages()
        .count();
    assert_eq!(quits, 1, "Quit asks to exit once");
    focus_on(&mut app, Owner::Title, 0);
    one_transition(&mut app, KeyCode::Enter, (Screen::NewGame, Overlay::None));
    // New game: Esc and Back go to the title; Start to the table.
    one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::None));
    one_transition(&mut app, KeyCode::Enter, (Screen::NewGame, Overlay::None));
    let rows = row_list(app.world().resource::<GameSetup>());
    let back = rows.iter().position(|r| *r == Row::Back).unwrap();
    focus_on(&mut app, Owner::NewGame, back);
    one_transition(&mut app, KeyCode::Enter, (Screen::Title, Overlay::None));
    one_transition(&mut app, KeyCode::Enter, (Screen::NewGame, Overlay::None));
    let start = rows.iter().position(|r| *r == Row::Start).unwrap();
    focus_on(&mut app, Owner::NewGame, start);
    one_transition(&mut app, KeyCode::Enter, (Screen::Table, Overlay::None));
    // Pause: Resume, Settings, How to play, Quit to title (Enter and the pad's A).
    let pad = Pad::connect(&mut app);
    for (i, to) in [
        (0, (Screen::Table, Overlay::None)),
        (1, (Screen::Table, Overlay::Settings)),
        (2, (Screen::Table, Overlay::Rules)),
    ] {
        one_transition(&mut app, KeyCode::Escape, (Screen::Table, Overlay::Pause));
        focus_on(&mut app, Owner::Pause, i);
        let from = place(&app);
        pad.push(&mut app, GamepadButton::South);
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(place(&app), to, "pause item {i} from {from:?}");
        if to.1 != Overlay::None {
            pad.push(&mut app, GamepadButton::East);
            assert_eq!(place(&app), (Screen::Table, Overlay::Pause));
            pad.push(&mut app, GamepadButton::Start);
            assert_eq!(place(&app), (Screen::Table, Overlay::None));
        }
    }
    quit_to_title(&mut app);
    assert_eq!(
        app.world().resource::<MenuFocus>().of(Owner::Title),
        0,
        "the title opens on its first entry"
    );
}

#[test]
fn results_buttons_are_one_transition_each() {
    for (i, to) in [
        (0, Screen::Table),
        (1, Screen::Table),
        // 2: Copy the code (stays; tests/clip.rs)
        (3, Screen::NewGame),
        (4, Screen::Title),
    ] {
        let mut app = headless();
        start_game::<GoblinMarket>(&mut app, &bots(3), 11, come_buy::cli::Speed::Instant);
        let done = run_until(&mut app, 20_000, |app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Results
        });
        assert!(done);
        // An Enter the moment the results open (meant for the table) does nothing, but Left
        // and Right move along the row of buttons even then (a slow device's grace lasts
        // frames: the steps pressed in it are kept).
        focus_on(&mut app, Owner::Results, 0);
        press(&mut app, KeyCode::Enter);
        assert_eq!(place(&app), (Screen::Results, Overlay::None));
        for _ in 0..i {
            press(&mut app, KeyCode::ArrowRight);
        }
        press(&mut app, KeyCode::Enter);
        assert_eq!(place(&app), (Screen::Results, Overlay::None));
        past_results_grace(&mut app);
        assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Results), i);
        one_transition(&mut app, KeyCode::Enter, (to, Overlay::None));
    }
}

#[test]
fn the_results_take_every_press_of_a_slow_frame_in_order() {
    // A slow device (software WebGL draws a frame in half a second) gets several presses in
    // one frame: Right, Right, Right, Enter is New game (the fourth button), not the second.
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 11, come_buy::cli::Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    past_results_grace(&mut app);
    focus_on(&mut app, Owner::Results, 0);
    for key in [
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::Enter,
    ] {
        app.world_mut().write_message(key_event(key, true, None));
        app.world_mut().write_message(key_event(key, false, None));
    }
    app.update();
    app.update();
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
}

#[test]
fn typing_a_name_changes_only_the_name() {
    let mut app = headless();
    app.update();
    focus_on(&mut app, Owner::Title, 0);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
    let before = app.world().resource::<GameSetup>().clone();
    let rows = row_list(&before);
    let name_row = rows.iter().position(|r| *r == Row::Name(0)).unwrap();
    let kind_row = rows.iter().position(|r| *r == Row::Kind(0)).unwrap();
    let focus = |app: &App| app.world().resource::<MenuFocus>().of(Owner::NewGame);
    // Walk down to the first seat with the arrows (a seat is one line: Down lands on who
    // plays), then Enter round the seat's boxes (colour, then name).
    for _ in 0..rows.len() {
        if focus(&app) == kind_row {
            break;
        }
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focus(&app), kind_row);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert_eq!(focus(&app), name_row);
    for _ in 0..20 {
        press(&mut app, KeyCode::Backspace);
    }
    let alphabet = "abcdefghijklmnopqrstuvwxyz";
    type_text(&mut app, "Wasd ");
    type_text(&mut app, alphabet);
    let after = app.world().resource::<GameSetup>().clone();
    assert_eq!(
        after.seats[0].name, "Wasd abcdefghi",
        "14 characters at most"
    );
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    let after = app.world().resource::<GameSetup>().clone();
    assert_eq!(after.seats[0].name, "Wasd abcdefg");
    // Nothing else changed: no seat kind, colour, game or screen.
    let mut expect = before.clone();
    expect.seats[0].name = after.seats[0].name.clone();
    assert_eq!(after, expect);
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
    assert_eq!(
        app.world().resource::<MenuFocus>().of(Owner::NewGame),
        name_row
    );
    // Every letter key types itself rather than steering.
    for c in alphabet.chars() {
        press(&mut app, letter_key(c));
        press(&mut app, KeyCode::Backspace);
    }
    assert_eq!(
        app.world().resource::<GameSetup>().seats[0].name,
        "Wasd abcdefg"
    );
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
    // Esc leaves the field, not the screen: to the seat's next box, where W/S steer again.
    press(&mut app, KeyCode::Escape);
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
    assert_eq!(focus(&app), kind_row);
    press(&mut app, KeyCode::KeyS);
    let next_seat = rows.iter().position(|r| *r == Row::Kind(1)).unwrap();
    assert_eq!(focus(&app), next_seat, "Down goes to the next seat");
    press(&mut app, KeyCode::KeyW);
    assert_eq!(focus(&app), kind_row);
    assert_eq!(
        app.world().resource::<GameSetup>().seats[0].name,
        "Wasd abcdefg"
    );
    // From there, Esc means Back.
    one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::None));
}

#[test]
fn start_is_a_press_per_seat_away_and_menus_do_not_wrap() {
    let mut app = headless();
    app.update();
    focus_on(&mut app, Owner::Title, 0);
    press(&mut app, KeyCode::Enter);
    app.update();
    // Six seats of Goblin Market: from the top, Start is one press per line.
    setup(&mut app).set_players(6);
    let rows = row_list(app.world().resource::<GameSetup>());
    let start = rows.iter().position(|r| *r == Row::Start).unwrap();
    focus_on(&mut app, Owner::NewGame, 0);
    let mut presses = 0;
    while app.world().resource::<MenuFocus>().of(Owner::NewGame) != start {
        press(&mut app, KeyCode::ArrowDown);
        presses += 1;
        assert!(presses <= 12, "Start not reached");
    }
    // Game, Players, Rules, six seats: nine presses (three per seat before).
    assert_eq!(presses, 9);
    // Down at the last line stays; Right goes to Back, Left to Start.
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        app.world().resource::<MenuFocus>().of(Owner::NewGame),
        start
    );
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        rows[app.world().resource::<MenuFocus>().of(Owner::NewGame)],
        Row::Back
    );
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(
        app.world().resource::<MenuFocus>().of(Owner::NewGame),
        start
    );
    // Up from the first line stays there.
    focus_on(&mut app, Owner::NewGame, 0);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::NewGame), 0);
    // The pause menu: Up from Resume stays on Resume (never Quit to title).
    let mut app = headless();
    start_game::<GoblinMarket>(
        &mut app,
        &people_then_bots(1, 2),
        3,
        come_buy::cli::Speed::Instant,
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(place(&app), (Screen::Table, Overlay::Pause));
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Pause), 0);
    press(&mut app, KeyCode::Enter);
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
}

#[test]
fn continue_brings_back_the_latest_state_of_each_game() {
    let dir = temp_dir("continue");
    let mut app = headless_with(Some(dir.clone()));
    instant(&mut app);
    app.update();
    start_from_title(&mut app, GameKind::of::<GoblinMarket>(), 21);
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    play_to(&mut app, 12);
    quit_to_title(&mut app);
    let gm_moves = app.world().resource::<Match<GoblinMarket>>().actions.len();
    let saves = app.world().resource::<Saves>().clone();
    assert_eq!(saves.games.len(), 1);
    assert_eq!(
        saves.games[0].moves, gm_moves,
        "the save is the latest state"
    );
    // Continue (the first entry): the same moves, not the launch-time ones (read in the
    // frame it is put back, before the bots play on).
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<Match<GoblinMarket>>().actions.len(),
        gm_moves
    );
    app.update();
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    play_to(&mut app, gm_moves + 5);
    quit_to_title(&mut app);
    let gm_moves = app.world().resource::<Match<GoblinMarket>>().actions.len();
    // A Mýkonos game beside it.
    start_from_title(&mut app, GameKind::of::<Mykonos>(), 5);
    assert_eq!(
        app.world().resource::<LastMatch>().kind,
        GameKind::of::<Mykonos>()
    );
    play_to(&mut app, 9);
    quit_to_title(&mut app);
    let my_moves = app.world().resource::<Match<Mykonos>>().actions.len();
    let saves = app.world().resource::<Saves>().clone();
    assert_eq!(saves.games.len(), 2, "one save per game: {saves:?}");
    assert_eq!(
        saves.of(GameKind::of::<GoblinMarket>()).unwrap().moves,
        gm_moves
    );
    assert_eq!(saves.of(GameKind::of::<Mykonos>()).unwrap().moves, my_moves);
    // Each Continue brings back its own game.
    let entries = come_buy::screens::title::entries(&saves);
    for (i, (entry, _)) in entries.iter().enumerate().take(2) {
        let come_buy::screens::title::Entry::Continue(kind) = *entry else {
            panic!("{entry:?}")
        };
        focus_on(&mut app, Owner::Title, i);
        press(&mut app, KeyCode::Enter);
        let moves = if kind == GameKind::of::<GoblinMarket>() {
            app.world().resource::<Match<GoblinMarket>>().actions.len()
        } else {
            assert_eq!(kind, GameKind::of::<Mykonos>());
            app.world().resource::<Match<Mykonos>>().actions.len()
        };
        assert_eq!(moves, saves.of(kind).unwrap().moves, "{kind:?}");
        app.update();
        assert_eq!(place(&app), (Screen::Table, Overlay::None));
        quit_to_title(&mut app);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_match_never_silently_replaces_a_saved_one() {
    let dir = temp_dir("replace");
    let mut app = headless_with(Some(dir.clone()));
    instant(&mut app);
    app.update();
    start_from_title(&mut app, GameKind::of::<GoblinMarket>(), 8);
    play_to(&mut app, 10);
    quit_to_title(&mut app);
    let moves = app.world().resource::<Saves>().games[0].moves;
    // New game of the same game: Start asks first, with "continue" focused.
    start_from_title(&mut app, GameKind::of::<GoblinMarket>(), 9);
    assert_eq!(place(&app), (Screen::NewGame, Overlay::Replace));
    one_transition(&mut app, KeyCode::Escape, (Screen::NewGame, Overlay::None));
    let start = row_list(app.world().resource::<GameSetup>())
        .iter()
        .position(|r| *r == Row::Start)
        .unwrap();
    focus_on(&mut app, Owner::NewGame, start);
    one_transition(
        &mut app,
        KeyCode::Enter,
        (Screen::NewGame, Overlay::Replace),
    );
    press(&mut app, KeyCode::Enter);
    let m = app.world().resource::<Match<GoblinMarket>>();
    assert_eq!(
        (m.setup.seed, m.actions.len()),
        (8, moves),
        "the saved game"
    );
    app.update();
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    // A Mýkonos game does not touch the Goblin Market save (as it was when its table was
    // left: the bots may have moved on).
    quit_to_title(&mut app);
    let moves = Saves::read(app.world().resource::<SaveDir>())
        .of(GameKind::of::<GoblinMarket>())
        .unwrap()
        .moves;
    start_from_title(&mut app, GameKind::of::<Mykonos>(), 3);
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    play_to(&mut app, 3);
    let kept = Saves::read(app.world().resource::<SaveDir>());
    assert_eq!(
        kept.of(GameKind::of::<GoblinMarket>()).unwrap().moves,
        moves
    );
    // Choosing to replace it starts the new one.
    quit_to_title(&mut app);
    start_from_title(&mut app, GameKind::of::<GoblinMarket>(), 10);
    assert_eq!(place(&app), (Screen::NewGame, Overlay::Replace));
    press(&mut app, KeyCode::ArrowDown);
    one_transition(&mut app, KeyCode::Enter, (Screen::Table, Overlay::None));
    assert_eq!(app.world().resource::<Match<GoblinMarket>>().setup.seed, 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn settings_are_saved_on_every_change() {
    let dir = temp_dir("settings");
    let mut app = headless_with(Some(dir.clone()));
    app.update();
    focus_on(&mut app, Owner::Title, 3);
    one_transition(&mut app, KeyCode::Enter, (Screen::Title, Overlay::Settings));
    press(&mut app, KeyCode::ArrowRight);
    let saved = Settings::load(app.world().resource::<SaveDir>());
    assert_eq!(saved.ui_scale, Settings::default().ui_scale + 0.25);
    // Closed with Esc: still saved.
    press(&mut app, KeyCode::ArrowRight);
    one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::None));
    let saved = Settings::load(app.world().resource::<SaveDir>());
    assert_eq!(saved.ui_scale, Settings::default().ui_scale + 0.5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_scroll_within_their_text() {
    let mut app = headless();
    app.update();
    focus_on(&mut app, Owner::Title, 4);
    one_transition(&mut app, KeyCode::Enter, (Screen::Title, Overlay::Rules));
    // The drawing measures the text; headless, give it a size.
    {
        let mut s = app.world_mut().resource_mut::<ReadingScroll>();
        s.max = 500.0;
        s.page = 300.0;
    }
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        app.world().resource::<ReadingScroll>().offset,
        ReadingScroll::LINE
    );
    for _ in 0..30 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(
        app.world().resource::<ReadingScroll>().offset,
        500.0,
        "not past the end"
    );
    // PageUp goes up a page, PageDown down one (never past the end).
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.world().resource::<ReadingScroll>().offset, 200.0);
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.world().resource::<ReadingScroll>().offset, 500.0);
    for _ in 0..30 {
        press(&mut app, KeyCode::ArrowUp);
    }
    assert_eq!(app.world().resource::<ReadingScroll>().offset, 0.0);
    assert_eq!(place(&app), (Screen::Title, Overlay::Rules), "still open");
}

#[test]
fn a_press_and_release_in_one_frame_counts() {
    let mut app = headless();
    app.update();
    // `press` sends the press and the release before the same frame: the menu moves.
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Title), 1);
    // Two taps in one frame are two moves.
    for _ in 0..2 {
        app.world_mut()
            .write_message(key_event(KeyCode::ArrowDown, true, None));
        app.world_mut()
            .write_message(key_event(KeyCode::ArrowDown, false, None));
    }
    app.update();
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Title), 3);
    // The same for a pad's button.
    let pad = Pad::connect(&mut app);
    pad.push(&mut app, GamepadButton::DPadUp);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Title), 2);
}

#[test]
fn a_touch_makes_buttons_finger_sized_for_the_rest_of_the_run() {
    use bevy::input::touch::{TouchInput, TouchPhase};
    use come_buy::nav::TouchScreen;
    use come_buy::ui::{BUTTON_HEIGHT, TOUCH_TARGET, zoom_for};
    let mut app = headless();
    app.update();
    // A desktop starts without touch: menus keep the table's proportions.
    assert_eq!(*app.world().resource::<TouchScreen>(), TouchScreen(false));
    app.update();
    assert_eq!(*app.world().resource::<TouchScreen>(), TouchScreen(false));
    app.world_mut().write_message(TouchInput {
        phase: TouchPhase::Started,
        position: Vec2::new(300.0, 200.0),
        window: Entity::PLACEHOLDER,
        force: None,
        id: 1,
    });
    app.update();
    assert_eq!(*app.world().resource::<TouchScreen>(), TouchScreen(true));
    // It stays a touch screen when the finger lifts, and a phone held sideways (390 px tall)
    // then gets buttons of at least 44 px.
    for _ in 0..3 {
        app.update();
    }
    let touch = app.world().resource::<TouchScreen>().0;
    assert!(touch);
    let settings = app.world().resource::<Settings>();
    assert!(BUTTON_HEIGHT * zoom_for(390.0, settings.ui_scale.min(1.0), touch) >= TOUCH_TARGET);
}

#[test]
fn f11_and_alt_enter_switch_full_screen_and_confirm_nothing() {
    let dir = temp_dir("fullscreen");
    let mut app = headless_with(Some(dir.clone()));
    app.update();
    assert_eq!(place(&app), (Screen::Title, Overlay::None));
    assert!(!app.world().resource::<Settings>().fullscreen);
    one_transition_none(&mut app, KeyCode::F11);
    assert!(app.world().resource::<Settings>().fullscreen);
    let kept = std::fs::read_to_string(dir.join("settings.ron")).unwrap();
    assert!(kept.contains("fullscreen: true"), "{kept}");
    // Alt+Enter on the title's first entry: full screen off, and New game not chosen.
    app.world_mut()
        .write_message(key_event(KeyCode::AltLeft, true, None));
    app.update();
    one_transition_none(&mut app, KeyCode::Enter);
    app.world_mut()
        .write_message(key_event(KeyCode::AltLeft, false, None));
    app.update();
    assert!(!app.world().resource::<Settings>().fullscreen);
    // Enter alone still confirms.
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(place(&app), (Screen::NewGame, Overlay::None));
    // The setting is a row of Settings too, and it is remembered.
    let mut s = Settings::default();
    come_buy::screens::overlay::step_setting(&mut s, come_buy::screens::overlay::FULLSCREEN_ROW, 1);
    assert!(s.fullscreen);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A press that changes no screen or menu.
fn one_transition_none(app: &mut App, key: KeyCode) {
    let from = place(app);
    let seen = places_after(app, key, 5);
    assert_eq!(seen, vec![from], "{key:?} from {from:?}");
}

#[test]
fn the_new_game_setup_is_remembered_between_runs() {
    let dir = temp_dir("setup");
    {
        let mut app = headless_with(Some(dir.clone()));
        app.update();
        {
            let mut s = setup(&mut app);
            s.set_game(GameKind::of::<Mykonos>());
            s.set_players(3);
            s.seats[0].name = "Zoe".into();
            s.seats[2].kind = come_buy::table::SeatKind::Bot("hard".into());
        }
        start_from_title(&mut app, GameKind::of::<Mykonos>(), 3);
        assert_eq!(place(&app).0, Screen::Table);
    }
    // The next run opens New game on the same table.
    let mut app = headless_with(Some(dir.clone()));
    app.update();
    let s = app.world().resource::<GameSetup>().clone();
    assert_eq!(s.game, GameKind::of::<Mykonos>());
    assert_eq!(s.seats.len(), 3);
    assert_eq!(s.seats[0].name, "Zoe");
    assert_eq!(
        s.seats[2].kind,
        come_buy::table::SeatKind::Bot("hard".into())
    );
    // A broken file leaves the defaults and is not touched.
    std::fs::write(dir.join("setup.ron"), "(game: \"mykonos\", seats: [").unwrap();
    let mut app = headless_with(Some(dir.clone()));
    app.update();
    assert_eq!(*app.world().resource::<GameSetup>(), GameSetup::default());
    assert!(
        std::fs::read_to_string(dir.join("setup.ron"))
            .unwrap()
            .ends_with('[')
    );
    let _ = std::fs::remove_dir_all(&dir);
}
