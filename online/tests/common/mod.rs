//! A host's table and a guest's table driven by bots, over any transport: what the app does,
//! without the screen. Used by the in-memory tests and the WebRTC ones.
#![allow(dead_code)]

use come_buy_engine::bot::Bot;
use come_buy_engine::bots::WithBots;
use come_buy_engine::game::{Game, Search, Seat, Setup};
use come_buy_engine::record::{Record, SeatRecord, Step};
use come_buy_online::code::PeerKey;
use come_buy_online::guest::{Guest, GuestEvent, world_of};
use come_buy_online::host::{Host, HostEvent, Plan, Verdict, judge_act};
use come_buy_online::msg::Why;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::hash::Hash;

pub mod hub;
pub mod relay;
pub mod thief;
#[cfg(feature = "signal")]
pub mod wire;

/// What a transport reports.
#[derive(Clone, Debug)]
pub enum Ev<P> {
    Up(P),
    Down(P),
    Data(P, Vec<u8>),
}

pub trait Playable:
    Game<Action: DeserializeOwned, Effect: DeserializeOwned>
    + Search
    + WithBots
    + Serialize
    + DeserializeOwned
{
}
impl<G> Playable for G where
    G: Game<Action: DeserializeOwned, Effect: DeserializeOwned>
        + Search
        + WithBots
        + Serialize
        + DeserializeOwned
{
}

/// The host's table: the real match, its room, and bots for the seats not online.
pub struct HostTable<G: Playable, P> {
    pub host: Host<P>,
    pub game: G,
    pub setup: Setup,
    pub steps: Vec<Step<G::Action>>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    pub started: bool,
    pub code: Option<String>,
    /// Refusals of friends' moves (by the checks or the rules).
    pub refused: Vec<Why>,
    pub events: Vec<String>,
    /// The host answers every asker with this.
    pub approve: bool,
    /// The marks of the askers, as the host's lobby shows them.
    pub marks: Vec<String>,
}

impl<G: Playable, P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> HostTable<G, P> {
    /// Seats: `None` for a friend online, `Some(bot)` for a bot (the host's own seat is
    /// played by a bot too, standing for the person at the screen).
    pub fn new(seats: &[Option<&str>], seed: u64) -> Self {
        let setup = Setup::new(seats.len(), seed);
        let (game, _) = G::start(&setup).unwrap();
        let plans = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Some(b) if i == 0 => Plan::Local(format!("Host ({b})")),
                Some(b) => Plan::Bot(b.to_string()),
                None => Plan::Online,
            })
            .collect();
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.map(|b| G::bot(b, seed + i as u64).unwrap()))
            .collect();
        HostTable {
            host: Host::open(G::ID, vec![], plans).unwrap(),
            game,
            setup,
            steps: Vec::new(),
            bots,
            started: false,
            code: None,
            refused: Vec::new(),
            events: Vec::new(),
            approve: true,
            marks: Vec::new(),
        }
    }

    pub fn event(&mut self, ev: Ev<P>, now: f64) {
        let happened = match ev {
            Ev::Up(p) => {
                self.host.peer_up(p, now);
                None
            }
            Ev::Down(p) => self.host.peer_down(p),
            Ev::Data(p, bytes) => self.host.heard::<G::Action>(p, &bytes),
        };
        match happened {
            Some(HostEvent::Asked { seat, name, mark }) => {
                self.events.push(format!("asked {seat} {name}"));
                self.marks.push(mark);
                let r = self
                    .host
                    .asking()
                    .last()
                    .cloned()
                    .expect("the one who asked");
                if let Some(seat) = self.host.answer(r.peer, r.seat, self.approve)
                    && self.started
                {
                    self.host
                        .send_world(seat, &self.game, self.steps.len(), &[], true);
                }
            }
            Some(HostEvent::Back { seat }) => {
                self.events.push(format!("back {seat}"));
                self.host
                    .send_world(seat, &self.game, self.steps.len(), &[], true);
            }
            Some(HostEvent::Dropped { seat }) => self.events.push(format!("dropped {seat}")),
            Some(HostEvent::Act { seat, step, action }) => {
                let verdict = judge_act(self.game.current_player(), self.steps.len(), seat, step);
                let checked = match verdict {
                    Verdict::Apply => self.game.apply(seat, &action).map_err(|_| Why::Illegal),
                    Verdict::Again => {
                        // A copy of a move applied: the seat gets its state again.
                        self.events.push(format!("again {seat}"));
                        self.host
                            .send_world(seat, &self.game, self.steps.len(), &[], true);
                        return;
                    }
                    Verdict::Refuse(why) => Err(why),
                };
                match checked {
                    Ok(effects) => self.after(seat, action, effects),
                    Err(why) => {
                        self.refused.push(why);
                        self.host.refuse_seat(seat, why);
                    }
                }
            }
            None => {}
        }
    }

    fn after(&mut self, seat: Seat, action: G::Action, effects: Vec<G::Effect>) {
        self.steps.push(Step { seat, action });
        self.host
            .send_worlds(&self.game, self.steps.len(), &effects);
        if self.game.is_over() && self.code.is_none() {
            let mut record = Record::new(G::ID, &self.setup, seat_records(self.setup.players));
            record.steps = self.steps.clone();
            let code = come_buy_engine::code::encode::<G>(&record).unwrap();
            self.code = Some(code.clone());
            self.host.finish(code);
        }
    }

    /// A bot (or the host's own seat) moves at the next tick.
    pub fn bot_to_move(&self) -> bool {
        self.started
            && self
                .game
                .current_player()
                .is_some_and(|s| !self.host.friend_plays(s))
    }

    /// Starts once every seat is taken; bots (and the host's own seat) move.
    pub fn tick(&mut self) {
        if !self.started {
            if self.host.ready() {
                self.host.start("normal");
                self.started = true;
                let (_, effects) = G::start(&self.setup).unwrap();
                self.host.send_worlds(&self.game, 0, &effects);
            }
            return;
        }
        let Some(seat) = self.game.current_player() else {
            return;
        };
        if self.host.friend_plays(seat) {
            return;
        }
        let bot = self.bots[seat].get_or_insert_with(|| G::bot("normal", 99).unwrap());
        let action = bot.choose(&self.game.view(Some(seat)), &self.game.legal_actions());
        let effects = self.game.apply(seat, &action).unwrap();
        self.after(seat, action, effects);
    }
}

fn seat_records(n: usize) -> Vec<SeatRecord> {
    (0..n)
        .map(|i| SeatRecord {
            name: format!("Seat {i}"),
            color: i,
            bot: None,
        })
        .collect()
}

/// A guest's table: its room, the world its seat knows, and a bot choosing for it.
pub struct GuestTable<G: Playable, P> {
    pub guest: Guest<P>,
    pub want: Seat,
    pub world: Option<G>,
    pub effects: usize,
    pub code: Option<String>,
    pub refused: Vec<Why>,
    pub closed: bool,
    pub lost: bool,
    /// Never asks for a seat (a peer that only takes a place at the door).
    pub silent: bool,
    /// Our mark while asking, as our table works it out.
    pub mark: Option<String>,
    bot: Box<dyn Bot<G>>,
    /// The step of the last move sent (one move per state).
    sent_at: Option<u32>,
}

impl<G: Playable, P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> GuestTable<G, P> {
    pub fn new(code: &str, name: &str, want: Seat) -> Self {
        GuestTable {
            guest: Guest::new(code, name),
            want,
            world: None,
            effects: 0,
            code: None,
            refused: Vec::new(),
            closed: false,
            lost: false,
            silent: false,
            mark: None,
            bot: G::bot("normal", 7 + want as u64).unwrap(),
            sent_at: None,
        }
    }

    pub fn event(&mut self, ev: Ev<P>) {
        let happened = match ev {
            Ev::Up(p) => {
                self.guest.peer_up(p);
                None
            }
            Ev::Down(p) => self.guest.peer_down(p),
            Ev::Data(p, bytes) => self.guest.heard(p, &bytes),
        };
        match happened {
            Some(GuestEvent::Welcome) if self.guest.seat.is_none() && !self.silent => {
                self.guest.ask::<G::Action>(self.want)
            }
            Some(GuestEvent::Asking { mark, .. }) => self.mark = Some(mark),
            Some(GuestEvent::State { world, effects, .. }) => {
                match world_of::<G>(world, effects, self.guest.seats.len()) {
                    Ok((world, effects)) => {
                        self.effects += effects.len();
                        self.world = Some(world);
                    }
                    Err(why) => self.refused.push(why),
                }
            }
            Some(GuestEvent::Over { code }) => self.code = Some(code),
            Some(GuestEvent::Refused(why)) => self.refused.push(why),
            Some(GuestEvent::Closed) => self.closed = true,
            Some(GuestEvent::Lost) => self.lost = true,
            _ => {}
        }
    }

    /// Moves when the world says it is this seat's turn.
    pub fn tick(&mut self) {
        let (Some(world), Some(seat)) = (&self.world, self.guest.seat) else {
            return;
        };
        if world.current_player() != Some(seat) || self.sent_at == Some(self.guest.step) {
            return;
        }
        let action = self
            .bot
            .choose(&world.view(Some(seat)), &world.legal_actions());
        self.sent_at = Some(self.guest.step);
        self.guest.act(action);
    }
}
