//! The attacks of `harm.rs` through real WebRTC data channels (matchbox) and a signaling
//! server started here on the loopback: the host's room pumped over its own link, each
//! attacker and each real friend on links of their own (a new peer id is a new link). A relayer
//! who grinds for the host's letters, a seated friend who floods copies of an old move, and a
//! code holder told no who comes back under new peer ids. The room's clock is the test's (an
//! ask's expiry and the window of asks follow it), every wait is bounded by patience.
#![cfg(feature = "signal")]

mod common;

use come_buy_engine::game::{Game, Setup};
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::code::{self, PeerKey};
use come_buy_online::guest::{Guest, GuestEvent};
use come_buy_online::host::{ASK_EXPIRES, ASKS_PER_WINDOW, COPY_AGAIN, HostEvent, MAX_FLOOD};
use come_buy_online::link::PeerId;
use come_buy_online::msg::{self, ToGuest, ToHost, Why};
use come_buy_online::testkit::{ask, hello};
use common::relay::{forged_asking, forged_welcome, old_grind};
use common::wire::{Wire, one_at_a_time, room};
use std::time::Instant;

/// Rooms the relayer attacks, one after another (each on links of its own).
const ROUNDS: usize = 12;

/// What peer `i` heard from `from`, decoded as messages to a host (what a joiner told the
/// relayer it took for the host).
fn told(w: &Wire, i: usize, from: PeerId) -> Vec<ToHost<()>> {
    w.peers[i].heard[..]
        .iter()
        .filter(|(p, ..)| *p == from)
        .filter_map(|(_, b, _)| msg::decode(b).ok())
        .collect()
}

/// Peer `i` hears `n` messages from `from` (counted from its `since`th); what its table made of
/// them.
fn hears(w: &mut Wire, i: usize, from: PeerId, since: usize, n: usize) -> Vec<Option<GuestEvent>> {
    w.until("a peer to hear another's messages", |w| {
        w.peers[i].made_of(from, since).len() >= n
    });
    w.peers[i].made_of(from, since)
}

/// One room: the relayer (a guest of the room, on its link) answers a first-time joiner (on
/// its own) before the host can (the host's answers to the joiner are late: they never leave),
/// and asks the host for the seat itself. What it made the joiner's letters, against the
/// host's; the old grind's tries go to `old_tries`.
fn relay_round(old_tries: &mut Vec<u64>) -> bool {
    let mut w = Wire::open(room("mykonos"));
    let (host, code) = (w.host_id(), w.host.h.code.clone());
    let r = w.join(Some(Guest::new(&code, "Ana")), Some(host));
    let j = w.join(Some(Guest::new(&code, "Ana")), None);
    let (r_id, j_id) = (w.id(r), w.id(j));
    w.host.deaf.push(j_id);
    let (rk, jk) = (r_id.key(), j_id.key());
    // The joiner knocks on every peer: its hello reaches the relayer with the hash of its part.
    w.until("the relayer welcomed, and the joiner's hello", |w| {
        w.peers[r].g().met() && !told(w, r, j_id).is_empty()
    });
    let Some(ToHost::Hello {
        nonce,
        commit: Some(j_commit),
        ..
    }) = told(&w, r, j_id).pop()
    else {
        panic!("a hello with the hash of the joiner's part");
    };
    // The relayer fixes its part (it has seen only a hash) and welcomes the joiner.
    let r_part = code::new_token().unwrap();
    let lines = w.host.h.lines();
    let since = w.peers[j].heard.len();
    w.send(r, j_id, forged_welcome(&lines, &code::commit(&r_part)));
    assert_eq!(
        hears(&mut w, j, r_id, since, 1),
        vec![Some(GuestEvent::Welcome)]
    );
    // The joiner asks (the relayer, taken for the host), showing its part.
    w.peers[j].g().ask::<()>(1);
    w.until("the joiner's ask at the relayer", |w| {
        told(w, r, j_id).len() >= 2
    });
    let Some(ToHost::Ask {
        reveal: Some(j_part),
        ..
    }) = told(&w, r, j_id).pop()
    else {
        panic!("an ask with the joiner's part");
    };
    assert!(code::opens(&j_commit, &j_part));
    // The relayer asks the host itself: its ask is on the host's screen, with letters.
    let (at_host, at_r) = (w.host.heard.len(), w.peers[r].heard.len());
    w.peers[r].g().ask::<()>(1);
    let ev = hears(&mut w, r, host, at_r, 1);
    assert!(
        matches!(ev[..], [Some(GuestEvent::Asking { .. })]),
        "{ev:?}"
    );
    let hev = w.host.made_of(r_id, at_host);
    let [
        Some(HostEvent::Asked {
            mark: host_mark, ..
        }),
    ] = &hev[..]
    else {
        panic!("the relayer's ask on the host's screen: {hev:?}");
    };
    // Before: the joiner's nonce was its part, seen in the hello; a few thousand tries.
    old_tries.push(old_grind(host_mark, &nonce, &rk, &jk));
    // Now the relayer grinds a part for the host's letters at the joiner's end...
    let ground = format!("{:032x}", old_grind(host_mark, &j_part, &rk, &jk));
    assert_eq!(code::mark(&ground, &j_part, &rk, &jk), *host_mark);
    // ...but a second welcome (to swap its commitment) is not heard, and the part it ground
    // is not the one it committed to: the joiner shows nothing for it.
    let since = w.peers[j].heard.len();
    w.send(r, j_id, forged_welcome(&lines, &code::commit(&ground)));
    w.send(r, j_id, forged_asking(host_mark, &ground));
    assert_eq!(hears(&mut w, j, r_id, since, 2), vec![None, None]);
    assert_eq!(
        w.peers[j].g().mark,
        None,
        "no letters from a part not committed to"
    );
    // Its committed part gives the letters it gives.
    let since = w.peers[j].heard.len();
    w.send(r, j_id, forged_asking(host_mark, &r_part));
    let ev = hears(&mut w, j, r_id, since, 1);
    let [Some(GuestEvent::Asking { mark, .. })] = &ev[..] else {
        panic!("the letters of the committed part: {ev:?}");
    };
    assert_eq!(*mark, code::mark(&r_part, &j_part, &rk, &jk));
    assert!(
        w.peers[j].said_by(host, 0).is_empty(),
        "the host's answers to the joiner stayed late"
    );
    mark == host_mark
}

/// `harm.rs`'s relayer, through the links: before, it picked its part after seeing the
/// joiner's and ground until both screens showed the same letters (counted below); now the
/// joiner's letters are whatever the relayer's committed part gives, matching the host's by
/// chance alone (1 in 4,096).
#[test]
fn a_relayer_grinding_for_the_hosts_letters_fails_over_webrtc() {
    let _one = one_at_a_time();
    let start = Instant::now();
    let mut old_tries = Vec::new();
    let matched = (0..ROUNDS).filter(|_| relay_round(&mut old_tries)).count();
    old_tries.sort_unstable();
    eprintln!(
        "over WebRTC, old marks: the relayer needed {} to {} tries (median {}) per joiner; now \
         matched {matched} of {ROUNDS} by chance; {ROUNDS} rooms in {:.1} s",
        old_tries[0],
        old_tries[old_tries.len() - 1],
        old_tries[old_tries.len() / 2],
        start.elapsed().as_secs_f64()
    );
    // Every old grind succeeded; now the letters matched at most by chance (12 rooms at 1 in
    // 4,096: more than 1 has a chance under one in a hundred thousand).
    assert!(matched <= 1, "{matched} of {ROUNDS} matched");
}

/// A room on the wire with Ana, a friend on her own link, seated on seat 1 and the match
/// started; sent the match at step 5. Her peer's index and id.
fn seated() -> (Wire, usize, PeerId) {
    let mut w = Wire::open(room("mykonos"));
    let (host, code) = (w.host_id(), w.host.h.code.clone());
    let a = w.join(Some(Guest::new(&code, "Ana")), Some(host));
    let id = w.id(a);
    w.until("Ana welcomed", |w| w.peers[a].g().met());
    w.peers[a].g().ask::<()>(1);
    w.until("Ana's ask on the host's screen", |w| {
        w.host.h.asking().iter().any(|r| r.peer == id)
    });
    assert_eq!(w.host.h.answer(id, 1, true), Some(1));
    w.until("Ana seated", |w| w.peers[a].g().seat == Some(1));
    w.host.h.start("bot");
    let (game, _) = Mykonos::start(&Setup::new(3, 4)).unwrap();
    w.host.h.send_world(1, &game, 5, &[], true);
    w.until("the match at step 5 at Ana's", |w| w.peers[a].g().step == 5);
    (w, a, id)
}

/// A move of Ana's chosen at `step`.
fn act(step: u32) -> Vec<u8> {
    msg::encode(&ToHost::Act {
        step,
        action: serde_json::json!("Pass"),
    })
}

/// Copies of an old move, flooded down a seated friend's link: one is judged (answered) for
/// the step, the rest dropped, and after MAX_FLOOD more the friend is let go (told so; its seat
/// waits for its token) and not heard again.
#[test]
fn a_flood_of_copies_of_an_old_move_is_answered_once_then_let_go_over_webrtc() {
    let _one = one_at_a_time();
    let start = Instant::now();
    let (mut w, a, id) = seated();
    let host = w.host_id();
    let since = w.host.heard.len();
    for _ in 0..100 {
        w.send(a, host, act(4));
    }
    w.until("the host to hear the flood", |w| {
        w.host.made_of(id, since).len() >= 100
    });
    let made = w.host.made_of(id, since);
    let judged = made
        .iter()
        .filter(|e| matches!(e, Some(HostEvent::Act { step: 4, .. })))
        .count();
    assert_eq!(judged, 1, "one copy judged (answered) for the step");
    let dropped = made
        .iter()
        .position(|e| *e == Some(HostEvent::Dropped { seat: 1 }));
    assert_eq!(
        dropped,
        Some(MAX_FLOOD as usize + 1),
        "let go after MAX_FLOOD more"
    );
    assert_eq!(
        made.iter().flatten().count(),
        2,
        "the others dropped, and none heard after: {made:?}"
    );
    assert_eq!(w.host.h.take_gone(), vec![id]);
    assert!(
        !w.host.h.friend_here(1) && w.host.h.held(1),
        "the seat waits for its token"
    );
    w.until("Ana told she was let go", |w| {
        w.peers[a].said_by(host, 0).contains(&ToGuest::Refused {
            why: Why::Malformed,
        })
    });
    eprintln!("over WebRTC: 100 copies, let go after {dropped:?}");
    copies_answered_and_refusals_counted();
    a_new_step_starts_the_count_again();
    eprintln!(
        "over WebRTC: the flood's three rooms in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// A friend whose answers are lost sends its move again every 3 s: each copy is answered.
/// Moves refused by the app count too: one more than MAX_FLOOD and the friend is let go.
fn copies_answered_and_refusals_counted() {
    let (mut w, a, id) = seated();
    for k in 0..40 {
        w.host.now = k as f64 * COPY_AGAIN * 1.5;
        assert!(
            matches!(w.tell_host(a, act(4)), Some(HostEvent::Act { .. })),
            "copy {k} answered"
        );
    }
    assert!(w.host.h.friend_here(1));
    for _ in 0..=MAX_FLOOD {
        assert!(matches!(
            w.tell_host(a, act(5)),
            Some(HostEvent::Act { step: 5, .. })
        ));
        w.host.h.refuse_seat(1, Why::NotYourTurn);
    }
    assert_eq!(w.tell_host(a, act(5)), Some(HostEvent::Dropped { seat: 1 }));
    assert_eq!(w.host.h.take_gone(), vec![id]);
    let host = w.host_id();
    w.until("Ana told she was let go", |w| {
        w.peers[a].said_by(host, 0).contains(&ToGuest::Refused {
            why: Why::Malformed,
        })
    });
    let not_yours = w.peers[a]
        .said_by(host, 0)
        .into_iter()
        .filter(|m| {
            *m == ToGuest::Refused {
                why: Why::NotYourTurn,
            }
        })
        .count();
    assert_eq!(
        not_yours,
        MAX_FLOOD as usize + 1,
        "each refusal reached Ana"
    );
}

/// A new step starts the count again: a long match's odd refusals never add up.
fn a_new_step_starts_the_count_again() {
    let (mut w, a, _) = seated();
    let (game, _) = Mykonos::start(&Setup::new(3, 4)).unwrap();
    for step in 5..100u32 {
        w.host.h.send_world(1, &game, step as usize, &[], false);
        w.host.h.refuse_seat(1, Why::NotYourTurn);
    }
    w.until("the match at step 99 at Ana's", |w| {
        w.peers[a].g().step == 99
    });
    assert!(w.host.h.friend_here(1));
    assert_eq!(w.peers[a].g().seat, Some(1));
}

/// A peer on its own link (a new peer id) says hello to the host, committing to no part, and
/// is welcomed.
fn knock(w: &mut Wire, i: usize) {
    w.meet(i);
    let hi = hello(&w.host.h, &code::new_token().unwrap(), None);
    let since = w.peers[i].heard.len();
    assert_eq!(w.tell_host(i, hi), None);
    assert!(matches!(
        told_by_host(w, i, since, 1)[..],
        [ToGuest::Welcome { .. }]
    ));
}

/// What peer `i` heard from the host from its `since`th message, once it heard `n`.
fn told_by_host(
    w: &mut Wire,
    i: usize,
    since: usize,
    n: usize,
) -> Vec<ToGuest<serde_json::Value, serde_json::Value>> {
    let host = w.host_id();
    w.until("a peer to hear the host", |w| {
        w.peers[i].said_by(host, since).len() >= n
    });
    w.peers[i].said_by(host, since)
}

/// A code holder asks for seat 1 and is told no, then comes back on new links (new peer ids);
/// the real friend, asking meanwhile on her own link, waits behind the one ask already on the
/// host's screen and gets the seat, and the holder's comebacks are bounded: ASKS_PER_WINDOW asks
/// a minute. An ask the host leaves unanswered expires after ASK_EXPIRES as a no.
#[test]
fn a_code_holder_told_no_cannot_keep_the_real_friend_out_over_webrtc() {
    let _one = one_at_a_time();
    let start = Instant::now();
    let mut w = Wire::open(room("mykonos"));
    let (host, code) = (w.host_id(), w.host.h.code.clone());
    let first = w.join(None, None);
    knock(&mut w, first);
    w.tell_host(first, ask(1, "Ana"));
    let first_id = w.id(first);
    assert_eq!(w.host.h.answer(first_id, 1, false), None);
    // Back on a new link at once: its ask is taken (a new peer)...
    w.host.now = 1.0;
    let again = w.join(None, None);
    let again_id = w.id(again);
    knock(&mut w, again);
    assert!(matches!(
        w.tell_host(again, ask(1, "Ana")),
        Some(HostEvent::Asked { .. })
    ));
    // ...but the real friend asking now is on the host's screen too, not told "busy".
    let ana = w.join(Some(Guest::new(&code, "Ana")), Some(host));
    let ana_id = w.id(ana);
    w.until("Ana welcomed", |w| w.peers[ana].g().met());
    let (at_host, at_ana) = (w.host.heard.len(), w.peers[ana].heard.len());
    w.peers[ana].g().ask::<()>(1);
    let ev = hears(&mut w, ana, host, at_ana, 1);
    assert!(
        matches!(ev[..], [Some(GuestEvent::Asking { seat: 1, .. })]),
        "{ev:?}"
    );
    let hev = w.host.made_of(ana_id, at_host);
    assert!(matches!(hev[..], [Some(HostEvent::Asked { seat: 1, .. })]));
    let on_screen: Vec<PeerId> = w.host.h.asking().iter().map(|r| r.peer).collect();
    assert_eq!(on_screen, vec![again_id, ana_id]);
    // The host says yes to the real friend: the other asker for the seat is told it is taken.
    let since = w.peers[again].heard.len();
    assert_eq!(w.host.h.answer(ana_id, 1, true), Some(1));
    assert_eq!(
        told_by_host(&mut w, again, since, 1)[0],
        ToGuest::Refused { why: Why::Taken }
    );
    w.until("Ana seated", |w| w.peers[ana].g().seat == Some(1));
    assert!(w.host.h.asking().is_empty());
    comebacks_are_bounded(&mut w);
    eprintln!(
        "over WebRTC: the code holder's room in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// Comebacks for seat 2 on ever new links: at most ASKS_PER_WINDOW a minute are taken (the
/// others told the room is busy); a minute on, asks are taken again, and one left unanswered
/// expires as a no.
fn comebacks_are_bounded(w: &mut Wire) {
    w.host.now = 2.0;
    let backs: Vec<usize> = (0..ASKS_PER_WINDOW + 1)
        .map(|_| w.join(None, None))
        .collect();
    let mut taken = 0;
    for &b in &backs {
        knock(w, b);
        let r = w.host.h.asking().first().map(|r| (r.peer, r.seat));
        if let Some((p, s)) = r {
            w.host.h.answer(p, s, false);
        }
        let since = w.peers[b].heard.len();
        match w.tell_host(b, ask(2, "Ana")) {
            Some(HostEvent::Asked { .. }) => taken += 1,
            other => {
                assert_eq!(other, None);
                assert_eq!(
                    told_by_host(w, b, since, 1),
                    vec![ToGuest::Refused { why: Why::Busy }]
                );
            }
        }
    }
    assert_eq!(
        taken,
        ASKS_PER_WINDOW - 3,
        "the window's asks (three spent above)"
    );
    // A minute on, asks are taken again; one left unanswered expires as a no.
    w.host.now = 2.0 + 61.0;
    w.pump();
    for r in w.host.h.asking().to_vec() {
        w.host.h.answer(r.peer, r.seat, false);
    }
    let late = w.join(None, None);
    knock(w, late);
    let since = w.peers[late].heard.len();
    assert!(matches!(
        w.tell_host(late, ask(2, "Ana")),
        Some(HostEvent::Asked { .. })
    ));
    assert!(matches!(
        told_by_host(w, late, since, 1)[..],
        [ToGuest::Asking { seat: 2, .. }]
    ));
    let since = w.peers[late].heard.len();
    w.host.now = 63.0 + ASK_EXPIRES - 1.0;
    w.pump();
    assert_eq!(w.host.h.asking().len(), 1, "still waiting");
    assert!(
        w.host
            .h
            .next_tick()
            .is_some_and(|t| t <= 63.0 + ASK_EXPIRES)
    );
    w.host.now = 63.0 + ASK_EXPIRES;
    w.pump();
    assert!(w.host.h.asking().is_empty(), "expired");
    assert_eq!(
        told_by_host(w, late, since, 1),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
    // And the expiry is a no: asking again at once is refused.
    let since = w.peers[late].heard.len();
    assert_eq!(w.tell_host(late, ask(2, "Ana")), None);
    assert_eq!(
        told_by_host(w, late, since, 1),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
}
