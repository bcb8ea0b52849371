//! Online tables through the app itself: a host's table and a friend's table (two headless
//! apps in this process), a meeting server on a local address (the `come-buy-signal` binary
//! for the Duchess, an in-process one for the others), real WebRTC
//! data channels between them, no internet. The friend joins with the code, asks for a seat,
//! the host says yes in the lobby and starts; the match is played to the results on both
//! tables. Prints the time from a host's move to the friend's table taking it.

use crate::common::online::{
    LobbyWatch, Met, PATIENCE, at_rest, friend_app, friend_moves, host_app, hosted, met,
    online_settings, run_both,
};
use crate::common::{headless, press, type_text};
use crate::places::{CountedPlaces, Places};
use bevy::prelude::*;
use come_buy::online::OnlineAsk;
use come_buy::online::guest::OnlineGuest;
use come_buy::table::{Match, Remote, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::signal::Signal;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The meeting server a web page's publisher runs (`come-buy-signal`, which
/// `cargo test --workspace` builds beside this test) on a free local port; stopped when dropped.
struct MeetingServer {
    child: std::process::Child,
    url: String,
}

impl Drop for MeetingServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn meeting_server() -> MeetingServer {
    use std::io::BufRead;
    let exe = std::env::current_exe().unwrap();
    let bin = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|dir| dir.join("come-buy-signal"))
        .unwrap();
    assert!(
        bin.exists(),
        "no {bin:?}: `cargo test --workspace` builds it (or `cargo build -p come-buy-online \
         --features server --bin come-buy-signal` with this profile)"
    );
    let mut child = std::process::Command::new(&bin)
        .args(["--bind", "127.0.0.1", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("come-buy-signal starts");
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let url = come_buy_online::signal::serve::listening_addr(&line)
        .map(|addr| format!("ws://{addr}"))
        .unwrap_or_else(|| panic!("its first line: {line:?}"));
    std::thread::spawn(move || for _ in out.lines() {});
    MeetingServer { child, url }
}

/// The friend came by the code alone (as a link or --join does, which skip the form) and
/// types the name the host will see under the seats on offer: Down to it, erased, `name`;
/// then Up to the first seat on offer (the only open one), taken.
fn take_first_seat_as(guest: &mut App, name: &str) {
    use come_buy::online::guest::Status;
    press(guest, KeyCode::ArrowDown);
    let typed = guest.world().resource::<OnlineGuest>().room.name.clone();
    for _ in typed.chars() {
        press(guest, KeyCode::Backspace);
    }
    type_text(guest, name);
    let og = guest.world().resource::<OnlineGuest>();
    assert_eq!(
        (og.status, og.room.name.as_str()),
        (Status::Choosing, name),
        "renamed while choosing (was {typed:?}), still choosing"
    );
    press(guest, KeyCode::ArrowUp);
    press(guest, KeyCode::Enter);
}

/// A match of `G` played online to the results: the host's app with these seats, a friend's
/// app taking `friend_seat`, meeting through the server at `url`.
fn play_online<G: CountedPlaces>(url: &str, kinds: &[SeatKind], seed: u64, friend_seat: usize) {
    let url = url.to_string();
    let (mut host, code) = host_app::<G>(&url, kinds, seed);
    // The lobby is open: nothing moves until Start.
    assert_eq!(host.world().resource::<Match<G>>().actions.len(), 0);

    let mut guest = headless();
    online_settings(&mut guest, &url);
    guest.world_mut().resource_mut::<OnlineAsk>().join = Some(code.clone());
    let start = Instant::now();
    let mut lobby = Lobby::default();
    let mut lags = Lags::default();
    let mut places = SamePlaces::default();
    while start.elapsed() < PATIENCE {
        host.update();
        guest.update();
        lobby.step(&mut host, &mut guest);
        lags.step::<G>(&host, &guest);
        places.step::<G>(&host, &guest);
        friend_moves::<G>(&mut guest);
        let host_over = host.world().resource::<Match<G>>().game.is_over();
        let guest_done = guest
            .world()
            .get_resource::<Match<G>>()
            .is_some_and(|m| m.game.is_over() && !m.actions.is_empty());
        if host_over && guest_done {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(lobby.started, "the friend was seated and the host started");
    same_results::<G>(&host, &guest, friend_seat);
    assert!(
        places.compared.iter().all(|n| *n > 10),
        "both tables were compared at rest many times: {:?}",
        places.compared
    );
    let hm = host.world().resource::<Match<G>>();
    let counts = hosted(&host).room.counts;
    print_figures(G::ID, hm.actions.len(), counts, lags.ms);
}

/// The lobby as the two people meet there: the friend asks for the first seat as "Zoe", the
/// host says yes, then starts (each press once the lobby has stood still).
#[derive(Default)]
struct Lobby {
    asked: bool,
    approved: bool,
    started: bool,
    watch: LobbyWatch,
}

impl Lobby {
    fn step(&mut self, host: &mut App, guest: &mut App) {
        use come_buy::online::guest::Status;
        let status = guest
            .world()
            .get_resource::<OnlineGuest>()
            .map(|g| g.status);
        if status == Some(Status::Choosing) && !self.asked {
            take_first_seat_as(guest, "Zoe");
            self.asked = true;
        }
        let asking = hosted(host).room.asking().len();
        let steady = self.watch.steady(host);
        if asking > 0 && !self.approved && steady {
            // The lobby's first entry: yes to the first friend asking.
            press(host, KeyCode::Enter);
            self.approved = true;
        } else if self.approved && asking == 0 && !self.started && steady {
            // Then Start (the lobby's first entry once no one is asking).
            press(host, KeyCode::Enter);
            self.started = true;
        }
    }
}

/// How long each host's move took to reach the friend's table, in milliseconds.
#[derive(Default)]
struct Lags {
    host_moves: Vec<(usize, Instant)>,
    guest_serial: u64,
    ms: Vec<f64>,
}

impl Lags {
    fn step<G: TableGame>(&mut self, host: &App, guest: &App) {
        let host_steps = host.world().resource::<Match<G>>().actions.len();
        if self.host_moves.last().is_none_or(|(n, _)| *n < host_steps) {
            self.host_moves.push((host_steps, Instant::now()));
        }
        if let Some(m) = guest.world().get_resource::<Match<G>>()
            && m.serial != self.guest_serial
        {
            self.guest_serial = m.serial;
            if let Some((_, at)) = self.host_moves.last() {
                self.ms.push(at.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }
}

/// Each table at rest shows as many cards per place as its match holds, and the friend's
/// match holds as many as the host's after the same step: the host's cards per place after
/// each step, and how often each table was compared.
#[derive(Default)]
struct SamePlaces {
    host: BTreeMap<usize, Places>,
    compared: [usize; 2],
}

impl SamePlaces {
    fn step<G: CountedPlaces>(&mut self, host: &App, guest: &App) {
        let hm = host.world().resource::<Match<G>>();
        self.host
            .entry(hm.actions.len())
            .or_insert_with(|| G::held(&hm.game));
        if at_rest::<G>(host) && !hm.actions.is_empty() {
            assert_eq!(
                G::shown(host),
                G::held(&hm.game),
                "the host's table after step {}",
                hm.actions.len()
            );
            self.compared[0] += 1;
        }
        if at_rest::<G>(guest) {
            let step = guest.world().resource::<OnlineGuest>().room.step as usize;
            let gm = guest.world().resource::<Match<G>>();
            let held = G::held(&gm.game);
            assert_eq!(
                G::shown(guest),
                held,
                "the friend's table after step {step}"
            );
            if let Some(host_held) = self.host.get(&step) {
                assert_eq!(
                    &held, host_held,
                    "the friend's match and the host's after step {step}"
                );
                self.compared[1] += 1;
            }
        }
    }
}

/// Both tables ended with the same results and the whole match, the friend's seat played at
/// the friend's table under the name they typed.
fn same_results<G: TableGame>(host: &App, guest: &App, friend_seat: usize) {
    let hm = host.world().resource::<Match<G>>();
    let gm = guest.world().resource::<Match<G>>();
    assert!(hm.game.is_over(), "the host's match ended");
    assert!(gm.game.is_over(), "the friend's table ended too");
    assert_eq!(
        gm.game.scores(),
        hm.game.scores(),
        "the same results on both tables"
    );
    assert_eq!(
        gm.actions, hm.actions,
        "the friend has the whole match to watch again"
    );
    assert_eq!(gm.setup.seed, hm.setup.seed);
    assert_eq!(gm.seats[friend_seat].kind, SeatKind::Person);
    assert_eq!(hm.seats[friend_seat].kind, SeatKind::Online);
    assert_eq!(
        (
            hm.seats[friend_seat].name.as_str(),
            gm.seats[friend_seat].name.as_str()
        ),
        ("Zoe", "Zoe"),
        "the name the friend typed while choosing, on both tables"
    );
    assert!(
        gm.seats
            .iter()
            .enumerate()
            .all(|(i, s)| (i == friend_seat) == s.is_person()),
        "on the friend's table only their own seat is played there"
    );
    let friend_moved = hm.acted_by.iter().filter(|s| **s == friend_seat).count();
    assert!(friend_moved > 2, "the friend played from their own table");
}

/// What a match played online through the app measured.
fn print_figures(
    game: &str,
    moves: usize,
    counts: come_buy_online::host::Counts,
    mut lags: Vec<f64>,
) {
    lags.sort_by(f64::total_cmp);
    println!(
        "{game} online through the app: {moves} moves, {} states on the friend's table; host -> \
         friend {} messages, {} bytes; move to the friend's table p50 {:.0} ms, p95 {:.0} ms \
         (frame-stepped headless apps, 1 ms sleeps)",
        lags.len(),
        counts.sent,
        counts.sent_bytes,
        lags[lags.len() / 2],
        lags[(lags.len() - 1) * 95 / 100],
    );
}

#[test]
fn a_duchess_duel_with_a_friend_online_is_played_to_the_results() {
    // Through the meeting server a page's publisher runs, several deals: a friend's table once
    // lost one of the host's cards in some of them.
    let server = meeting_server();
    for seed in [8, 9, 10] {
        let kinds = [SeatKind::Bot("normal".into()), SeatKind::Online];
        play_online::<Duchess>(&server.url, &kinds, seed, 1);
    }
}

#[test]
fn a_goblin_market_game_with_a_friend_online_and_two_bots_is_played_to_the_results() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    play_online::<GoblinMarket>(
        &signal.url(),
        &[
            SeatKind::Bot("normal".into()),
            SeatKind::Online,
            SeatKind::Bot("normal".into()),
        ],
        5,
        1,
    );
}

#[test]
fn a_mykonos_game_with_a_friend_online_and_a_bot_is_played_to_the_results() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    play_online::<Mykonos>(
        &signal.url(),
        &[
            SeatKind::Bot("normal".into()),
            SeatKind::Online,
            SeatKind::Bot("normal".into()),
        ],
        3,
        1,
    );
}

#[test]
fn a_friend_who_drops_comes_back_to_their_seat_and_the_table_waits_meanwhile() {
    let kinds = [SeatKind::Bot("normal".into()), SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        url,
        code,
        dir,
    } = met::<Duchess>(&kinds, 21, "online-friend");
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Duchess>(guest);
        let m = host.world().resource::<Match<Duchess>>();
        m.acted_by.iter().filter(|s| **s == 1).count() >= 2 && m.game.current_player() == Some(1)
    });
    assert!(
        dir.join("online-seats.ron").exists(),
        "the seat's token is kept"
    );
    // The lid closes: the friend's app is gone.
    drop(guest);
    let mut idle = headless();
    run_both(&mut host, &mut idle, |host, _| {
        !hosted(host).room.friend_here(1)
    });
    let waiting = host.world().resource::<Match<Duchess>>().actions.len();
    for _ in 0..40 {
        host.update();
    }
    let m = host.world().resource::<Match<Duchess>>();
    assert_eq!(
        m.actions.len(),
        waiting,
        "the table waits for the friend's move"
    );
    assert_eq!(m.game.current_player(), Some(1));
    // The host's dock says the table waits for the friend to come back (it said they were
    // choosing at their own table).
    let turn = *host.world().resource::<come_buy::table::gate::Turn>();
    assert_eq!(
        turn.wait,
        Some(come_buy::table::gate::Wait::Dropped),
        "{turn:?}"
    );
    // The friend starts again and joins the same code: back on their seat, they finish.
    let mut back = friend_app(&dir, &url, &code);
    run_both(&mut host, &mut back, |host, back| {
        friend_moves::<Duchess>(back);
        let over = host.world().resource::<Match<Duchess>>().game.is_over();
        over && back
            .world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.game.is_over() && !m.actions.is_empty())
    });
    let hm = host.world().resource::<Match<Duchess>>();
    let gm = back.world().resource::<Match<Duchess>>();
    assert_eq!(gm.game.scores(), hm.game.scores());
    let seen = back
        .world()
        .get_resource::<Remote<Duchess>>()
        .map_or(0, |r| r.history.len());
    let all = come_buy::save::restore::<Duchess>(&come_buy::save::record_of(hm))
        .unwrap()
        .pending
        .len();
    assert_eq!(
        seen, all,
        "the friend back on their seat was shown the whole match"
    );
    assert!(hm.acted_by.iter().filter(|s| **s == 1).count() > 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The meeting server restarts while a friend is away (issue 62): the host's room opens again
/// by itself (the banner says the server is gone meanwhile, and when it is back), and the
/// friend, back with the same code, gets their seat and finishes the match. Before, the host
/// never reconnected and the friend got "No table answered".
#[test]
fn a_meeting_server_restart_is_played_through() {
    let kinds = [SeatKind::Bot("normal".into()), SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal,
        url,
        code,
        dir,
    } = met::<Duchess>(&kinds, 21, "online-restart");
    let addr: std::net::SocketAddr = url.trim_start_matches("ws://").parse().unwrap();
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Duchess>(guest);
        let m = host.world().resource::<Match<Duchess>>();
        m.acted_by.contains(&1) && m.game.current_player() == Some(1)
    });
    // The server goes down, and the friend's lid closes meanwhile.
    drop(signal);
    drop(guest);
    let mut idle = headless();
    let gone = |host: &App| hosted(host).no_server;
    run_both(&mut host, &mut idle, |host, _| gone(host));
    let signal = Signal::serve(addr, vec![]).unwrap();
    run_both(&mut host, &mut idle, |host, _| !gone(host));
    let mut back = friend_app(&dir, &url, &code);
    run_both(&mut host, &mut back, |host, back| {
        friend_moves::<Duchess>(back);
        let over = host.world().resource::<Match<Duchess>>().game.is_over();
        over && back
            .world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.game.is_over())
    });
    let hm = host.world().resource::<Match<Duchess>>();
    let gm = back.world().resource::<Match<Duchess>>();
    assert_eq!(gm.game.scores(), hm.game.scores());
    drop(signal);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A friend's evening through a meeting server restart, the friend's app open all along: the
/// tables' own connection does not need the server, so play goes on while it is down and after
/// it is back, to the end. Meanwhile the friend's table never leaves the table, opens no menu,
/// shows no notice and never loses the host (issue 62's "done when"; the other case, a friend
/// whose own connection went with the server, is `a_meeting_server_restart_is_played_through`).
#[test]
fn a_friends_evening_plays_through_a_meeting_server_restart_with_only_a_line() {
    use come_buy::notice::Notices;
    use come_buy::online::guest::Status;
    use come_buy::screens::{Overlay, Screen};
    let kinds = [SeatKind::Bot("normal".into()), SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal,
        url,
        dir,
        ..
    } = met::<Duchess>(&kinds, 21, "online-evening");
    let addr: std::net::SocketAddr = url.trim_start_matches("ws://").parse().unwrap();
    // What the friend's screen shows, frame by frame, from the first move to the end.
    let watch = |guest: &App| {
        let w = guest.world();
        let place = (
            *w.resource::<State<Screen>>().get(),
            *w.resource::<State<Overlay>>().get(),
        );
        assert_eq!(
            place,
            (Screen::Table, Overlay::None),
            "the friend stays at the table"
        );
        let notices = &w.resource::<Notices>().lines;
        assert!(
            notices.is_empty(),
            "no notice on the friend's table: {notices:?}"
        );
        let status = w.resource::<OnlineGuest>().status;
        assert_eq!(status, Status::Seated, "the friend never loses the host");
    };
    let steps = |host: &App| host.world().resource::<Match<Duchess>>().actions.len();
    let play_until = |host: &mut App, guest: &mut App, done: &dyn Fn(&App) -> bool| {
        run_both(host, guest, |host, guest| {
            watch(guest);
            friend_moves::<Duchess>(guest);
            done(host)
        });
    };
    play_until(&mut host, &mut guest, &|host| steps(host) >= 4);
    drop(signal);
    let down_at = steps(&host);
    play_until(&mut host, &mut guest, &|host| steps(host) >= down_at + 4);
    let signal = Signal::serve(addr, vec![]).unwrap();
    let back_at = steps(&host);
    play_until(&mut host, &mut guest, &|host| {
        host.world().resource::<Match<Duchess>>().game.is_over()
    });
    run_both(&mut host, &mut guest, |_, guest| {
        guest
            .world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.game.is_over())
    });
    let hm = host.world().resource::<Match<Duchess>>();
    let gm = guest.world().resource::<Match<Duchess>>();
    assert_eq!(gm.game.scores(), hm.game.scores());
    println!(
        "online: the meeting server went down at step {down_at} and was back at {back_at}; the friend played on to step {}",
        hm.actions.len()
    );
    drop(signal);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A host that opens its table while the meeting server is down says so, and when the server
/// starts later the room reaches it by itself and a friend gets in (issue 62: before, starting
/// the server later changed nothing).
#[test]
fn a_meeting_server_started_late_is_found_by_itself() {
    // A free port, with nothing listening yet.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let url = format!("ws://{addr}");
    let kinds = [SeatKind::Person, SeatKind::Online];
    let (mut host, code) = host_app::<Duchess>(&url, &kinds, 8);
    let mut idle = headless();
    let no_server = |host: &App| hosted(host).no_server;
    run_both(&mut host, &mut idle, |host, _| no_server(host));
    let signal = Signal::serve(addr, vec![]).unwrap();
    run_both(&mut host, &mut idle, |host, _| !no_server(host));
    let dir = crate::common::temp_dir("online-late");
    let mut guest = friend_app(&dir, &url, &code);
    run_both(&mut host, &mut guest, |_, guest| {
        guest
            .world()
            .get_resource::<OnlineGuest>()
            .is_some_and(|g| g.status == come_buy::online::guest::Status::Choosing)
    });
    drop(signal);
    let _ = std::fs::remove_dir_all(&dir);
}
