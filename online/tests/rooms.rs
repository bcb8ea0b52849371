//! Rooms over an in-memory network: whole matches between a host and guests, and every way a
//! guest (or a stranger) can be refused. The WebRTC tests (`webrtc.rs`) repeat the matches
//! through real sockets.

mod common;

use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::rng::Rng;
use come_buy_online::guest::Guest;
use come_buy_online::host::{Host, HostEvent, MAX_STRIKES, Plan};
use come_buy_online::msg::{self, MAX_BYTES, ToGuest, ToHost, Why};
use common::hub::Hub;
use common::{Ev, GuestTable, HostTable, Playable};

/// A hello to room `room`, with a fresh nonce.
fn hello(room: &str) -> Vec<u8> {
    msg::encode(&ToHost::<()>::Hello {
        v: msg::VERSION,
        room: room.to_string(),
        nonce: come_buy_online::code::new_token().unwrap(),
        back: None,
        commit: None,
    })
}

/// The world sent to `seat` never depends on the real hidden cards: a real match the seat
/// cannot tell from this one gets the same bytes.
fn check_no_leak<G: Playable>(host: &HostTable<G, u32>, seat: Seat, secret: u64, k: u64) {
    let mut rng = Rng::new(k * 7919 + 1);
    let twin = host.game.determinize(seat, &mut rng);
    let mut a: Host<u32> = Host::open(G::ID, vec![], vec![Plan::Online; host.setup.players])
        .unwrap()
        .with_secret(secret);
    let mut b: Host<u32> = Host::open(G::ID, vec![], vec![Plan::Online; host.setup.players])
        .unwrap()
        .with_secret(secret);
    for (h, game) in [(&mut a, &host.game), (&mut b, &twin)] {
        h.set_me(0);
        h.peer_up(1, 0.0);
        h.heard::<G::Action>(1, &hello(&h.code));
        h.heard::<G::Action>(
            1,
            &msg::encode(&ToHost::<G::Action>::Ask {
                seat,
                name: "Ana".into(),
                reveal: None,
            }),
        );
        h.answer(1, seat, true);
        h.take_out();
        h.send_world(seat, game, host.steps.len(), &[], false);
    }
    assert_eq!(
        a.take_out(),
        b.take_out(),
        "the world sent to seat {seat} at step {} depends on hidden cards",
        host.steps.len()
    );
}

fn play_whole<G: Playable>(seats: &[Option<&str>], seed: u64, guests: &[Seat]) -> Hub<G> {
    let mut hub = Hub::new(HostTable::<G, u32>::new(seats, seed));
    let code = hub.host.host.code.clone();
    for (i, &seat) in guests.iter().enumerate() {
        hub.join(GuestTable::new(&code, &format!("Friend {i}"), seat));
    }
    for k in 0..5000 {
        hub.run(1, &[]);
        if hub.host.code.is_some() && hub.guests.iter().all(|g| g.code.is_some()) {
            break;
        }
        if k % 7 == 0 && hub.host.started && !hub.host.game.is_over() {
            for &seat in guests {
                check_no_leak(&hub.host, seat, 42 + k, k);
            }
        }
    }
    hub
}

fn finished_alike<G: Playable>(hub: &Hub<G>, guests: &[Seat]) {
    let code = hub.host.code.clone().expect("the match ended on the host");
    assert!(hub.host.game.is_over());
    assert!(hub.host.refused.is_empty(), "{:?}", hub.host.refused);
    for (g, &seat) in hub.guests.iter().zip(guests) {
        assert_eq!(g.guest.seat, Some(seat));
        assert_eq!(
            g.code.as_deref(),
            Some(code.as_str()),
            "every table gets the code"
        );
        let world = g.world.as_ref().expect("a world");
        assert!(world.is_over());
        assert_eq!(
            world.scores(),
            hub.host.game.scores(),
            "the guest sees the results"
        );
        assert!(g.refused.is_empty(), "{:?}", g.refused);
        assert!(g.effects > 10, "the guest saw its table move");
    }
    // Someone else's move arrives at a guest only as its own seat may see it: the worlds are
    // checked above, and the match code replays to the same end.
    let record = come_buy_engine::code::decode::<G>(&code).unwrap();
    let mut game = G::start(&record.setup()).unwrap().0;
    for s in &record.steps {
        game.apply(s.seat, &s.action).unwrap();
    }
    assert_eq!(game.scores(), hub.host.game.scores());
}

#[test]
fn a_duchess_duel_is_played_online_to_the_results() {
    let hub = play_whole::<Duchess>(&[Some("normal"), None], 11, &[1]);
    finished_alike(&hub, &[1]);
}

#[test]
fn a_mykonos_game_with_host_guest_and_bot_is_played_to_the_results() {
    let hub = play_whole::<Mykonos>(&[Some("normal"), None, Some("normal")], 5, &[1]);
    finished_alike(&hub, &[1]);
    let sent = hub.host.host.counts;
    assert!(sent.sent > 20 && sent.sent_bytes > 1000, "{sent:?}");
}

/// A host with one open seat and a stranger who has said hello; returns the host.
fn door() -> Host<u32> {
    let mut h = Host::open(
        "duchess",
        vec![],
        vec![Plan::Local("Me".into()), Plan::Online],
    )
    .unwrap();
    h.set_me(0);
    h.peer_up(1, 0.0);
    assert_eq!(h.heard::<()>(1, &hello(&h.code)), None);
    h
}

fn answers(h: &mut Host<u32>) -> Vec<ToGuest<(), ()>> {
    h.take_out()
        .into_iter()
        .map(|(_, b)| msg::decode::<ToGuest<(), ()>>(&b).unwrap())
        .collect()
}

#[test]
fn nothing_of_a_seat_before_the_hosts_yes_and_a_no_is_a_no() {
    let mut h = door();
    let said = answers(&mut h);
    assert!(matches!(said[0], ToGuest::Welcome { .. }));
    let ask = ToHost::<()>::Ask {
        seat: 1,
        name: "Ana".into(),
        reveal: None,
    };
    assert!(matches!(
        h.heard::<()>(1, &msg::encode(&ask)),
        Some(HostEvent::Asked { seat: 1, ref name, ref mark }) if name == "Ana" && mark.len() == 3
    ));
    // The asker hears that the host has its ask, and the mark the host's lobby shows.
    let said = answers(&mut h);
    assert!(
        matches!(&said[..], [ToGuest::Asking { seat: 1, mark, reveal: Some(_) }] if *mark == h.asking()[0].mark),
        "{said:?}"
    );
    // Waiting for the host: no world, no token, and no move is heard.
    let (game, _) = Duchess::start(&come_buy_engine::game::Setup::new(2, 3)).unwrap();
    h.send_worlds(&game, 0, &[]);
    assert!(
        answers(&mut h).is_empty(),
        "nothing is sent to someone not yet seated"
    );
    let act = ToHost::Act {
        step: 0,
        action: game.legal_actions()[0].clone(),
    };
    assert_eq!(
        h.heard::<<Duchess as Game>::Action>(1, &msg::encode(&act)),
        None
    );
    assert_eq!(
        answers(&mut h),
        vec![ToGuest::Refused {
            why: Why::NotSeated
        }]
    );
    // Asking for the host's own seat, or twice, is refused.
    let mine = ToHost::<()>::Ask {
        seat: 0,
        name: "Ana".into(),
        reveal: None,
    };
    h.heard::<()>(1, &msg::encode(&mine));
    assert_eq!(answers(&mut h), vec![ToGuest::Refused { why: Why::Taken }]);
    let r = h.asking()[0].clone();
    assert_eq!(h.answer(r.peer, r.seat, false), None);
    assert_eq!(
        answers(&mut h),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
    assert!(!h.ready());
}

#[test]
fn a_wrong_code_or_version_is_refused_and_a_stranger_who_never_says_hello_is_let_go() {
    let mut h = Host::<u32>::open("duchess", vec![], vec![Plan::Online, Plan::Online]).unwrap();
    h.set_me(0);
    h.peer_up(1, 0.0);
    h.heard::<()>(1, &hello("ACDEFHJKMNPR"));
    assert_eq!(
        answers(&mut h),
        vec![ToGuest::Refused {
            why: Why::WrongRoom
        }]
    );
    let other = format!(
        "{{\"t\":\"hello\",\"v\":99,\"room\":\"{}\",\"nonce\":\"{}\",\"back\":null}}",
        h.code,
        "0".repeat(32)
    );
    h.heard::<()>(1, other.as_bytes());
    assert_eq!(
        answers(&mut h),
        vec![ToGuest::Refused { why: Why::Version }]
    );
    // Before a hello, nothing else is heard.
    let ask = ToHost::<()>::Ask {
        seat: 0,
        name: "Ana".into(),
        reveal: None,
    };
    h.heard::<()>(1, &msg::encode(&ask));
    assert_eq!(
        answers(&mut h),
        vec![ToGuest::Refused {
            why: Why::WrongRoom
        }]
    );
    assert!(h.asking().is_empty());
    // A peer that never says hello is no longer heard after the wait.
    h.peer_up(2, 0.0);
    h.tick(30.0);
    assert_eq!(h.heard::<()>(2, &hello(&h.code)), None);
    assert!(
        answers(&mut h)
            .iter()
            .all(|m| !matches!(m, ToGuest::Welcome { .. }))
    );
    // And a guest whose room has no host (a wrong code) is never welcomed: only a host's
    // welcome seats a guest, and guests ignore each other's hellos.
    let mut lost = Guest::<u32>::new("ACDEFHJKMNPR", "Bo");
    lost.set_me(4);
    lost.peer_up(5);
    assert!(lost.heard(5, &hello("ACDEFHJKMNPR")).is_none());
    assert!(!lost.met());
}

#[test]
fn malformed_and_oversized_messages_are_refused_and_a_pest_is_shut_out() {
    let mut h = door();
    answers(&mut h);
    let junk: [&[u8]; 4] = [
        b"not json",
        b"{\"t\":\"fly\"}",
        b"{\"t\":\"ask\",\"seat\":\"x\"}",
        b"",
    ];
    for j in junk {
        assert_eq!(h.heard::<()>(1, j), None);
    }
    let big = vec![b' '; MAX_BYTES + 1];
    assert_eq!(h.heard::<()>(1, &big), None);
    let said = answers(&mut h);
    assert_eq!(said.len(), 5);
    assert_eq!(said[4], ToGuest::Refused { why: Why::TooBig });
    assert!(said[..4].iter().all(|m| *m
        == ToGuest::Refused {
            why: Why::Malformed
        }));
    assert_eq!(h.counts.refused, 5);
    // After MAX_STRIKES refusals the peer is not heard at all, even when polite.
    for _ in 0..MAX_STRIKES {
        h.heard::<()>(1, b"{}");
    }
    answers(&mut h);
    let ask = ToHost::<()>::Ask {
        seat: 1,
        name: "Ana".into(),
        reveal: None,
    };
    assert_eq!(h.heard::<()>(1, &msg::encode(&ask)), None);
    assert!(answers(&mut h).is_empty());
    assert!(h.asking().is_empty());
}

#[test]
fn a_dropped_guest_comes_back_with_its_token_and_a_wrong_token_cannot() {
    let mut hub = Hub::new(HostTable::<Duchess, u32>::new(&[Some("normal"), None], 21));
    let code = hub.host.host.code.clone();
    let ana = hub.join(GuestTable::new(&code, "Ana", 1));
    hub.run(40, &[]);
    assert!(hub.host.started);
    let token = hub.guests[0].guest.token.clone().expect("seated");
    let step_before = hub.host.steps.len();
    assert!(step_before > 0);
    // The lid closes: the table waits for Ana's move.
    hub.drop_guest(ana);
    hub.run(20, &[ana]);
    assert!(hub.host.events.contains(&"dropped 1".to_string()));
    assert!(!hub.host.host.friend_here(1));
    let waiting = hub.host.steps.len();
    hub.run(20, &[ana]);
    assert_eq!(
        hub.host.steps.len(),
        waiting,
        "the table waits for the dropped friend"
    );
    // A stranger with the right seat but a wrong token gets nothing: the host's welcome does
    // not prove her token, so she does not take it for the host (nor say anything more), and
    // a proof of her token is refused.
    let mut thief = GuestTable::<Duchess, u32>::new(&code, "Eve", 1);
    let mut bad = token.clone().into_bytes();
    bad[0] = if bad[0] == b'a' { b'b' } else { b'a' };
    let bad = String::from_utf8(bad).unwrap();
    thief.guest = Guest::back(&code, "Eve", 1, bad.clone());
    let eve = hub.join(thief);
    hub.run(10, &[ana]);
    let eve_table = &hub.guests[eve as usize - 1];
    assert!(!eve_table.guest.met() && eve_table.refused.is_empty());
    assert!(
        eve_table.world.is_none(),
        "no view of the seat without its token"
    );
    let proof = come_buy_online::code::seat_proof(&bad, "", "0", &eve.to_string(), 1);
    let back = msg::encode(&ToHost::<()>::Back { seat: 1, proof });
    assert_eq!(hub.host.host.heard::<()>(eve, &back), None);
    assert!(matches!(
        msg::decode::<ToGuest<(), ()>>(&hub.host.host.take_out()[0].1),
        Ok(ToGuest::Refused { why: Why::BadToken })
    ));
    assert!(!hub.host.host.friend_here(1));
    // Ana comes back (a new connection) with her token and plays on to the results.
    let mut back = GuestTable::<Duchess, u32>::new(&code, "Ana", 1);
    back.guest = Guest::back(&code, "Ana", 1, token);
    let ana2 = hub.join(back);
    for _ in 0..3000 {
        hub.run(1, &[ana, eve]);
        if hub.host.code.is_some() && hub.guests[ana2 as usize - 1].code.is_some() {
            break;
        }
    }
    assert!(hub.host.events.contains(&"back 1".to_string()));
    let g = &hub.guests[ana2 as usize - 1];
    assert!(g.world.as_ref().unwrap().is_over());
    assert_eq!(g.code, hub.host.code);
}

/// A Duchess duel under way: the host's bot at seat 0, Ana at seat 1.
fn started_duel() -> Hub<Duchess> {
    let mut hub = Hub::new(HostTable::<Duchess, u32>::new(&[Some("normal"), None], 4));
    let code = hub.host.host.code.clone();
    hub.join(GuestTable::new(&code, "Ana", 1));
    hub.run(3, &[]);
    assert!(hub.host.started);
    hub
}

#[test]
fn stale_out_of_turn_and_illegal_moves_are_refused_and_change_nothing() {
    let mut hub = started_duel();
    // Wait until it is the host's seat's turn, so that anything Ana sends is out of turn.
    let before = hub.host.game.clone();
    let steps = hub.host.steps.len();
    let seat_now = hub.host.game.current_player().unwrap();
    let some_action = hub.host.game.legal_actions()[0].clone();
    let mut say = |step: u32, action| {
        let bytes = msg::encode(&ToHost::Act { step, action });
        hub.host.event(Ev::Data(1, bytes), 0.0);
    };
    if seat_now == 1 {
        say(steps as u32 + 5, some_action.clone()); // stale
    } else {
        say(steps as u32, some_action.clone()); // out of turn
    }
    let why = *hub.host.refused.last().unwrap();
    assert!(matches!(why, Why::Stale | Why::NotYourTurn), "{why:?}");
    assert_eq!(hub.host.steps.len(), steps);
    assert_eq!(format!("{:?}", hub.host.game), format!("{before:?}"));
    assert!(matches!(
        msg::decode::<ToGuest<(), ()>>(&hub.host.host.take_out().pop().unwrap().1),
        Ok(ToGuest::Refused { .. })
    ));
}

/// A move whose answer is long in coming is sent again (a message lost on the way): the host
/// applies it once, and a copy of a move it applied brings the seat its state again, never a
/// refusal (which would leave the friend waiting for ever).
#[test]
fn a_move_sent_twice_is_applied_once_and_the_copy_brings_the_state_again() {
    let mut hub = started_duel();
    // Until it is Ana's turn (the host's bot plays its own).
    for _ in 0..50 {
        if hub.host.game.current_player() == Some(1) {
            break;
        }
        hub.run(1, &[]);
    }
    assert_eq!(hub.host.game.current_player(), Some(1));
    let steps = hub.host.steps.len();
    let action = hub.host.game.legal_actions()[0].clone();
    let bytes = msg::encode(&ToHost::Act {
        step: steps as u32,
        action,
    });
    let _ = hub.host.host.take_out();
    hub.host.event(Ev::Data(1, bytes.clone()), 0.0);
    assert_eq!(hub.host.steps.len(), steps + 1, "applied");
    let _ = hub.host.host.take_out();
    let refused = hub.host.refused.len();
    hub.host.event(Ev::Data(1, bytes), 0.0);
    assert_eq!(hub.host.steps.len(), steps + 1, "applied once");
    assert_eq!(hub.host.refused.len(), refused, "a copy is not refused");
    assert!(hub.host.events.contains(&"again 1".to_string()));
    let out = hub.host.host.take_out();
    assert!(
        out.iter().any(|(p, b)| *p == 1
            && matches!(
                msg::decode::<ToGuest<serde_json::Value, serde_json::Value>>(b),
                Ok(ToGuest::State { .. })
            )),
        "the seat gets its state again"
    );
    assert!(
        out.iter().all(|(_, b)| !matches!(
            msg::decode::<ToGuest<(), ()>>(b),
            Ok(ToGuest::Refused { .. })
        )),
        "and no refusal"
    );
}
