//! A seat is its friend's alone: another friend who holds the room's code cannot take it, nor
//! see its hand or history, by answering for the host or by relaying what the friend says,
//! before or after the friend drops and comes back. Silent peers do not keep a friend out,
//! and a friend back under a new peer id gets their seat. Over an in-memory network; the
//! WebRTC tests (`webrtc.rs`) repeat them through real sockets.

mod common;

use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::guest::Guest;
use come_buy_online::host::ASK_WITHIN;
use come_buy_online::msg::{self, ToGuest, ToHost, Why};
use common::hub::Hub;
use common::thief::{Loot, Thief};
use common::{GuestTable, HostTable};
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// Ana (seat 1) plays a Mykonos match with the host (seat 0, a bot) and Mal (seat 2), drops,
/// and comes back under a new peer id while the host's answers to her are slow; Mal, on a
/// second connection, does all it can. Ana gets her seat back and plays to the end; Mal never
/// gets her token, her proof, her seat or her world, on either connection.
fn thief_cannot_take_a_seat(forge: bool) {
    let mut hub = Hub::new(HostTable::<Mykonos, u32>::new(
        &[Some("normal"), None, None],
        17,
    ));
    let code = hub.host.host.code.clone();
    let loot = Rc::new(RefCell::new(Loot::default()));
    let mal = hub.join(GuestTable::new(&code, "Mal", 2));
    let mut tab = GuestTable::new(&code, "Mal", 2);
    tab.silent = true;
    let thief = hub.join(tab);
    hub.taps
        .push((thief, Box::new(Thief::new(0, 1, forge, loot.clone()))));
    hub.run(4, &[]);
    assert_eq!(hub.guests[0].guest.seat, Some(2), "Mal holds its own seat");
    // Ana joins: the thief relays what she says (her hello), but keeps the host's answers.
    let ana = hub.join(GuestTable::new(&code, "Ana", 1));
    hub.run(40, &[]);
    assert!(hub.host.started && hub.host.steps.len() > 3);
    let token = hub.guests[2].guest.token.clone().expect("Ana is seated");
    // Ana drops; the thief now answers for the host, and passes the host's answers on.
    hub.drop_guest(ana);
    hub.run(5, &[ana]);
    loot.borrow_mut().attack = true;
    let mut back = GuestTable::new(&code, "Ana", 1);
    back.guest = Guest::back(&code, "Ana", 1, token.clone());
    let ana2 = hub.join(back);
    hub.lag = Some((ana2, 3));
    for _ in 0..4000 {
        hub.run(1, &[ana]);
        if hub.host.code.is_some() && hub.guests[ana2 as usize - 1].code.is_some() {
            break;
        }
    }
    let loot = loot.borrow();
    // No secret of Ana's seat ever reached the thief's connection.
    assert!(
        loot.heard
            .iter()
            .all(|b| !String::from_utf8_lossy(b).contains(&token)),
        "the thief heard Ana's token"
    );
    // The thief tried: it heard Ana's hellos (before and after the drop), answered them, and
    // tried what it could as the proof of her seat; the host refused every try.
    let hellos = loot
        .from_friends
        .iter()
        .filter(|m| matches!(m, ToHost::Hello { .. }))
        .count();
    assert!(hellos >= 2, "the thief heard Ana's hello each time");
    assert!(loot.tries >= 2);
    let bad = loot
        .refusals
        .iter()
        .filter(|w| **w == Why::BadToken)
        .count();
    assert_eq!(bad, loot.tries, "every try refused: {:?}", loot.refusals);
    // It got nothing of hers: no token, no proof, no seat, no world.
    assert!(loot.stolen.is_empty(), "{:?}", loot.stolen);
    assert!(
        loot.from_friends
            .iter()
            .all(|m| matches!(m, ToHost::Hello { .. })),
        "Ana said nothing but hello to the thief: {:?}",
        loot.from_friends
    );
    // Ana is back on her seat, and saw the match to its end there.
    assert!(hub.host.events.contains(&"back 1".to_string()));
    let a = &hub.guests[ana2 as usize - 1];
    assert_eq!(a.guest.seat, Some(1));
    assert!(a.world.as_ref().unwrap().is_over());
    assert_eq!(a.code, hub.host.code);
    assert!(a.refused.is_empty(), "{:?}", a.refused);
    // Mal's seated connection saw only its own seat's worlds, and played it to the end.
    let m = &hub.guests[mal as usize - 1];
    assert_eq!(m.guest.seat, Some(2));
    assert_eq!(m.code, hub.host.code);
    for b in loot.heard.iter().chain(&hub.delivered[mal as usize]) {
        assert!(
            !String::from_utf8_lossy(b).contains(&token),
            "Mal heard Ana's token"
        );
        if let Ok(ToGuest::State { seat, .. }) = msg::decode::<ToGuest<Value, Value>>(b) {
            assert_eq!(seat, 2, "Mal saw another seat's world");
        }
    }
}

#[test]
fn a_friend_holding_the_code_cannot_take_a_seat_by_answering_for_the_host() {
    thief_cannot_take_a_seat(true);
}

#[test]
fn a_friend_holding_the_code_cannot_take_a_seat_by_relaying_the_host() {
    thief_cannot_take_a_seat(false);
}

#[test]
fn silent_peers_do_not_keep_a_friend_out_and_a_friend_comes_back_on_a_new_id() {
    let mut hub = Hub::new(HostTable::<Duchess, u32>::new(&[Some("normal"), None], 23));
    let code = hub.host.host.code.clone();
    for i in 0..come_buy_online::host::MAX_PEERS {
        let mut g = GuestTable::new(&code, &format!("Quiet {i}"), 1);
        g.silent = true;
        hub.join(g);
    }
    hub.run(4, &[]);
    assert!(
        hub.guests.iter().all(|g| g.guest.met()),
        "16 peers at the door"
    );
    // A friend comes: the oldest silent peer makes room.
    let ana = hub.join(GuestTable::new(&code, "Ana", 1));
    hub.run(30, &[]);
    let a = &hub.guests[ana as usize - 1];
    assert_eq!(a.guest.seat, Some(1), "{:?}", a.refused);
    assert_eq!(
        a.mark.as_deref(),
        hub.host.marks.first().map(String::as_str)
    );
    assert!(hub.host.started);
    assert_eq!(hub.guests[0].refused, vec![Why::Idle]);
    let token = a.guest.token.clone().unwrap();
    // Ana's lid closes without the host noticing; she comes back under a new id, into a
    // full room, and gets her seat back at once.
    hub.run(5, &[ana]);
    let mut back = GuestTable::new(&code, "Ana", 1);
    back.guest = Guest::back(&code, "Ana", 1, token);
    let ana2 = hub.join(back);
    hub.run(5, &[ana]);
    assert!(hub.host.events.contains(&"back 1".to_string()));
    assert!(
        !hub.host.events.iter().any(|e| e.starts_with("dropped")),
        "the old connection was never seen to drop"
    );
    assert!(
        hub.host.host.notes.iter().all(|n| !n.contains("too many")),
        "{:?}",
        hub.host.host.notes
    );
    // In time, every silent peer is let go; Ana is not, and plays to the end.
    hub.host.host.tick(ASK_WITHIN + 1.0);
    hub.run(1, &[ana]);
    assert!(
        hub.guests[..16]
            .iter()
            .all(|g| g.refused == vec![Why::Idle])
    );
    assert!(hub.host.host.friend_here(1));
    for _ in 0..3000 {
        hub.run(1, &[ana]);
        if hub.host.code.is_some() && hub.guests[ana2 as usize - 1].code.is_some() {
            break;
        }
    }
    let a = &hub.guests[ana2 as usize - 1];
    assert!(a.world.as_ref().unwrap().is_over());
    assert_eq!(a.code, hub.host.code);
    assert_eq!(a.world.as_ref().unwrap().scores(), hub.host.game.scores());
}
