//! Goblin Market's `normal` bot.
//!
//! It values cards by how they move its suit standing (the score it would have if the game
//! ended now, softened early on while majorities can still change) and by the sisterhood
//! income their ranks promise; it converts points to coins by spreading its purse over the
//! auctions it can expect to win, so it keeps coins for later auctions and spends freely at
//! the end. It takes all cards unless some would cost it points, and bids with an eye on
//! the sisterhood money its winning bid would pay to rivals.

use super::{Action, GoblinMarket, StageView, View, rank_of_bid, score_counts, suit_score};
use crate::bots::{Bot, EasyBot, HardBot, RandomBot, WithBots, unknown_bot};
use crate::ismcts::Budget;

/// Hard's search budget: iterations per decision, chosen with `come-buy-sim think` so that a
/// decision stays well under a quarter second on one core. The rivals bid inside the tree as
/// Normal would, so the tree holds only Hard's own choices (measured, `come-buy-sim play`,
/// 2026-11-26: Hard vs 3 Normal won 68.5% of 200 games, where branching on every seat's bids
/// it won 41.6% of 1,600).
const HARD: Budget = Budget {
    iterations: 1500,
    exploration: 0.7,
    rollout_noise: 0.1,
    solo_scale: 30.0,
    keep_policy_within: None,
    opponents_by_policy: true,
    flat: false,
    cutoff: None,
    tree_stops_at_deal: false,
};
use crate::decktet::{Card, Decktet, decktet};
use crate::game::Seat;
use std::sync::Arc;

/// Early on, at most this share of the purse goes into one auction...
const MIN_SHARE: f64 = 0.6;
/// ...rising as fewer auctions remain (all of it with this many or fewer left).
const CAP_AUCTIONS: f64 = 4.0;

pub struct NormalBot {
    deck: Arc<Decktet>,
    /// Per card id: its symbols per suit, packed `SUIT_BITS` bits a suit (a holding's counts
    /// are then one addition a card: the bot plays every seat of every imagined game).
    packed: Vec<u64>,
    /// Per card id: its number of symbols.
    symbols: Vec<u32>,
    /// Per card id: its rank on the sisterhood cycle (1-10), if any.
    cycle: Vec<Option<u8>>,
    /// The basic cards in the deck.
    basic: f64,
}

/// Bits per suit in a packed count (a suit has far fewer than 1,024 symbols in any deck).
const SUIT_BITS: u32 = 10;

impl NormalBot {
    pub fn new() -> Self {
        let deck = decktet();
        let packed = deck
            .cards
            .iter()
            .map(|c| {
                c.suits
                    .iter()
                    .map(|s| 1u64 << (SUIT_BITS * s.index() as u32))
                    .sum()
            })
            .collect();
        let symbols = deck.cards.iter().map(|c| c.suits.len() as u32).collect();
        let cycle = deck.cards.iter().map(|c| c.rank.cycle_value()).collect();
        let basic = deck.basic().len() as f64;
        NormalBot {
            deck,
            packed,
            symbols,
            cycle,
            basic,
        }
    }

    /// The packed suit counts of `cards` (see `packed`).
    fn pack(&self, cards: &[Card]) -> u64 {
        cards.iter().map(|c| self.packed[c.0 as usize]).sum()
    }

    /// The suit standing's total for packed counts.
    fn total(&self, packed: u64, positive: usize) -> i64 {
        let mask = (1u64 << SUIT_BITS) - 1;
        let counts: [u32; 6] =
            std::array::from_fn(|i| ((packed >> (SUIT_BITS * i as u32)) & mask) as u32);
        score_counts(counts, positive).total
    }
}

impl Default for NormalBot {
    fn default() -> Self {
        Self::new()
    }
}

impl WithBots for GoblinMarket {
    const BOTS: &'static [&'static str] = &["random", "easy", "normal", "hard"];

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, String> {
        match name {
            "random" => Ok(Box::new(RandomBot::new(seed))),
            "easy" => Ok(Box::new(EasyBot::new(
                Box::new(NormalBot::new()),
                seed,
                0.3,
                4,
            ))),
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

/// What the bot knows about the moment, derived from the view.
struct Outlook<'a> {
    view: &'a View,
    me: Seat,
    /// Auctions left including the current one (estimated: each uses about 3 cards).
    auctions_left: f64,
    /// Coins one point of score is worth to me now.
    coins_per_point: f64,
    /// How far the game still has to go, 1 at the start, 0 at the end.
    openness: f64,
    /// My holding's packed suit counts, and its standing's total.
    mine: u64,
    before: i64,
}

impl NormalBot {
    fn outlook<'a>(&self, view: &'a View, me: Seat) -> Outlook<'a> {
        let n = view.players as f64;
        let remaining = (view.auction_deck + view.auction_row.len()) as f64;
        let auctions_left = (remaining / 3.0).ceil().max(1.0);
        // About one coin of goblin and sisterhood money per auction comes back to me.
        let purse = view.coins[me] as f64 + (auctions_left - 1.0) * 1.0;
        let my_wins = (auctions_left / n).max(1.0);
        let coins_per_point = (purse / (my_wins * 2.0)).max(0.5);
        let mine = self.pack(&view.owned[me]);
        Outlook {
            view,
            me,
            auctions_left,
            coins_per_point,
            openness: (remaining / self.basic).clamp(0.0, 1.0),
            mine,
            before: self.total(mine, view.positive_suits),
        }
    }

    /// Points `cards` would add to my standing, softened while majorities are open.
    fn points(&self, o: &Outlook, cards: &[Card]) -> f64 {
        let after = self.total(o.mine + self.pack(cards), o.view.positive_suits);
        let strict = (after - o.before) as f64;
        let symbols: u32 = cards.iter().map(|c| self.symbols[c.0 as usize]).sum();
        let hopeful = symbols as f64;
        strict + 0.5 * o.openness * (hopeful - strict)
    }

    /// Sisterhood coins I can expect from owning `cards` over the rest of the game.
    fn income(&self, o: &Outlook, cards: &[Card]) -> f64 {
        let n = o.view.players as f64;
        let pays: f64 = o.view.sisterhood.iter().map(|&p| p as f64).sum::<f64>() / 10.0;
        let future = (o.auctions_left - 1.0).max(0.0) * (n - 1.0) / n;
        cards.len() as f64 * pays * future * 0.5
    }

    fn worth(&self, o: &Outlook, cards: &[Card]) -> f64 {
        self.points(o, cards) * o.coins_per_point + self.income(o, cards)
    }

    /// The most I would pay for this lot.
    fn limit(&self, o: &Outlook) -> f64 {
        let row = &o.view.auction_row;
        let all = self.worth(o, row);
        let (best_one, worst) = row
            .iter()
            .map(|&c| self.worth(o, &[c]))
            .fold((f64::MIN, f64::MAX), |(hi, lo), w| (hi.max(w), lo.min(w)));
        let win = all.max(best_one);
        if row.len() == 1 {
            return win;
        }
        // Outbid, I may be handed the card the winner leaves: hedge toward the worst one.
        let worst = worst.max(0.0);
        win.min(worst + (win - worst) * 0.6)
    }

    /// The share of its coins the bot will stake on one auction: a little early on, all of it
    /// at the end (coins are worth nothing once the Auction Deck is empty).
    fn purse_share(o: &Outlook) -> f64 {
        (CAP_AUCTIONS / o.auctions_left).clamp(MIN_SHARE, 1.0)
    }

    fn bid(&self, o: &Outlook, legal: &[Action]) -> Action {
        let cap = (o.view.coins[o.me] as f64 * Self::purse_share(o)).ceil();
        let limit = self.limit(o).min(cap).floor();
        let min = legal
            .iter()
            .filter_map(|a| match a {
                Action::Bid(b) => Some(*b),
                _ => None,
            })
            .min();
        let Some(min) = min else {
            return Action::Pass;
        };
        if (min as f64) > limit {
            return Action::Pass;
        }
        // Among the cheapest bids, prefer one that pays rivals little sisterhood money.
        let top = (min + 2).min(limit as u32);
        let legal_bid = |b: u32| legal.contains(&Action::Bid(b));
        let ranks = self.rival_ranks(o);
        (min..=top)
            .filter(|&b| legal_bid(b))
            .min_by(|&a, &b| {
                let cost = |bid: u32| bid as f64 + 0.3 * Self::rival_payout(o, &ranks, bid) as f64;
                cost(a).total_cmp(&cost(b))
            })
            .map(Action::Bid)
            .unwrap_or(Action::Pass)
    }

    /// How many cards of each cycle rank (1-10, at index rank - 1) my rivals own together.
    fn rival_ranks(&self, o: &Outlook) -> [u32; 10] {
        let mut ranks = [0u32; 10];
        for (s, owned) in o.view.owned.iter().enumerate() {
            if s == o.me {
                continue;
            }
            for c in owned {
                if let Some(r) = self.cycle[c.0 as usize] {
                    ranks[r as usize - 1] += 1;
                }
            }
        }
        ranks
    }

    /// The sisterhood money my rivals, owning `ranks`, would get if my `bid` won
    /// ([`super::sisterhood_for`] summed over them).
    fn rival_payout(o: &Outlook, ranks: &[u32; 10], bid: u32) -> u32 {
        let rank = rank_of_bid(bid) as usize;
        (1..=10)
            .filter_map(|r| {
                let pay = o.view.sisterhood.get((rank + 10 - r) % 10)?;
                Some(ranks[r - 1] * pay)
            })
            .sum()
    }

    fn take(&self, o: &Outlook, may_take_all: bool, legal: &[Action]) -> Action {
        let mut best: Option<(f64, Action)> = None;
        for a in legal {
            let value = match a {
                Action::TakeAll if may_take_all => self.worth(o, &o.view.auction_row),
                Action::TakeOne(c) => self.worth(o, &[*c]),
                _ => continue,
            };
            // Taking everything also keeps cards from the next bidder: prefer it on a tie.
            let bonus = if *a == Action::TakeAll { 0.25 } else { 0.0 };
            if best.as_ref().is_none_or(|(v, _)| value + bonus > *v) {
                best = Some((value + bonus, a.clone()));
            }
        }
        best.map(|(_, a)| a).unwrap_or_else(|| legal[0].clone())
    }
}

impl Bot<GoblinMarket> for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(me) = view.current_player else {
            return legal[0].clone();
        };
        let o = self.outlook(view, me);
        match &view.stage {
            StageView::Bidding { .. } => self.bid(&o, legal),
            StageView::Choosing { may_take_all, .. } => self.take(&o, *may_take_all, legal),
            StageView::Over => legal[0].clone(),
        }
    }
}

/// Why a move is good, in the game's terms (for a player's hint): the Normal bot's own view
/// of the move, whoever picked it.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Bidding on the lot: the points it adds to the bidder's suits now (most in `suit`), and
    /// about what it is worth in coins to them.
    Lot {
        cards: usize,
        points: i64,
        suit: Option<crate::decktet::Suit>,
        worth: i64,
    },
    /// Dropping out: the lowest bid left is more than the lot is worth.
    TooDear { bid: u32, worth: i64 },
    /// Dropping out: the lowest bid left is more coins than the bidder has.
    CannotAfford { bid: u32, coins: i64 },
    /// Taking every card: their points together.
    TakeAll { cards: usize, points: i64 },
    /// Taking one card: its points (most in `suit`).
    TakeOne {
        card: Card,
        points: i64,
        suit: Option<crate::decktet::Suit>,
    },
}

/// Why `action` is a good move for the seat whose view this is (`None` if it is no move of
/// theirs now).
pub fn reason(view: &View, action: &Action) -> Option<Reason> {
    let me = view.current_player?;
    if view.seat != Some(me) {
        return None;
    }
    let bot = NormalBot::new();
    let o = bot.outlook(view, me);
    let deck = &bot.deck;
    // The points `cards` add to my standing now, and the suit they add most to among those
    // that count for me afterwards.
    let gain = |cards: &[Card]| {
        let owned = &view.owned[me];
        let before = suit_score(deck, owned, view.positive_suits).total;
        let mut with = owned.clone();
        with.extend_from_slice(cards);
        let after = suit_score(deck, &with, view.positive_suits);
        let mut added = [0u32; 6];
        for &c in cards {
            for s in &deck.def(c).suits {
                added[s.index()] += 1;
            }
        }
        let suit = crate::decktet::Suit::ALL
            .into_iter()
            .filter(|s| after.positive[s.index()] && added[s.index()] > 0)
            .max_by_key(|s| (added[s.index()], std::cmp::Reverse(s.index())));
        (after.total - before, suit)
    };
    let row = &view.auction_row;
    Some(match action {
        Action::Bid(_) => {
            let (points, suit) = gain(row);
            Reason::Lot {
                cards: row.len(),
                points,
                suit,
                worth: bot.limit(&o).round() as i64,
            }
        }
        Action::Pass => {
            let bid = match &view.stage {
                StageView::Bidding { high, .. } => high.map_or(1, |(_, b)| b + 1),
                _ => return None,
            };
            let coins = view.seat.and_then(|s| view.coins.get(s)).copied();
            match coins {
                Some(c) if i64::from(bid) > i64::from(c) => Reason::CannotAfford {
                    bid,
                    coins: i64::from(c),
                },
                _ => Reason::TooDear {
                    bid,
                    worth: bot.limit(&o).round() as i64,
                },
            }
        }
        Action::TakeAll => Reason::TakeAll {
            cards: row.len(),
            points: gain(row).0,
        },
        Action::TakeOne(card) => {
            let (points, suit) = gain(&[*card]);
            Reason::TakeOne {
                card: *card,
                points,
                suit,
            }
        }
    })
}
