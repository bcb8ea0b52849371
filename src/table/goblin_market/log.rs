//! Goblin Market's lines in the game log.

use crate::table::Match;
use crate::table::lines::Logged;
use crate::table::log::{Icon, LogMemory, game_over, name};
use come_buy_engine::decktet::decktet;
use come_buy_engine::goblin_market::{Account, CoinReason, Effect, GoblinMarket, Phase, Zone};
use come_buy_engine::text::Text;
use come_buy_text::names::decktet_card;
use come_buy_text::{say, tr};

impl Logged for GoblinMarket {
    fn log_line(
        m: &Match<GoblinMarket>,
        _memory: &mut LogMemory,
        effect: &Effect,
    ) -> Option<String> {
        let who = |s| name(m, s);
        let card = |c| decktet_card(&decktet(), c);
        let text = match effect {
            Effect::GameStarted { .. } => return Some(tr("game-goblin-market")),
            Effect::PhaseStarted(Phase::Auction {
                number,
                first_bidder,
                lot,
            }) => Text::new("log-gm-auction")
                .num("number", *number)
                .num("lot", *lot as i64)
                .raw("name", who(*first_bidder)),
            Effect::PhaseStarted(Phase::Distribution { winner, bid }) => Text::new("log-gm-won")
                .raw("name", who(*winner))
                .num("amount", *bid),
            Effect::PhaseStarted(Phase::Sisterhood { rank }) => Text::new("log-gm-sisterhood")
                .text(
                    "for",
                    Text::new("gm-sisterhood-for").num("rank", *rank as i64),
                ),
            Effect::PhaseStarted(Phase::GoblinMoney) => return Some(tr("gm-goblin-money")),
            Effect::PhaseStarted(Phase::Scoring) => return Some(tr("gm-counting")),
            Effect::CardRevealed { card: c, zone } => match zone {
                Zone::SizeCard => Text::new("log-gm-size"),
                Zone::GoblinReveal => Text::new("log-gm-goblins-offer"),
                _ => Text::new("log-gm-lot"),
            }
            .raw("card", card(*c)),
            Effect::CardMoved { card: c, to, .. } => match to {
                Zone::Player(s) => Text::new("log-gm-takes").raw("name", who(*s)),
                Zone::Discard => Text::new("log-gm-discarded"),
                Zone::SetAside => Text::new("log-gm-set-aside"),
                // Cards turned into place and the goblins' used pile: shown by other lines.
                _ => return None,
            }
            .raw("card", card(*c)),
            Effect::CoinsMoved {
                from,
                to,
                amount,
                reason,
            } => match (reason, from, to) {
                (CoinReason::StartingCoins, _, Account::Player(s)) => {
                    Text::new("log-gm-starts-with").raw("name", who(*s))
                }
                (CoinReason::BidPaid, Account::Player(s), _) => {
                    Text::new("log-gm-pays").raw("name", who(*s))
                }
                (CoinReason::Sisterhood, _, Account::Player(s)) => {
                    Text::new("log-gm-gets-sisterhood").raw("name", who(*s))
                }
                (CoinReason::GoblinMoney, _, Account::Player(s)) => {
                    Text::new("log-gm-gets-goblin").raw("name", who(*s))
                }
                _ => return None,
            }
            .num("amount", *amount),
            Effect::BidMade { seat, amount } => Text::new("log-gm-bid")
                .raw("name", who(*seat))
                .num("amount", *amount),
            Effect::Passed { seat } => Text::new("log-gm-pass").raw("name", who(*seat)),
            Effect::NoSale => Text::new("log-gm-no-sale"),
            Effect::GoblinDeckShuffled { .. } => Text::new("log-gm-reshuffle"),
            Effect::GameOver { .. } => return game_over(m),
        };
        Some(say(&text))
    }

    /// The suits of the card a line names; a coin for money.
    fn log_icons(effect: &Effect) -> Vec<Icon> {
        let suits = |c: &come_buy_engine::decktet::Card| -> Vec<Icon> {
            decktet()
                .cards
                .get(c.0 as usize)
                .map(|d| d.suits.iter().map(|s| Icon::Suit(s.index())).collect())
                .unwrap_or_default()
        };
        match effect {
            Effect::CardRevealed { card, .. } => suits(card),
            Effect::CardMoved {
                card,
                to: Zone::Player(_) | Zone::Discard | Zone::SetAside,
                ..
            } => suits(card),
            Effect::CoinsMoved { .. } | Effect::BidMade { .. } => vec![Icon::Coin],
            Effect::PhaseStarted(Phase::Distribution { .. }) => vec![Icon::Coin],
            _ => Vec::new(),
        }
    }
}
