//! The names of the engine's things in the player's words: games, cards, suits, ranks, gems,
//! hands, phases, wishes, and the rules' refusals.

use crate::{say, tr};
use come_buy_engine::RuleError;
use come_buy_engine::decktet::{self, Decktet};
use come_buy_engine::duchess::{self, Gem, RainbowUse, Wish};
use come_buy_engine::mykonos::{self, Category, Phase};

/// A game's name by its catalog key (`GameInfo::name_key`).
pub fn game(name_key: &str) -> String {
    tr(name_key)
}

/// Why the rules refused an action, as a sentence.
pub fn rule_error(e: &RuleError) -> String {
    say(&e.text())
}

/// A Decktet card's name ("The Author").
pub fn decktet_card(deck: &Decktet, card: decktet::Card) -> String {
    match deck.get(card) {
        Some(def) => tr(&format!("decktet-card-{}", def.key)),
        None => format!("#{}", card.0),
    }
}

/// A Decktet suit's name ("Moons").
pub fn decktet_suit(suit: decktet::Suit) -> String {
    tr(suit.key())
}

/// A Decktet rank's name ("Crown", "7").
pub fn decktet_rank(rank: decktet::Rank) -> String {
    tr(&format!("decktet-rank-{}", rank.id()))
}

/// A playing card in words ("Ten of Hearts").
pub fn poker_card(card: mykonos::Card) -> String {
    say(&card.text())
}

/// A poker hand's name ("Full house").
pub fn hand(category: Category) -> String {
    tr(category.key())
}

/// What a poker hand takes ("three cards of one rank and two of another").
pub fn hand_what(category: Category) -> String {
    say(&category.what())
}

/// A Mýkonos phase's name ("End of round").
pub fn mykonos_phase(phase: Phase) -> String {
    tr(phase.key())
}

/// One of the Duchess's cards by name ("The Countess's Brooch").
pub fn duchess_card(cfg: &duchess::Config, card: duchess::Card) -> String {
    tr(&format!("duchess-card-{}", cfg.key(card)))
}

/// `count` stones of a gem ("Ruby", "3 Rubies" is `gem(Ruby, 3)` after the number).
pub fn gem(gem: Gem, count: u32) -> String {
    say(&gem.text(count))
}

/// A wish in words ("exactly 3 Amethysts").
pub fn wish(wish: &Wish) -> String {
    say(&wish.text())
}

/// A rainbow stone's use in words ("as an Amber").
pub fn rainbow_use(use_: RainbowUse) -> String {
    say(&use_.text())
}

/// A solo rank's name by its key ("Magister").
pub fn solo_rank(key: &str) -> String {
    tr(&format!("duchess-rank-{key}"))
}

/// A name without its leading article, the language's way ("Author" for "The Author",
/// "Autore" for "L'Autore"): the articles are the message `name-articles`, separated by
/// spaces (one ending in an apostrophe is written against the word).
pub fn without_article(name: &str) -> String {
    let articles = tr("name-articles");
    for article in articles.split_whitespace() {
        let rest = if article.ends_with('\'') || article.ends_with('’') {
            name.strip_prefix(article)
        } else {
            name.strip_prefix(article).and_then(|r| r.strip_prefix(' '))
        };
        if let Some(rest) = rest.filter(|r| !r.is_empty()) {
            return rest.to_string();
        }
    }
    name.to_string()
}
