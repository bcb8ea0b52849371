//! The Normal bot: greedy by necklace value, a card still to come counted at its expected value.

use super::*;

/// Greedy by necklace value, with expected values over unseen cards for draws.
pub struct NormalBot {
    cfg: Arc<Config>,
}

impl NormalBot {
    /// A normal bot for these cards.
    pub fn new(cfg: Arc<Config>) -> Self {
        NormalBot { cfg }
    }
}

impl Bot<Duchess> for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(hand) = view.hand.clone() else {
            return legal[0].clone();
        };
        let unseen = view.unseen(&self.cfg);
        let e = Eval::new(self.cfg.clone(), view.common, unseen.clone());
        let mut worth = |h: &[Card]| e.score(h);
        match &view.stage {
            StageView::Take { .. } => {
                // Ties: draw rather than take, decline rather than take without gain.
                let mut best: Option<(f64, Action)> = None;
                for a in [Action::Draw, Action::Decline, Action::TakeDiscard] {
                    if !legal.contains(&a) {
                        continue;
                    }
                    let w = match a {
                        Action::Draw => e.draw_turn(&hand, &[]),
                        Action::TakeDiscard => match view.discard.last() {
                            Some(&t) => e.best_with(&hand, t, Some(t), &mut worth).0,
                            None => f64::MIN,
                        },
                        _ => e.score(&hand),
                    };
                    if best.as_ref().is_none_or(|(bw, _)| w > *bw + 1e-9) {
                        best = Some((w, a));
                    }
                }
                best.map(|(_, a)| a).unwrap_or_else(|| legal[0].clone())
            }
            StageView::Discard { .. } | StageView::SoloDiscard { .. } => {
                e.pick_discard(&hand, legal, &mut |_, h| e.score(h))
            }
            StageView::Look => Action::Look(0),
            StageView::Keep { seen } => {
                let Some(s) = seen_card(view, *seen) else {
                    return Action::KeepSeen;
                };
                let keep_seen = e.best_with(&hand, s, None, &mut worth).0;
                let keep_unseen = e.draw_turn(&hand, &[]);
                if keep_unseen > keep_seen + 1e-9 {
                    Action::KeepUnseen
                } else {
                    Action::KeepSeen
                }
            }
            StageView::Over => legal[0].clone(),
        }
    }
}
