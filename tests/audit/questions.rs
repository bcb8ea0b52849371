//! The questions a player meets now and then, each where it comes: New game's "replace the
//! saved match?", the Join panel's "who plays with which controller" (its first asking, and a
//! controller gone), and the TV's question when a phone asks for a seat (through the real
//! phones' server on loopback: the room reads it from the sofa before it gives a phone
//! someone's cards).

use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time, report};
use crate::common::phone::{
    KeepAlive, Phone, claim_seat, phone_from, question_up, refusal, seated_token, serve,
    tv_answers, tv_phones, until,
};
use crate::common::{people_then_bots, run_until, seats};
use bevy::prelude::*;
use come_buy::nav::Device;
use come_buy::screens::setup::{GameSetup, PendingStart};
use come_buy::screens::{Overlay, Screen};
use come_buy::table::devices::SeatDevices;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::mykonos::Mykonos;

/// A Mýkonos table with these seats, dealt and waiting for its first person, serving phones
/// on loopback: the audit, the port and the room code.
fn serving(kinds: Vec<SeatKind>) -> (Audit, u16, String) {
    let mut a = Audit::new(WINDOWS[0]);
    let m = Match::<Mykonos>::new(seats(&kinds), 9, Vec::new()).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    // The deal played out: the hand-over cover waits for the first person.
    run_until(&mut a.app, 60, |_| false);
    let (port, code) = serve(&mut a.app);
    (a, port, code)
}

/// A phone offered the seats that asks for `seat` and is told the TV decides.
fn phone_asking(a: &mut Audit, port: u16, code: &str, seat: usize) -> Phone {
    let mut phone = phone_from(None, port, code);
    until(&mut a.app, &mut phone, |m| m["t"] == "seats");
    claim_seat(&mut a.app, &mut phone, seat);
    phone
}

#[test]
fn a_phone_asking_for_a_seat() {
    let _one = one_at_a_time();
    let (mut a, port, code) = serving(people_then_bots(2, 1));
    let phone = phone_asking(&mut a, port, &code, 1);
    question_up(&mut a.app);
    // The page pings while the audit looks (a silent phone is let go after a while).
    let phone = KeepAlive::hold(phone);
    a.corners("a phone asking for a seat");
    let asking = tv_phones(&a.app).claims().len();
    drop(phone);
    assert_eq!(asking, 1, "the question outlasts the audit's looks");
    assert_eq!(
        *a.app.world().resource::<State<Overlay>>().get(),
        Overlay::PhoneClaim,
        "the audit looked at the question"
    );
    report("a phone asking for a seat", &[a]);
}

/// The Phones panel as a full table sees it: the page's address and QR code, four seats, two
/// hands on phones (two entries to take them back), and what the door turned away.
#[test]
fn the_phones_panel_with_hands_on_phones() {
    let _one = one_at_a_time();
    let (mut a, port, code) = serving(people_then_bots(4, 0));
    let mut held = Vec::new();
    for seat in [1, 2] {
        let mut phone = phone_asking(&mut a, port, &code, seat);
        tv_answers(&mut a.app, true);
        seated_token(&mut a.app, &mut phone);
        held.push(KeepAlive::hold(phone));
    }
    // A guess at the code, which the door counts (the panel says so).
    refusal(port, "ABCDEFGH").expect("the door refuses a wrong code");
    go(&mut a.app, Screen::Table, Overlay::Phones);
    a.corners("the Phones panel, two hands on phones");
    let on_phones = tv_phones(&a.app).seats().count();
    drop(held);
    assert_eq!(on_phones, 2, "both hands stayed on their phones");
    assert_eq!(
        *a.app.world().resource::<State<Overlay>>().get(),
        Overlay::Phones,
        "the audit looked at the panel"
    );
    report("the Phones panel with hands on phones", &[a]);
}

#[test]
fn replace_the_saved_match() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    go(&mut a.app, Screen::NewGame, Overlay::None);
    let setup = a.app.world().resource::<GameSetup>().clone();
    a.app.insert_resource(PendingStart {
        setup: Some(setup),
        back: Overlay::None,
    });
    go(&mut a.app, Screen::NewGame, Overlay::Replace);
    a.every_setting("replace the saved match");
    assert_eq!(
        *a.app.world().resource::<State<Overlay>>().get(),
        Overlay::Replace,
        "the audit looked at the question"
    );
    report("replace the saved match", &[a]);
}

#[test]
fn who_plays_with_which_controller() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let m = Match::<Mykonos>::new(seats(&people_then_bots(4, 0)), 5, Vec::new()).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    // Four people and (as if) a controller: the first has the keys, the second is asked to
    // press, two wait.
    let join = |a: &mut Audit, orphans: Vec<usize>| {
        {
            let mut d = a.app.world_mut().resource_mut::<SeatDevices>();
            d.shared = false;
            d.bound = vec![Some(Device::Keys), None, None, None];
            d.orphans = orphans;
        }
        go(&mut a.app, Screen::Table, Overlay::Join);
    };
    join(&mut a, Vec::new());
    a.every_setting("who plays with which controller");
    // The second person's controller went away: the panel asks for it first.
    join(&mut a, vec![1]);
    a.corners("who plays with which controller, one gone");
    assert_eq!(
        *a.app.world().resource::<State<Overlay>>().get(),
        Overlay::Join,
        "the audit looked at the panel"
    );
    report("who plays with which controller", &[a]);
}

/// The lines over everything (a save that could not be written, wrong room codes, the online
/// room's news), the most at once, over the title and over a table.
#[test]
fn notices_over_the_title_and_a_table() {
    use come_buy::notice::Notices;
    use come_buy_engine::text::Text;
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let show = |a: &mut Audit| {
        let mut n = a.app.world_mut().resource_mut::<Notices>();
        n.show(
            "write",
            Text::new("notice-write-failed")
                .raw("file", "autosave-goblin-market.ron")
                .raw("why", "No space left on device (os error 28)"),
            None,
        );
    };
    go(&mut a.app, Screen::Title, Overlay::None);
    show(&mut a);
    a.every_setting("notices over the title");
    let m = Match::<Mykonos>::new(seats(&people_then_bots(1, 3)), 3, Vec::new()).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    run_until(&mut a.app, 60, |_| false);
    show(&mut a);
    a.corners("notices over a table");
    assert_eq!(
        a.app.world().resource::<Notices>().lines.len(),
        1,
        "the notices stayed while the audit looked"
    );
    report("notices", &[a]);
}

/// Every guided game (Learn to play) at its first explanations: the caption docked under the
/// table, Continue and Skip, at every setting for the first, the corners for those that follow
/// it before a move.
#[test]
fn every_guided_game_at_its_explanations() {
    use come_buy::table::tutorial::{Tutorial, ids};
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let mut scrolled = 0;
    let holding = |app: &App| {
        app.world()
            .get_resource::<Tutorial>()
            .is_some_and(|t| t.holding && t.caption.is_some())
    };
    for id in ids() {
        go(&mut a.app, Screen::Title, Overlay::None);
        crate::common::screens::open_guided(&mut a.app, id);
        for k in 0..3 {
            // The first explanation comes at once; a later one may wait for a move (whose
            // caption is on the choice panel, audited with the tables).
            let up = run_until(&mut a.app, 600, |app| holding(app));
            assert!(up || k > 0, "{id}: the first explanation comes");
            if !up {
                break;
            }
            let label = format!("guided {id}, explanation {}", k + 1);
            if k == 0 {
                a.every_setting(&label);
                scrolled += usize::from(read_on(&mut a, &label));
            } else {
                a.corners(&label);
            }
            assert!(holding(&a.app), "{id}: the explanation stayed up");
            // Continue.
            crate::common::tap(&mut a.app, KeyCode::Enter);
            a.app.update();
        }
    }
    // Goblin Market's first caption, the longest, is read on at 720p and text 2.
    assert!(
        scrolled > 0,
        "no guided game's caption scrolled at 720p and text 2"
    );
    report("the guided games", &[a]);
}

/// At 1280x720 and the largest text, a caption longer than its panel: Down reads on a row
/// (still whole rows in view, Continue still focused), Up goes back. Whether it scrolled.
fn read_on(a: &mut Audit, label: &str) -> bool {
    use come_buy::table::tutorial::Tutorial;
    use come_buy::ui::ReadingScroll;
    a.set(2.0, 0, "en");
    let scroll = |a: &Audit| *a.app.world().resource::<ReadingScroll>();
    let before = scroll(a);
    if before.max <= 0.0 {
        a.set(1.25, 0, "en");
        return false;
    }
    assert!(
        before.offset == 0.0 && before.line > 0.0,
        "{label}: the caption scrolls from its start, a row at a time ({before:?})"
    );
    crate::common::tap(&mut a.app, KeyCode::ArrowDown);
    a.set(2.0, 0, "en");
    a.look(&format!("{label}, read on"), 2.0, 0, "en");
    let after = scroll(a);
    assert_eq!(after.offset, before.line, "{label}: Down reads on one row");
    assert_eq!(
        a.app.world().resource::<Tutorial>().focus,
        0,
        "{label}: Down only scrolls"
    );
    crate::common::tap(&mut a.app, KeyCode::ArrowUp);
    a.set(2.0, 0, "en");
    assert_eq!(scroll(a).offset, 0.0, "{label}: Up goes back");
    a.set(1.25, 0, "en");
    true
}
