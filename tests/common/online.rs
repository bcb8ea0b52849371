//! Online play through headless apps: a host's app with its room open, a friend's app
//! joining it, the two run a frame at a time until something holds (shared by the table's
//! online tests and the language test, which rebuilds both tables mid-match).

use super::{headless, press, seats};
use bevy::prelude::*;
use come_buy::online::OnlineAsk;
use come_buy::online::guest::OnlineGuest;
use come_buy::online::host::OnlineHost;
use come_buy::phones::RemoteRoom;
use come_buy::screens::Screen;
use come_buy::settings::{ANIM_SPEEDS, Settings};
use come_buy::table::moves::{Move, Source};
use come_buy::table::{Match, Remote, SeatKind, TableGame};
use std::time::{Duration, Instant};

/// The online part of the host's room of remote seats (the test's table hosts one).
pub fn hosted(app: &App) -> &OnlineHost {
    app.world()
        .resource::<RemoteRoom>()
        .online
        .as_ref()
        .expect("the table hosts an online room")
}

/// Whether `app`'s table has shown everything it was given (and, at a friend's, taken every
/// state that arrived).
pub fn at_rest<G: TableGame>(app: &App) -> bool {
    let settled = app
        .world()
        .get_resource::<OnlineGuest>()
        .is_none_or(|g| g.settled());
    let on_table = *app.world().resource::<State<Screen>>().get() == Screen::Table;
    settled
        && on_table
        && app
            .world()
            .get_resource::<Match<G>>()
            .is_some_and(|m| m.pending.is_empty())
}

/// A generous bound on a whole match (a busy machine is slow, not stuck).
pub const PATIENCE: Duration = Duration::from_secs(300);

/// Frames the host's lobby needs before a press on a changed entry counts: its
/// [`come_buy::screens::STEADY`] wait at the headless app's 50 ms a frame, and one to spare.
pub const LOBBY_FRAMES: u32 = (come_buy::screens::STEADY / 0.05).ceil() as u32 + 1;

/// Counts the host's frames since the lobby's people asking last changed: a person presses
/// once what they see has stood still (a press sooner is dropped, see `Steady`).
#[derive(Default)]
pub struct LobbyWatch {
    asking: Option<usize>,
    frames: u32,
}

impl LobbyWatch {
    /// Whether the lobby has stood still long enough (call once a frame).
    pub fn steady(&mut self, host: &App) -> bool {
        let n = hosted(host).room.asking().len();
        if self.asking == Some(n) {
            self.frames += 1;
        } else {
            self.asking = Some(n);
            self.frames = 0;
        }
        self.frames >= LOBBY_FRAMES
    }
}

pub fn online_settings(app: &mut App, signal: &str) {
    app.insert_resource(Settings {
        anim_speed: ANIM_SPEEDS.len() - 1,
        ice: vec![],
        ..Settings::default()
    });
    app.insert_resource(OnlineAsk {
        join: None,
        signal: Some(signal.to_string()),
    });
}

/// A host's app whose match of `G` has these seats: its room opens; returns the code.
pub fn host_app<G: TableGame>(signal: &str, kinds: &[SeatKind], seed: u64) -> (App, String) {
    host_with(signal, Match::<G>::new(seats(kinds), seed, vec![]).unwrap())
}

/// A host's app with match `m` on its table (a new deal, or a continued one): its room
/// opens; returns the code.
pub fn host_with<G: TableGame>(signal: &str, m: Match<G>) -> (App, String) {
    let mut host = headless();
    online_settings(&mut host, signal);
    host.insert_resource(m);
    host.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    host.update();
    host.update();
    // The lobby is up; the host looks at it a moment (a press before then is dropped).
    for _ in 0..LOBBY_FRAMES {
        host.update();
    }
    let code = hosted(&host).room.code.clone();
    (host, code)
}

/// A host's table and one friend's, met through a meeting server on this machine: the friend
/// is seated at the first open seat and both tables show the match. The server stops when
/// `signal` is dropped, so take the apps out (`let (mut host, mut guest) = (t.host, t.guest)`)
/// and keep the rest of `t` to the end of the test.
pub struct Met {
    pub host: App,
    pub guest: App,
    pub signal: come_buy_online::signal::Signal,
    pub url: String,
    pub code: String,
    /// The friend's saves and kept seats.
    pub dir: std::path::PathBuf,
}

/// [`Met`] over a new match of `G` with these seats and this seed; the friend's files live in
/// a fresh temporary folder named after `label`.
pub fn met<G: TableGame>(kinds: &[SeatKind], seed: u64, label: &str) -> Met {
    met_over(Match::<G>::new(seats(kinds), seed, vec![]).unwrap(), label)
}

/// [`Met`] over match `m` (a new deal, or a continued one).
pub fn met_over<G: TableGame>(m: Match<G>, label: &str) -> Met {
    let signal = come_buy_online::signal::Signal::serve("127.0.0.1:0".parse().unwrap(), vec![])
        .expect("a meeting server on this machine");
    let url = signal.url();
    let (mut host, code) = host_with(&url, m);
    let dir = super::temp_dir(label);
    let mut guest = friend_app(&dir, &url, &code);
    seat_and_start::<G>(&mut host, &mut guest);
    Met {
        host,
        guest,
        signal,
        url,
        code,
        dir,
    }
}

/// The friend's own move, when their table offers one: the first the rules allow, made as
/// the friend's screen makes it (a move message into the table's one way in, which sends it
/// to the host).
pub fn friend_moves<G: TableGame>(app: &mut App) {
    let world = app.world_mut();
    let Some(waiting) = world.get_resource::<Remote<G>>().map(|r| r.waiting) else {
        return;
    };
    let mv = world.get_resource::<Match<G>>().and_then(|m| {
        let seat = m.game.current_player()?;
        (!waiting && m.seats[seat].is_person() && m.pending.is_empty()).then(|| {
            let action = m.game.legal_actions()[0].clone();
            Move::now(m, seat, action, Source::Screen)
        })
    });
    if let Some(mv) = mv {
        world.write_message(mv);
    }
}

/// Runs both apps a frame (with a millisecond's pause for the network) until `done`.
pub fn run_both(host: &mut App, guest: &mut App, done: impl FnMut(&mut App, &mut App) -> bool) {
    run_both_or(host, guest, done, |_, _| String::new());
}

/// [`run_both`], saying what `why` tells of the two apps when it waits in vain.
pub fn run_both_or(
    host: &mut App,
    guest: &mut App,
    mut done: impl FnMut(&mut App, &mut App) -> bool,
    why: impl Fn(&App, &App) -> String,
) {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        host.update();
        guest.update();
        if done(host, guest) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("online: waited {PATIENCE:?} in vain{}", why(host, guest));
}

/// A friend's app whose saves (and kept seats) live in `dir`, joining `code`.
pub fn friend_app(dir: &std::path::Path, signal: &str, code: &str) -> App {
    let mut guest = super::headless_with(Some(dir.to_path_buf()));
    online_settings(&mut guest, signal);
    guest.world_mut().resource_mut::<OnlineAsk>().join = Some(code.to_string());
    guest
}

/// The friend asks for the first open seat, the host says yes and starts (both apps run until
/// the friend's table shows the match).
pub fn seat_and_start<G: TableGame>(host: &mut App, guest: &mut App) {
    seat_all_and_start::<G>(host, &mut [guest]);
}

/// Runs the host and these friends a frame at a time (with a millisecond's pause for the
/// network) until `done`.
pub fn run_all(
    host: &mut App,
    friends: &mut [&mut App],
    mut done: impl FnMut(&mut App, &mut [&mut App]) -> bool,
) {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        host.update();
        for f in friends.iter_mut() {
            f.update();
        }
        if done(host, friends) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("online: waited {PATIENCE:?} in vain");
}

/// Each friend in turn asks for the first open seat and the host says yes; then the host
/// starts (all the apps run until every friend's table shows the match).
pub fn seat_all_and_start<G: TableGame>(host: &mut App, friends: &mut [&mut App]) {
    use come_buy::online::guest::Status;
    let (mut asked, mut approved, mut started) = (0, 0, false);
    let mut lobby = LobbyWatch::default();
    let status = |app: &App| app.world().get_resource::<OnlineGuest>().map(|g| g.status);
    run_all(host, friends, |host, friends| {
        let asking = hosted(host).room.asking().len();
        let steady = lobby.steady(host);
        if asked == approved && asked < friends.len() {
            // The next friend asks once the last one's seat is given (and seen as taken).
            if asking == 0 && steady && status(friends[asked]) == Some(Status::Choosing) {
                press(friends[asked], KeyCode::Enter);
                asked += 1;
            }
        } else if asked > approved && asking > 0 && steady {
            press(host, KeyCode::Enter);
            approved += 1;
        } else if approved == friends.len() && asking == 0 && !started && steady {
            press(host, KeyCode::Enter);
            started = true;
        }
        started
            && friends.iter().all(|f| {
                f.world()
                    .get_resource::<Match<G>>()
                    .is_some_and(|m| m.pending.is_empty())
            })
    });
}
