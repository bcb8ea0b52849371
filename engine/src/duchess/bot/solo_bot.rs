//! Hard's solo player: the exact lookahead over the coming turns, playing for the rank as well
//! as the florins.

use super::*;

/// Hard alone plays for the rank as well as the florins: reaching a better rank band counts
/// as this many florins more. Measured (`come-buy-sim balance --bot hard`, 2,000 deals): the
/// share of deals at 31 florins or more (Officer and up) was 49.1% playing for florins only,
/// 51.7% with a bonus of 3 and 52.8% with 6 (seed 1); on seed 2, 47.1%, 49.6%, 51.0%, and
/// 51.5% with 10. The mean necklace barely moves (30.5 to 30.3).
pub(super) const SOLO_RANK_BONUS: f64 = 6.0;

/// Solo: the exact lookahead of [`super::solo`] over the coming turns (up to a horizon),
/// playing for the rank as well as the florins.
pub struct SoloBot {
    pub(super) cfg: Arc<Config>,
    pub(super) rank_bonus: f64,
    /// The decision being thought about a piece at a time, or its answer at once.
    pub(super) begun: Option<Result<SoloPlan, Action>>,
    /// The last decision finished by `think`.
    pub(super) last: Option<Advice<Action>>,
}

impl SoloBot {
    /// A solo player that counts `rank_bonus` florins' worth per rank band reached.
    pub fn new(cfg: Arc<Config>, rank_bonus: f64) -> Self {
        SoloBot {
            cfg,
            rank_bonus,
            begun: None,
            last: None,
        }
    }

    pub(super) fn plan(&self, view: &View, legal: &[Action]) -> Result<SoloPlan, Action> {
        SoloPlan::new(&self.cfg, view, legal, self.rank_bonus)
    }
}

impl Bot<Duchess> for SoloBot {
    fn name(&self) -> &str {
        "solo"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        match self.plan(view, legal) {
            Ok(mut plan) => loop {
                if let Some(a) = plan.step(64) {
                    break a;
                }
            },
            Err(a) => a,
        }
    }

    fn begin(&mut self, d: &Decision<Duchess>) -> bool {
        self.begun = Some(self.plan(&d.view, &d.legal));
        true
    }

    fn think(&mut self, slice: u32) -> Option<Action> {
        let action = match self.begun.as_mut()? {
            Ok(plan) => plan.step(slice.max(1))?,
            Err(a) => a.clone(),
        };
        self.begun = None;
        self.last = Some(Advice {
            action: action.clone(),
            value: None,
            after: 0,
            imagined: 0,
        });
        Some(action)
    }

    fn last_advice(&mut self) -> Option<Advice<Action>> {
        self.last.take()
    }
}
