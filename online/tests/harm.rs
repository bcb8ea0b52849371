//! A guest who means harm, message by message through the host's and the guests' own code (no
//! transport): a relayer who grinds for the host's letters, a seated friend who floods copies
//! of an old move, and a code holder told no who comes back under new peer ids. (The same
//! attacks through real WebRTC links: `harm_link.rs`.)

mod common;

use come_buy_engine::game::Game;
use come_buy_engine::game::Setup;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::code;
use come_buy_online::guest::{Guest, GuestEvent};
use come_buy_online::host::{ASK_EXPIRES, ASKS_PER_WINDOW, COPY_AGAIN, Host, HostEvent, MAX_FLOOD};
use come_buy_online::msg::{self, ToGuest, ToHost, Why};
use come_buy_online::testkit::{ask, hello, room, said_to};
use common::relay::{forged_asking, forged_welcome, old_grind};

/// Delivers what `g` (peer `id`) says to the host, and what the host says to `g` back, until
/// nobody has anything to say; the guest's events, and the host's.
fn talk(h: &mut Host<u32>, g: &mut Guest<u32>, id: u32) -> (Vec<GuestEvent>, Vec<HostEvent<()>>) {
    let (mut ge, mut he) = (Vec::new(), Vec::new());
    loop {
        let out = g.take_out();
        let back: Vec<(u32, Vec<u8>)> = h.take_out();
        if out.is_empty() && back.iter().all(|(p, _)| *p != id) {
            return (ge, he);
        }
        for (to, bytes) in out {
            assert_eq!(to, 0);
            he.extend(h.heard::<()>(id, &bytes));
        }
        for (to, bytes) in back {
            if to == id {
                ge.extend(g.heard(0, &bytes));
            }
        }
    }
}

/// A guest on peer `id` of room `h`, welcomed.
fn guest(h: &mut Host<u32>, id: u32, name: &str) -> Guest<u32> {
    let mut g = Guest::new(&h.code.clone(), name);
    g.set_me(id);
    h.peer_up(id, 0.0);
    g.peer_up(0);
    let (ev, _) = talk(h, &mut g, id);
    assert_eq!(ev, vec![GuestEvent::Welcome]);
    g
}

/// A relayer (peer 5) answers a first-time joiner (peer 9) before the host can, and asks the
/// host for the seat itself. Before, it picked its part after seeing the joiner's and ground
/// until both screens showed the same letters (a few thousand tries, a moment's work: counted
/// below). Now the joiner's hello shows only the hash of its part, the relayer's welcome fixes
/// its own before the joiner shows its part, a second welcome or a part it did not commit to
/// changes nothing, and the host shows its part only with an ask on its screen: the relayer's
/// letters at the joiner's end are whatever its committed part gives, matching the host's by
/// chance alone (1 in 4,096).
#[test]
fn a_relayer_grinding_for_the_hosts_letters_fails() {
    let mut matched = 0;
    let mut old_tries = Vec::new();
    for _ in 0..48 {
        let mut h = room("mykonos");
        // The relayer's own way in: a guest of the room like any other.
        let mut r = guest(&mut h, 5, "Ana");
        // The joiner sees only the relayer (it answers first).
        let mut j = Guest::<u32>::new(&h.code, "Ana");
        j.set_me(9);
        j.peer_up(5);
        let said = j.take_out();
        let Ok(ToHost::<()>::Hello {
            nonce,
            commit: Some(j_commit),
            ..
        }) = msg::decode(&said[0].1)
        else {
            panic!("a hello with the hash of the joiner's part");
        };
        // The relayer fixes its part (it has seen only a hash) and welcomes the joiner.
        let r_part = code::new_token().unwrap();
        let lines = h.lines();
        let forged = |commit: &str| forged_welcome(&lines, commit);
        assert_eq!(
            j.heard(5, &forged(&code::commit(&r_part))),
            Some(GuestEvent::Welcome)
        );
        // The joiner asks, showing its part (the one its hello committed to).
        j.ask::<()>(1);
        let said = j.take_out();
        let Ok(ToHost::<()>::Ask {
            reveal: Some(j_part),
            ..
        }) = msg::decode(&said[0].1)
        else {
            panic!("an ask with the joiner's part");
        };
        assert!(code::opens(&j_commit, &j_part));
        // The relayer asks the host itself: its ask is on the host's screen, with letters.
        r.ask::<()>(1);
        let (ev, hev) = talk(&mut h, &mut r, 5);
        let [
            HostEvent::Asked {
                mark: host_mark, ..
            },
        ] = &hev[..]
        else {
            panic!("the relayer's ask on the host's screen: {hev:?}");
        };
        assert!(matches!(ev[..], [GuestEvent::Asking { .. }]));
        // Before: the joiner's nonce was its part, seen in the hello; a few thousand tries.
        old_tries.push(old_grind(host_mark, &nonce, "5", "9"));
        // Now the relayer grinds a part for the host's letters at the joiner's end...
        let ground = format!("{:032x}", old_grind(host_mark, &j_part, "5", "9"));
        assert_eq!(code::mark(&ground, &j_part, "5", "9"), *host_mark);
        // ...but a second welcome (to swap its commitment) is not heard, and the part it
        // ground is not the one it committed to: the joiner shows nothing for it.
        assert_eq!(j.heard(5, &forged(&code::commit(&ground))), None);
        let asking = |part: &str| forged_asking(host_mark, part);
        assert_eq!(j.heard(5, &asking(&ground)), None);
        assert_eq!(j.mark, None, "no letters from a part not committed to");
        // Its committed part gives the letters it gives.
        let Some(GuestEvent::Asking { mark, .. }) = j.heard(5, &asking(&r_part)) else {
            panic!("the letters of the committed part");
        };
        assert_eq!(mark, code::mark(&r_part, &j_part, "5", "9"));
        matched += usize::from(mark == *host_mark);
    }
    old_tries.sort_unstable();
    eprintln!(
        "old marks: the relayer needed {} to {} tries (median {}) per joiner; now matched {matched} of 48 by chance",
        old_tries[0],
        old_tries[old_tries.len() - 1],
        old_tries[old_tries.len() / 2]
    );
    // Every old grind succeeded, each in a moment; now the letters matched at most by chance
    // (48 tries at 1 in 4,096: more than 2 has a chance under one in a million).
    assert!(matched <= 2, "{matched} of 48 matched");
}

/// A seated friend on peer 1 at seat 1 of a started room whose match has `steps` moves.
fn seated(h: &mut Host<u32>) -> Guest<u32> {
    let mut g = guest(h, 1, "Ana");
    g.ask::<()>(1);
    talk(h, &mut g, 1);
    assert_eq!(h.answer(1, 1, true), Some(1));
    let (ev, _) = talk(h, &mut g, 1);
    assert!(
        matches!(ev[..], [GuestEvent::Seated { seat: 1, .. }, ..]),
        "{ev:?}"
    );
    h.start("bot");
    talk(h, &mut g, 1);
    g
}

/// Copies of an old move: the host's app answers one (the whole match again, re-encoded) once
/// per COPY_AGAIN seconds for a step; the rest are dropped, and a seated friend who keeps
/// sending them is let go (its seat waits for its token, as after a drop). Before, every copy
/// reached the app: each one the whole match replayed and sent.
#[test]
fn a_flood_of_copies_of_an_old_move_is_answered_once_then_let_go() {
    let mut h = room("mykonos");
    let mut g = seated(&mut h);
    let (game, _) = Mykonos::start(&Setup::new(3, 4)).unwrap();
    h.send_world(1, &game, 5, &[], true);
    talk(&mut h, &mut g, 1);
    let copy = msg::encode(&ToHost::Act {
        step: 4,
        action: serde_json::json!("Pass"),
    });
    let mut judged = 0;
    let mut dropped = None;
    for i in 0..100 {
        match h.heard::<serde_json::Value>(1, &copy) {
            Some(HostEvent::Act { step: 4, .. }) => judged += 1,
            Some(HostEvent::Dropped { seat: 1 }) => {
                dropped = Some(i);
                break;
            }
            None => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(judged, 1, "one copy judged (answered) for the step");
    assert_eq!(
        dropped,
        Some(MAX_FLOOD as usize + 1),
        "let go after MAX_FLOOD more"
    );
    assert_eq!(h.take_gone(), vec![1]);
    assert!(
        !h.friend_here(1) && h.held(1),
        "the seat waits for its token"
    );
    assert_eq!(
        h.heard::<serde_json::Value>(1, &copy),
        None,
        "not heard again"
    );
    // A friend whose answers are lost sends its move again every 3 s: each copy answered.
    let mut h = room("mykonos");
    seated(&mut h);
    h.send_world(1, &game, 5, &[], true);
    h.take_out();
    for k in 0..40 {
        h.tick(k as f64 * COPY_AGAIN * 1.5);
        assert!(
            matches!(
                h.heard::<serde_json::Value>(1, &copy),
                Some(HostEvent::Act { .. })
            ),
            "copy {k} answered"
        );
    }
    assert!(h.friend_here(1));
    // Moves refused by the app count too: a friend online's table sends one and waits.
    let new = msg::encode(&ToHost::Act {
        step: 5,
        action: serde_json::json!("Pass"),
    });
    for _ in 0..=MAX_FLOOD {
        assert!(matches!(
            h.heard::<serde_json::Value>(1, &new),
            Some(HostEvent::Act { step: 5, .. })
        ));
        h.refuse_seat(1, Why::NotYourTurn);
    }
    assert_eq!(
        h.heard::<serde_json::Value>(1, &new),
        Some(HostEvent::Dropped { seat: 1 })
    );
    // A new step starts the count again (a long match's odd refusals never add up).
    let mut h = room("mykonos");
    seated(&mut h);
    for step in 5..100u32 {
        h.send_world(1, &game, step as usize, &[], false);
        h.refuse_seat(1, Why::NotYourTurn);
    }
    assert!(h.friend_here(1));
}

/// A raw peer (no commitment: its part is its nonce) says hello; what it was told.
fn knock(h: &mut Host<u32>, id: u32, at: f64) {
    h.peer_up(id, at);
    let hi = hello(h, &code::new_token().unwrap(), None);
    h.heard::<()>(id, &hi);
}

/// A code holder asks for seat 1 and is told no, then comes back under new peer ids; the real
/// friend, asking meanwhile, waits behind the one ask already on the host's screen (before:
/// "too many asking" for as long as the holder kept one ask up), and the holder's comebacks
/// are bounded: ASKS_PER_WINDOW asks a minute from online peers. An ask the host leaves
/// unanswered expires after ASK_EXPIRES (on the room's clock) as a no.
#[test]
fn a_code_holder_told_no_cannot_keep_the_real_friend_out() {
    let mut h = room("mykonos");
    knock(&mut h, 10, 0.0);
    h.heard::<()>(10, &ask(1, "Ana"));
    assert_eq!(h.answer(10, 1, false), None);
    // Back under a new id at once: its ask is taken (a new peer)...
    knock(&mut h, 11, 1.0);
    assert!(matches!(
        h.heard::<()>(11, &ask(1, "Ana")),
        Some(HostEvent::Asked { .. })
    ));
    // ...but the real friend asking now is on the host's screen too, not told "busy".
    let mut ana = guest(&mut h, 1, "Ana");
    ana.ask::<()>(1);
    let (ev, hev) = talk(&mut h, &mut ana, 1);
    assert!(
        matches!(ev[..], [GuestEvent::Asking { seat: 1, .. }]),
        "{ev:?}"
    );
    assert!(matches!(hev[..], [HostEvent::Asked { seat: 1, .. }]));
    let on_screen: Vec<u32> = h.asking().iter().map(|r| r.peer).collect();
    assert_eq!(on_screen, vec![11, 1]);
    // The host says yes to the real friend: the other asker for the seat is told it is taken.
    h.take_out();
    assert_eq!(h.answer(1, 1, true), Some(1));
    assert_eq!(said_to(&mut h, 11)[0], ToGuest::Refused { why: Why::Taken });
    assert!(h.asking().is_empty());
    // Comebacks for seat 2 under ever new ids: at most ASKS_PER_WINDOW a minute are taken.
    let mut taken = 0;
    for id in 20..60u32 {
        knock(&mut h, id, 2.0);
        let r = h.asking().first().map(|r| (r.peer, r.seat));
        if let Some((p, s)) = r {
            h.answer(p, s, false);
        }
        if matches!(
            h.heard::<()>(id, &ask(2, "Ana")),
            Some(HostEvent::Asked { .. })
        ) {
            taken += 1;
        }
    }
    assert_eq!(
        taken,
        ASKS_PER_WINDOW - 3,
        "the window's asks (three spent above)"
    );
    // A minute on, asks are taken again; one left unanswered expires as a no.
    h.tick(2.0 + 61.0);
    for r in h.asking().to_vec() {
        h.answer(r.peer, r.seat, false);
    }
    knock(&mut h, 70, 63.0);
    assert!(matches!(
        h.heard::<()>(70, &ask(2, "Ana")),
        Some(HostEvent::Asked { .. })
    ));
    h.take_out();
    h.tick(63.0 + ASK_EXPIRES - 1.0);
    assert_eq!(h.asking().len(), 1, "still waiting");
    assert!(h.next_tick().is_some_and(|t| t <= 63.0 + ASK_EXPIRES));
    h.tick(63.0 + ASK_EXPIRES);
    assert!(h.asking().is_empty(), "expired");
    assert_eq!(
        said_to(&mut h, 70),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
    // And the expiry is a no: asking again at once is refused.
    h.heard::<()>(70, &ask(2, "Ana"));
    assert_eq!(
        said_to(&mut h, 70),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
}
