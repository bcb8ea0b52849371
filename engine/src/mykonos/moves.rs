//! What happens in Mýkonos, in words the table and the protocol share: actions, workers,
//! zones, accounts, phases and effects.

use super::*;

// ---------------------------------------------------------------------------------------------
// Actions and effects

/// A player's decision. JSON: `{"Place":{"slot":0}}`, `"Buy"`, `"Pass"`,
/// `{"Sell":{"cards":[22,35]}}`, `"NoSale"`, `{"Discard":{"card":7}}` (cards by id).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Demand: put the worker you are placing (your own, or in a two-player game sometimes
    /// the neutral one) at the end of the queue on the row card at `slot` (0 = leftmost).
    Place {
        /// The row card's position, 0 = leftmost.
        slot: usize,
    },
    /// Purchases: buy the card your worker is first on, paying $1 per worker on it.
    Buy,
    /// Purchases: take your first worker off the card; the next in the queue decides.
    Pass,
    /// Sales: sell these cards from your hand as one combination, listed as
    /// `legal_actions` lists them (see [`Action::sell`]).
    Sell {
        /// The combination's cards, in canonical order.
        cards: Vec<Card>,
    },
    /// Sales: sell nothing this round.
    NoSale,
    /// End of round: discard this card from a hand above the limit.
    Discard {
        /// A card in your hand.
        card: Card,
    },
}

impl Action {
    /// A sale of `cards` in the canonical order `apply` expects (any order is accepted here).
    pub fn sell(cards: &[Card]) -> Action {
        Action::Sell {
            cards: hands::canonical(cards),
        }
    }
}

/// A worker: a player's, or (two players only) the neutral player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Worker {
    /// A player's worker.
    Player(Seat),
    /// One of the neutral player's workers (two players only); it never buys.
    Neutral,
}

/// One step of the Demand: `by` places `worker`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The seat that decides where the worker goes.
    pub by: Seat,
    /// The worker placed: `by`'s own, or a neutral one.
    pub worker: Worker,
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// The face-down draw pile.
    Deck,
    /// A card of the Offer row, by slot (0 = leftmost).
    Row(usize),
    /// A player's hand.
    Hand(Seat),
    /// The face-up discard pile (sold, unsold and discarded cards).
    Discard,
}

/// A card moving between zones (`card` is `None` where the viewer may not see it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardMove {
    /// The card, or `None` where the viewer may not see it.
    pub card: Option<Card>,
    /// Where it was.
    pub from: Zone,
    /// Where it goes.
    pub to: Zone,
}

pub use crate::money::Account;

/// Why money moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoinReason {
    /// The $5 (by the level file) each player starts with.
    StartingMoney,
    /// A card bought in the Purchases (player to bank).
    Purchase,
    /// A combination sold (bank to player).
    Sale,
    /// The Income phase (bank to player).
    Income,
}

/// The phases of a round, and the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Cards are revealed into the row (automatic).
    Offer,
    /// Players place their workers on the row cards.
    Demand,
    /// The row cards are bought or discarded, left to right.
    Purchases,
    /// Each player may sell one combination.
    Sales,
    /// Everyone collects income (automatic).
    Income,
    /// The start marker passes; hands above the limit are discarded down.
    EndOfRound,
    /// The game has ended.
    GameOver,
}

impl Phase {
    /// The phase's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            Phase::Offer => "mykonos-phase-offer",
            Phase::Demand => "mykonos-phase-demand",
            Phase::Purchases => "mykonos-phase-purchases",
            Phase::Sales => "mykonos-phase-sales",
            Phase::Income => "mykonos-phase-income",
            Phase::EndOfRound => "mykonos-phase-end-of-round",
            Phase::GameOver => "mykonos-phase-game-over",
        }
    }
}

/// What a spectator sees happen, in order. Card moves are listed by [`Effect::moves`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The table is set: `deck` cards (shuffled, face down) form the draw pile.
    GameStarted {
        /// Seats at the table.
        players: usize,
        /// Who holds the start marker.
        start_player: Seat,
        /// Cards in the draw pile.
        deck: usize,
    },
    /// Every coin moving, with the reason.
    CoinsMoved {
        /// The payer.
        from: Account,
        /// The payee.
        to: Account,
        /// Always at least 1.
        amount: u32,
        /// Why the money moved.
        reason: CoinReason,
    },
    /// A secret card from the draw pile to `seat`'s hand (`card` is hidden from the others).
    Dealt {
        /// The receiver.
        seat: Seat,
        /// The card, for its receiver only (see [`Game::redact`]).
        card: Option<Card>,
    },
    /// A round begins (numbered from 1) with this start player.
    RoundStarted {
        /// The round's number, from 1.
        round: u32,
        /// Who holds the start marker.
        start_player: Seat,
    },
    /// A phase begins.
    PhaseStarted(Phase),
    /// A card from the draw pile, face up, into the row at `slot`.
    Offered {
        /// The row position, 0 = leftmost.
        slot: usize,
        /// The card revealed.
        card: Card,
    },
    /// `by` put `worker` on the card at `slot`, at `position` in its queue (0 = first).
    WorkerPlaced {
        /// The row card's position.
        slot: usize,
        /// The worker placed.
        worker: Worker,
        /// The seat that placed it.
        by: Seat,
        /// Its place in the card's queue, 0 = first.
        position: usize,
    },
    /// The first worker on `slot` passed (a neutral worker always does) and goes home.
    WorkerPassed {
        /// The row card's position.
        slot: usize,
        /// The worker that passed.
        worker: Worker,
    },
    /// `seat` bought the card at `slot` for `price`; it goes to their hand face up, known to
    /// all. The payment follows as `CoinsMoved`, then `WorkersHome`.
    Bought {
        /// The row card's position.
        slot: usize,
        /// The buyer.
        seat: Seat,
        /// The card bought.
        card: Card,
        /// $1 per worker on the card.
        price: u32,
    },
    /// The workers still on `slot` (queue order) go home.
    WorkersHome {
        /// The row card's position.
        slot: usize,
        /// The workers going home (the buyer's first).
        workers: Vec<Worker>,
    },
    /// Nobody bought the card at `slot` (or nobody queued for it): it goes to the discard pile.
    Unsold {
        /// The row card's position.
        slot: usize,
        /// The card discarded.
        card: Card,
    },
    /// `seat` sold `cards` (shown, then discarded); the money follows as `CoinsMoved`.
    Sold {
        /// The seller.
        seat: Seat,
        /// The cards sold, in canonical order.
        cards: Vec<Card>,
        /// The combination they form.
        category: Category,
        /// What it pays.
        price: u32,
    },
    /// `seat` sold nothing this round (also when their hand is empty).
    NoSale {
        /// The player who sold nothing.
        seat: Seat,
    },
    /// `seat`'s income: `base` + `no_purchase` + `face_money` for the face cards shown
    /// (`face_cards`, now known to all) = `total`, paid as `CoinsMoved` right after.
    Income {
        /// Who is paid.
        seat: Seat,
        /// Paid to everyone.
        base: u32,
        /// Paid for buying no card this round (0 otherwise).
        no_purchase: u32,
        /// The face cards in hand, shown to all.
        face_cards: Vec<Card>,
        /// Paid for those face cards.
        face_money: u32,
        /// The sum paid.
        total: u32,
    },
    /// The start marker passes clockwise.
    MarkerPassed {
        /// The old start player.
        from: Seat,
        /// The new start player.
        to: Seat,
    },
    /// `seat` discarded `card` (face up) to get down to the hand limit.
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The card discarded.
        card: Card,
    },
    /// The end: everyone's money, the face cards in each hand (shown for the tie-break) and
    /// the winners (several share a win).
    GameOver {
        /// Everyone's final money (the score).
        money: Vec<u32>,
        /// The face cards in each hand (the tie-break).
        face_cards: Vec<Vec<Card>>,
        /// The winning seats.
        winners: Vec<Seat>,
    },
}

impl Effect {
    /// The cards this effect moves, in order (what the table animates).
    pub fn moves(&self) -> Vec<CardMove> {
        let mv = |card: Option<Card>, from: Zone, to: Zone| CardMove { card, from, to };
        match self {
            Effect::Dealt { seat, card } => vec![mv(*card, Zone::Deck, Zone::Hand(*seat))],
            Effect::Offered { slot, card } => vec![mv(Some(*card), Zone::Deck, Zone::Row(*slot))],
            Effect::Bought {
                slot, seat, card, ..
            } => vec![mv(Some(*card), Zone::Row(*slot), Zone::Hand(*seat))],
            Effect::Unsold { slot, card } => vec![mv(Some(*card), Zone::Row(*slot), Zone::Discard)],
            Effect::Sold { seat, cards, .. } => cards
                .iter()
                .map(|&c| mv(Some(c), Zone::Hand(*seat), Zone::Discard))
                .collect(),
            Effect::Discarded { seat, card } => {
                vec![mv(Some(*card), Zone::Hand(*seat), Zone::Discard)]
            }
            _ => Vec::new(),
        }
    }
}
