//! Online tables' rough edges, through two headless apps (see `online.rs`): a meeting server
//! that does not answer, the host gone, Start with a seat open, Continue, a friend's name.

use crate::common::online::{
    Met, PATIENCE, friend_app, friend_moves, host_app, host_with, hosted, met, met_over,
    online_settings, run_all, run_both, seat_all_and_start, seat_and_start,
};
use crate::common::{headless, press};
use bevy::prelude::*;
use come_buy::online::OnlineAsk;
use come_buy::online::guest::OnlineGuest;
use come_buy::screens::Screen;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_online::signal::Signal;
use std::time::{Duration, Instant};

#[test]
fn a_meeting_server_that_does_not_answer_is_said_to_host_and_friend() {
    use come_buy::online::guest::Status;
    // Port 9 on this machine: nothing listens there.
    let nowhere = "ws://127.0.0.1:9";
    let (mut host, code) = host_app::<Duchess>(nowhere, &[SeatKind::Person, SeatKind::Online], 4);
    let mut guest = headless();
    online_settings(&mut guest, nowhere);
    guest.world_mut().resource_mut::<OnlineAsk>().join = Some(code);
    let start = Instant::now();
    let (mut host_said, mut friend_said) = (None, None);
    while host_said.is_none() || friend_said.is_none() {
        assert!(start.elapsed() < PATIENCE, "never said");
        host.update();
        guest.update();
        if host_said.is_none() && hosted(&host).no_server {
            host_said = Some(start.elapsed());
        }
        let status = guest
            .world()
            .get_resource::<OnlineGuest>()
            .map(|g| g.status);
        if friend_said.is_none() && status == Some(Status::NoServer) {
            friend_said = Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // The host's lobby is still open (its Close the table is the way back) and the friend was
    // not told the code was wrong.
    assert_eq!(
        *host
            .world()
            .resource::<State<come_buy::screens::Overlay>>()
            .get(),
        come_buy::screens::Overlay::Online
    );
    println!(
        "a meeting server that does not answer: said at the host's after {:.1} s, at the \
         friend's after {:.1} s",
        host_said.unwrap().as_secs_f64(),
        friend_said.unwrap().as_secs_f64()
    );
}

#[test]
fn a_friend_whose_host_closed_the_table_is_told_and_nothing_waits_for_a_move() {
    use come_buy::online::guest::Status;
    use come_buy::table::gate::{Turn, Wait};
    let kinds = [SeatKind::Person, SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        dir,
        ..
    } = met::<Duchess>(&kinds, 6, "online-host-gone");
    // The host's pause menu: its last entry is Close the table, which asks once more.
    let on_screen = |app: &App| *app.world().resource::<State<Screen>>().get();
    press(&mut host, KeyCode::Escape);
    for _ in 0..8 {
        press(&mut host, KeyCode::ArrowDown);
    }
    press(&mut host, KeyCode::Enter);
    for _ in 0..3 {
        host.update();
    }
    assert_eq!(on_screen(&host), Screen::Table, "the first press only asks");
    assert!(
        host.world()
            .resource::<come_buy::screens::overlay::CloseAsked>()
            .0
    );
    // The second closes the table: the room closes and the friend is told.
    press(&mut host, KeyCode::Enter);
    for _ in 0..3 {
        host.update();
    }
    assert_eq!(on_screen(&host), Screen::Title);
    run_both(&mut host, &mut guest, |_, guest| {
        guest.world().resource::<OnlineGuest>().status == Status::Closed
    });
    guest.update();
    let turn = *guest.world().resource::<Turn>();
    assert_eq!(turn.wait, Some(Wait::HostGone), "{turn:?}");
    assert!(
        turn.held(),
        "nothing at the friend's table waits for a move"
    );
    let line = guest
        .world()
        .resource::<come_buy::online::banner::TurnLine>()
        .clone();
    assert!(line.turn.is_empty(), "no one's turn is announced: {line:?}");
    // The banner says it (beside Leave); no notice over everything covers that button.
    let notices = guest.world().resource::<come_buy::notice::Notices>();
    assert!(!notices.has("online"), "the banner says it, not a notice");
    // The friend leaves: Join a table starts empty, the dead code gone with the room.
    let form = |app: &App| {
        app.world()
            .resource::<come_buy::online::guest::JoinForm>()
            .code
            .clone()
    };
    assert!(!form(&guest).is_empty(), "the code was in the form");
    guest
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    for _ in 0..3 {
        guest.update();
    }
    assert!(guest.world().get_resource::<OnlineGuest>().is_none());
    assert_eq!(
        form(&guest),
        "",
        "the dead code is not kept for Join a table"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn start_with_a_seat_still_open_asks_once_more_and_the_hosts_turn_is_yours() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let (mut host, _code) =
        host_app::<Duchess>(&signal.url(), &[SeatKind::Person, SeatKind::Online], 12);
    let overlay = |app: &App| {
        *app.world()
            .resource::<State<come_buy::screens::Overlay>>()
            .get()
    };
    // No friend yet: the lobby's first entry is Start; one Enter only asks.
    press(&mut host, KeyCode::Enter);
    host.update();
    assert_eq!(overlay(&host), come_buy::screens::Overlay::Online);
    assert!(hosted(&host).start_asked);
    assert!(!hosted(&host).started);
    press(&mut host, KeyCode::Enter);
    host.update();
    assert!(hosted(&host).started);
    assert_eq!(
        host.world().resource::<Match<Duchess>>().seats[1].kind,
        SeatKind::Bot("normal".into()),
        "a bot took the open seat"
    );
    // The host's own turn reads as a friend's does.
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < PATIENCE, "the host's turn never came");
        host.update();
        let m = host.world().resource::<Match<Duchess>>();
        if m.game.current_player() == Some(0) && m.pending.is_empty() {
            break;
        }
    }
    host.update();
    let line = host
        .world()
        .resource::<come_buy::online::banner::TurnLine>()
        .turn
        .clone();
    assert_eq!(line, come_buy_text::tr("online-your-turn"));
}

#[test]
fn continuing_an_online_match_opens_its_room_again_for_the_friend() {
    let kinds = [SeatKind::Bot("normal".into()), SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        url,
        dir,
        ..
    } = met::<Duchess>(&kinds, 31, "online-continue");
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Duchess>(guest);
        let m = host.world().resource::<Match<Duchess>>();
        m.acted_by.iter().filter(|s| **s == 1).count() >= 2
    });
    // The host's app closes; its autosave keeps the friend's seat as a friend's.
    let saved = come_buy::save::saved_record_of(host.world().resource::<Match<Duchess>>());
    let steps = saved.steps.len();
    drop((host, guest));
    let mut again = come_buy::save::restore::<Duchess>(&saved).unwrap();
    again.restored = true;
    assert_eq!(
        again.seats[1].kind,
        SeatKind::Online,
        "Continue keeps the friend's seat"
    );
    // Continue: the table opens under a new room's lobby; the friend joins its code.
    let (mut host, code) = host_with(&url, again);
    let mut guest = friend_app(&dir, &url, &code);
    seat_and_start::<Duchess>(&mut host, &mut guest);
    // The friend's table shows the match so far, then they play it to the end.
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Duchess>(guest);
        let over = host.world().resource::<Match<Duchess>>().game.is_over();
        over && guest
            .world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.game.is_over() && !m.actions.is_empty())
    });
    let hm = host.world().resource::<Match<Duchess>>();
    let gm = guest.world().resource::<Match<Duchess>>();
    assert!(hm.actions.len() > steps);
    assert_eq!(gm.game.scores(), hm.game.scores());
    assert_eq!(
        gm.actions, hm.actions,
        "the whole match, from its first move"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_friend_names_themself_on_join_a_table_and_the_host_reads_that_name() {
    use crate::common::type_text;
    use come_buy::screens::Overlay;
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let (mut host, code) = host_app::<Duchess>(&url, &[SeatKind::Person, SeatKind::Online], 13);
    let mut guest = headless();
    online_settings(&mut guest, &url);
    // Title -> Join a table (its third entry).
    guest.update();
    press(&mut guest, KeyCode::ArrowDown);
    press(&mut guest, KeyCode::ArrowDown);
    press(&mut guest, KeyCode::Enter);
    assert_eq!(
        *guest
            .world()
            .resource::<State<come_buy::screens::Overlay>>()
            .get(),
        Overlay::Online
    );
    // The code, then down to the name: the New game's name erased, "Zoe" typed; Join.
    type_text(&mut guest, &code);
    press(&mut guest, KeyCode::ArrowDown);
    for _ in 0..20 {
        press(&mut guest, KeyCode::Backspace);
    }
    type_text(&mut guest, "Zoe");
    press(&mut guest, KeyCode::Enter);
    run_both(&mut host, &mut guest, |host, guest| {
        use come_buy::online::guest::Status;
        if guest
            .world()
            .get_resource::<OnlineGuest>()
            .map(|g| g.status)
            == Some(Status::Choosing)
        {
            press(guest, KeyCode::Enter);
        }
        !hosted(host).room.asking().is_empty()
    });
    let asking = hosted(&host).room.asking();
    assert_eq!(asking[0].name, "Zoe");
}

#[test]
fn a_full_field_on_join_a_table_drops_a_character_rather_than_pressing_join() {
    use crate::common::type_text;
    use come_buy::nav::Owner;
    use come_buy::online::guest::JoinForm;
    use come_buy::screens::{MenuFocus, Overlay};
    let mut guest = headless();
    // Title -> Join a table (its third entry).
    guest.update();
    press(&mut guest, KeyCode::ArrowDown);
    press(&mut guest, KeyCode::ArrowDown);
    press(&mut guest, KeyCode::Enter);
    let overlay = |app: &App| *app.world().resource::<State<Overlay>>().get();
    let focus = |app: &App| app.world().resource::<MenuFocus>().of(Owner::Online);
    let form = |app: &App| app.world().resource::<JoinForm>().clone();
    assert_eq!(overlay(&guest), Overlay::Online);
    // The code's field takes 80 characters; the 81st, a Space (which is also Confirm), and a
    // letter that steers elsewhere (s: down) are dropped: no Join, no move of the focus.
    type_text(&mut guest, &"ab".repeat(40));
    let full = form(&guest);
    assert_eq!(full.code.chars().count(), 80);
    type_text(&mut guest, " s");
    assert_eq!(form(&guest).code, full.code);
    assert_eq!(form(&guest).error, None, "Join was not pressed");
    assert!(guest.world().get_resource::<OnlineGuest>().is_none());
    assert_eq!((overlay(&guest), focus(&guest)), (Overlay::Online, 0));
    // The same in the name's field, full at a seat name's length.
    press(&mut guest, KeyCode::ArrowDown);
    for _ in 0..20 {
        press(&mut guest, KeyCode::Backspace);
    }
    type_text(&mut guest, "Zoe Quintessa Lamb");
    let name = form(&guest).name.expect("a name typed");
    assert_eq!(name, "Zoe Quintessa ", "14 characters at most");
    type_text(&mut guest, " w");
    assert_eq!(form(&guest).name.as_deref(), Some(name.as_str()));
    assert_eq!(form(&guest).error, None, "Join was not pressed");
    assert_eq!((overlay(&guest), focus(&guest)), (Overlay::Online, 1));
    // Enter still joins (this code is no code: the form says so).
    press(&mut guest, KeyCode::Enter);
    assert!(form(&guest).error.is_some(), "Enter pressed Join");
}

#[test]
fn the_lobby_tells_friends_the_server_this_table_uses() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let (host, code) = host_app::<Duchess>(&url, &[SeatKind::Person, SeatKind::Online], 14);
    let lines = come_buy::online::lobby::join_lines(hosted(&host));
    let desktop = lines.last().expect("the desktop's line");
    let port = format!(":{}", signal.addr.port());
    assert!(desktop.contains(&port), "{desktop}");
    assert!(!desktop.contains(":3536"), "{desktop}");
    assert!(
        !desktop.contains("127.0.0.1"),
        "friends get this machine's address: {desktop}"
    );
    assert!(
        desktop.contains(&come_buy_online::code::spaced(&code)),
        "{desktop}"
    );
}

#[test]
fn a_friend_called_like_the_host_is_told_apart_on_both_tables() {
    // The host's person and the friend (a fresh install's first name) are both "Ana".
    let mut seats = crate::common::seats(&[SeatKind::Person, SeatKind::Online]);
    seats[0].name = come_buy::theme::DEFAULT_NAMES[0].to_string();
    let m = Match::<Duchess>::new(seats, 15, vec![]).unwrap();
    let Met {
        host,
        guest,
        signal: _signal,
        dir,
        ..
    } = met_over(m, "online-two-anas");
    let names = |app: &App| -> Vec<String> {
        let m = app.world().resource::<Match<Duchess>>();
        m.seats.iter().map(|s| s.name.clone()).collect()
    };
    let ana = come_buy::theme::DEFAULT_NAMES[0];
    assert_eq!(names(&host), [ana.to_string(), format!("{ana} 2")]);
    assert_eq!(
        names(&guest),
        names(&host),
        "the same names at the friend's"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `?join=` link (or --join) where online play cannot work: no link is started (matchbox
/// panicked without RTCPeerConnection), Join a table says why, and Join pressed again says it
/// again.
#[test]
fn a_join_link_where_online_play_cannot_work_starts_no_link_and_says_why() {
    use come_buy::screens::OnlineBlocked;
    // A browser without WebRTC, and a page with no meeting server (which said "Looking for
    // the table..." under the sentence saying so, issue 59).
    for why in ["online-no-webrtc", "online-no-server-page"] {
        let dir = crate::common::temp_dir("online-blocked");
        let mut guest = friend_app(&dir, "ws://127.0.0.1:9", "ABCD-EFGH-JKLM");
        for _ in 0..6 {
            guest.world_mut().resource_mut::<OnlineBlocked>().0 = Some(why);
            guest.update();
        }
        let form = guest
            .world()
            .resource::<come_buy::online::guest::JoinForm>()
            .clone();
        assert!(
            guest.world().get_resource::<OnlineGuest>().is_none(),
            "{why}: no link"
        );
        assert_eq!(form.error.as_deref(), Some(come_buy_text::tr(why).as_str()));
        guest.world_mut().resource_mut::<OnlineBlocked>().0 = Some(why);
        press(&mut guest, KeyCode::Enter);
        assert!(
            guest.world().get_resource::<OnlineGuest>().is_none(),
            "{why}: Join starts none either"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The host's bots on a friend's table are named by their level in the friend's words ("Hard
/// bot"), and keep it: before, a friend's table gave every host bot the Normal level, and its
/// plaque read "Hard bot  (Normal bot)".
#[test]
fn a_friends_table_names_the_hosts_bots_by_their_level() {
    let kinds = [SeatKind::Bot("hard".into()), SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        dir,
        ..
    } = met::<Duchess>(&kinds, 15, "online-hard-bot");
    for _ in 0..3 {
        host.update();
        guest.update();
    }
    let bot = crate::common::plaque_name(&mut guest, 0);
    assert_eq!(bot, come_buy::table::bot_label("hard"));
    let m = guest.world().resource::<Match<Duchess>>();
    assert_eq!(m.seats[0].kind, SeatKind::Bot("hard".into()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot that takes a dropped friend's seat is named so at the other friends' tables too, as at
/// the host's (before, their plaque went on saying "(online)").
#[test]
fn a_bot_standing_in_for_a_dropped_friend_is_named_so_at_the_other_friends_table() {
    use come_buy::online::host::StandIn;
    use come_buy_engine::mykonos::Mykonos;
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let kinds = [SeatKind::Person, SeatKind::Online, SeatKind::Online];
    let (mut host, code) = host_app::<Mykonos>(&url, &kinds, 31);
    let (dir_a, dir_b) = (
        crate::common::temp_dir("stand-in-ana"),
        crate::common::temp_dir("stand-in-bo"),
    );
    let mut ana = friend_app(&dir_a, &url, &code);
    let mut bo = friend_app(&dir_b, &url, &code);
    seat_all_and_start::<Mykonos>(&mut host, &mut [&mut ana, &mut bo]);
    let plaque = crate::common::plaque_name;
    ana.update();
    assert!(
        plaque(&mut ana, 2).ends_with("(online)"),
        "{}",
        plaque(&mut ana, 2)
    );
    // Bo's table closes; the host lets a bot play for Bo.
    drop(bo);
    run_both(&mut host, &mut ana, |host, _| {
        !hosted(host).room.friend_here(2)
    });
    host.world_mut().write_message(StandIn(2));
    let bot = format!("({})", come_buy::table::bot_label("normal"));
    run_both(&mut host, &mut ana, |_, ana| plaque(ana, 2).ends_with(&bot));
    let m = ana.world().resource::<Match<Mykonos>>();
    assert_eq!(m.seats[2].kind, SeatKind::Bot("normal".into()));
    let _ = std::fs::remove_dir_all(&dir_a);
    let _ = std::fs::remove_dir_all(&dir_b);
}

/// The meeting server restarts while one friend stays connected and another's table closes:
/// the one who stayed plays on, the host's line says the server is gone, and once it is back
/// the other comes back to their seat with the same code (before, the host's link, still
/// carrying the friend who stayed, never reached the server again: "No table answered").
#[test]
fn a_friend_comes_back_after_a_server_restart_while_another_stayed() {
    use come_buy::online::guest::Status;
    use come_buy_engine::mykonos::Mykonos;
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let addr: std::net::SocketAddr = url.trim_start_matches("ws://").parse().unwrap();
    let kinds = [SeatKind::Person, SeatKind::Online, SeatKind::Online];
    let (mut host, code) = host_app::<Mykonos>(&url, &kinds, 33);
    let (dir_a, dir_b) = (
        crate::common::temp_dir("restart-ana"),
        crate::common::temp_dir("restart-bo"),
    );
    let mut ana = friend_app(&dir_a, &url, &code);
    let mut bo = friend_app(&dir_b, &url, &code);
    seat_all_and_start::<Mykonos>(&mut host, &mut [&mut ana, &mut bo]);
    let seated = |f: &App| f.world().resource::<OnlineGuest>().status == Status::Seated;
    let no_server = |host: &App| hosted(host).no_server;
    let here = |host: &App, seat| hosted(host).room.friend_here(seat);
    drop(signal);
    run_all(&mut host, &mut [&mut ana, &mut bo], |host, _| {
        no_server(host)
    });
    assert!(
        here(&host, 1) && here(&host, 2),
        "both friends play on without the server"
    );
    // Bo's table closes while the server is down; Ana stays.
    drop(bo);
    run_all(&mut host, &mut [&mut ana], |host, f| {
        assert!(seated(f[0]), "Ana never loses the host");
        !here(host, 2)
    });
    let signal = Signal::serve(addr, vec![]).unwrap();
    run_all(&mut host, &mut [&mut ana], |host, _| !no_server(host));
    let mut bo = friend_app(&dir_b, &url, &code);
    run_all(&mut host, &mut [&mut ana, &mut bo], |host, f| {
        assert!(seated(f[0]), "Ana never loses the host");
        here(host, 2)
            && seated(f[1])
            && f[1]
                .world()
                .get_resource::<Match<Mykonos>>()
                .is_some_and(|m| m.pending.is_empty())
    });
    assert!(here(&host, 1), "Ana is still at the table");
    drop(signal);
    let _ = std::fs::remove_dir_all(&dir_a);
    let _ = std::fs::remove_dir_all(&dir_b);
}
