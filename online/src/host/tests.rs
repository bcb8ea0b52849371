//! The host's door and its proofs, message by message.

use super::*;
use crate::testkit::{Said, ask, hello, room, said_to};

/// The challenge (and host proof) of the welcome `peer` got.
fn welcome_of(said: &[Said]) -> (String, Option<String>) {
    said.iter()
        .find_map(|m| match m {
            ToGuest::Welcome {
                challenge,
                host_proof,
                ..
            } => Some((challenge.clone(), host_proof.clone())),
            _ => None,
        })
        .expect("a welcome")
}

/// Peer `peer` says hello with `nonce` (asking `back` for a seat); its welcome's challenge
/// and host proof.
fn come_in(
    h: &mut Host<u32>,
    peer: u32,
    nonce: &str,
    back: Option<Seat>,
) -> (String, Option<String>) {
    h.peer_up(peer, 0.0);
    assert_eq!(h.heard::<()>(peer, &hello(h, nonce, back)), None);
    welcome_of(&said_to(h, peer))
}

/// A friend on `peer` seated on `seat` by the host's yes; its token.
fn seat_friend(h: &mut Host<u32>, peer: u32, seat: Seat) -> String {
    come_in(h, peer, &"ab".repeat(16), None);
    h.heard::<()>(peer, &ask(seat, "Ana"));
    assert_eq!(h.answer(peer, seat, true), Some(seat));
    said_to(h, peer)
        .into_iter()
        .find_map(|m| match m {
            ToGuest::Seated { token, .. } => token,
            _ => None,
        })
        .expect("a token with the yes")
}

fn back(h: &mut Host<u32>, peer: u32, seat: Seat, proof: String) -> Option<HostEvent<()>> {
    h.heard::<()>(peer, &msg::encode(&ToHost::<()>::Back { seat, proof }))
}

#[test]
fn only_the_proof_made_for_this_host_this_peer_and_its_challenge_opens_a_seat() {
    let mut h = room("duchess");
    let token = seat_friend(&mut h, 1, 1);
    assert_eq!(h.peer_down::<()>(1), Some(HostEvent::Dropped { seat: 1 }));
    // A thief holding the code, and Ana back on a new connection.
    let (thief_c, thief_proof) = come_in(&mut h, 2, &"cd".repeat(16), Some(1));
    let nonce = "ef".repeat(16);
    let (ana_c, host_proof) = come_in(&mut h, 3, &nonce, Some(1));
    // The host proves the token to Ana for her nonce, and to the thief only for its own
    // peer (worthless to Ana: she checks it against the peer who sent it).
    assert_eq!(
        host_proof,
        Some(code::host_proof(&token, &nonce, "0", "3", 1))
    );
    assert_ne!(thief_proof, host_proof);
    assert_ne!(thief_c, ana_c, "a fresh challenge for each peer");
    // Whatever the thief sends for seat 1 is refused: Ana's proof relayed, one for its own
    // challenge but Ana's id, one for another host, the token in clear (version 1's Back).
    for proof in [
        code::seat_proof(&token, &ana_c, "0", "3", 1),
        code::seat_proof(&token, &thief_c, "0", "3", 1),
        code::seat_proof(&token, &thief_c, "7", "2", 1),
        code::seat_proof(&token, &ana_c, "0", "2", 2),
        token.clone(),
    ] {
        assert_eq!(back(&mut h, 2, 1, proof), None);
        assert_eq!(
            said_to(&mut h, 2),
            vec![ToGuest::Refused { why: Why::BadToken }]
        );
    }
    assert!(!h.friend_here(1));
    // Ana's own proof opens her seat, with no token sent back, and only once.
    let proof = code::seat_proof(&token, &ana_c, "0", "3", 1);
    assert_eq!(
        back(&mut h, 3, 1, proof.clone()),
        Some(HostEvent::Back { seat: 1 })
    );
    let said = said_to(&mut h, 3);
    assert_eq!(
        said[0],
        ToGuest::Seated {
            seat: 1,
            token: None
        }
    );
    assert!(h.friend_here(1));
    assert_eq!(back(&mut h, 3, 1, proof), None);
    // Nothing the host ever sent holds the token after the yes.
    h.send_seats();
    for (_, b) in h.take_out() {
        assert!(!String::from_utf8_lossy(&b).contains(&token));
    }
}

#[test]
fn a_friend_back_on_a_new_id_gets_the_seat_while_the_old_connection_lingers() {
    let mut h = room("duchess");
    let token = seat_friend(&mut h, 1, 1);
    // The old connection was never seen to drop; nor are strikes or a full room in the way.
    for p in 10..25 {
        come_in(&mut h, p, &"12".repeat(16), None);
    }
    let nonce = "34".repeat(16);
    let (c, _) = come_in(&mut h, 5, &nonce, Some(1));
    let proof = code::seat_proof(&token, &c, "0", "5", 1);
    assert_eq!(back(&mut h, 5, 1, proof), Some(HostEvent::Back { seat: 1 }));
    assert!(h.friend_here(1));
    // The old connection is let go: what it says is not heard, and its end changes nothing.
    let act = msg::encode(&ToHost::Act {
        step: 0,
        action: 0u8,
    });
    assert_eq!(h.heard::<u8>(1, &act), None);
    assert_eq!(h.peer_down::<()>(1), None);
    assert!(h.friend_here(1));
    assert!(!h.banned.contains(&5));
}

#[test]
fn a_seated_friend_is_never_shut_out_by_refused_moves() {
    let mut h = room("duchess");
    seat_friend(&mut h, 1, 1);
    for _ in 0..3 * MAX_STRIKES {
        h.refuse_seat(1, Why::Stale);
        h.heard::<u8>(
            1,
            &msg::encode(&ToHost::Act {
                step: 0,
                action: 0u8,
            }),
        );
    }
    h.take_out();
    assert!(h.friend_here(1));
    // Still heard: the match not started, a move is refused (not ignored).
    h.heard::<u8>(
        1,
        &msg::encode(&ToHost::Act {
            step: 0,
            action: 0u8,
        }),
    );
    assert_eq!(
        said_to(&mut h, 1),
        vec![ToGuest::Refused {
            why: Why::NotPlaying
        }]
    );
}

#[test]
fn silent_peers_are_let_go_and_a_full_room_takes_a_newcomer() {
    let mut h = room("duchess");
    seat_friend(&mut h, 1, 1);
    for p in 2..=MAX_PEERS as u32 {
        come_in(&mut h, p, &"56".repeat(16), None);
    }
    assert_eq!(h.peers.len(), MAX_PEERS);
    // Peer 2 asks (and waits for the host): never let go while it waits.
    h.heard::<()>(2, &ask(2, "Bo"));
    h.take_out();
    // A newcomer takes the place of the oldest idle peer (3), who is told so.
    h.peer_up(100, 1.0);
    assert!(h.peers.contains_key(&100) && !h.peers.contains_key(&3));
    assert!(h.peers.contains_key(&1) && h.peers.contains_key(&2));
    assert_eq!(
        said_to(&mut h, 3),
        vec![ToGuest::Refused { why: Why::Idle }]
    );
    assert!(!h.banned.contains(&3), "let go, not banned");
    assert_eq!(h.heard::<()>(100, &hello(&h, &"9b".repeat(16), None)), None);
    // Before ASK_WITHIN nobody else goes; after it, every peer holding no seat and asking
    // for none goes.
    h.tick(ASK_WITHIN - 1.0);
    assert_eq!(h.peers.len(), MAX_PEERS);
    h.tick(ASK_WITHIN + 2.0);
    let mut left: Vec<u32> = h.peers.keys().copied().collect();
    left.sort();
    assert_eq!(left, vec![1, 2]);
    assert_eq!(h.asking().len(), 1);
    h.take_out();
    // A peer let go comes back in with a new hello.
    assert_eq!(h.heard::<()>(4, &hello(&h, &"78".repeat(16), None)), None);
    assert!(matches!(said_to(&mut h, 4)[0], ToGuest::Welcome { .. }));
    // Told no, a peer waits SAID_NO_WAIT before it may ask again (asking sooner gets the
    // host's no again), then has a new while to ask before it is let go.
    // (Answered before its ask expires, ASK_EXPIRES after it.)
    let no = ASK_EXPIRES - 5.0;
    h.tick(no);
    let r = h.asking()[0].clone();
    assert_eq!(h.answer(r.peer, r.seat, false), None);
    h.take_out();
    h.tick(ASK_WITHIN * 2.0 + 5.0);
    assert!(h.peers.contains_key(&2) && !h.peers.contains_key(&4));
    h.tick(no + 1.0);
    h.heard::<()>(2, &ask(2, "Bo"));
    assert_eq!(
        said_to(&mut h, 2),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
    assert!(h.asking().is_empty(), "not on the host's screen again");
    h.tick(no + crate::asking::SAID_NO_WAIT + ASK_WITHIN - 1.0);
    assert!(h.peers.contains_key(&2));
    h.tick(no + crate::asking::SAID_NO_WAIT + ASK_WITHIN + 2.0);
    assert!(!h.peers.contains_key(&2));
}

#[test]
fn a_friend_told_no_asks_again_once_the_wait_is_over() {
    let mut h = room("duchess");
    come_in(&mut h, 5, &"9a".repeat(16), None);
    h.heard::<()>(5, &ask(1, "Bo"));
    h.take_out();
    assert_eq!(h.answer(5, 1, false), None);
    h.take_out();
    // For another seat, too: the no is the host's to this friend, not to one seat.
    h.tick(30.0);
    h.heard::<()>(5, &ask(2, "Bo"));
    assert_eq!(
        said_to(&mut h, 5),
        vec![ToGuest::Refused { why: Why::Declined }]
    );
    h.tick(crate::asking::SAID_NO_WAIT + 0.5);
    h.heard::<()>(5, &ask(2, "Bo"));
    assert!(matches!(
        said_to(&mut h, 5)[0],
        ToGuest::Asking { seat: 2, .. }
    ));
    assert_eq!(h.answer(5, 2, true), Some(2));
}

#[test]
fn a_room_of_seated_and_asking_peers_refuses_a_newcomer_without_banning_it() {
    let mut h = Host::<u32>::open("duchess", vec![], vec![Plan::Online; 2]).unwrap();
    h.set_me(0);
    // (More people asking than the room's queue holds: each peer seated or asking.)
    h.asking = crate::asking::Asking::new(MAX_PEERS, super::whom);
    for p in 1..=MAX_PEERS as u32 {
        h.peer_up(p, 0.0);
        h.peers.get_mut(&p).unwrap().hello = true;
        let asks = crate::asking::Request {
            peer: p,
            seat: p as Seat,
            name: "Ana".into(),
            mark: "KTR".into(),
        };
        h.asking.ask(asks, 0.0).unwrap();
    }
    h.peer_up(99, 0.0);
    assert!(!h.peers.contains_key(&99) && !h.banned.contains(&99));
    // Once a place is free, its hello lets it in.
    h.peer_down::<()>(1);
    assert_eq!(h.heard::<()>(99, &hello(&h, &"9a".repeat(16), None)), None);
    assert!(h.peers.contains_key(&99));
}

#[test]
fn hellos_wait_for_the_hosts_own_id_and_askers_get_a_mark() {
    let mut h = Host::<u32>::open("duchess", vec![], vec![Plan::Online; 2]).unwrap();
    h.peer_up(1, 0.0);
    let nonce = "bc".repeat(16);
    assert_eq!(h.heard::<()>(1, &hello(&h, &nonce, None)), None);
    assert!(
        h.take_out().is_empty(),
        "no welcome before the host knows its id"
    );
    h.tick(HELLO_WITHIN * 2.0);
    assert!(h.peers.contains_key(&1), "a hello heard counts");
    h.set_me(0);
    let said = said_to(&mut h, 1);
    let (_, proof) = welcome_of(&said);
    assert_eq!(proof, None);
    let Some(ToGuest::Welcome {
        commit: Some(commit),
        ..
    }) = said.first()
    else {
        panic!("a welcome with the hash of the host's part: {said:?}");
    };
    // A nonce that is not one is refused.
    h.peer_up(2, 0.0);
    h.heard::<()>(2, &hello(&h, "short", None));
    assert_eq!(
        said_to(&mut h, 2),
        vec![ToGuest::Refused {
            why: Why::Malformed
        }]
    );
    let Some(HostEvent::Asked { mark, .. }) = h.heard::<()>(1, &ask(1, "Ana")) else {
        panic!("an ask");
    };
    assert_eq!(h.asking()[0].mark, mark);
    let said = said_to(&mut h, 1);
    let [
        ToGuest::Asking {
            seat: 1,
            mark: told,
            reveal: Some(part),
        },
    ] = &said[..]
    else {
        panic!("the host's part with the ask: {said:?}");
    };
    // (A phone's page commits to no part: its hello's nonce is its part.)
    assert!(
        code::opens(commit, part),
        "the part the welcome committed to"
    );
    assert_eq!(*told, mark);
    assert_eq!(mark, code::mark(part, &nonce, "0", "1"));
}

#[test]
fn friends_called_like_another_seat_are_told_apart_at_the_start() {
    let mut h = Host::<u32>::open(
        "duchess",
        vec![],
        vec![Plan::Local("Ana".into()), Plan::Online, Plan::Online],
    )
    .unwrap();
    h.set_me(0);
    // Both friends ask as "Ana" (a fresh install's name), like the host's own person.
    seat_friend(&mut h, 1, 1);
    // The lobby tells them apart as soon as the friend sits.
    assert_eq!(h.lines()[1].name, "Ana 2");
    seat_friend(&mut h, 2, 2);
    h.start("normal");
    let names: Vec<String> = h.lines().into_iter().map(|l| l.name).collect();
    assert_eq!(names, ["Ana", "Ana 2", "Ana 3"]);
    // The friends' tables get the same names.
    let told = said_to(&mut h, 1).into_iter().rev().find_map(|m| match m {
        ToGuest::Seats { seats, .. } => Some(seats),
        _ => None,
    });
    let told: Vec<String> = told
        .expect("the seats")
        .into_iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(told, names);
}

/// A peer whose place the room can tell (a phone on the Wi-Fi: its id, its address's last
/// byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Placed(u32, u8);

impl PeerKey for Placed {
    fn key(&self) -> String {
        self.0.to_string()
    }
    fn place(&self) -> Option<std::net::IpAddr> {
        Some(std::net::IpAddr::from([10, 0, 0, self.1]))
    }
}

/// A started room of these seats whose peers have places; the host is `Placed(0, 0)`.
fn placed_room(plans: Vec<Plan>) -> Host<Placed> {
    let mut h = Host::open("mykonos", vec![], plans).unwrap();
    h.set_me(Placed(0, 0));
    h.start("");
    h
}

fn said(h: &mut Host<Placed>) -> Vec<(Placed, Said)> {
    h.take_out()
        .into_iter()
        .map(|(p, b)| (p, msg::decode::<Said>(&b).unwrap()))
        .collect()
}

/// `peer` says hello (wanting `back`); its welcome's challenge and host proof.
fn placed_in(h: &mut Host<Placed>, peer: Placed, back: Option<Seat>) -> (String, Option<String>) {
    h.peer_up(peer, 0.0);
    let hi = hello(h, &"cd".repeat(16), back);
    assert_eq!(h.heard::<()>(peer, &hi), None);
    let to_it: Vec<Said> = said(h)
        .into_iter()
        .filter(|(p, _)| *p == peer)
        .map(|(_, m)| m)
        .collect();
    welcome_of(&to_it)
}

fn proof_back(
    h: &mut Host<Placed>,
    peer: Placed,
    challenge: &str,
    token: &str,
) -> Option<HostEvent<()>> {
    let proof = code::seat_proof(token, challenge, &Placed(0, 0).key(), &peer.key(), 0);
    h.heard::<()>(peer, &msg::encode(&ToHost::<()>::Back { seat: 0, proof }))
}

#[test]
fn a_hand_proved_from_another_place_asks_the_host_and_its_yes_moves_the_seat() {
    let mut h = placed_room(vec![Plan::Hand("Ana".into()), Plan::Local("Me".into())]);
    // A phone asks for Ana's hand: the host is asked about "Ana", whatever name it gives.
    let a = Placed(1, 1);
    placed_in(&mut h, a, None);
    match h.heard::<()>(a, &ask(0, "")) {
        Some(HostEvent::Asked { seat: 0, name, .. }) => assert_eq!(name, "Ana"),
        other => panic!("{other:?}"),
    }
    // The other seat is the host's own: nobody may ask for it.
    assert_eq!(h.answer(a, 0, true), Some(0));
    let token = said(&mut h)
        .into_iter()
        .find_map(|(_, m)| match m {
            ToGuest::Seated { token, .. } => token,
            _ => None,
        })
        .expect("a token with the yes");
    assert!(h.held(0) && h.friend_here(0));
    assert_eq!(h.lines()[0].name, "Ana");
    assert_eq!(h.peer_down::<()>(a), Some(HostEvent::Dropped { seat: 0 }));
    // The token proved from another place: a question for the host, not the seat.
    let b = Placed(2, 2);
    let (challenge, host_proof) = placed_in(&mut h, b, Some(0));
    assert!(host_proof.is_some());
    assert!(matches!(
        proof_back(&mut h, b, &challenge, &token),
        Some(HostEvent::Asked { seat: 0, .. })
    ));
    assert_eq!(h.seat_of(b), None);
    assert_eq!(h.asking().len(), 1);
    // From the place of the yes, the seat comes back at once.
    let a2 = Placed(3, 1);
    let (challenge, _) = placed_in(&mut h, a2, Some(0));
    assert_eq!(
        proof_back(&mut h, a2, &challenge, &token),
        Some(HostEvent::Back { seat: 0 })
    );
    assert_eq!(h.seat_of(a2), Some(0));
    // Views: a seat's own goes to its holder only; the door's to a peer holding none.
    said(&mut h);
    h.send_seat_view(0, 7, &"a2's hand");
    h.send_view(a2, &"seats");
    h.send_view(b, &"seats");
    let views: Vec<(Placed, String)> = said(&mut h)
        .into_iter()
        .map(|(p, m)| (p, serde_json::to_string(&m).unwrap()))
        .collect();
    assert_eq!(views.len(), 2, "{views:?}");
    assert!(views[0].0 == a2 && views[0].1.contains("a2's hand"));
    assert!(views[1].0 == b && views[1].1.contains("\"view\""));
    // The host's yes to the other place moves the seat there: the connection that had it is
    // told and shut out, and the old token opens it no more.
    assert_eq!(h.answer(b, 0, true), Some(0));
    let out = said(&mut h);
    assert!(out.contains(&(a2, ToGuest::Refused { why: Why::Moved })));
    assert_eq!(h.take_gone(), vec![a2]);
    assert_eq!(h.seat_of(b), Some(0));
    let a3 = Placed(4, 1);
    let (challenge, _) = placed_in(&mut h, a3, Some(0));
    assert_eq!(proof_back(&mut h, a3, &challenge, &token), None);
    assert_eq!(h.seat_of(a3), None);
    // The host takes the hand back: its holder is told and shut out, the seat open again.
    said(&mut h);
    assert_eq!(h.release(0), Some(b));
    assert!(said(&mut h).contains(&(
        b,
        ToGuest::Refused {
            why: Why::TakenBack
        }
    )));
    assert_eq!(h.take_gone(), vec![b]);
    assert!(!h.held(0));
    assert_eq!(h.lines()[0].holder, Holder::Open);
}

#[test]
fn the_hosts_no_sticks_to_the_place_and_a_new_match_keeps_only_the_same_seats() {
    let mut h = placed_room(vec![Plan::Hand("Ana".into()), Plan::Hand("Bo".into())]);
    let (nosy, neighbour, bo) = (Placed(1, 9), Placed(2, 9), Placed(3, 3));
    placed_in(&mut h, nosy, None);
    h.heard::<()>(nosy, &ask(0, "x"));
    assert_eq!(h.answer(nosy, 0, false), None);
    // Another connection from that place, for the other seat: told no again, nobody asked.
    placed_in(&mut h, neighbour, None);
    assert_eq!(h.heard::<()>(neighbour, &ask(1, "x")), None);
    assert!(said(&mut h).contains(&(neighbour, ToGuest::Refused { why: Why::Declined })));
    assert!(h.asking().is_empty());
    // Bo's phone holds seat 1; a rematch with the same seats keeps it, another seat list
    // opens the seats that changed and sends their holders back to the door.
    placed_in(&mut h, bo, None);
    h.heard::<()>(bo, &ask(1, "x"));
    assert_eq!(h.answer(bo, 1, true), Some(1));
    h.replan(vec![Plan::Hand("Ana".into()), Plan::Hand("Bo".into())]);
    assert_eq!(h.seat_of(bo), Some(1));
    h.replan(vec![Plan::Hand("Ana".into()), Plan::Local("Bo".into())]);
    assert_eq!(h.seat_of(bo), None);
    assert!(h.at_door(bo) && !h.held(1));
    assert_eq!(
        h.heard::<()>(bo, &ask(1, "x")),
        None,
        "the seat is the host's now"
    );
}
