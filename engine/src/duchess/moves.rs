//! What happens in the Duchess's Necklace, in words the table and the protocol share: actions,
//! zones, results, solo ranks and effects.

use super::*;

// ---------------------------------------------------------------------------------------------
// Actions, zones and effects

/// A decision. JSON: `"Draw"`, `"TakeDiscard"`, `"Decline"`, `{"Discard":7}`, `{"Look":0}`,
/// `"KeepSeen"`, `"KeepUnseen"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Two players: take the top card of the draw pile.
    Draw,
    /// Two players: take the top card of the discard pile.
    TakeDiscard,
    /// Two players, draw pile empty: take nothing and end the game.
    Decline,
    /// Discard this card from your hand, face up (solo: the pair card not kept goes with it).
    Discard(Card),
    /// Solo: look at the pair card in slot 0 or 1.
    Look(u8),
    /// Solo: keep the pair card you looked at.
    KeepSeen,
    /// Solo: keep the pair card you did not look at.
    KeepUnseen,
}

impl Action {
    /// The action's message key (`move-...`), for errors.
    pub(super) fn describe(&self) -> &'static str {
        match self {
            Action::Draw => "move-draw",
            Action::TakeDiscard => "move-take-discard",
            Action::Decline => "move-decline",
            Action::Discard(_) => "move-discard",
            Action::Look(_) => "move-look",
            Action::KeepSeen | Action::KeepUnseen => "move-keep",
        }
    }
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// Face down, order unknown to everyone.
    DrawPile,
    /// Set aside unseen at the start, out of the game.
    Removed,
    /// The common card, face up, counting for every necklace.
    Common,
    /// A player's hand, secret from the others.
    Hand(Seat),
    /// Face up; the whole pile is public, its top is the last card.
    Discard,
    /// Solo: the two cards of the current turn, slot 0 or 1.
    Pair(u8),
}

/// A seat's final standing: its hand, its necklace and (solo) its rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    /// Whose result.
    pub seat: Seat,
    /// The final hand, shown to all.
    pub hand: Vec<Card>,
    /// The hand and the common card as a necklace.
    pub necklace: Necklace,
    /// Solo only: the rank band the score earns.
    pub rank: Option<SoloRank>,
}

/// A solo rank earned: its position among the bands (0 = lowest) and its name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloRank {
    /// The band's position in `Config::solo_ranks`, 0 the lowest.
    pub index: usize,
    /// The band's key ("magister"; its name is the message `duchess-rank-<key>`).
    pub key: String,
}

/// What a spectator sees happen, in order. Cards a viewer may not know are `None` after
/// [`Game::redact`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The cards in play were shuffled into the draw pile.
    GameStarted {
        /// 1 (solo) or 2.
        players: usize,
        /// The seat that plays first.
        start_player: Seat,
        /// Cards in the draw pile now (all the cards in play).
        cards: usize,
        /// Whether the rainbow cards are in play.
        rainbow: bool,
        /// Whether the gold cards are in play.
        gold: bool,
    },
    /// Cards go from the draw pile, unseen, out of the game.
    Removed {
        /// How many.
        count: usize,
    },
    /// The top card of the draw pile is turned face up as the common card.
    CommonRevealed {
        /// The common card.
        card: Card,
    },
    /// The top card of the draw pile goes to a hand.
    Dealt {
        /// Whose hand.
        seat: Seat,
        /// The card, for its owner only.
        card: Option<Card>,
    },
    /// A turn begins.
    TurnStarted {
        /// Whose turn.
        seat: Seat,
        /// Turns so far, counting both players' from 1.
        turn: u32,
    },
    /// Two players: a player takes the top card of the draw pile.
    Drew {
        /// Who.
        seat: Seat,
        /// The card, for its owner only.
        card: Option<Card>,
    },
    /// Two players: a player takes the top card of the discard pile (seen by all).
    TookDiscard {
        /// Who.
        seat: Seat,
        /// The card taken.
        card: Card,
    },
    /// A player puts a card from the hand face up on the discard pile.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card, now the top of the discard pile.
        card: Card,
    },
    /// Two players: a player declines the top discard once the draw pile is empty, which ends
    /// the game.
    Declined {
        /// Who.
        seat: Seat,
    },
    /// The draw pile has run out (right after the draw that emptied it).
    PileEmpty {
        /// The most turns each player still gets.
        turns_each: u32,
    },
    /// Solo: the next two cards of the draw pile go face down to pair slots 0 and 1.
    PairDrawn,
    /// Solo: the player looks at one pair card (secret from spectators).
    Looked {
        /// The slot, 0 or 1.
        which: u8,
        /// The card, for the player only.
        card: Option<Card>,
    },
    /// Solo: a pair card goes to the hand.
    Kept {
        /// The slot, 0 or 1.
        which: u8,
        /// Whether it is the card the player looked at.
        seen: bool,
        /// The card, for the player only.
        card: Option<Card>,
    },
    /// Solo: the pair card not kept goes face up onto the discard pile (after the hand's
    /// discard).
    NotKept {
        /// The slot, 0 or 1.
        which: u8,
        /// The card, now the top of the discard pile.
        card: Card,
    },
    /// The end: every hand is shown with its necklace (and the solo rank), then who won.
    GameOver {
        /// One per seat, in seat order.
        results: Vec<SeatResult>,
        /// Points are necklace values, the tie-break is wishes met; a tie shares the win.
        scores: FinalScores,
    },
}
