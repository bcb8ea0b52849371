//! The guest's side of a room, byte by byte (no transport).

use super::*;
use crate::code;
use come_buy_engine::game::Game;
use serde::Serialize;

const ROOM: &str = "ACDEFHJKMNPR";
/// The host's part of the marks in these tests (its welcome carries its hash).
const HOST_PART: &str = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd";

fn welcome(challenge: &str, host_proof: Option<String>) -> Vec<u8> {
    msg::encode(&ToGuest::<(), ()>::Welcome {
        v: msg::VERSION,
        game: "duchess".into(),
        variants: vec![],
        seats: vec![],
        started: true,
        challenge: challenge.into(),
        host_proof,
        commit: Some(code::commit(HOST_PART)),
    })
}

/// The hellos `g` sent: to whom, with which nonce, asking which seat back.
fn hellos(g: &mut Guest<u32>) -> Vec<(u32, String, Option<Seat>)> {
    g.take_out()
        .into_iter()
        .filter_map(|(p, b)| match msg::decode::<ToHost<()>>(&b) {
            Ok(ToHost::Hello { nonce, back, .. }) => Some((p, nonce, back)),
            _ => None,
        })
        .collect()
}

#[test]
fn no_hello_before_our_own_id_then_one_to_each_peer() {
    let mut g = Guest::<u32>::new(ROOM, "Ana");
    g.peer_up(1);
    g.peer_up(2);
    assert!(g.take_out().is_empty());
    g.set_me(7);
    let said = hellos(&mut g);
    assert_eq!(said.len(), 2);
    assert_ne!(said[0].1, said[1].1, "a fresh nonce for each hello");
    assert!(
        said.iter()
            .all(|(_, n, back)| code::fair_random(n) && back.is_none())
    );
    g.peer_up(3);
    assert_eq!(hellos(&mut g).len(), 1);
}

#[test]
fn coming_back_only_the_peer_that_proves_the_token_is_the_host() {
    let token = code::new_token().unwrap();
    let mut g = Guest::<u32>::back(ROOM, "Ana", 1, token.clone());
    g.set_me(9);
    for p in [1, 2, 3] {
        g.peer_up(p);
    }
    let said = hellos(&mut g);
    assert!(said.iter().all(|(_, _, back)| *back == Some(1)));
    let nonce = |p: u32| said.iter().find(|h| h.0 == p).unwrap().1.clone();
    let c = code::new_token().unwrap();
    // Peer 2 answers first, without a proof; peer 3 passes on a proof the host made for
    // itself (another nonce, another guest); neither is taken for the host.
    assert_eq!(g.heard(2, &welcome(&c, None)), None);
    let relayed = code::host_proof(&token, &nonce(3), "0", "3", 1);
    assert_eq!(g.heard(3, &welcome(&c, Some(relayed))), None);
    let for_other = code::host_proof(&token, &nonce(1), "1", "3", 1);
    assert_eq!(g.heard(3, &welcome(&c, Some(for_other))), None);
    assert!(!g.met());
    assert!(
        g.take_out().is_empty(),
        "nothing sent to a peer that is not the host"
    );
    // Shunned: even a right proof from peer 2 now is not heard.
    let right2 = code::host_proof(&token, &nonce(2), "2", "9", 1);
    assert_eq!(g.heard(2, &welcome(&c, Some(right2))), None);
    // The host proves it: met, and back with a proof of the token, never the token.
    let proof = code::host_proof(&token, &nonce(1), "1", "9", 1);
    assert_eq!(
        g.heard(1, &welcome(&c, Some(proof))),
        Some(GuestEvent::Welcome)
    );
    let out = g.take_out();
    assert_eq!(out.len(), 1);
    let (to, bytes) = &out[0];
    assert_eq!(*to, 1);
    assert!(!String::from_utf8_lossy(bytes).contains(&token));
    assert_eq!(
        msg::decode::<ToHost<()>>(bytes),
        Ok(ToHost::Back {
            seat: 1,
            proof: code::seat_proof(&token, &c, "1", "9", 1)
        })
    );
    let seated = msg::encode(&ToGuest::<(), ()>::Seated {
        seat: 1,
        token: None,
    });
    assert_eq!(
        g.heard(1, &seated),
        Some(GuestEvent::Seated { seat: 1, token })
    );
}

#[test]
fn a_first_join_takes_the_first_welcome_and_shows_its_own_mark() {
    let mut g = Guest::<u32>::new(ROOM, "Ana");
    g.set_me(4);
    g.peer_up(1);
    let said = g.take_out();
    let Ok(ToHost::<()>::Hello {
        commit: Some(commit),
        ..
    }) = msg::decode(&said[0].1)
    else {
        panic!("a hello with a commitment: {said:?}");
    };
    let c = code::new_token().unwrap();
    assert_eq!(g.heard(1, &welcome(&c, None)), Some(GuestEvent::Welcome));
    g.ask::<()>(1);
    let said = g.take_out();
    let Ok(ToHost::<()>::Ask {
        reveal: Some(part), ..
    }) = msg::decode(&said[0].1)
    else {
        panic!("an ask with our part: {said:?}");
    };
    assert!(
        code::opens(&commit, &part),
        "the part the hello committed to"
    );
    // A part the welcome did not commit to shows nothing.
    let forged = msg::encode(&ToGuest::<(), ()>::Asking {
        seat: 1,
        mark: "AAA".into(),
        reveal: Some("ef".repeat(16)),
    });
    assert_eq!(g.heard(1, &forged), None);
    assert_eq!(g.mark, None);
    let asking = msg::encode(&ToGuest::<(), ()>::Asking {
        seat: 1,
        mark: "AAA".into(),
        reveal: Some(HOST_PART.into()),
    });
    let mark = code::mark(HOST_PART, &part, "1", "4");
    assert_eq!(
        g.heard(1, &asking),
        Some(GuestEvent::Asking {
            seat: 1,
            mark: mark.clone()
        })
    );
    // Let go for asking nothing: the next ask says hello again first.
    let idle = msg::encode(&ToGuest::<(), ()>::Refused { why: Why::Idle });
    assert_eq!(g.heard(1, &idle), Some(GuestEvent::Refused(Why::Idle)));
    g.ask::<()>(1);
    let out: Vec<ToHost<()>> = g
        .take_out()
        .iter()
        .map(|(_, b)| msg::decode(b).unwrap())
        .collect();
    assert!(matches!(out[0], ToHost::Hello { .. }));
    assert!(matches!(out[1], ToHost::Ask { seat: 1, .. }));
}

/// Our move is kept until the host's next state and can go again, the same bytes (the
/// host applies it once); a state, or a refusal dropped, leaves nothing to send again.
#[test]
fn a_move_is_kept_to_go_again_until_the_hosts_next_state() {
    let mut g = Guest::<u32>::new(ROOM, "Ana");
    g.set_me(4);
    g.peer_up(1);
    let _ = hellos(&mut g);
    let c = code::new_token().unwrap();
    assert_eq!(g.heard(1, &welcome(&c, None)), Some(GuestEvent::Welcome));
    g.take_out();
    assert!(!g.resend_act(), "no move yet");
    g.act(7u32);
    let first = g.take_out();
    assert_eq!(first.len(), 1);
    assert!(g.resend_act());
    assert_eq!(g.take_out(), first, "the same move again");
    g.seat = Some(1);
    let state = msg::encode(&ToGuest::<u32, u32>::State {
        step: 1,
        seat: 1,
        world: 0,
        effects: vec![],
        fresh: false,
    });
    assert!(matches!(g.heard(1, &state), Some(GuestEvent::State { .. })));
    assert!(!g.resend_act(), "answered: nothing to send again");
    g.act(8u32);
    g.drop_act();
    assert!(!g.resend_act(), "refused and dropped");
}

/// A guest seated at `seat` of a room of `game` with `seats` seats, welcomed by peer 1.
fn seated_guest(game: &str, seats: usize, seat: Seat) -> Guest<u32> {
    let mut g = Guest::<u32>::back(ROOM, "Ana", seat, code::new_token().unwrap());
    g.set_me(4);
    g.peer_up(1);
    let nonce = hellos(&mut g)[0].1.clone();
    let token = g.token.clone().unwrap();
    let welcome = msg::encode(&ToGuest::<(), ()>::Welcome {
        v: msg::VERSION,
        game: game.into(),
        variants: vec![],
        seats: vec![
            SeatLine {
                name: "x".into(),
                holder: msg::Holder::Bot,
            };
            seats
        ],
        started: true,
        challenge: code::new_token().unwrap(),
        host_proof: Some(code::host_proof(&token, &nonce, "1", "4", seat)),
        commit: Some(code::commit(HOST_PART)),
    });
    assert_eq!(g.heard(1, &welcome), Some(GuestEvent::Welcome));
    g.take_out();
    g
}

/// What the friend's table gets of a state with these effects: the world and effects as the
/// game's, or why not (through the guest's bytes, then [`world_of`], as the app reads them).
fn table_gets<G>(g: &mut Guest<u32>, world: &G, effects: Vec<Value>) -> Result<usize, Why>
where
    G: Game + Serialize + DeserializeOwned,
    G::Effect: DeserializeOwned,
{
    let state = msg::encode(&ToGuest::<&G, Value>::State {
        step: 1,
        seat: g.seat.unwrap(),
        world,
        effects,
        fresh: false,
    });
    let Some(GuestEvent::State { world, effects, .. }) = g.heard(1, &state) else {
        panic!("a state");
    };
    world_of::<G>(world, effects, g.seats.len()).map(|(_, fx)| fx.len())
}

fn json<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap()
}

/// Each of these made a friend's table panic: a host's effect naming a row slot, a seat or a
/// pair slot the world has not. Each is refused whole (the table gets nothing), and the real
/// effects beside the same world pass.
#[test]
fn a_hosts_effects_that_do_not_fit_the_world_never_reach_the_table() {
    use come_buy_engine::duchess::{self, Duchess};
    use come_buy_engine::game::Setup;
    use come_buy_engine::mykonos::{self, Account, CoinReason, Mykonos};
    let (world, real) = Mykonos::start(&Setup::new(2, 7)).unwrap();
    let mut g = seated_guest("mykonos", 2, 0);
    let real: Vec<Value> = real
        .iter()
        .map(|e| json(&Mykonos::redact(e, Some(0))))
        .collect();
    assert_eq!(table_gets(&mut g, &world, real.clone()), Ok(real.len()));
    let bad = [
        mykonos::Effect::WorkersHome {
            slot: 99,
            workers: vec![],
        },
        mykonos::Effect::CoinsMoved {
            from: Account::Bank,
            to: Account::Player(9),
            amount: 1,
            reason: CoinReason::Income,
        },
        mykonos::Effect::Dealt {
            seat: 2,
            card: None,
        },
    ];
    for b in &bad {
        let mut fx = real.clone();
        fx.push(json(b));
        assert_eq!(table_gets(&mut g, &world, fx), Err(Why::Malformed), "{b:?}");
    }
    // The Duchess alone: a pair slot past 1.
    let (solo, real) = Duchess::start(&Setup::new(1, 3)).unwrap();
    let mut g = seated_guest("duchess", 1, 0);
    let real: Vec<Value> = real.iter().map(json).collect();
    assert_eq!(table_gets(&mut g, &solo, real.clone()), Ok(real.len()));
    for which in [2u8, 255] {
        let b = duchess::Effect::Looked { which, card: None };
        assert_eq!(
            table_gets(&mut g, &solo, vec![json(&b)]),
            Err(Why::Malformed)
        );
    }
}

/// A match code for another number of players than the room's seats (or another game's)
/// never reaches the results: the guest refuses it.
#[test]
fn an_over_code_of_another_table_is_refused() {
    use come_buy_engine::code::encode;
    use come_buy_engine::game::Setup;
    use come_buy_engine::mykonos::Mykonos;
    use come_buy_engine::record::Record;
    let code_for = |players: usize| {
        let r =
            Record::<<Mykonos as Game>::Action>::new("mykonos", &Setup::new(players, 5), vec![]);
        encode::<Mykonos>(&r).unwrap()
    };
    let over = |code: String| msg::encode(&ToGuest::<(), ()>::Over { code });
    let mut g = seated_guest("mykonos", 2, 1);
    assert_eq!(
        g.heard(1, &over(code_for(3))),
        Some(GuestEvent::Refused(Why::Malformed))
    );
    assert_eq!(
        g.heard(1, &over("not a code".into())),
        Some(GuestEvent::Refused(Why::Malformed))
    );
    let mut duchess = seated_guest("duchess", 2, 1);
    assert_eq!(
        duchess.heard(1, &over(code_for(2))),
        Some(GuestEvent::Refused(Why::Malformed))
    );
    let right = code_for(2);
    assert_eq!(
        g.heard(1, &over(right.clone())),
        Some(GuestEvent::Over { code: right })
    );
}
