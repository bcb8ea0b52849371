//! Words as data. The engine writes no sentences for players: where it has something to say
//! (why an action is refused, a wish, a rainbow stone's use) it returns a [`Text`], a message
//! key and its arguments, and the app turns that into words in the player's language from its
//! message catalog (`assets/locales/`, read by the `come-buy-text` crate).
//!
//! Keys are kebab-case, prefixed by their area (`error-`, `forbid-`, `move-`, `moment-`,
//! `mykonos-`, `duchess-`, `decktet-`). An argument is a number, another message (a gem's name
//! inside a wish) or raw text that is already data (a variant name a user typed).

use std::fmt;

/// A message for people, as data: which message, with which arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// The message's key in the catalog.
    pub key: &'static str,
    /// Named arguments, in the order the message lists them.
    pub args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number (counts and amounts select plural forms).
    Num(i64),
    /// Another message, said first and put in as words.
    Text(Text),
    /// Text that is data, not words of ours (a name a user typed, a card id).
    Raw(String),
}

impl Text {
    /// A message without arguments.
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a number argument.
    pub fn num(mut self, name: &'static str, value: impl Into<i64>) -> Text {
        self.args.push((name, Arg::Num(value.into())));
        self
    }

    /// Adds a message argument.
    pub fn text(mut self, name: &'static str, value: Text) -> Text {
        self.args.push((name, Arg::Text(value)));
        self
    }

    /// Adds a raw text argument.
    pub fn raw(mut self, name: &'static str, value: impl Into<String>) -> Text {
        self.args.push((name, Arg::Raw(value.into())));
        self
    }
}

/// The developer's form, `key(name: value, ...)`: for logs and debugging, not for players.
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match arg {
                Arg::Num(n) => write!(f, "{name}: {n}")?,
                Arg::Text(t) => write!(f, "{name}: {t}")?,
                Arg::Raw(s) => write!(f, "{name}: {s:?}")?,
            }
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_developer_form_lists_key_and_arguments() {
        let t = Text::new("duchess-wish")
            .num("count", 3)
            .text("gem", Text::new("duchess-gem-ruby"))
            .raw("who", "Ada");
        assert_eq!(
            t.to_string(),
            "duchess-wish(count: 3, gem: duchess-gem-ruby, who: \"Ada\")"
        );
        assert_eq!(Text::new("error-game-over").to_string(), "error-game-over");
    }
}
