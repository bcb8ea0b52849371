//! What a seat (or a spectator) of the Duchess's Necklace sees: [`View`], the decision at hand
//! ([`StageView`]), the solo pair ([`PairCard`]), and the cards the viewer has not seen.

use super::*;

/// One card of the solo pair as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCard {
    /// Slot 0 or 1.
    pub slot: u8,
    /// Whether the player looked at this card.
    pub looked: bool,
    /// The card, if the viewer knows it (the player, after looking).
    pub card: Option<Card>,
}

/// What a seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator).
    pub seat: Option<Seat>,
    /// 1 (solo) or 2.
    pub players: usize,
    /// Whose decision it is (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// The seat that played first.
    pub start_player: Seat,
    /// The rainbow cards are in play.
    pub rainbow: bool,
    /// The gold cards are in play.
    pub gold: bool,
    /// Two players: turns each once the draw pile has run out.
    pub turns_after_empty: u32,
    /// Turns begun so far (both players together).
    pub turn: u32,
    /// The common card, face up, part of every necklace.
    pub common: Card,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<Vec<Card>>,
    /// Cards in each hand, by seat.
    pub hand_sizes: Vec<usize>,
    /// Per seat: cards everyone knows are in that hand (taken from the discard pile).
    pub known: Vec<Vec<Card>>,
    /// Face up, bottom first: the last card is the top.
    pub discard: Vec<Card>,
    /// Cards in the draw pile (face down).
    pub draw_pile: usize,
    /// Cards set aside unseen at the start.
    pub removed: usize,
    /// Two players, once the draw pile has run out: turns each seat still has at most.
    pub last_turns: Option<Vec<u32>>,
    /// Solo: pairs still in the draw pile (after the one on the table).
    pub pairs_left: usize,
    /// Solo: the cards of the current pair still on the table.
    pub pair: Vec<PairCard>,
    /// The decision at hand.
    pub stage: StageView,
    /// The viewer's hand and the common card as a necklace, as they are now (mid-turn, with
    /// one card too many, see `options`).
    pub necklace: Option<Necklace>,
    /// While the viewer must discard: each card it may discard and the necklace that leaves.
    pub options: Vec<(Card, Necklace)>,
    /// At the end: every hand and necklace (and the solo rank).
    pub results: Option<Vec<SeatResult>>,
    /// At the end: points (necklace values), tie-break (wishes met) and winners.
    pub scores: Option<FinalScores>,
}

/// The decision at hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StageView {
    /// Two players: a seat takes a card (or declines).
    Take {
        /// Whose turn.
        seat: Seat,
        /// The discard pile has a card to take.
        may_take_discard: bool,
        /// The draw pile is empty, so the seat may end the game.
        may_decline: bool,
    },
    /// A seat (two players) discards one card.
    Discard {
        /// Whose turn.
        seat: Seat,
        /// The card just taken from the discard pile, which may not go back.
        taken: Option<Card>,
    },
    /// Solo: look at one of the pair.
    Look,
    /// Solo: keep the seen card or the unseen one.
    Keep {
        /// The slot looked at.
        seen: u8,
    },
    /// Solo: discard a card from the hand; the pair card not kept goes with it.
    SoloDiscard {
        /// The slot of the pair card not kept.
        not_kept: u8,
    },
    /// The game is over.
    Over,
}

impl View {
    /// Cards in play the viewer has not seen: not in its hand, not the common card, not on the
    /// discard pile, not known to be in another hand, not a pair card it looked at. The next
    /// card drawn is one of these (the removed cards and other hands are among them).
    pub fn unseen(&self, cfg: &Config) -> Vec<Card> {
        let mut seen = vec![false; cfg.cards.len()];
        let mut mark = |c: Card| {
            if let Some(s) = seen.get_mut(c.index()) {
                *s = true;
            }
        };
        mark(self.common);
        self.hand.iter().flatten().for_each(|&c| mark(c));
        self.discard.iter().for_each(|&c| mark(c));
        self.known.iter().flatten().for_each(|&c| mark(c));
        self.pair.iter().filter_map(|p| p.card).for_each(&mut mark);
        cfg.cards_in_play(self.rainbow, self.gold)
            .into_iter()
            .filter(|c| !seen[c.index()])
            .collect()
    }
}
