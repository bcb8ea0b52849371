//! [`Game::check`] for the Duchess's Necklace: whether a state read from elsewhere (an online
//! host's world) holds together as every state of a real match does.

use super::*;
use crate::world::{Census, at_most, ensure, known_in_hand, per_seat};

/// The most turns a match is taken to have lasted, so that counting on never overflows (a duel
/// could in principle take discards back and forth forever, so the rules give no bound).
const MOST_TURNS: u32 = u32::MAX / 2;

impl Duchess {
    /// See [`Game::check`].
    pub(super) fn check_world(&self) -> Result<(), RuleError> {
        let n = self.players;
        crate::world::players(n, self.cfg.min_players..=self.cfg.max_players)?;
        ensure((1..=20).contains(&self.opts.turns_after_empty), || {
            format!(
                "{} turns each after the pile runs out, must be 1-20",
                self.opts.turns_after_empty
            )
        })?;
        crate::world::seat("the start player", self.start_player, n)?;
        per_seat("the hands", self.hands.len(), n)?;
        per_seat("the known cards", self.known.len(), n)?;
        per_seat(
            "the turns after the pile ran out",
            self.after_empty.len(),
            n,
        )?;
        self.check_cards()?;
        for s in 0..n {
            known_in_hand(s, &self.known[s], &self.hands[s])?;
        }
        self.check_turns()?;
        self.check_stage()?;
        self.check_results()
    }

    /// Every card in play is in exactly one place, and no other card anywhere.
    fn check_cards(&self) -> Result<(), RuleError> {
        let in_play = self.cfg.cards_in_play(self.opts.rainbow, self.opts.gold);
        let mut census = Census::new(self.cfg.cards.len(), |id| in_play.contains(&Card(id as u8)));
        let ids = |cards: &[Card]| cards.iter().map(|c| c.index()).collect::<Vec<_>>();
        census.place_all(ids(&self.pile), "the draw pile")?;
        census.place_all(ids(&self.removed), "the removed cards")?;
        census.place(self.common.index(), "the common card")?;
        for (s, hand) in self.hands.iter().enumerate() {
            census.place_all(ids(hand), format!("seat {s}'s hand"))?;
        }
        census.place_all(ids(&self.discard), "the discard pile")?;
        for (slot, c) in self.pair.iter().enumerate() {
            if let Some(c) = c {
                census.place(c.index(), format!("pair slot {slot}"))?;
            }
        }
        census.complete()?;
        // The log's cards went from place to place, so they may repeat; each is still a card
        // in play (the bots value them).
        for t in &self.log {
            for c in t.took.iter().chain([&t.discarded]) {
                ensure(in_play.contains(c), || {
                    format!("the log names card {c}, which is not in play")
                })?;
            }
        }
        Ok(())
    }

    /// The turn counts and the log: a duel's only.
    fn check_turns(&self) -> Result<(), RuleError> {
        let n = self.players;
        at_most("the turn", self.turn, MOST_TURNS)?;
        at_most("the log", self.log.len(), self.turn as usize)?;
        for t in &self.log {
            crate::world::seat("a turn of the log", t.seat, n)?;
        }
        let limit = self.opts.turns_after_empty;
        for (s, &t) in self.after_empty.iter().enumerate() {
            at_most(
                &format!("seat {s}'s turns after the pile ran out"),
                t,
                limit,
            )?;
            ensure(t == 0 || self.pile.is_empty(), || {
                format!("seat {s} counts turns after the pile ran out, but it has cards")
            })?;
        }
        ensure(!self.turn_began_empty || self.pile.is_empty(), || {
            "the turn began with the pile empty, but it has cards".into()
        })?;
        if n == 1 {
            ensure(self.log.is_empty() && !self.turn_began_empty, || {
                "a solo game keeps a duel's log".into()
            })?;
            ensure(self.known[0].is_empty(), || {
                "a solo game knows cards taken from the discard pile".into()
            })?;
        }
        Ok(())
    }

    /// The stage fits the table and the hands: whose turn it is, how many cards each holds,
    /// the solo pair.
    fn check_stage(&self) -> Result<(), RuleError> {
        let n = self.players;
        let h = self.cfg.hand_size;
        // Hand sizes: everyone holds `h`, the seat mid-turn one more.
        let sizes = |extra: Option<Seat>| -> Result<(), RuleError> {
            for (s, hand) in self.hands.iter().enumerate() {
                let want = h + usize::from(extra == Some(s));
                ensure(hand.len() == want, || {
                    format!("seat {s} holds {} cards, must hold {want} now", hand.len())
                })?;
            }
            Ok(())
        };
        let pair = |full: [bool; 2]| -> Result<(), RuleError> {
            ensure(self.pair.iter().map(Option::is_some).eq(full), || {
                format!("the pair holds {:?}, must hold {full:?} now", self.pair)
            })
        };
        match (&self.stage, n) {
            (Stage::Take { seat }, 2) => {
                crate::world::seat("the stage", *seat, n)?;
                ensure(self.turn_began_empty == self.pile.is_empty(), || {
                    "the turn's start does not match the pile".into()
                })?;
                self.turn_under_way(*seat)?;
                sizes(None)?;
                pair([false, false])?;
                ensure(self.looked.is_none(), || {
                    "a duel looked at a pair card".into()
                })
            }
            (Stage::Discard { seat, taken }, 2) => {
                crate::world::seat("the stage", *seat, n)?;
                self.turn_under_way(*seat)?;
                sizes(Some(*seat))?;
                if let Some(c) = taken {
                    ensure(self.known[*seat].contains(c), || {
                        format!("the card taken, {c}, is not known in seat {seat}'s hand")
                    })?;
                }
                pair([false, false])?;
                ensure(self.looked.is_none(), || {
                    "a duel looked at a pair card".into()
                })
            }
            (Stage::Look, 1) => {
                sizes(None)?;
                pair([true, true])?;
                ensure(self.looked.is_none(), || {
                    "a pair card was looked at before the look".into()
                })
            }
            (Stage::Keep { seen }, 1) => {
                ensure(*seen < 2 && self.looked == Some(*seen), || {
                    format!("the seen slot {seen} is not the one looked at")
                })?;
                sizes(None)?;
                pair([true, true])
            }
            (Stage::SoloDiscard { left }, 1) => {
                ensure(*left < 2 && self.looked.is_some_and(|w| w < 2), || {
                    format!("the slot left, {left}, or the slot looked at is not 0 or 1")
                })?;
                sizes(Some(0))?;
                pair([*left == 0, *left == 1])
            }
            (Stage::Over(_), _) => {
                sizes(None)?;
                pair([false, false])?;
                let most = if n == 1 { 1 } else { 0 };
                at_most("the pile at the end", self.pile.len(), most)
            }
            (stage, n) => Err(crate::world::bad(format!(
                "the stage {stage:?} does not fit a table of {n}"
            ))),
        }
    }

    /// A duel's turn under way, `seat`'s: every turn before it is in the log, and the turns
    /// each seat has had since the pile ran out fit the turns taken in turn (the seat to play
    /// has had as many as the other or one fewer) and the end (it has one left).
    fn turn_under_way(&self, seat: Seat) -> Result<(), RuleError> {
        ensure(self.log.len() + 1 == self.turn as usize, || {
            format!(
                "turn {} under way with {} turns in the log",
                self.turn,
                self.log.len()
            )
        })?;
        let (mine, other) = (self.after_empty[seat], self.after_empty[1 - seat]);
        let fits = if self.turn_began_empty {
            mine < self.opts.turns_after_empty && mine <= other && other <= mine + 1
        } else {
            mine == 0 && other == 0
        };
        ensure(fits, || {
            format!(
                "the turns since the pile ran out, {:?}, do not fit seat {seat}'s turn",
                self.after_empty
            )
        })
    }

    /// The results: none before the end; at the end, one per seat with its hand and necklace
    /// as the rules score them, and the final scores ranked from them. (A seat's world keeps
    /// the others' hands as it imagines them, so the results' hands, shown to all at the end,
    /// are not compared with the hands.)
    fn check_results(&self) -> Result<(), RuleError> {
        let Stage::Over(scores) = &self.stage else {
            return ensure(self.results.is_none(), || {
                "results before the end of the game".into()
            });
        };
        let Some(results) = &self.results else {
            return Err(crate::world::bad("the game is over without results"));
        };
        let n = self.players;
        per_seat("the results", results.len(), n)?;
        let in_play = self.cfg.cards_in_play(self.opts.rainbow, self.opts.gold);
        let mut census = Census::new(self.cfg.cards.len(), |id| in_play.contains(&Card(id as u8)));
        census.place(self.common.index(), "the common card")?;
        for (s, r) in results.iter().enumerate() {
            let what = format!("the hand in seat {s}'s result");
            census.place_all(r.hand.iter().map(|c| c.index()), &what)?;
            let fits = r.seat == s && r.hand.len() == self.cfg.hand_size;
            ensure(fits, || {
                format!("the result of seat {s} does not hold together")
            })?;
            let mut cards = r.hand.clone();
            cards.push(self.common);
            let rank = (n == 1).then(|| {
                let value = necklace(&self.cfg, &cards).value;
                SoloRank {
                    index: self.cfg.rank_index(value),
                    key: self.cfg.rank_key(value).to_string(),
                }
            });
            ensure(
                r.necklace == necklace(&self.cfg, &cards) && r.rank == rank,
                || format!("seat {s}'s necklace is not the one its hand makes"),
            )?;
        }
        let ranked = FinalScores::rank(
            results.iter().map(|r| r.necklace.value as i64).collect(),
            results.iter().map(|r| r.necklace.wishes as i64).collect(),
            true,
        );
        ensure(*scores == ranked, || {
            "the final scores are not the results' necklaces".into()
        })
    }
}
