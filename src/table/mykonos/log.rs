//! Mýkonos's lines in the game log. A worker's line names the card it queues for, remembered
//! from when that card was turned up on the quay.

use crate::table::Match;
use crate::table::lines::Logged;
use crate::table::log::{Icon, LogMemory, game_over, name};
use come_buy_engine::mykonos::{CoinReason, Effect, Mykonos, Worker};
use come_buy_engine::text::Text;
use come_buy_text::names::{hand, mykonos_phase, poker_card};
use come_buy_text::say;

impl Logged for Mykonos {
    fn log_line(m: &Match<Mykonos>, memory: &mut LogMemory, effect: &Effect) -> Option<String> {
        let who = |s| name(m, s);
        let text = match effect {
            Effect::GameStarted { .. } => return Some(come_buy_text::tr("game-mykonos")),
            Effect::CoinsMoved {
                to: come_buy_engine::mykonos::Account::Player(s),
                amount,
                reason: CoinReason::StartingMoney,
                ..
            } => Text::new("log-my-starts-with")
                .raw("name", who(*s))
                .num("amount", *amount),
            // Purchases, sales and wages have their own lines.
            Effect::CoinsMoved { .. } => return None,
            Effect::Dealt { seat, card } => match card {
                Some(c) => Text::new("log-my-dealt-seen").raw("card", poker_card(*c)),
                None => Text::new("log-my-dealt"),
            }
            .raw("name", who(*seat)),
            Effect::RoundStarted {
                round,
                start_player,
            } => Text::new("log-my-round")
                .num("round", *round)
                .raw("name", who(*start_player)),
            Effect::PhaseStarted(phase) => {
                Text::new("log-my-phase").raw("phase", mykonos_phase(*phase))
            }
            Effect::Offered { slot, card } => {
                memory.set_slot(*slot, poker_card(*card));
                Text::new("log-my-offered").raw("card", poker_card(*card))
            }
            Effect::WorkerPlaced {
                slot, worker, by, ..
            } => match worker {
                Worker::Player(_) => Text::new("log-my-placed"),
                Worker::Neutral => Text::new("log-my-placed-neutral"),
            }
            .raw("name", who(*by))
            .raw("card", memory.slot(*slot)),
            Effect::WorkerPassed { slot, worker } => match worker {
                Worker::Player(s) => Text::new("log-my-stepped-out").raw("name", who(*s)),
                Worker::Neutral => Text::new("log-my-neutral-stepped-out"),
            }
            .raw("card", memory.slot(*slot)),
            Effect::Bought {
                seat, card, price, ..
            } => Text::new("log-my-bought")
                .raw("name", who(*seat))
                .raw("card", poker_card(*card))
                .num("price", *price),
            Effect::WorkersHome { slot, .. } => {
                Text::new("log-my-home").raw("card", memory.slot(*slot))
            }
            Effect::Unsold { card, .. } => {
                Text::new("log-my-unsold").raw("card", poker_card(*card))
            }
            Effect::Sold {
                seat,
                category,
                price,
                ..
            } => Text::new("log-my-sold")
                .raw("name", who(*seat))
                .raw("hand", hand(*category))
                .num("price", *price),
            Effect::NoSale { seat } => Text::new("log-my-no-sale").raw("name", who(*seat)),
            Effect::Income { seat, total, .. } => Text::new("log-my-income")
                .raw("name", who(*seat))
                .num("amount", *total),
            Effect::MarkerPassed { to, .. } => Text::new("log-my-marker").raw("name", who(*to)),
            Effect::Discarded { seat, card } => Text::new("log-my-discarded")
                .raw("name", who(*seat))
                .raw("card", poker_card(*card)),
            Effect::GameOver { .. } => return game_over(m),
        };
        Some(say(&text))
    }

    /// The suit pips of the cards a line names (only cards the room may see: a hidden card is
    /// `None` in the effect the log is written from); a coin for money.
    fn log_icons(effect: &Effect) -> Vec<Icon> {
        let pip = |c: &come_buy_engine::mykonos::Card| Icon::Pip(c.suit().index());
        match effect {
            Effect::Offered { card, .. }
            | Effect::Bought { card, .. }
            | Effect::Unsold { card, .. }
            | Effect::Discarded { card, .. } => vec![pip(card)],
            Effect::Dealt { card: Some(c), .. } => vec![pip(c)],
            Effect::Sold { cards, .. } => cards.iter().map(pip).collect(),
            Effect::CoinsMoved { .. } | Effect::Income { .. } => vec![Icon::Coin],
            _ => Vec::new(),
        }
    }
}
