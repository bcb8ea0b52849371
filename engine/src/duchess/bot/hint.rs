//! Why a move is good, in the game's terms, for a player's hint ([`Reason`], [`reason`]).

use super::*;

/// Why a move is good, in the game's terms (for a player's hint): the Normal bot's own view
/// of the move, whoever picked it. Florins are those of the best necklace the hand makes with
/// the common card (expected ones where a card is still to come).
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Taking the discard pile's top card: the necklace before and after (less a discard).
    Take { card: Card, before: u32, after: u32 },
    /// Drawing: what a fresh card makes on average, against taking the top discard.
    Draw {
        expect: u32,
        take: Option<(Card, u32)>,
    },
    /// Ending the game: the necklace as it is.
    Decline { now: u32 },
    /// Discarding the card the necklace misses least.
    Discard { card: Card, after: u32 },
    /// Solo: keeping the card looked at.
    KeepSeen { card: Card, after: u32 },
    /// Solo: keeping the card not looked at, for what it makes on average.
    KeepUnseen {
        expect: u32,
        seen: Option<(Card, u32)>,
    },
}

/// Why `action` is a good move for the seat whose view this is (`None` if it is no move of
/// theirs now, or one with nothing to weigh: looking at a solo pair card).
pub fn reason(cfg: &Arc<Config>, view: &View, action: &Action) -> Option<Reason> {
    let me = view.current_player?;
    if view.seat != Some(me) {
        return None;
    }
    let hand = view.hand.clone()?;
    let e = Eval::new(cfg.clone(), view.common, view.unseen(cfg));
    let florins = |x: f64| x.max(0.0).floor() as u32;
    let mut worth = |h: &[Card]| e.score(h);
    let take = view
        .discard
        .last()
        .map(|&t| (t, florins(e.best_with(&hand, t, Some(t), &mut worth).0)));
    Some(match action {
        Action::TakeDiscard => {
            let (card, after) = take?;
            Reason::Take {
                card,
                before: florins(e.score(&hand)),
                after,
            }
        }
        Action::Draw => Reason::Draw {
            expect: florins(e.draw_turn(&hand, &[])),
            take,
        },
        Action::Decline => Reason::Decline {
            now: florins(e.score(&hand)),
        },
        Action::Discard(card) => Reason::Discard {
            card: *card,
            after: florins(e.score(Hand::of(&hand).without(*card).as_slice())),
        },
        Action::KeepSeen | Action::KeepUnseen => {
            let seen = match &view.stage {
                StageView::Keep { seen } => seen_card(view, *seen),
                _ => None,
            }
            .map(|s| (s, florins(e.best_with(&hand, s, None, &mut worth).0)));
            if *action == Action::KeepSeen {
                let (card, after) = seen?;
                Reason::KeepSeen { card, after }
            } else {
                Reason::KeepUnseen {
                    expect: florins(e.draw_turn(&hand, &[])),
                    seen,
                }
            }
        }
        Action::Look(_) => return None,
    })
}
