//! The questions a player meets now and then, each where it comes: New game's "replace the
//! saved match?", the Join panel's "who plays with which controller" (its first asking, and a
//! controller gone), and the TV's question when a phone asks for a seat (through the real
//! phones' server on loopback: the room reads it from the sofa before it gives a phone
//! someone's cards).

use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time, report};
use crate::common::phone::{KeepAlive, hello, own_page_from, question_up, serve, until};
use crate::common::{people_then_bots, run_until, seats};
use bevy::prelude::*;
use come_buy::nav::Device;
use come_buy::phones::Phones;
use come_buy::screens::setup::{GameSetup, PendingStart};
use come_buy::screens::{Overlay, Screen};
use come_buy::table::Match;
use come_buy::table::devices::SeatDevices;
use come_buy_engine::mykonos::Mykonos;

#[test]
fn a_phone_asking_for_a_seat() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let m = Match::<Mykonos>::new(seats(&people_then_bots(2, 1)), 9, Vec::new()).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    // The deal played out: the hand-over cover waits for the first person.
    run_until(&mut a.app, 60, |_| false);
    let (port, code) = serve(&mut a.app);
    let mut phone = own_page_from(None, port, &code).expect("the phone connects");
    hello(&mut phone, &code, None);
    until(&mut a.app, &mut phone, |m| m["t"] == "seats");
    crate::common::phone::ask(&mut phone, 1);
    until(&mut a.app, &mut phone, |m| m["t"] == "asking");
    question_up(&mut a.app);
    // The page pings while the audit looks (a silent phone is let go after a while).
    let phone = KeepAlive::hold(phone);
    a.corners("a phone asking for a seat");
    let asking = a.app.world().resource::<Phones>().claims().len();
    drop(phone);
    assert_eq!(asking, 1, "the question outlasts the audit's looks");
    assert_eq!(
        *a.app.world().resource::<State<Overlay>>().get(),
        Overlay::PhoneClaim,
        "the audit looked at the question"
    );
    report("a phone asking for a seat", &[a]);
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
