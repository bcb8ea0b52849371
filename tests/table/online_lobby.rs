//! The host's lobby among friends who hold the code, through two friends' headless apps and a
//! real meeting server: people asking come and go under the host's hands, and a yes meant for
//! one friend, pressed as that friend leaves, never seats the friend who asked after them; and
//! Close the table asks once.

use crate::common::online::{LOBBY_FRAMES, friend_app, host_app, hosted, run_all, run_both};
use crate::common::press;
use bevy::prelude::*;
use come_buy::online::guest::{OnlineGuest, Status};
use come_buy::screens::MenuFocus;
use come_buy::table::SeatKind;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::msg::Holder;
use come_buy_online::signal::Signal;

/// Runs `friend` (and the host) until it chooses a seat, then asks for its `k`-th open one.
fn ask_for(host: &mut App, friend: &mut App, k: usize) {
    run_both(host, friend, |_, friend| {
        friend
            .world()
            .get_resource::<OnlineGuest>()
            .map(|g| g.status)
            == Some(Status::Choosing)
    });
    for _ in 0..k {
        press(friend, KeyCode::ArrowDown);
    }
    press(friend, KeyCode::Enter);
}

fn asking(host: &App) -> Vec<usize> {
    let room = &hosted(host).room;
    room.asking().iter().map(|r| r.seat).collect()
}

fn holder(host: &App, seat: usize) -> Holder {
    hosted(host).room.lines()[seat].holder.clone()
}

#[test]
fn a_yes_pressed_as_a_friend_leaves_does_not_seat_the_friend_who_asked_next() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let kinds = [SeatKind::Person, SeatKind::Online, SeatKind::Online];
    let (mut host, code) = host_app::<Mykonos>(&url, &kinds, 21);
    let (dir_a, dir_b) = (
        crate::common::temp_dir("lobby-ana"),
        crate::common::temp_dir("lobby-bo"),
    );
    // Ana asks for seat 2 (the first open one), then Bo for seat 3.
    let mut ana = friend_app(&dir_a, &url, &code);
    ask_for(&mut host, &mut ana, 0);
    let mut bo = friend_app(&dir_b, &url, &code);
    run_all(&mut host, &mut [&mut ana, &mut bo], |host, _| {
        asking(host) == [1]
    });
    ask_for(&mut host, &mut bo, 1);
    run_all(&mut host, &mut [&mut ana, &mut bo], |host, _| {
        asking(host) == [1, 2]
    });
    // The host has looked at the lobby long enough; the focus is on "yes" to Ana.
    for _ in 0..LOBBY_FRAMES {
        host.update();
        ana.update();
        bo.update();
    }
    assert_eq!(host.world().resource::<MenuFocus>().index, 0);
    // Ana's table closes just as the host presses Enter for her: Bo's question is now where
    // hers was.
    drop(ana);
    run_all(&mut host, &mut [&mut bo], |host, _| asking(host) == [2]);
    press(&mut host, KeyCode::Enter);
    for _ in 0..3 {
        host.update();
        bo.update();
    }
    assert_eq!(
        asking(&host),
        [2],
        "a yes meant for Ana answered Bo's question"
    );
    assert_eq!(
        holder(&host, 2),
        Holder::Open,
        "Bo was seated by a yes meant for Ana"
    );
    // Once Bo's question has stood where it is a moment, the host's yes is for Bo.
    for _ in 0..LOBBY_FRAMES {
        host.update();
        bo.update();
    }
    press(&mut host, KeyCode::Enter);
    run_all(&mut host, &mut [&mut bo], |host, _| asking(host).is_empty());
    assert!(
        matches!(holder(&host, 2), Holder::Online { here: true, .. }),
        "{:?}",
        holder(&host, 2)
    );
    assert_eq!(holder(&host, 1), Holder::Open, "Ana's seat waits, nobody's");
    let _ = std::fs::remove_dir_all(&dir_a);
    let _ = std::fs::remove_dir_all(&dir_b);
}

#[test]
fn the_lobbys_focus_moves_with_its_entry_when_a_friend_leaves() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let kinds = [SeatKind::Person, SeatKind::Online];
    let (mut host, code) = host_app::<Mykonos>(&url, &kinds, 22);
    let dir = crate::common::temp_dir("lobby-cy");
    let mut cy = friend_app(&dir, &url, &code);
    ask_for(&mut host, &mut cy, 0);
    run_all(&mut host, &mut [&mut cy], |host, _| asking(host) == [1]);
    for _ in 0..LOBBY_FRAMES {
        host.update();
        cy.update();
    }
    // The focus on Start (after yes and no to Cy), then Cy leaves: the focus stays on Start
    // (it does not fall on Close the table), and a press there, once it stood still a moment,
    // only asks whether bots may take the open seat.
    press(&mut host, KeyCode::ArrowDown);
    press(&mut host, KeyCode::ArrowDown);
    assert_eq!(host.world().resource::<MenuFocus>().index, 2);
    drop(cy);
    run_all(&mut host, &mut [], |host, _| asking(host).is_empty());
    host.update();
    assert_eq!(
        host.world().resource::<MenuFocus>().index,
        0,
        "the focus left Start"
    );
    for _ in 0..LOBBY_FRAMES {
        host.update();
    }
    press(&mut host, KeyCode::Enter);
    host.update();
    let oh = hosted(&host);
    assert!(
        oh.start_asked && !oh.started,
        "Start asks first with a seat open"
    );
    assert_eq!(
        *host
            .world()
            .resource::<State<come_buy::screens::Screen>>()
            .get(),
        come_buy::screens::Screen::Table,
        "the room is still open"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn close_the_table_asks_once_and_esc_only_asks() {
    use come_buy::nav::Owner;
    use come_buy::screens::{Overlay, Screen};
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let kinds = [SeatKind::Person, SeatKind::Online];
    let place = |app: &App| {
        (
            *app.world().resource::<State<Screen>>().get(),
            *app.world().resource::<State<Overlay>>().get(),
        )
    };
    let asked = |app: &App| hosted(app).close_asked;
    let (mut host, _) = host_app::<Mykonos>(&signal.url(), &kinds, 23);
    // Nobody asking: Start (where the focus opens), then Close the table.
    assert_eq!(host.world().resource::<MenuFocus>().of(Owner::Online), 0);
    press(&mut host, KeyCode::ArrowDown);
    press(&mut host, KeyCode::Enter);
    host.update();
    assert_eq!(
        place(&host),
        (Screen::Table, Overlay::Online),
        "one press closed it"
    );
    assert!(asked(&host));
    // Moving away takes the question back; asked again, the second press closes.
    press(&mut host, KeyCode::ArrowUp);
    assert!(!asked(&host));
    press(&mut host, KeyCode::ArrowDown);
    press(&mut host, KeyCode::Enter);
    assert!(asked(&host));
    press(&mut host, KeyCode::Enter);
    host.update();
    assert_eq!(place(&host), (Screen::NewGame, Overlay::None));
    // Esc asks too, on Close the table (the focus goes to the question); a second Esc closes.
    let (mut host, _) = host_app::<Mykonos>(&signal.url(), &kinds, 24);
    press(&mut host, KeyCode::Escape);
    host.update();
    assert_eq!(
        place(&host),
        (Screen::Table, Overlay::Online),
        "Esc closed the table"
    );
    assert!(asked(&host));
    assert_eq!(host.world().resource::<MenuFocus>().of(Owner::Online), 1);
    press(&mut host, KeyCode::Escape);
    host.update();
    assert_eq!(place(&host), (Screen::NewGame, Overlay::None));
}

/// The table behind the lobby names a seat waiting for a friend "Open seat" (its plaque "Open
/// seat  (online)") before anyone sits there, not the name the setup gave it; a friend who
/// sits gets their own.
#[test]
fn the_lobbys_backdrop_names_a_seat_waiting_for_a_friend_open_seat() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let kinds = [SeatKind::Person, SeatKind::Online];
    let (mut host, _) = host_app::<Mykonos>(&signal.url(), &kinds, 25);
    host.update();
    let open = come_buy_text::tr("online-open-seat");
    let m = host.world().resource::<come_buy::table::Match<Mykonos>>();
    assert_eq!(m.seats[0].name, "P0", "the host's own seat keeps its name");
    assert_eq!(m.seats[1].name, open);
    let plaque = crate::common::plaque_name(&mut host, 1);
    assert!(plaque.starts_with(&open), "{plaque}");
}
