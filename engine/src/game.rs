//! The interface every game shares: the table, the simulator and the bots only talk to this.

use crate::text::Text;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt::{self, Debug};

/// A seat at the table, 0-based, in clockwise order.
pub type Seat = usize;

/// Why an action (or a setup) was refused. The state is unchanged whenever one of these is
/// returned. Errors are data: [`RuleError::text`] gives the message key and its figures, and
/// the app says it in the player's language (the `Display` form is the developer's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The game has ended; no more actions are accepted.
    GameOver,
    /// It is another seat's turn.
    NotYourTurn { expected: Seat, got: Seat },
    /// The seat number does not exist at this table.
    NoSuchSeat { seat: Seat, players: usize },
    /// The action is of a kind that does not fit the moment (e.g. a bid while cards are handed
    /// out): the tried action's key (`move-...`) and the moment's (`moment-...`).
    WrongMoment {
        action: &'static str,
        expected: &'static str,
    },
    /// A bid outside the legal range (`min > max`: no bid can beat the high bid).
    BidOutOfRange { bid: u32, min: u32, max: u32 },
    /// The card (its id in its game) is not available for this action.
    CardNotAvailable { card: u32 },
    /// A rule forbids it: which rule (a `forbid-...` key) with its figures.
    Forbidden(Text),
    /// A table of `got` players for a game played by `min` to `max`.
    PlayerCount { min: usize, max: usize, got: usize },
    /// A variant the game does not know.
    UnknownVariant {
        variant: String,
        known: Vec<&'static str>,
    },
    /// A level file, a scenario or a state read from elsewhere (an online host's world, see
    /// [`Game::check`]) that does not hold together: its problems, in English, for the
    /// developer who wrote it or the log (players never write these).
    BadData { problem: String },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.text())
    }
}

impl std::error::Error for RuleError {}

impl RuleError {
    /// The error's kind as a stable word (the protocol's `kind` field).
    pub fn kind(&self) -> &'static str {
        match self {
            RuleError::GameOver => "GameOver",
            RuleError::NotYourTurn { .. } => "NotYourTurn",
            RuleError::NoSuchSeat { .. } => "NoSuchSeat",
            RuleError::WrongMoment { .. } => "WrongMoment",
            RuleError::BidOutOfRange { .. } => "BidOutOfRange",
            RuleError::CardNotAvailable { .. } => "CardNotAvailable",
            RuleError::Forbidden(_) => "Forbidden",
            RuleError::PlayerCount { .. } => "PlayerCount",
            RuleError::UnknownVariant { .. } => "UnknownVariant",
            RuleError::BadData { .. } => "BadData",
        }
    }

    /// A refusal by the rule `key` (a `forbid-...` message), figures added by the caller.
    pub fn forbid(key: &'static str) -> RuleError {
        RuleError::Forbidden(Text::new(key))
    }

    /// The message: key and figures.
    pub fn text(&self) -> Text {
        match self {
            RuleError::GameOver => Text::new("error-game-over"),
            RuleError::NotYourTurn { expected, got } => Text::new("error-not-your-turn")
                .num("expected", *expected as i64)
                .num("got", *got as i64),
            RuleError::NoSuchSeat { seat, players } => Text::new("error-no-such-seat")
                .num("seat", *seat as i64)
                .num("players", *players as i64),
            RuleError::WrongMoment { action, expected } => Text::new("error-wrong-moment")
                .text("action", Text::new(action))
                .text("expected", Text::new(expected)),
            RuleError::BidOutOfRange { bid, min, max } if min > max => {
                Text::new("error-bid-cannot-outbid").num("bid", *bid)
            }
            RuleError::BidOutOfRange { bid, min, max } => Text::new("error-bid-out-of-range")
                .num("bid", *bid)
                .num("min", *min)
                .num("max", *max),
            RuleError::CardNotAvailable { card } => {
                Text::new("error-card-not-available").num("card", *card)
            }
            RuleError::Forbidden(t) => t.clone(),
            RuleError::PlayerCount { min, max, got } => Text::new("error-player-count")
                .num("min", *min as i64)
                .num("max", *max as i64)
                .num("got", *got as i64),
            RuleError::UnknownVariant { variant, known } => Text::new("error-unknown-variant")
                .raw("variant", variant.clone())
                .raw("known", known.join(", ")),
            RuleError::BadData { problem } => {
                Text::new("error-bad-data").raw("problem", problem.clone())
            }
        }
    }
}

/// The end of a game: points, the tie-break value, and who won (several seats share a win).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScores {
    pub points: Vec<i64>,
    /// Compared only between seats tied on points (higher is better).
    pub tiebreak: Vec<i64>,
    pub winners: Vec<Seat>,
}

impl FinalScores {
    /// Winners by points, then by tie-break if `use_tiebreak`; several seats may share.
    pub fn rank(points: Vec<i64>, tiebreak: Vec<i64>, use_tiebreak: bool) -> Self {
        let best = points.iter().copied().max().unwrap_or(0);
        let mut winners: Vec<Seat> = (0..points.len()).filter(|&s| points[s] == best).collect();
        if use_tiebreak && winners.len() > 1 {
            let tb = winners.iter().map(|&s| tiebreak[s]).max().unwrap_or(0);
            winners.retain(|&s| tiebreak[s] == tb);
        }
        FinalScores {
            points,
            tiebreak,
            winners,
        }
    }

    /// This seat's place, 1 for a winner: one more than the seats ahead of it (a winner, more
    /// points, or as many points and a higher tie-break), so tied seats share a place.
    pub fn place(&self, seat: Seat) -> usize {
        if self.winners.contains(&seat) {
            return 1;
        }
        let (me, my_tb) = (
            self.points[seat],
            self.tiebreak.get(seat).copied().unwrap_or(0),
        );
        1 + (0..self.points.len())
            .filter(|&s| s != seat)
            .filter(|&s| {
                let tb = self.tiebreak.get(s).copied().unwrap_or(0);
                self.points[s] > me
                    || (self.points[s] == me && tb > my_tb)
                    || self.winners.contains(&s)
            })
            .count()
    }

    /// This seat's share of the win: 1 for a sole winner, 1/k for a k-way shared win, else 0.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// How a match begins: everything besides the actions that a replay needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: usize,
    pub seed: u64,
    /// Rule variants by name (each game documents its own; unknown names are an error).
    #[serde(default)]
    pub variants: Vec<String>,
}

impl Setup {
    pub fn new(players: usize, seed: u64) -> Self {
        Setup {
            players,
            seed,
            variants: Vec::new(),
        }
    }

    pub fn has(&self, variant: &str) -> bool {
        self.variants.iter().any(|v| v == variant)
    }

    /// Errors on any variant not in `known`.
    pub fn check_variants(&self, known: &[&'static str]) -> Result<(), RuleError> {
        match self.variants.iter().find(|v| !known.contains(&v.as_str())) {
            None => Ok(()),
            Some(v) => Err(RuleError::UnknownVariant {
                variant: v.clone(),
                known: known.to_vec(),
            }),
        }
    }
}

/// A turn-based game with hidden information and chance inside the state.
///
/// Contract (checked by the property tests of every game):
/// - `legal_actions()` is never empty while `current_player()` is `Some`;
/// - `apply` with an action from `legal_actions()` by the current seat succeeds;
/// - `apply` with anything else returns an error and leaves the state unchanged;
/// - the same seed and the same actions give the same states and effects.
pub trait Game: Clone + Debug {
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    type Effect: Clone + PartialEq + Debug + Serialize;
    type View: Clone + Debug + Serialize;

    /// The game id used by the simulator and saves ("goblin-market", "duchess", "mykonos").
    const ID: &'static str;

    /// A new match and the effects of its setup (shuffles, first reveals).
    fn start(setup: &Setup) -> Result<(Self, Vec<Self::Effect>), RuleError>;
    fn players(&self) -> usize;
    /// Whether this state holds together, as every state reached by [`Game::start`] and
    /// [`Game::apply`] does (and every [`Search::determinize`] of one): the player count in
    /// the game's range, one entry per seat wherever the state keeps one, every seat number
    /// it stores below the player count, every card a card of this game's deck in play and in
    /// one place only, the stage agreeing with the rest. A state read from elsewhere (an
    /// online host's world) must pass this before any other method is called on it: the
    /// others may panic on one that does not. The refusal is [`RuleError::BadData`] with the
    /// first problem found, in English, for the log.
    fn check(&self) -> Result<(), RuleError>;
    /// Whose decision it is, or `None` once the game is over.
    fn current_player(&self) -> Option<Seat>;
    /// Every action the current player may take (empty only when the game is over).
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Apply `action` for `seat`; on error nothing changes.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Effect>, RuleError>;
    /// What `seat` may see (`None`: a spectator, who sees only public information).
    fn view(&self, seat: Option<Seat>) -> Self::View;
    /// [`Game::view`] written into `out`, which games may override to reuse `out`'s buffers
    /// (search bots look at the table from a seat on every imagined move).
    fn view_into(&self, seat: Option<Seat>, out: &mut Self::View) {
        *out = self.view(seat);
    }
    fn is_over(&self) -> bool {
        self.current_player().is_none()
    }
    fn scores(&self) -> Option<FinalScores>;
    /// `effect` as `seat` may see it (`None`: a spectator): secret cards in it are hidden.
    /// Games without hidden information keep the default, which shows everything.
    fn redact(effect: &Self::Effect, _seat: Option<Seat>) -> Self::Effect {
        effect.clone()
    }
    /// Whether `effect` shows `seat` something it could not know before: a card turned, drawn
    /// or dealt to it, a reshuffle, another seat's hidden card or choice. Undo never goes back
    /// past such a moment (see [`crate::undo`]), so a player can never look and choose again.
    /// When in doubt a game says yes.
    fn reveals(effect: &Self::Effect, seat: Seat) -> bool;
    /// Whether `effect`, read from elsewhere (an online host's state) beside this state (the
    /// world after it), names only what this table has: every seat below the player count,
    /// every card one of this game's deck, every slot, pile and per-seat list within the
    /// game's bounds. A table shows an effect only once it passes this (and the world
    /// [`Game::check`]); the table may panic on one that does not. The refusal is
    /// [`RuleError::BadData`] with the problem, in English, for the log. Every effect
    /// [`Game::start`] and [`Game::apply`] give passes it beside every later state of the
    /// match (and its determinizations).
    fn check_effect(&self, effect: &Self::Effect) -> Result<(), RuleError>;
}

/// What a search bot plays with: a world consistent with what one seat knows, and a quick
/// way to play on in it.
pub trait Search: Game {
    /// A full state that `seat` cannot tell from the real one: everything it has seen stays
    /// (public cards, its own hand, cards known to be in other hands), and what it has not
    /// seen (other hands, face-down piles, deck orders) is dealt again at random from the
    /// cards it has not seen; any chance left in the state is seeded from `rng`. The result
    /// depends only on what the seat knows, never on the real hidden cards.
    fn determinize(&self, seat: Seat, rng: &mut crate::rng::Rng) -> Self;

    /// [`Game::apply`] writing its effects into `effects` (cleared first), so a playout
    /// reuses one buffer instead of allocating each move.
    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        effects: &mut Vec<Self::Effect>,
    ) -> Result<(), RuleError>;

    /// [`Game::legal_actions`] into `out` (cleared first).
    fn legal_into(&self, out: &mut Vec<Self::Action>) {
        out.clear();
        out.extend(self.legal_actions());
    }

    /// How many times fresh cards have come face up that the searcher's actions are about
    /// (e.g. Mýkonos's offer rows): after such a deal the same action (queue on slot 0) means
    /// another card in every imagined world, so a search tree stops growing there and the
    /// imagined game plays on by policy. Zero (the default) for games whose actions keep their
    /// meaning.
    fn deals(&self) -> u32 {
        0
    }
}

/// Deals the cards `seat` has not seen again: `slots` are the places holding unseen cards
/// (each a list of positions in some pile); their cards are pooled, shuffled and put back
/// into the same places. Used by every game's `determinize`.
pub fn redeal<T: Ord + Copy>(piles: &mut [&mut [T]], rng: &mut crate::rng::Rng) {
    // The pooled cards are sorted before the shuffle, so the deal depends only on which cards
    // are unseen, never on where they really lie: two real states the seat cannot tell apart
    // give the same worlds for the same `rng`.
    let mut pool: Vec<T> = piles.iter().flat_map(|p| p.iter().copied()).collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut cards = pool.into_iter();
    for pile in piles.iter_mut() {
        for place in pile.iter_mut() {
            *place = cards.next().expect("as many cards as places");
        }
    }
}

/// The other hands' cards that `seat` has not seen, for [`redeal`]: each hand but the seat's
/// own is reordered so its unseen cards (those not in `known[o]`) come last, and the tails
/// holding them are returned. Used by the games with secret hands (Mýkonos, the Duchess).
pub fn unseen_tails<'a, T: PartialEq>(
    hands: &'a mut [Vec<T>],
    known: &[Vec<T>],
    seat: Seat,
) -> Vec<&'a mut [T]> {
    hands
        .iter_mut()
        .enumerate()
        .map(|(o, hand)| {
            if o == seat {
                return &mut hand[..0];
            }
            let known = &known[o];
            hand.sort_by_key(|c| !known.contains(c));
            let unseen = hand.iter().filter(|c| !known.contains(c)).count();
            let n = hand.len();
            &mut hand[n - unseen..]
        })
        .collect()
}

/// Checks that `seat` may act now; shared by every game's `apply`.
pub fn check_turn(current: Option<Seat>, seat: Seat, players: usize) -> Result<Seat, RuleError> {
    if seat >= players {
        return Err(RuleError::NoSuchSeat { seat, players });
    }
    match current {
        None => Err(RuleError::GameOver),
        Some(expected) if expected != seat => Err(RuleError::NotYourTurn {
            expected,
            got: seat,
        }),
        Some(s) => Ok(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_with_and_without_tiebreak() {
        let s = FinalScores::rank(vec![5, 7, 7, 1], vec![9, 8, 10, 0], true);
        assert_eq!(s.winners, vec![2]);
        let s = FinalScores::rank(vec![5, 7, 7, 1], vec![9, 8, 10, 0], false);
        assert_eq!(s.winners, vec![1, 2]);
        assert_eq!(s.win_share(1), 0.5);
        assert_eq!(s.win_share(0), 0.0);
        let s = FinalScores::rank(vec![3, 3], vec![4, 4], true);
        assert_eq!(s.winners, vec![0, 1]);
    }

    #[test]
    fn places_follow_the_winners_then_points_then_tiebreak() {
        // With the tie-break: seat 2 wins alone, seat 1 (7 points) second, 0 third, 3 last.
        let s = FinalScores::rank(vec![5, 7, 7, 1], vec![9, 8, 10, 0], true);
        let places: Vec<usize> = (0..4).map(|p| s.place(p)).collect();
        assert_eq!(places, vec![3, 2, 1, 4]);
        // Without it: seats 1 and 2 share the win and the first place.
        let s = FinalScores::rank(vec![5, 7, 7, 1], vec![9, 8, 10, 0], false);
        let places: Vec<usize> = (0..4).map(|p| s.place(p)).collect();
        assert_eq!(places, vec![3, 1, 1, 4]);
    }

    #[test]
    fn turn_checks() {
        assert_eq!(check_turn(Some(1), 1, 3), Ok(1));
        assert!(matches!(
            check_turn(Some(1), 2, 3),
            Err(RuleError::NotYourTurn { .. })
        ));
        assert!(matches!(
            check_turn(Some(1), 5, 3),
            Err(RuleError::NoSuchSeat { .. })
        ));
        assert_eq!(check_turn(None, 0, 3), Err(RuleError::GameOver));
    }
}
