//! A friend who holds the room's code and wants another friend's seat: what it tries, and
//! what it gets (the seat tests, in memory and over WebRTC).

use super::hub::Tap;
use come_buy_online::code;
use come_buy_online::msg::{self, ToGuest, ToHost, Why};
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// What the thief saw and got.
#[derive(Default)]
pub struct Loot {
    /// Everything any peer sent the thief.
    pub heard: Vec<Vec<u8>>,
    /// What the other friends sent the thief, decoded as messages to a host.
    pub from_friends: Vec<ToHost<Value>>,
    /// Back messages the thief sent the host for the victim's seat, and the host's refusals.
    pub tries: usize,
    pub refusals: Vec<Why>,
    /// Any seat the host gave the thief's connection, and any world it sent there.
    pub stolen: Vec<String>,
    /// The thief's attack (answering for the host, passing the host's answers on) is on.
    pub attack: bool,
}

/// A friend who holds the code and wants `victim`'s seat, on a connection of its own that holds
/// no seat (its own seat is played on another): it passes everything the other friends say
/// on to the host as its own, answers their hellos with welcomes of its making (`forge`) or
/// with the host's answers to its relays, and tries every secret-looking string it ever got
/// from them as the proof of the victim's seat.
pub struct Thief<P> {
    host: P,
    victim: usize,
    forge: bool,
    pub loot: Rc<RefCell<Loot>>,
    /// The last friend whose hello was relayed: the host's welcomes go on to it.
    relayed: Option<P>,
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

impl<P: Copy + Eq> Thief<P> {
    pub fn new(host: P, victim: usize, forge: bool, loot: Rc<RefCell<Loot>>) -> Self {
        Thief {
            host,
            victim,
            forge,
            loot,
            relayed: None,
        }
    }

    /// `from` sent `bytes` to the thief's connection: whether its own table gets it too.
    pub fn heard(&mut self, from: P, bytes: &[u8], send: &mut Vec<(P, Vec<u8>)>) -> bool {
        let mut loot = self.loot.borrow_mut();
        loot.heard.push(bytes.to_vec());
        if from != self.host {
            // Another friend: everything it says goes to the host as ours, and every string
            // in it is tried as the proof of the victim's seat.
            let Ok(m) = msg::decode::<ToHost<Value>>(bytes) else {
                return false;
            };
            send.push((self.host, bytes.to_vec()));
            let mut tries = Vec::new();
            strings(&serde_json::to_value(&m).unwrap(), &mut tries);
            for proof in tries.into_iter().filter(|s| s.len() >= 16) {
                loot.tries += 1;
                let back = ToHost::<()>::Back {
                    seat: self.victim,
                    proof,
                };
                send.push((self.host, msg::encode(&back)));
            }
            if let ToHost::Hello { .. } = m {
                self.relayed = Some(from);
                if self.forge && loot.attack {
                    for host_proof in [None, Some("ab".repeat(32))] {
                        let forged = ToGuest::<(), ()>::Welcome {
                            v: msg::VERSION,
                            game: "mykonos".into(),
                            variants: vec![],
                            seats: vec![],
                            started: true,
                            challenge: code::new_token().unwrap(),
                            host_proof,
                            commit: Some(code::commit(&code::new_token().unwrap())),
                        };
                        send.push((from, msg::encode(&forged)));
                    }
                }
            }
            loot.from_friends.push(m);
            return false;
        }
        match msg::decode::<ToGuest<Value, Value>>(bytes) {
            // Perhaps the host's answer to a relayed hello: passed on to the friend who said
            // it. (Our own table takes it too: which hello a welcome answers is not written
            // in it.)
            Ok(ToGuest::Welcome { .. }) => {
                if let Some(to) = self.relayed
                    && loot.attack
                {
                    send.push((to, bytes.to_vec()));
                }
                true
            }
            Ok(ToGuest::Refused { why }) => {
                loot.refusals.push(why);
                false
            }
            Ok(ToGuest::Seated { seat, .. }) => {
                loot.stolen.push(format!("seated on {seat}"));
                true
            }
            Ok(ToGuest::State { seat, .. }) => {
                loot.stolen.push(format!("the world of seat {seat}"));
                true
            }
            _ => true,
        }
    }
}

impl Tap for Thief<u32> {
    fn heard(&mut self, from: u32, bytes: &[u8], send: &mut Vec<(u32, Vec<u8>)>) -> bool {
        Thief::heard(self, from, bytes, send)
    }
}
