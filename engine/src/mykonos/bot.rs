//! Mýkonos's `normal` bot.
//!
//! It values a hand as the money it can still bring: every face card pays its income each
//! round it is held, and the other cards are worth the combinations it can sell from them in
//! the sales left (best combination first); when deciding what to sell or discard, a pair or
//! three of a kind that may still grow is worth a little more. A card is worth what it adds to that value. In the Demand it puts its first workers on the
//! cards it wants most where it will decide first, and the others behind rivals (raising
//! their price) or on cards nobody wants; the two-player neutral worker goes where it raises
//! a rival's price. It buys when a card adds more than its price (and the lost no-purchase
//! bonus), counting what the next in the queue would gain; it sells a combination when the
//! money beats keeping the cards (so it keeps face cards for income and pairs that can
//! grow, and sells everything worth more than its income at the end); and it discards the
//! card whose loss costs least. It decides only from its seat's view and the legal actions.

use std::cell::RefCell;

use super::hands::{Prices, classify};
use super::{Action, Card, Mykonos, Phase, View, Worker};
use crate::bots::{Bot, EasyBot, HardBot, RandomBot, WithBots, unknown_bot};
use crate::ismcts::{Budget, Cutoff};

/// Hard's search budget: iterations per decision, chosen with `come-buy-sim think` so that a
/// decision stays well under a quarter second on one core. The rivals move inside the tree as
/// Normal would (the tree holds only Hard's own choices), and the tree stops where the next
/// round's row is dealt (past it a slot holds another card in every imagined world): the
/// rest of the imagined game is played by Normal and stops 30 moves on, scored by what each
/// seat's money and hand promise (`Bot::estimate`). Where the search finds no move better by
/// 0.003 than Normal's (a game already won or lost looks the same after every move), Hard
/// keeps Normal's: it no longer throws money away once the outcome seems settled.
const HARD: Budget = Budget {
    iterations: 6000,
    exploration: 0.7,
    rollout_noise: 0.1,
    solo_scale: 30.0,
    keep_policy_within: Some(0.003),
    opponents_by_policy: true,
    flat: false,
    cutoff: Some(Cutoff {
        moves: 30,
        spread: 4.0,
    }),
    tree_stops_at_deal: true,
};
use crate::game::Seat;

/// The `normal` bot (see the module docs).
pub struct NormalBot {
    params: Params,
    /// Sales values already worked out (the search asks for the same hands again and again).
    memo: Memo,
}

/// A direct-mapped table of what the non-face cards of a hand sell for over a number of
/// sales (money, and whether the first sale is a pair or three of a kind), for one price list.
/// A pure function's results: the memo changes nothing but speed.
#[derive(Default)]
struct Memo {
    prices: Option<Prices>,
    slots: Vec<(u64, u32, bool)>,
}

impl Memo {
    const BITS: u32 = 16;
    const EMPTY: u64 = u64::MAX;

    fn key(rest: u64, sales: usize) -> u64 {
        rest | ((sales.min(255) as u64) << 52)
    }

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS)) as usize
    }

    fn get(&mut self, prices: &Prices, rest: u64, sales: usize) -> Option<(u32, bool)> {
        if self.prices.as_ref() != Some(prices) {
            self.prices = Some(prices.clone());
            self.slots.clear();
        }
        if self.slots.is_empty() {
            self.slots = vec![(Self::EMPTY, 0, false); 1 << Self::BITS];
        }
        let key = Self::key(rest, sales);
        let (k, money, group) = self.slots[Self::slot(key)];
        (k == key).then_some((money, group))
    }

    fn put(&mut self, rest: u64, sales: usize, money: u32, group: bool) {
        let key = Self::key(rest, sales);
        let at = Self::slot(key);
        if let Some(slot) = self.slots.get_mut(at) {
            *slot = (key, money, group);
        }
    }
}

impl NormalBot {
    /// The bot with its tuned weights.
    pub fn new() -> Self {
        NormalBot::with_params(Params::default())
    }

    /// The bot with other weights (for tuning experiments).
    pub fn with_params(params: Params) -> Self {
        NormalBot {
            params,
            memo: Memo::default(),
        }
    }

    /// Runs `f` with `me`'s outlook on `view`, lending it the bot's memo of hand values.
    fn with_outlook<R>(&mut self, view: &View, me: Seat, f: impl FnOnce(&Outlook) -> R) -> R {
        let memo = RefCell::new(std::mem::take(&mut self.memo));
        let r = f(&Outlook::new(&self.params, &memo, view, me));
        self.memo = memo.into_inner();
        r
    }
}

impl Default for NormalBot {
    fn default() -> Self {
        Self::new()
    }
}

impl WithBots for Mykonos {
    const BOTS: &'static [&'static str] = &["random", "easy", "normal", "hard"];

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, String> {
        match name {
            "random" => Ok(Box::new(RandomBot::new(seed))),
            // Easy misjudges where to queue (half its placements), but buys, sells and
            // discards as Normal does: a fumbled purchase or sale loses the whole game
            // (measured: slipping on every kind of decision 30% of the time, it won 0 of 400
            // heads-up games against Normal; slipping on placements only, a third).
            "easy" => Ok(Box::new(
                EasyBot::new(Box::new(NormalBot::new()), seed, 0.5, 3)
                    .slipping_on(|a| matches!(a, Action::Place { .. })),
            )),
            "normal" => Ok(Box::new(NormalBot::new())),
            "hard" => Ok(Box::new(HardBot::guided(
                HARD,
                seed,
                Box::new(NormalBot::new()),
                Box::new(NormalBot::new()),
            ))),
            _ => Err(unknown_bot(name, Self::BOTS)),
        }
    }
}

/// The bot's weights (the defaults were tuned by bot tournaments).
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Extra value for a pair or three of a kind among the non-face cards (it may grow), per
    /// sale still to come after the next...
    pub growth_per_group: f64,
    /// ...up to this much.
    pub growth_cap: f64,
    /// The share of that growth counted when placing and buying (it counts in full when
    /// choosing what to sell or discard).
    pub growth_when_buying: f64,
    /// The share of a rival's gain that denying them a card is worth, with two players...
    pub deny_two_players: f64,
    /// ...and with more.
    pub deny_more_players: f64,
    /// What raising a rival's price by $1 is worth when they are likely to buy.
    pub block: f64,
    /// The share of the other players' remaining workers expected to join a card I queue on
    /// first (spread over the cards with room).
    pub crowding: f64,
    /// The share of the no-purchase bonus counted against a card when placing.
    pub placement_bonus: f64,
    /// The share of my gain counted when my worker queues behind a rival's.
    pub behind_rival: f64,
    /// A neutral worker ahead of everyone: the share of a rival's gain counted for it...
    pub neutral_theirs: f64,
    /// ...and the share of my own gain counted against it.
    pub neutral_mine: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            growth_per_group: 0.4,
            growth_cap: 1.2,
            growth_when_buying: 0.0,
            deny_two_players: 0.9,
            deny_more_players: 0.4,
            block: 0.5,
            crowding: 0.7,
            placement_bonus: 1.0,
            behind_rival: 0.25,
            neutral_theirs: 0.3,
            neutral_mine: 0.5,
        }
    }
}

/// Calls `f` with `cards` gathered on the stack (the bot values many imagined hands a move;
/// a hand past 32 cards, which no level allows, goes to the heap).
fn on_stack<R>(cards: impl Iterator<Item = Card>, f: impl FnOnce(&[Card]) -> R) -> R {
    let mut buf = [Card::from_id(0).expect("card 0"); 32];
    let mut n = 0;
    let mut spill = Vec::new();
    for c in cards {
        if n < buf.len() {
            buf[n] = c;
            n += 1;
        } else {
            if spill.is_empty() {
                spill.extend_from_slice(&buf);
            }
            spill.push(c);
        }
    }
    if spill.is_empty() {
        f(&buf[..n])
    } else {
        f(&spill)
    }
}

/// What the bot knows about the moment, derived from its view.
struct Outlook<'a> {
    p: &'a Params,
    memo: &'a RefCell<Memo>,
    view: &'a View,
    me: Seat,
    hand: &'a [Card],
    /// Income phases still to come, this round's included if not yet paid.
    incomes: f64,
    /// Sales phases still to come, this round's included if not yet over.
    sales: usize,
    /// Value per pair or three of a kind that may grow, per later sale.
    growth: f64,
    /// What the hand is worth as it is (worked out once, on first use).
    held: std::cell::Cell<Option<f64>>,
}

impl<'a> Outlook<'a> {
    fn new(p: &'a Params, memo: &'a RefCell<Memo>, view: &'a View, me: Seat) -> Self {
        let future = view.rounds_left as usize;
        let this_round = usize::from(view.phase != Phase::EndOfRound);
        Outlook {
            p,
            memo,
            view,
            me,
            hand: view.hand.as_deref().unwrap_or(&[]),
            incomes: (future + this_round) as f64,
            sales: future + this_round,
            growth: if matches!(view.phase, Phase::Sales | Phase::EndOfRound) {
                p.growth_per_group
            } else {
                p.growth_per_group * p.growth_when_buying
            },
            held: std::cell::Cell::new(None),
        }
    }

    fn prices(&self) -> &Prices {
        &self.view.prices
    }

    fn per_face(&self) -> f64 {
        self.view.income.per_face_card as f64
    }

    /// The money `hand` can still bring with `incomes` income phases and `sales` sales left,
    /// after discarding down to the hand limit.
    fn value(&self, hand: &[Card], incomes: f64, sales: usize) -> f64 {
        if hand.len() <= self.view.hand_limit {
            return self.raw_value(hand, incomes, sales);
        }
        let mut h = hand.to_vec();
        while h.len() > self.view.hand_limit {
            let worst = (0..h.len())
                .max_by(|&a, &b| {
                    let without = |i: usize| {
                        let mut x = h.clone();
                        x.remove(i);
                        self.raw_value(&x, incomes, sales)
                    };
                    without(a).total_cmp(&without(b))
                })
                .unwrap_or(0);
            h.remove(worst);
        }
        self.raw_value(&h, incomes, sales)
    }

    fn raw_value(&self, hand: &[Card], incomes: f64, sales: usize) -> f64 {
        let faces = hand.iter().filter(|c| c.is_face()).count() as f64;
        let (money, group) = self.sales_value(hand, sales);
        let groups = if group { 1.0 } else { 0.0 };
        let growth = (groups * self.growth * sales.saturating_sub(1) as f64).min(self.p.growth_cap);
        faces * self.per_face() * incomes + money as f64 + growth
    }

    /// What the non-face cards of `hand` bring in `sales` sales, best sale first, and whether
    /// the first is a pair or three of a kind (one that may still grow).
    fn sales_value(&self, hand: &[Card], sales: usize) -> (u32, bool) {
        let mask = hand
            .iter()
            .filter(|c| !c.is_face())
            .fold(0u64, |m, c| m | 1 << c.id());
        let mut memo = self.memo.borrow_mut();
        if let Some(known) = memo.get(self.prices(), mask, sales) {
            return known;
        }
        let mut rest: Vec<Card> = hand.iter().copied().filter(|c| !c.is_face()).collect();
        let (mut money, mut group) = (0, false);
        for k in 0..sales {
            let Some(sale) = self.prices().best_sale(&rest) else {
                break;
            };
            if k == 0 && sale.cards.len() >= 2 && sale.cards.len() <= 3 {
                group = true;
            }
            money += sale.price;
            rest.retain(|c| !sale.cards.contains(c));
        }
        memo.put(mask, sales, money, group);
        (money, group)
    }

    /// What `card` adds to my hand now.
    fn gain(&self, card: Card) -> f64 {
        let with = on_stack(self.hand.iter().copied().chain([card]), |with| {
            self.value(with, self.incomes, self.sales)
        });
        with - self.held()
    }

    /// What my hand is worth as it is (worked out once per outlook).
    fn held(&self) -> f64 {
        self.held.get().unwrap_or_else(|| {
            let v = self.value(self.hand, self.incomes, self.sales);
            self.held.set(Some(v));
            v
        })
    }

    /// A rough guess of what `card` is worth to a rival, from the cards everyone knows.
    fn rival_gain(&self, seat: Seat, card: Card) -> f64 {
        if card.is_face() {
            return self.per_face() * self.incomes;
        }
        let known = &self.view.known[seat];
        let same = known.iter().filter(|c| c.rank() == card.rank()).count();
        let suit = known.iter().filter(|c| c.suit() == card.suit()).count();
        match same {
            0 if suit >= 3 => 2.0,
            0 => 1.0,
            1 => 2.0,
            _ => 3.5,
        }
    }

    fn no_purchase_bonus(&self) -> f64 {
        if self.view.bought[self.me] {
            0.0
        } else {
            self.view.income.no_purchase as f64
        }
    }

    /// Denying `seat` the card at a price of `price` is worth this much to me.
    fn deny(&self, seat: Seat, card: Card, price: u32) -> f64 {
        if self.view.money[seat] < price {
            return 0.0;
        }
        let share = if self.view.players == 2 {
            self.p.deny_two_players
        } else {
            self.p.deny_more_players
        };
        (self.rival_gain(seat, card) - price as f64).max(0.0) * share
    }

    /// The first player's worker in a queue (neutral workers pass).
    fn first_player(queue: &[Worker]) -> Option<Seat> {
        queue.iter().find_map(|w| match w {
            Worker::Player(s) => Some(*s),
            Worker::Neutral => None,
        })
    }

    /// Workers that others (and the neutral) will still place after this one.
    fn others_to_place(&self) -> usize {
        self.view
            .placements
            .iter()
            .skip(1)
            .filter(|p| p.worker != Worker::Player(self.me))
            .count()
    }

    fn place(&self, legal: &[Action]) -> Action {
        let neutral = self
            .view
            .placements
            .first()
            .is_some_and(|p| p.worker == Worker::Neutral);
        let open = legal.len().max(1) as f64;
        let extra = self.others_to_place() as f64 / open;
        let mut best: Option<(f64, &Action)> = None;
        for a in legal {
            let Action::Place { slot } = a else { continue };
            let (Some(Some(card)), Some(queue)) =
                (self.view.row.get(*slot), self.view.queues.get(*slot))
            else {
                continue;
            };
            let price = queue.len() as f64 + 1.0;
            let score = match (Self::first_player(queue), neutral) {
                // My worker would decide first.
                (None, false) => {
                    self.gain(*card)
                        - (price + extra * self.p.crowding)
                        - self.no_purchase_bonus() * self.p.placement_bonus
                }
                // A neutral worker ahead of everyone: it raises the price of whoever comes.
                (None, true) => {
                    let rival = (self.me + 1) % 2;
                    let theirs = self.rival_gain(rival, *card) - price;
                    let mine = self.gain(*card) - price;
                    self.p.neutral_theirs * theirs.max(0.0) - self.p.neutral_mine * mine.max(0.0)
                }
                // Behind my own first worker: I would pay one more.
                (Some(s), _) if s == self.me => {
                    let mine = self.gain(*card) - price - self.no_purchase_bonus();
                    if mine > 0.0 { -1.0 } else { -0.1 }
                }
                // Behind a rival: they pay one more, and if they pass I may buy for less.
                (Some(s), _) => {
                    let theirs = self.rival_gain(s, *card) - (price - 1.0);
                    let block = if theirs > 0.0 { self.p.block } else { 0.1 };
                    let mine = if neutral {
                        0.0
                    } else {
                        let later_price = price - 1.0;
                        self.p.behind_rival
                            * (self.gain(*card) - later_price - self.no_purchase_bonus()).max(0.0)
                    };
                    block + mine
                }
            };
            if best.is_none_or(|(v, _)| score > v) {
                best = Some((score, a));
            }
        }
        best.map(|(_, a)| a.clone())
            .unwrap_or_else(|| legal[0].clone())
    }

    fn buy(&self, legal: &[Action]) -> Action {
        if !legal.contains(&Action::Buy) {
            return Action::Pass;
        }
        let Some((slot, price)) = self.view.purchase else {
            return Action::Pass;
        };
        let Some(Some(card)) = self.view.row.get(slot) else {
            return Action::Pass;
        };
        let queue = &self.view.queues[slot];
        let next = Self::first_player(&queue[1..]);
        let deny = match next {
            Some(s) if s != self.me => self.deny(s, *card, price.saturating_sub(1)),
            _ => 0.0,
        };
        let net = self.gain(*card) + deny - price as f64 - self.no_purchase_bonus();
        if net > 0.0 { Action::Buy } else { Action::Pass }
    }

    fn sell(&self, legal: &[Action]) -> Action {
        // This round's income is still to come; later rounds bring `sales - 1` more sales.
        let later = self.sales.saturating_sub(1);
        let keep = self.value(self.hand, self.incomes, later);
        let mut best: Option<(f64, &Action)> = None;
        for a in legal {
            let Action::Sell { cards } = a else { continue };
            let Some(category) = classify(cards) else {
                continue;
            };
            let rest = self.hand.iter().copied().filter(|c| !cards.contains(c));
            let v = self.prices().of(category) as f64
                + on_stack(rest, |rest| self.value(rest, self.incomes, later));
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        // Money now beats the same money later: a tie goes to selling.
        match best {
            Some((v, a)) if v >= keep => a.clone(),
            _ => Action::NoSale,
        }
    }

    fn discard(&self, legal: &[Action]) -> Action {
        let mut best: Option<(f64, &Action)> = None;
        for a in legal {
            let Action::Discard { card } = a else {
                continue;
            };
            let rest = self.hand.iter().copied().filter(|c| c != card);
            let v = on_stack(rest, |rest| self.value(rest, self.incomes, self.sales));
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
            }
        }
        best.map(|(_, a)| a.clone())
            .unwrap_or_else(|| legal[0].clone())
    }
}

impl Bot<Mykonos> for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(me) = view.current_player.or(view.seat) else {
            return legal[0].clone();
        };
        self.with_outlook(view, me, |o| match view.phase {
            Phase::Demand => o.place(legal),
            Phase::Purchases => o.buy(legal),
            Phase::Sales => o.sell(legal),
            Phase::EndOfRound => o.discard(legal),
            Phase::Offer | Phase::Income | Phase::GameOver => legal[0].clone(),
        })
    }

    /// The seat's money at the end, as it looks now: its money, what its hand will still
    /// bring (face cards' income, the sales left) and the no-purchase bonus of this round if
    /// it still stands. The base income, the same for everyone, is left out.
    fn estimate(&mut self, view: &View) -> Option<f64> {
        let me = view.seat?;
        let promised = self.with_outlook(view, me, |o| {
            let bonus = if view.phase != Phase::EndOfRound && view.phase != Phase::GameOver {
                o.no_purchase_bonus()
            } else {
                0.0
            };
            o.held() + bonus
        });
        Some(*view.money.get(me)? as f64 + promised)
    }
}

/// Why a move is good, in the game's terms (for a player's hint): the Normal bot's own view
/// of the move, whoever picked it. Money is in whole dollars.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Placing first on a card: what it adds to the hand, and the price so far.
    FirstInLine { card: Card, gain: i64, price: u32 },
    /// Queuing behind a rival (or placing the neutral worker): their price goes up.
    RaisesPrice { card: Card, rival: Seat, price: u32 },
    /// Queuing behind one's own worker on a card.
    SecondChance { card: Card },
    /// Buying: what the card adds, for its price.
    Buy { card: Card, gain: i64, price: u32 },
    /// Stepping out: the card adds less than it costs.
    NotWorth { card: Card, gain: i64, price: u32 },
    /// Selling a combination now, and what it pays.
    Sell {
        category: super::Category,
        price: u32,
    },
    /// No sale: the cards are worth more kept (face cards' income, pairs that may grow).
    Keep { faces: usize },
    /// Discarding the card whose loss costs least.
    Discard { card: Card, loss: i64 },
}

/// Why `action` is a good move for the seat whose view this is (`None` if it is no move of
/// theirs now).
pub fn reason(view: &View, action: &Action) -> Option<Reason> {
    let me = view.current_player?;
    if view.seat != Some(me) {
        return None;
    }
    let p = Params::default();
    let memo = RefCell::new(Memo::default());
    let o = Outlook::new(&p, &memo, view, me);
    let dollars = |x: f64| x.round() as i64;
    Some(match action {
        Action::Place { slot } => {
            let card = (*view.row.get(*slot)?)?;
            let queue = view.queues.get(*slot)?;
            let price = queue.len() as u32 + 1;
            let neutral_placing = view
                .placements
                .first()
                .is_some_and(|p| p.worker == Worker::Neutral);
            match Outlook::first_player(queue) {
                Some(s) if s == me && !neutral_placing => Reason::SecondChance { card },
                Some(rival) => Reason::RaisesPrice { card, rival, price },
                None if neutral_placing => Reason::RaisesPrice {
                    card,
                    rival: (me + 1) % view.players.max(1),
                    price,
                },
                None => Reason::FirstInLine {
                    card,
                    gain: dollars(o.gain(card)),
                    price,
                },
            }
        }
        Action::Buy | Action::Pass => {
            let (slot, price) = view.purchase?;
            let card = (*view.row.get(slot)?)?;
            let gain = dollars(o.gain(card));
            if *action == Action::Buy {
                Reason::Buy { card, gain, price }
            } else {
                Reason::NotWorth { card, gain, price }
            }
        }
        Action::Sell { cards } => {
            let category = classify(cards)?;
            Reason::Sell {
                category,
                price: view.prices.of(category),
            }
        }
        Action::NoSale => Reason::Keep {
            faces: o.hand.iter().filter(|c| c.is_face()).count(),
        },
        Action::Discard { card } => {
            let rest: Vec<Card> = o.hand.iter().copied().filter(|c| c != card).collect();
            let loss = o.held() - o.value(&rest, o.incomes, o.sales);
            Reason::Discard {
                card: *card,
                loss: dollars(loss.max(0.0)),
            }
        }
    })
}
