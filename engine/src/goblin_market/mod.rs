//! Goblin Market (P.D. Magnus), 3-6 players: Decktet auctions, split winnings, sisterhood and
//! goblin money, suit-majority scoring. Implemented exactly as `../shared/RULES.md` settles it.

pub mod catalog;
mod check;
mod fits;
mod moves;
mod rules;
use crate::decktet::{Card, Decktet, Rank, decktet};
use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::levels::{self, DataError, Validate};
use crate::rng::Rng;
pub use moves::*;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Data: levels/goblin_market.ron

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionSizes {
    pub ace: usize,
    pub number: usize,
    pub crown: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// Tied players compare their positive points; still tied, they share the win.
    MostPositive,
    /// Tied players share the win.
    Shared,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub min_players: usize,
    pub max_players: usize,
    pub starting_coins: u32,
    pub size_card_min_deck: usize,
    pub auction_size: AuctionSizes,
    pub sisterhood: Vec<u32>,
    pub goblin_coins_per_suit: u32,
    pub positive_suits: usize,
    pub tie_break: TieBreak,
}

impl Validate for Config {
    fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        if self.min_players < 2 || self.min_players > self.max_players || self.max_players > 8 {
            p.push(format!(
                "players {}-{} is not a usable range (2 to 8, min <= max)",
                self.min_players, self.max_players
            ));
        }
        if self.starting_coins == 0 || self.starting_coins > 1000 {
            p.push(format!(
                "starting_coins {} must be 1-1000",
                self.starting_coins
            ));
        }
        let s = &self.auction_size;
        for (name, n) in [("ace", s.ace), ("number", s.number), ("crown", s.crown)] {
            if !(1..=6).contains(&n) {
                p.push(format!("auction_size.{name} is {n}, must be 1-6"));
            }
        }
        if self.size_card_min_deck < 2 {
            p.push("size_card_min_deck must be at least 2".into());
        }
        if self.sisterhood.is_empty() || self.sisterhood.len() > 10 {
            p.push(format!(
                "sisterhood lists {} payouts, must be 1-10",
                self.sisterhood.len()
            ));
        }
        if self.positive_suits > 6 {
            p.push(format!(
                "positive_suits {} is more than 6 suits",
                self.positive_suits
            ));
        }
        p
    }
}

/// Goblin Market's numbers: seats, auction sizes, money, tie rules.
pub const LEVEL: levels::LevelFile = levels::LevelFile {
    path: "levels/goblin_market.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/goblin_market.ron")),
};

/// Goblin Market's guided first game.
pub const GUIDED: &[crate::tutorial::TutorialFile] = &[crate::tutorial::TutorialFile {
    id: "goblin_market",
    file: crate::levels::LevelFile {
        path: "levels/tutorials/goblin_market.ron",
        text: include_str!(concat!(
            env!("COME_BUY_LEVELS"),
            "/tutorials/goblin_market.ron"
        )),
    },
}];

/// The rules from the embedded `levels/goblin_market.ron`.
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| LEVEL.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}

/// Variant names accepted by `Setup::variants`.
pub const VARIANT_SHARED_TIES: &str = "shared-ties";

// ---------------------------------------------------------------------------------------------
// State

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Bidding {
        to_act: Seat,
        high: Option<(Seat, u32)>,
        out: Vec<bool>,
        best: Vec<Option<u32>>,
    },
    /// Cards are handed out: `ranking[next]` chooses (next 0 is the winner).
    Choosing {
        ranking: Vec<(Seat, u32)>,
        next: usize,
    },
    Over(FinalScores),
}

/// Serializable so an online host can send a guest its seat's world (a determinized copy,
/// see `Search::determinize`); the rules data is not sent, each side has its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GoblinMarket {
    #[serde(skip, default = "config")]
    cfg: Arc<Config>,
    #[serde(skip, default = "crate::decktet::decktet")]
    deck: Arc<Decktet>,
    rng: Rng,
    players: usize,
    use_tiebreak: bool,
    coins: Vec<u32>,
    owned: Vec<Vec<Card>>,
    auction_deck: Vec<Card>,
    goblin_deck: Vec<Card>,
    goblin_used: Vec<Card>,
    goblin_face: Option<Card>,
    size_card: Option<Card>,
    row: Vec<Card>,
    set_aside: Vec<Card>,
    discard: Vec<Card>,
    /// Coins the bank has paid out and taken in since the start (the ledger).
    bank_out: u64,
    bank_in: u64,
    auction_number: u32,
    first_bidder: Seat,
    received: Vec<bool>,
    stage: Stage,
}

/// An arranged table for [`GoblinMarket::from_scenario`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub players: usize,
    /// Seeds the chance that remains (Goblin reshuffles).
    pub seed: u64,
    /// Top card first.
    pub auction_deck: Vec<Card>,
    /// Top card first: all 8 Pawns and Courts.
    pub goblin_deck: Vec<Card>,
    pub first_bidder: Seat,
    pub coins: Vec<u32>,
    pub owned: Vec<Vec<Card>>,
}

/// What a seat (or a spectator) sees. Goblin Market hides only the order of the two decks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub players: usize,
    pub current_player: Option<Seat>,
    pub coins: Vec<u32>,
    pub owned: Vec<Vec<Card>>,
    pub auction_deck: usize,
    pub size_card: Option<Card>,
    pub auction_row: Vec<Card>,
    pub set_aside: Vec<Card>,
    pub discard: Vec<Card>,
    pub goblin_deck: usize,
    pub goblin_face: Option<Card>,
    pub goblin_used: Vec<Card>,
    pub auction_number: u32,
    pub first_bidder: Seat,
    pub stage: StageView,
    /// Each player's suit standing now (as if the game ended here).
    pub standing: Vec<SuitScore>,
    pub scores: Option<FinalScores>,
    /// The numbers in force (positive suits, payouts): bots and the table read them here.
    pub positive_suits: usize,
    pub sisterhood: Vec<u32>,
    pub goblin_coins_per_suit: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StageView {
    Bidding {
        high: Option<(Seat, u32)>,
        passed: Vec<bool>,
        best_bids: Vec<Option<u32>>,
    },
    Choosing {
        seat: Seat,
        ranking: Vec<(Seat, u32)>,
        may_take_all: bool,
    },
    Over,
}

impl View {
    /// Basic cards nobody has seen yet: still in the Auction Deck (order unknown).
    pub fn unseen_basic(&self, deck: &Decktet) -> Vec<Card> {
        let mut seen = vec![false; deck.cards.len()];
        let zones = [&self.auction_row, &self.set_aside, &self.discard];
        for c in self
            .owned
            .iter()
            .flatten()
            .chain(zones.into_iter().flatten())
        {
            seen[c.0 as usize] = true;
        }
        if let Some(c) = self.size_card {
            seen[c.0 as usize] = true;
        }
        deck.basic()
            .into_iter()
            .filter(|c| !seen[c.0 as usize])
            .collect()
    }
}

impl Game for GoblinMarket {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "goblin-market";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        GoblinMarket::with_rules(config(), decktet(), setup)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn check(&self) -> Result<(), RuleError> {
        self.check_world()
    }

    fn check_effect(&self, effect: &Effect) -> Result<(), RuleError> {
        self.check_effect_fits(effect)
    }

    fn current_player(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Bidding { to_act, .. } => Some(*to_act),
            Stage::Choosing { ranking, next } => Some(ranking[*next].0),
            Stage::Over(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_extend(&mut v);
        v
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_fx(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        View {
            seat,
            players: self.players,
            current_player: self.current_player(),
            coins: self.coins.clone(),
            owned: self.owned.clone(),
            auction_deck: self.auction_deck.len(),
            size_card: self.size_card,
            auction_row: self.row.clone(),
            set_aside: self.set_aside.clone(),
            discard: self.discard.clone(),
            goblin_deck: self.goblin_deck.len(),
            goblin_face: self.goblin_face,
            goblin_used: self.goblin_used.clone(),
            auction_number: self.auction_number,
            first_bidder: self.first_bidder,
            stage: self.stage_view(),
            standing: self.standing().collect(),
            scores: self.scores(),
            positive_suits: self.cfg.positive_suits,
            sisterhood: self.cfg.sisterhood.clone(),
            goblin_coins_per_suit: self.cfg.goblin_coins_per_suit,
        }
    }

    /// [`Game::view`] into `out`, reusing its buffers (the search takes a view every move of
    /// every imagined game): the same view in the end.
    fn view_into(&self, seat: Option<Seat>, out: &mut View) {
        out.seat = seat;
        out.players = self.players;
        out.current_player = self.current_player();
        out.coins.clone_from(&self.coins);
        out.owned.clone_from(&self.owned);
        out.auction_deck = self.auction_deck.len();
        out.size_card = self.size_card;
        out.auction_row.clone_from(&self.row);
        out.set_aside.clone_from(&self.set_aside);
        out.discard.clone_from(&self.discard);
        out.goblin_deck = self.goblin_deck.len();
        out.goblin_face = self.goblin_face;
        out.goblin_used.clone_from(&self.goblin_used);
        out.auction_number = self.auction_number;
        out.first_bidder = self.first_bidder;
        self.stage_view_into(&mut out.stage);
        out.standing.clear();
        out.standing.extend(self.standing());
        out.scores = self.scores();
        out.positive_suits = self.cfg.positive_suits;
        out.sisterhood.clone_from(&self.cfg.sisterhood);
        out.goblin_coins_per_suit = self.cfg.goblin_coins_per_suit;
    }

    fn reveals(effect: &Effect, _seat: Seat) -> bool {
        // Everything is public but the order of the two decks: a card turned from either,
        // a reshuffle and the final count show something new.
        match effect {
            Effect::CardRevealed { .. }
            | Effect::GoblinDeckShuffled { .. }
            | Effect::GameOver { .. } => true,
            Effect::CardMoved { from, .. } => {
                matches!(from, Zone::AuctionDeck | Zone::GoblinDeck)
            }
            _ => false,
        }
    }

    fn scores(&self) -> Option<FinalScores> {
        match &self.stage {
            Stage::Over(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl GoblinMarket {
    fn close_bidding(
        &mut self,
        winner: Seat,
        bid: u32,
        best: &[Option<u32>],
        fx: &mut Vec<Effect>,
    ) {
        fx.push(Effect::PhaseStarted(Phase::Distribution { winner, bid }));
        let mut ranking: Vec<(Seat, u32)> = best
            .iter()
            .enumerate()
            .filter_map(|(s, b)| b.map(|b| (s, b)))
            .collect();
        ranking.sort_by_key(|&(_, b)| std::cmp::Reverse(b));
        if self.row.len() == 1 {
            let card = self.row[0];
            self.hand_out(winner, bid, &[card], fx);
            self.finish_auction(Some((winner, bid)), fx);
        } else {
            self.stage = Stage::Choosing { ranking, next: 0 };
        }
    }
}

impl GoblinMarket {
    /// Each seat's suit standing now (as if the game ended here).
    fn standing(&self) -> impl Iterator<Item = SuitScore> + '_ {
        self.owned
            .iter()
            .map(|c| suit_score(&self.deck, c, self.cfg.positive_suits))
    }

    fn stage_view(&self) -> StageView {
        match &self.stage {
            Stage::Bidding {
                high, out, best, ..
            } => StageView::Bidding {
                high: *high,
                passed: out.clone(),
                best_bids: best.clone(),
            },
            Stage::Choosing { ranking, next } => StageView::Choosing {
                seat: ranking[*next].0,
                ranking: ranking.clone(),
                may_take_all: *next == 0,
            },
            Stage::Over(_) => StageView::Over,
        }
    }

    /// The legal actions, appended to `out`.
    fn legal_extend(&self, out: &mut Vec<Action>) {
        match &self.stage {
            Stage::Bidding { to_act, high, .. } => {
                let min = high.map_or(1, |(_, h)| h + 1);
                let max = self.coins[*to_act];
                out.reserve(1 + max.saturating_sub(min) as usize + 1);
                out.push(Action::Pass);
                out.extend((min..=max).map(Action::Bid));
            }
            Stage::Choosing { next, .. } => {
                if *next == 0 {
                    out.push(Action::TakeAll);
                }
                out.extend(self.row.iter().map(|&c| Action::TakeOne(c)));
            }
            Stage::Over(_) => {}
        }
    }

    /// [`GoblinMarket::stage_view`] into `out`, reusing its lists where the stage is alike.
    fn stage_view_into(&self, out: &mut StageView) {
        match (&self.stage, out) {
            (
                Stage::Bidding {
                    high, out, best, ..
                },
                StageView::Bidding {
                    high: h,
                    passed,
                    best_bids,
                },
            ) => {
                *h = *high;
                passed.clone_from(out);
                best_bids.clone_from(best);
            }
            (
                Stage::Choosing { ranking, next },
                StageView::Choosing {
                    seat,
                    ranking: r,
                    may_take_all,
                },
            ) => {
                *seat = ranking[*next].0;
                r.clone_from(ranking);
                *may_take_all = *next == 0;
            }
            (_, out) => *out = self.stage_view(),
        }
    }
}

pub mod bot;

impl GoblinMarket {
    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    fn apply_fx(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        self.validate(seat, action)?;
        let stage = std::mem::replace(
            &mut self.stage,
            Stage::Over(FinalScores::rank(vec![], vec![], false)),
        );
        match (stage, action) {
            (
                Stage::Bidding {
                    mut high,
                    mut out,
                    mut best,
                    ..
                },
                _,
            ) => {
                match action {
                    Action::Bid(b) => {
                        high = Some((seat, *b));
                        best[seat] = Some(*b);
                        fx.push(Effect::BidMade { seat, amount: *b });
                    }
                    _ => {
                        out[seat] = true;
                        fx.push(Effect::Passed { seat });
                    }
                }
                let next = self.next_in(seat, &out);
                match (next, high) {
                    // Everyone else has passed since the last bid: the high bidder wins.
                    (Some(s), Some((w, bid))) if s == w => self.close_bidding(w, bid, &best, fx),
                    (Some(s), _) => {
                        self.stage = Stage::Bidding {
                            to_act: s,
                            high,
                            out,
                            best,
                        }
                    }
                    (None, Some((w, bid))) => self.close_bidding(w, bid, &best, fx),
                    (None, None) => {
                        fx.push(Effect::NoSale);
                        self.discard_row(fx);
                        self.finish_auction(None, fx);
                    }
                }
            }
            (Stage::Choosing { ranking, next }, Action::TakeAll) => {
                let all = self.row.clone();
                self.hand_out(seat, ranking[next].1, &all, fx);
                self.finish_auction(Some((ranking[0].0, ranking[0].1)), fx);
            }
            (Stage::Choosing { ranking, next }, Action::TakeOne(card)) => {
                self.hand_out(seat, ranking[next].1, &[*card], fx);
                self.continue_distribution(ranking, next + 1, fx);
            }
            (stage, _) => {
                // validate() accepted only the combinations above.
                self.stage = stage;
                return Err(RuleError::forbid("forbid-internal"));
            }
        }
        Ok(())
    }
}

impl crate::game::Search for GoblinMarket {
    /// Goblin Market hides only the order of its two decks, and the reshuffles to come.
    fn determinize(&self, _seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        crate::game::redeal(&mut [g.auction_deck.as_mut_slice()], rng);
        crate::game::redeal(&mut [g.goblin_deck.as_mut_slice()], rng);
        g.rng = Rng::new(rng.next_u64());
        g
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        effects.clear();
        self.apply_fx(seat, action, effects)
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.legal_extend(out);
    }
}

#[cfg(test)]
mod tests;
