//! Undo for people, by one rule that never gives information away: a person may take back
//! their own last decision, and the bot moves made after it, as long as nothing was revealed
//! to them since they took it (a card turned, drawn or dealt, a reshuffle, another hand's
//! card shown: [`Game::reveals`]) and no other person has acted since. An undo is the match
//! record without its tail, replayed from the setup: exact by construction, no inverse moves.

use crate::game::{Game, Seat, Setup};
use crate::record::Step;
use crate::text::Text;

/// Why there is nothing to take back now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No person has decided anything yet.
    Nothing,
    /// Something was shown to that person after their last decision.
    Revealed,
    /// The game is over.
    Over,
    /// A guided game's scripted steps are not taken back (the table's guide says so).
    Guided,
    /// An online match: what friends far away have seen stays.
    Online,
    /// The day's try at a deal of the day: every move stands.
    Daily,
    /// At one screen, the last decision is another person's: each person takes back only
    /// their own moves since the screen was handed to them.
    OtherPerson,
}

impl Refusal {
    /// Why, in a player's words (short: it sits under the Undo button).
    pub fn text(self) -> Text {
        Text::new(match self {
            Refusal::Nothing => "undo-nothing",
            Refusal::Revealed => "undo-revealed",
            Refusal::Over => "undo-over",
            Refusal::Guided => "undo-not-guided",
            Refusal::Online => "undo-online",
            Refusal::Daily => "undo-daily",
            Refusal::OtherPerson => "undo-other-person",
        })
    }
}

/// What an undo would do: keep the first `keep` steps, giving the decision back to `seat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoPoint {
    pub keep: usize,
    pub seat: Seat,
}

/// Where the last person's last decision can be taken back to, replaying `steps` from
/// `setup`. `person(seat)` says who is a person (bots never undo, and a step by another
/// person ends what can be taken back, because the last person's decision is the one
/// considered). A record that does not replay takes nothing back.
pub fn undo_point<G: Game>(
    setup: &Setup,
    steps: &[Step<G::Action>],
    person: impl Fn(Seat) -> bool,
) -> Result<UndoPoint, Refusal> {
    let Some(last) = steps.iter().rposition(|s| person(s.seat)) else {
        return Err(Refusal::Nothing);
    };
    let seat = steps[last].seat;
    let Ok((mut g, _)) = G::start(setup) else {
        return Err(Refusal::Nothing);
    };
    let mut revealed = false;
    for (i, step) in steps.iter().enumerate() {
        let Ok(effects) = g.apply(step.seat, &step.action) else {
            return Err(Refusal::Nothing);
        };
        if i >= last && effects.iter().any(|e| G::reveals(e, seat)) {
            revealed = true;
        }
    }
    if g.is_over() {
        return Err(Refusal::Over);
    }
    if revealed {
        return Err(Refusal::Revealed);
    }
    Ok(UndoPoint { keep: last, seat })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duchess::{self, Duchess};
    use crate::goblin_market::{self, GoblinMarket};
    use crate::mykonos::Mykonos;

    fn play<G: Game>(setup: &Setup, steps: &[Step<G::Action>]) -> G {
        let (mut g, _) = G::start(setup).unwrap();
        for s in steps {
            g.apply(s.seat, &s.action).unwrap();
        }
        g
    }

    /// Takes `pick(legal)` for whoever acts, `n` times.
    fn steps_by<G: Game>(
        setup: &Setup,
        n: usize,
        mut pick: impl FnMut(&G, &[G::Action]) -> G::Action,
    ) -> Vec<Step<G::Action>> {
        let (mut g, _) = G::start(setup).unwrap();
        let mut out = Vec::new();
        for _ in 0..n {
            let Some(seat) = g.current_player() else {
                break;
            };
            let legal = g.legal_actions();
            let action = pick(&g, &legal);
            g.apply(seat, &action).unwrap();
            out.push(Step { seat, action });
        }
        out
    }

    /// The Duchess: draw from the pile when that is a choice, else the first legal action.
    fn draw_if_you_can(_: &Duchess, legal: &[duchess::Action]) -> duchess::Action {
        legal
            .iter()
            .find(|a| matches!(a, duchess::Action::Draw))
            .unwrap_or(&legal[0])
            .clone()
    }

    #[test]
    fn a_bid_is_taken_back_with_the_bots_bids_after_it_and_the_state_is_exact() {
        // Goblin Market, seat 0 a person, the others bots: everyone raises by one.
        let setup = Setup::new(3, 11);
        let (g0, _) = GoblinMarket::start(&setup).unwrap();
        let first = g0.current_player().unwrap();
        let steps = steps_by::<GoblinMarket>(&setup, 3, |_, legal| legal[1].clone());
        assert!(matches!(steps[0].action, goblin_market::Action::Bid(_)));
        let p = undo_point::<GoblinMarket>(&setup, &steps, |s| s == first).unwrap();
        assert_eq!(
            p,
            UndoPoint {
                keep: 0,
                seat: first
            }
        );
        // What is left replays to the very state before the bid.
        let back: GoblinMarket = play(&setup, &steps[..p.keep]);
        assert_eq!(format!("{back:?}"), format!("{g0:?}"));
    }

    #[test]
    fn nothing_to_take_back_before_a_person_decides() {
        let setup = Setup::new(3, 5);
        assert_eq!(
            undo_point::<GoblinMarket>(&setup, &[], |_| true),
            Err(Refusal::Nothing)
        );
        let steps = steps_by::<GoblinMarket>(&setup, 2, |_, legal| legal[0].clone());
        assert_eq!(
            undo_point::<GoblinMarket>(&setup, &steps, |_| false),
            Err(Refusal::Nothing)
        );
    }

    #[test]
    fn another_persons_decision_ends_what_can_be_taken_back() {
        // Everyone a person: only the last decision can be taken back, by its maker.
        let setup = Setup::new(4, 9);
        let steps = steps_by::<GoblinMarket>(&setup, 3, |_, legal| legal[1].clone());
        let p = undo_point::<GoblinMarket>(&setup, &steps, |_| true).unwrap();
        assert_eq!(p.keep, 2);
        assert_eq!(p.seat, steps[2].seat);
    }

    #[test]
    fn goblin_market_never_undoes_past_a_turned_card() {
        // Everyone passes: nobody bid, the next lot is turned; then nothing can be undone.
        let setup = Setup::new(3, 21);
        let mut steps = Vec::new();
        let (mut g, _) = GoblinMarket::start(&setup).unwrap();
        loop {
            let seat = g.current_player().unwrap();
            let fx = g.apply(seat, &goblin_market::Action::Pass).unwrap();
            steps.push(Step {
                seat,
                action: goblin_market::Action::Pass,
            });
            if fx.iter().any(|e| GoblinMarket::reveals(e, 0)) {
                break;
            }
        }
        assert_eq!(
            undo_point::<GoblinMarket>(&setup, &steps, |_| true),
            Err(Refusal::Revealed)
        );
        // One pass fewer: the last pass before the reveal can still be taken back.
        let p = undo_point::<GoblinMarket>(&setup, &steps[..steps.len() - 1], |_| true);
        assert_eq!(p.map(|p| p.keep), Ok(steps.len() - 2));
    }

    #[test]
    fn the_duchess_never_undoes_a_draw_but_undoes_the_discard_after_it() {
        // Solo is all looks; the duel: the person draws (a card is shown to them), then
        // discards. The discard can be taken back, the draw cannot.
        let setup = Setup::new(2, 3);
        let (g0, _) = Duchess::start(&setup).unwrap();
        let me = g0.current_player().unwrap();
        let steps = steps_by::<Duchess>(&setup, 2, draw_if_you_can);
        assert!(matches!(steps[0].action, duchess::Action::Draw));
        assert_eq!(steps[1].seat, me);
        let p = undo_point::<Duchess>(&setup, &steps, |s| s == me).unwrap();
        assert_eq!(p.keep, 1);
        assert_eq!(
            undo_point::<Duchess>(&setup, &steps[..1], |s| s == me),
            Err(Refusal::Revealed)
        );
    }

    #[test]
    fn the_duchess_never_undoes_past_the_other_players_discard() {
        // After my discard the bot draws unseen (nothing shown: my discard can be taken back
        // with it), then discards (a card shown: no more undo).
        let setup = Setup::new(2, 8);
        let (g0, _) = Duchess::start(&setup).unwrap();
        let me = g0.current_player().unwrap();
        let all = steps_by::<Duchess>(&setup, 4, draw_if_you_can);
        assert_ne!(all[2].seat, me);
        let p = undo_point::<Duchess>(&setup, &all[..3], |s| s == me).unwrap();
        assert_eq!(p.keep, 1);
        assert_eq!(
            undo_point::<Duchess>(&setup, &all, |s| s == me),
            Err(Refusal::Revealed)
        );
    }

    #[test]
    fn mykonos_undoes_a_placement_until_a_card_is_shown() {
        let setup = Setup::new(3, 4);
        let (g0, _) = Mykonos::start(&setup).unwrap();
        let me = g0.current_player().unwrap();
        let steps = steps_by::<Mykonos>(&setup, 1, |_, legal| legal[0].clone());
        let p = undo_point::<Mykonos>(&setup, &steps, |s| s == me).unwrap();
        assert_eq!(p, UndoPoint { keep: 0, seat: me });
        // Play on until something is shown to me, then the undo is refused.
        let (mut g, _) = Mykonos::start(&setup).unwrap();
        let mut steps = Vec::new();
        let mut shown = false;
        while !shown {
            let seat = g.current_player().unwrap();
            let action = g.legal_actions()[0].clone();
            let fx = g.apply(seat, &action).unwrap();
            steps.push(Step { seat, action });
            shown =
                steps.iter().any(|s| s.seat == me) && fx.iter().any(|e| Mykonos::reveals(e, me));
        }
        assert_eq!(
            undo_point::<Mykonos>(&setup, &steps, |s| s == me),
            Err(Refusal::Revealed)
        );
    }

    #[test]
    fn a_finished_game_is_not_undone() {
        let setup = Setup::new(3, 2);
        let steps = steps_by::<GoblinMarket>(&setup, 100_000, |_, legal| legal[0].clone());
        assert!(play::<GoblinMarket>(&setup, &steps).is_over());
        assert_eq!(
            undo_point::<GoblinMarket>(&setup, &steps, |_| true),
            Err(Refusal::Over)
        );
    }
}
