//! The Duchess's lines in the game log (a card drawn unseen is "a card").

use crate::table::Match;
use crate::table::lines::Logged;
use crate::table::log::{Icon, LogMemory, game_over, name};
use come_buy_engine::duchess::deck::config;
use come_buy_engine::duchess::{Duchess, Effect};
use come_buy_engine::text::Text;
use come_buy_text::names::{duchess_card, solo_rank};
use come_buy_text::say;

impl Logged for Duchess {
    fn log_line(m: &Match<Duchess>, _memory: &mut LogMemory, effect: &Effect) -> Option<String> {
        let who = |s| name(m, s);
        let cfg = config();
        let card = |c| duchess_card(&cfg, c);
        let seen = |c: &Option<_>, hidden: &'static str, shown: &'static str| match c {
            Some(c) => Text::new(shown).raw("card", card(*c)),
            None => Text::new(hidden),
        };
        let text = match effect {
            Effect::GameStarted { start_player, .. } => {
                Text::new("log-du-started").raw("name", who(*start_player))
            }
            Effect::Removed { count } => Text::new("log-du-removed").num("count", *count as i64),
            Effect::CommonRevealed { card: c } => Text::new("log-du-common").raw("card", card(*c)),
            Effect::Dealt { seat, card: c } => {
                seen(c, "log-du-dealt", "log-du-dealt-seen").raw("name", who(*seat))
            }
            Effect::TurnStarted { seat, turn } => Text::new("log-du-turn")
                .num("turn", *turn)
                .raw("name", who(*seat)),
            Effect::Drew { seat, card: c } => {
                seen(c, "log-du-drew", "log-du-drew-seen").raw("name", who(*seat))
            }
            Effect::TookDiscard { seat, card: c } => Text::new("log-du-took")
                .raw("name", who(*seat))
                .raw("card", card(*c)),
            Effect::Discarded { seat, card: c } => Text::new("log-du-discarded")
                .raw("name", who(*seat))
                .raw("card", card(*c)),
            Effect::Declined { seat } => Text::new("log-du-declined").raw("name", who(*seat)),
            Effect::PileEmpty { .. } => Text::new("log-du-pile-empty"),
            Effect::PairDrawn => Text::new("log-du-pair"),
            Effect::Looked { card: c, .. } => {
                seen(c, "log-du-looked-hidden", "log-du-looked").raw("name", who(0))
            }
            Effect::Kept { card: c, .. } => {
                seen(c, "log-du-kept-hidden", "log-du-kept").raw("name", who(0))
            }
            Effect::NotKept { card: c, .. } => Text::new("log-du-not-kept").raw("card", card(*c)),
            Effect::GameOver { results, .. } => match (m.seats.len(), results.first()) {
                (1, Some(r)) => Text::new("log-du-rank")
                    .num("florins", r.necklace.value as i64)
                    .raw(
                        "rank",
                        r.rank
                            .as_ref()
                            .map(|k| solo_rank(&k.key))
                            .unwrap_or_default(),
                    ),
                _ => return game_over(m),
            },
        };
        Some(say(&text))
    }

    /// The wish gem of the card a line names (only cards the room may see).
    fn log_icons(effect: &Effect) -> Vec<Icon> {
        let gem = |c: &come_buy_engine::duchess::Card| -> Vec<Icon> {
            come_buy_engine::duchess::config()
                .def(*c)
                .wish
                .as_ref()
                .map(|w| vec![Icon::Gem(w.gem.index())])
                .unwrap_or_default()
        };
        match effect {
            Effect::CommonRevealed { card }
            | Effect::TookDiscard { card, .. }
            | Effect::Discarded { card, .. }
            | Effect::NotKept { card, .. } => gem(card),
            Effect::Dealt { card: Some(c), .. }
            | Effect::Drew { card: Some(c), .. }
            | Effect::Looked { card: Some(c), .. }
            | Effect::Kept { card: Some(c), .. } => gem(c),
            _ => Vec::new(),
        }
    }
}
