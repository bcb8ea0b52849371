//! An online table from both sides, through a meeting server on a local address: the host's
//! lobby before anyone comes and with a friend asking, the friend choosing a seat (with the
//! name box), both tables in play, then the host's table waiting for a friend who dropped and
//! playing on without the meeting server (the banner's lines).

use super::{Audit, WINDOWS, one_at_a_time, report};
use crate::common::online::{LOBBY_FRAMES, LobbyWatch, hosted, online_settings, run_both_or};
use crate::common::{press, seats};
use bevy::prelude::*;
use come_buy::nav::Owner;
use come_buy::online::OnlineAsk;
use come_buy::online::guest::{OnlineGuest, Status};
use come_buy::phones::RemoteRoom;
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_online::signal::Signal;

/// Runs both apps until `done` (see `run_both`), saying where they stand if it waits in vain.
fn both(
    what: &str,
    host: &mut App,
    friend: &mut App,
    done: impl FnMut(&mut App, &mut App) -> bool,
) {
    run_both_or(host, friend, done, |h, f| {
        format!(
            " for {what}: the host {}, the friend {}",
            describe(h),
            describe(f)
        )
    });
}

/// Where an app stands, for a wait in vain.
fn describe(app: &App) -> String {
    let w = app.world();
    format!(
        "at {:?}/{:?}, match {:?}, deciding {}, hosting {:?}, joining {:?}",
        w.resource::<State<Screen>>().get(),
        w.resource::<State<Overlay>>().get(),
        w.get_resource::<Match<Duchess>>().map(|m| (
            m.actions.len(),
            m.pending.len(),
            m.game.current_player()
        )),
        w.get_resource::<ListChoice<<Duchess as Game>::Action>>()
            .is_some(),
        w.get_resource::<RemoteRoom>()
            .and_then(|r| r.online.as_ref())
            .map(|h| (h.started, h.room.asking().len())),
        status(app),
    )
}

fn asking(host: &App) -> usize {
    hosted(host).room.asking().len()
}

fn status(friend: &App) -> Option<Status> {
    friend
        .world()
        .get_resource::<OnlineGuest>()
        .map(|g| g.status)
}

/// The host's Enter on the lobby's first entry (yes to the first friend asking, else Start),
/// once the lobby has stood still.
fn host_presses_when_steady(host: &mut App, friend: &mut App) {
    let mut lobby = LobbyWatch::default();
    both("the lobby to stand still", host, friend, |host, _| {
        lobby.steady(host)
    });
    let mut f = host.world_mut().resource_mut::<MenuFocus>();
    f.owner = Owner::Online;
    f.index = 0;
    press(host, KeyCode::Enter);
}

#[test]
fn an_online_table_from_both_sides() {
    let _one = one_at_a_time();
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let mut host = Audit::new(WINDOWS[0]);
    online_settings(&mut host.app, &url);
    let kinds = [SeatKind::Person, SeatKind::Online];
    let m = Match::<Duchess>::new(seats(&kinds), 21, vec![]).unwrap();
    host.app.insert_resource(m);
    // The table opens under the room's lobby (as a host's New game does).
    host.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    for _ in 0..LOBBY_FRAMES {
        host.app.update();
    }
    assert_eq!(
        *host.app.world().resource::<State<Overlay>>().get(),
        Overlay::Online,
        "the lobby is open"
    );
    let code = hosted(&host.app).room.code.clone();
    host.corners("the host's lobby, nobody yet");

    let mut friend = Audit::new(WINDOWS[0]);
    online_settings(&mut friend.app, &url);
    friend.app.world_mut().resource_mut::<OnlineAsk>().join = Some(code);
    both(
        "the friend to choose",
        &mut host.app,
        &mut friend.app,
        |_, f| status(f) == Some(Status::Choosing),
    );
    friend.corners("a friend choosing a seat");
    let mut f = friend.app.world_mut().resource_mut::<MenuFocus>();
    f.owner = Owner::Online;
    f.index = 0;
    press(&mut friend.app, KeyCode::Enter);
    both(
        "the host to hear the ask",
        &mut host.app,
        &mut friend.app,
        |h, _| asking(h) == 1,
    );
    host.corners("the host's lobby with a friend asking");
    assert_eq!(asking(&host.app), 1, "the ask outlasts the audit's looks");

    // Yes, then Start: both tables deal; the first decision is looked at from both sides.
    host_presses_when_steady(&mut host.app, &mut friend.app);
    both("the yes to land", &mut host.app, &mut friend.app, |h, _| {
        asking(h) == 0
    });
    host_presses_when_steady(&mut host.app, &mut friend.app);
    let deciding = |app: &App| {
        app.world()
            .get_resource::<ListChoice<<Duchess as Game>::Action>>()
            .is_some()
    };
    let settled = |app: &App| {
        app.world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.pending.is_empty())
    };
    both(
        "both tables to deal",
        &mut host.app,
        &mut friend.app,
        |h, f| settled(h) && settled(f) && (deciding(h) || deciding(f)),
    );
    host.corners("the host's table with a friend online");
    friend.corners("a friend's table");

    report("an online table, the friend's side", &[friend]);

    // The friend's lid closes: the line over the host's table says so for as long as they are
    // away (waiting for them on their turn), where a passing notice once covered the table.
    let mut idle = crate::common::headless();
    both(
        "the host to see the friend gone",
        &mut host.app,
        &mut idle,
        |h, _| !hosted(h).room.friend_here(1),
    );
    host.corners("the host's table, a friend dropped");
    let line = host
        .app
        .world()
        .resource::<come_buy::online::banner::TurnLine>()
        .clone();
    assert!(
        line.away == ["Ana"]
            || line
                .waiting_for
                .as_ref()
                .is_some_and(|(seat, _)| *seat == 1),
        "the line names the friend away: {line:?}"
    );
    // The meeting server goes down: the banner says so, and play goes on.
    drop(signal);
    both(
        "the host to see the server gone",
        &mut host.app,
        &mut idle,
        |h, _| hosted(h).no_server,
    );
    host.corners("the host's table without the meeting server");
    report("an online table", &[host]);
}
