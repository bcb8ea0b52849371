//! Guided first games: a fixed deal (a seed, the bots' levels) and a short script of steps,
//! kept as data in `levels/tutorials/`. The person sits at seat 0; the bots are the usual
//! seeded bots, so the deal and their answers are the same every time.
//!
//! A step shows a caption (a message key). A step with `play` waits for the person's turn
//! and offers only that action, which ends the step. A step without it is an explanation the
//! person reads and continues; it shows at once (`Now`), at the person's next turn
//! (`MyTurn`), or when the game is over (`Over`). While an explanation is up, nobody acts.
//! After the last `play` step the person plays freely; an `Over` step explains the scoring.
//!
//! [`walk`] plays a script the way the table does (the tests and `come-buy-sim tutorial` use
//! it): a script that no longer fits its deal (a bot changed, a card moved) is refused with the
//! step and the legal actions named.

use crate::bots::{Decision, WithBots};
use crate::game::{Game, Search, Seat, Setup};
use crate::levels::{DataError, LevelFile, Validate};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// When an explanation step shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum When {
    /// As soon as the step before it is done and the table has shown everything.
    #[default]
    Now,
    /// At the person's next decision.
    MyTurn,
    /// When the game is over (before the results).
    Over,
    /// Once this many moves (anyone's) were made after the step before it ended, and the
    /// table has shown them: what a bot's move settles is explained before the next bids.
    Moves(u32),
}

impl When {
    /// Whether a step shows now: `play`, it offers a move; `mine`, the person decides now;
    /// `over`, the game is; `moves`, the moves made since the step before it ended.
    pub fn ready(self, play: bool, mine: bool, over: bool, moves: usize) -> bool {
        match (self, play) {
            (When::Over, _) => over,
            (_, true) | (When::MyTurn, false) => mine,
            (When::Moves(n), false) => moves >= n as usize,
            (When::Now, false) => true,
        }
    }
}

/// One step of a guided game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step<A> {
    /// The caption's message key.
    pub say: String,
    #[serde(default)]
    pub when: When,
    /// The one action offered (at the person's turn); `None`: an explanation to continue.
    #[serde(default = "none")]
    pub play: Option<A>,
}

fn none<A>() -> Option<A> {
    None
}

/// A guided game: the deal and its script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tutorial<A> {
    /// The game's id ("goblin-market").
    pub game: String,
    /// Its entry's message key in the list of guided games.
    pub name: String,
    pub seed: u64,
    #[serde(default)]
    pub variants: Vec<String>,
    /// The bots' levels, seat 1 onwards (seat 0 is the person).
    pub bots: Vec<String>,
    pub steps: Vec<Step<A>>,
}

impl<A> Tutorial<A> {
    pub fn players(&self) -> usize {
        self.bots.len() + 1
    }

    /// The number of steps up to and including the last one with a `play` (the guided part).
    pub fn guided_len(&self) -> usize {
        self.steps
            .iter()
            .rposition(|s| s.play.is_some())
            .map_or(0, |i| i + 1)
    }
}

impl<A> Validate for Tutorial<A> {
    fn problems(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.steps.is_empty() {
            v.push("a guided game needs steps".to_string());
        }
        for (i, s) in self.steps.iter().enumerate() {
            if s.play.is_some() && s.when == When::Over {
                v.push(format!(
                    "step {}: nothing is played once the game is over",
                    i + 1
                ));
            }
            if s.play.is_some() && matches!(s.when, When::Moves(_)) {
                v.push(format!(
                    "step {}: a move step waits for the person's turn, not for moves",
                    i + 1
                ));
            }
            if s.say.is_empty() {
                v.push(format!("step {}: no caption", i + 1));
            }
        }
        v
    }
}

/// The person's seat in every guided game.
pub const PERSON: Seat = 0;

/// A guided game's file: its id (the file's stem) and its text. Each game lists its own in its
/// folder (`GUIDED`); `catalog::guided_files` gives them all in the menu's order.
pub struct TutorialFile {
    pub id: &'static str,
    pub file: LevelFile,
}

/// What a guided game's file says before its actions can be read: its game's id and its
/// entry's message key.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename = "Tutorial")]
pub struct Head {
    pub game: String,
    pub name: String,
}

/// The head of a guided game's file (the rest is skipped).
pub fn head(text: &str) -> Option<Head> {
    ron::from_str::<Head>(text).ok()
}

/// The game a guided game's file is for.
pub fn game_of(text: &str) -> Option<String> {
    head(text).map(|h| h.game)
}

impl TutorialFile {
    /// The script, with game `G`'s actions.
    pub fn parse<G: Game>(&self) -> Result<Tutorial<G::Action>, DataError> {
        self.file.parse()
    }
}

/// The seed of seat `seat`'s bot in a match dealt from `seed` (the table seeds its bots so).
pub fn bot_seed(seed: u64, seat: Seat) -> u64 {
    Rng::derive(seed, seat as u64 + 1).next_u64()
}

/// A script played through: the effects before each step was reached (index `i`: those shown
/// before step `i`'s caption; the last entry: after the last step), and the game at the end.
pub struct Walk<G: Game> {
    pub before_step: Vec<Vec<G::Effect>>,
    pub actions: Vec<(Seat, G::Action)>,
    /// The number of actions when the guided part ended (its last `play` applied).
    pub guided_actions: usize,
    pub game: G,
    /// Everything in order, one line each (steps, effects, decisions with the legal
    /// actions): `come-buy-sim tutorial` prints it for whoever writes a script.
    pub trace: Vec<String>,
}

/// Plays `t` as the table does: bots answer as seeded, the person plays each step's action,
/// and after the script `free` picks the person's moves, to the end of the game.
pub fn walk<G: Game + Search + WithBots>(
    t: &Tutorial<G::Action>,
    mut free: impl FnMut(&G) -> G::Action,
) -> Result<Walk<G>, String> {
    let setup = Setup {
        players: t.players(),
        seed: t.seed,
        variants: t.variants.clone(),
    };
    let (mut game, first) = G::start(&setup).map_err(|e| format!("{e:?}"))?;
    let mut bots = Vec::new();
    for (i, name) in t.bots.iter().enumerate() {
        bots.push(G::bot(name, bot_seed(t.seed, i + 1))?);
    }
    let mut shown = first;
    let mut before_step = Vec::new();
    let mut actions = Vec::new();
    let mut guided_actions = 0;
    let guided = t.guided_len();
    let mut step = 0;
    // The moves made when the step before the current one ended.
    let mut began = 0;
    let mut trace: Vec<String> = shown.iter().map(|e| format!("  {e:?}")).collect();
    for _ in 0..100_000 {
        let mine = game.current_player() == Some(PERSON);
        if let Some(s) = t.steps.get(step) {
            let ready = s.when.ready(
                s.play.is_some(),
                mine,
                game.is_over(),
                actions.len() - began,
            );
            if ready {
                before_step.push(std::mem::take(&mut shown));
                step += 1;
                trace.push(format!("STEP {step} {} ({:?})", s.say, s.when));
                if let Some(a) = &s.play {
                    let legal = game.legal_actions();
                    trace.push(format!("YOU play {a:?} of {legal:?}"));
                    if !legal.contains(a) {
                        return Err(format!(
                            "step {step} ({}) plays {a:?}, which is not legal now; legal: {legal:?}",
                            s.say
                        ));
                    }
                    let effects = game.apply(PERSON, a).map_err(|e| format!("{e:?}"))?;
                    trace.extend(effects.iter().map(|e| format!("  {e:?}")));
                    shown.extend(effects);
                    actions.push((PERSON, a.clone()));
                }
                if step == guided {
                    guided_actions = actions.len();
                }
                began = actions.len();
                continue;
            }
        }
        let Some(seat) = game.current_player() else {
            if step < t.steps.len() {
                return Err(format!(
                    "the game ended before step {} ({})",
                    step + 1,
                    t.steps[step].say
                ));
            }
            before_step.push(std::mem::take(&mut shown));
            return Ok(Walk {
                before_step,
                actions,
                guided_actions,
                game,
                trace,
            });
        };
        let a = if seat == PERSON {
            if step < guided {
                return Err(format!(
                    "the person must decide before step {} ({}) is reached",
                    step + 1,
                    t.steps[step].say
                ));
            }
            let a = free(&game);
            trace.push(format!("YOU (free) {a:?} of {:?}", game.legal_actions()));
            a
        } else {
            let d = Decision::of(&game).ok_or("no decision")?;
            let a = bots[seat - 1].decide(&d);
            trace.push(format!("BOT {seat} {a:?}"));
            a
        };
        let effects = game.apply(seat, &a).map_err(|e| format!("{e:?}"))?;
        trace.extend(effects.iter().map(|e| format!("  {e:?}")));
        shown.extend(effects);
        actions.push((seat, a));
    }
    Err("the game did not end".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duchess::Duchess;
    use crate::goblin_market::GoblinMarket;
    use crate::mykonos::Mykonos;

    fn first<G: Game>(g: &G) -> G::Action {
        g.legal_actions()[0].clone()
    }

    #[test]
    fn every_guided_game_parses_and_names_its_game() {
        for t in crate::catalog::guided_files() {
            let head = head(t.file.text).expect(t.id);
            assert!(
                crate::catalog::IDS.contains(&head.game.as_str()),
                "{}",
                t.id
            );
            assert_eq!(head.name, format!("tutorial-{}", t.id.replace('_', "-")));
        }
    }

    #[test]
    fn a_script_that_no_longer_fits_is_refused_with_its_step() {
        let mut t = crate::catalog::guided_file("mykonos")
            .unwrap()
            .parse::<Mykonos>()
            .unwrap();
        let i = t.steps.iter().position(|s| s.play.is_some()).unwrap();
        t.steps[i].play = Some(crate::mykonos::Action::Place { slot: 99 });
        let err = walk::<Mykonos>(&t, first).err().unwrap();
        assert!(err.contains(&format!("step {}", i + 1)), "{err}");
        assert!(err.contains("not legal"), "{err}");
    }

    /// The effects shown up to the end of the guided part (its last move's included).
    fn guided_effects<G: Game>(t: &Tutorial<G::Action>, w: &Walk<G>) -> Vec<G::Effect> {
        w.before_step[..=t.guided_len()].concat()
    }

    /// The game after the guided part.
    fn after_guided<G: Game>(t: &Tutorial<G::Action>, w: &Walk<G>) -> G {
        let setup = Setup {
            players: t.players(),
            seed: t.seed,
            variants: t.variants.clone(),
        };
        let (mut g, _) = G::start(&setup).unwrap();
        for (seat, a) in &w.actions[..w.guided_actions] {
            g.apply(*seat, a).unwrap();
        }
        g
    }

    fn ends_with_the_scoring<A>(t: &Tutorial<A>) {
        assert_eq!(t.steps.last().map(|s| s.when), Some(When::Over));
        assert!(t.guided_len() < t.steps.len());
    }

    #[test]
    fn goblin_market_shows_a_bid_a_split_win_sisterhood_and_goblin_money() {
        use crate::goblin_market::{Account, Action, CoinReason, Effect};
        let t = crate::catalog::guided_file("goblin_market")
            .unwrap()
            .parse::<GoblinMarket>()
            .unwrap();
        let w = walk::<GoblinMarket>(&t, first).unwrap();
        let seen = guided_effects(&t, &w);
        let guided = &w.actions[..w.guided_actions];
        assert!(
            guided
                .iter()
                .any(|(s, a)| *s == PERSON && matches!(a, Action::Bid(_)))
        );
        assert!(
            guided
                .iter()
                .any(|(s, a)| *s == PERSON && matches!(a, Action::TakeOne(_))),
            "the person wins and takes one card"
        );
        let paid = |reason: CoinReason, to: Option<Seat>| {
            seen.iter().any(|e| {
                matches!(e, Effect::CoinsMoved { to: Account::Player(p), reason: r, .. }
                    if *r == reason && to.is_none_or(|s| s == *p))
            })
        };
        assert!(
            paid(CoinReason::Sisterhood, Some(PERSON)),
            "sisterhood money to the person"
        );
        assert!(
            paid(CoinReason::GoblinMoney, Some(PERSON)),
            "goblin money to the person"
        );
        // Each money is explained as soon as it is paid, before anyone bids again.
        for (say, reason) in [
            ("tut-gm-goblin", CoinReason::GoblinMoney),
            ("tut-gm-your-sisterhood", CoinReason::Sisterhood),
        ] {
            let i = t.steps.iter().position(|s| s.say == say).unwrap();
            let since = &w.before_step[i];
            let at = since.iter().rposition(|e| {
                matches!(e, Effect::CoinsMoved { to: Account::Player(PERSON), reason: r, .. }
                    if *r == reason)
            });
            let at = at.unwrap_or_else(|| panic!("{say}: the money was paid just before"));
            assert!(
                !since[at..]
                    .iter()
                    .any(|e| matches!(e, Effect::BidMade { .. })),
                "{say}: explained only after the next bids: {since:?}"
            );
        }
        assert!(w.game.is_over());
        ends_with_the_scoring(&t);
    }

    #[test]
    fn mykonos_shows_placing_a_queue_price_buying_a_sale_and_income() {
        use crate::mykonos::Effect;
        let t = crate::catalog::guided_file("mykonos")
            .unwrap()
            .parse::<Mykonos>()
            .unwrap();
        let w = walk::<Mykonos>(&t, first).unwrap();
        let seen = guided_effects(&t, &w);
        let mine = |f: &dyn Fn(&Effect) -> bool| seen.iter().any(f);
        assert!(mine(&|e| matches!(
            e,
            Effect::WorkerPlaced { by: PERSON, .. }
        )));
        assert!(
            mine(&|e| matches!(e, Effect::Bought { seat: PERSON, price, .. } if *price > 1)),
            "a purchase priced by its queue"
        );
        assert!(mine(&|e| matches!(e, Effect::WorkerPassed { .. })));
        assert!(mine(&|e| matches!(e, Effect::Sold { seat: PERSON, .. })));
        assert!(mine(&|e| matches!(e, Effect::Income { seat: PERSON, .. })));
        assert!(w.game.is_over());
        ends_with_the_scoring(&t);
    }

    #[test]
    fn the_duchess_duel_shows_draw_or_take_met_wishes_and_the_common_card() {
        use crate::duchess::{Action, Effect};
        let t = crate::catalog::guided_file("duchess_duel")
            .unwrap()
            .parse::<Duchess>()
            .unwrap();
        let w = walk::<Duchess>(&t, first).unwrap();
        assert!(
            guided_effects(&t, &w)
                .iter()
                .any(|e| matches!(e, Effect::CommonRevealed { .. }))
        );
        // At some guided step the discard pile was there to take, and the person drew.
        let mut g = after_guided(&t, &w);
        let necklace = g.necklace_of(PERSON);
        assert_eq!(necklace.value, 25, "four wishes met");
        assert_eq!(necklace.met.len(), 4);
        let common = g.common();
        assert!(
            necklace.met.contains(&common),
            "the common card's wish counts"
        );
        let setup = Setup {
            players: 2,
            seed: t.seed,
            variants: vec![],
        };
        g = Duchess::start(&setup).unwrap().0;
        let mut chose = false;
        for (seat, a) in &w.actions[..w.guided_actions] {
            if *seat == PERSON && *a == Action::Draw {
                chose |= g.legal_actions().contains(&Action::TakeDiscard);
            }
            g.apply(*seat, a).unwrap();
        }
        assert!(chose, "a draw made with the discard pile on offer");
        ends_with_the_scoring(&t);
    }

    #[test]
    fn the_duchess_solo_shows_look_and_keep() {
        use crate::duchess::Effect;
        let t = crate::catalog::guided_file("duchess_solo")
            .unwrap()
            .parse::<Duchess>()
            .unwrap();
        let w = walk::<Duchess>(&t, first).unwrap();
        let seen = guided_effects(&t, &w);
        assert!(seen.iter().any(|e| matches!(e, Effect::Looked { .. })));
        assert!(
            seen.iter()
                .any(|e| matches!(e, Effect::Kept { seen: false, .. }))
        );
        assert_eq!(after_guided(&t, &w).necklace_of(PERSON).value, 21);
        ends_with_the_scoring(&t);
    }

    #[test]
    fn walks_are_deterministic() {
        let t = crate::catalog::guided_file("goblin_market")
            .unwrap()
            .parse::<GoblinMarket>()
            .unwrap();
        let a = walk::<GoblinMarket>(&t, first).unwrap();
        let b = walk::<GoblinMarket>(&t, first).unwrap();
        assert_eq!(a.actions, b.actions);
        let d = crate::catalog::guided_file("duchess_solo")
            .unwrap()
            .parse::<Duchess>()
            .unwrap();
        assert!(walk::<Duchess>(&d, first).is_ok());
    }
}
