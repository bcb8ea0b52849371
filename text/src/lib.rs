//! Come Buy's words. Every sentence a player reads is made here, by key, from one message
//! catalog per language: Project Fluent files in `assets/locales/<lang>/`, embedded in the
//! build (the web page needs no extra downloads). The engine below speaks in [`Text`] values
//! (a key and its figures); [`say`] turns one into words, resolving messages nested in its
//! arguments (a gem's name inside a wish) first.
//!
//! English is the only language so far; a new one is a folder of `.ftl` files with the same
//! keys, listed in [`LANGUAGES`].

use come_buy_engine::text::{Arg, Text};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;

/// The `.ftl` files of one language, by area, embedded at build time.
pub struct Language {
    /// Its tag ("en").
    pub tag: &'static str,
    /// (file name, contents) per area.
    pub files: &'static [(&'static str, &'static str)],
}

macro_rules! area {
    ($lang:literal, $file:literal) => {
        (
            $file,
            include_str!(concat!("../../assets/locales/", $lang, "/", $file)),
        )
    };
}

/// Every language the game speaks.
pub const LANGUAGES: &[Language] = &[Language {
    tag: "en",
    files: &[
        area!("en", "games.ftl"),
        area!("en", "engine.ftl"),
        area!("en", "decktet.ftl"),
        area!("en", "mykonos.ftl"),
        area!("en", "duchess.ftl"),
        area!("en", "hints.ftl"),
    ],
}];

/// One language's messages, ready to format.
pub struct Catalog {
    bundle: FluentBundle<FluentResource>,
    keys: Vec<String>,
}

impl Catalog {
    /// Reads a language's files; a syntax error or a key given twice is an error naming the
    /// file (the embedded files are checked by the test suite).
    pub fn new(lang: &Language) -> Result<Catalog, String> {
        let id: unic_langid::LanguageIdentifier = lang
            .tag
            .parse()
            .map_err(|e| format!("language tag {:?}: {e}", lang.tag))?;
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Fluent would wrap every argument in Unicode isolation marks, which the table's fonts
        // draw as boxes; our messages never mix writing directions.
        bundle.set_use_isolating(false);
        let mut keys = Vec::new();
        for (file, source) in lang.files {
            let res = FluentResource::try_new(source.to_string())
                .map_err(|(_, errors)| format!("locales/{}/{file}: {errors:?}", lang.tag))?;
            for entry in res.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    keys.push(m.id.name.to_string());
                }
            }
            bundle
                .add_resource(res)
                .map_err(|errors| format!("locales/{}/{file}: {errors:?}", lang.tag))?;
        }
        Ok(Catalog { bundle, keys })
    }

    /// Every message key, in file order.
    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    /// Whether the catalog has this message.
    pub fn has(&self, key: &str) -> bool {
        self.bundle.has_message(key)
    }

    /// The message `key` with `args`; `Err` names a missing message or argument.
    pub fn format(&self, key: &str, args: &FluentArgs) -> Result<String, String> {
        let pattern = self
            .bundle
            .get_message(key)
            .and_then(|m| m.value())
            .ok_or_else(|| format!("no message {key:?}"))?;
        let mut errors = Vec::new();
        let out = self.bundle.format_pattern(pattern, Some(args), &mut errors);
        if errors.is_empty() {
            Ok(out.into_owned())
        } else {
            Err(format!("message {key:?}: {errors:?}"))
        }
    }

    /// A [`Text`] in words; `Err` names what is missing.
    pub fn try_say(&self, text: &Text) -> Result<String, String> {
        let mut args = FluentArgs::new();
        for (name, arg) in &text.args {
            let value: FluentValue = match arg {
                Arg::Num(n) => (*n).into(),
                Arg::Text(t) => self.try_say(t)?.into(),
                Arg::Raw(s) => s.clone().into(),
            };
            args.set(*name, value);
        }
        self.format(text.key, &args)
    }

    /// A [`Text`] in words. A message the catalog lacks comes out as its developer form
    /// (`key(args)`) rather than nothing, so that a gap shows; the suite checks there are none.
    pub fn say(&self, text: &Text) -> String {
        self.try_say(text).unwrap_or_else(|_| text.to_string())
    }
}

/// The English catalog (built once).
pub fn english() -> &'static Catalog {
    static EN: OnceLock<Catalog> = OnceLock::new();
    EN.get_or_init(|| Catalog::new(&LANGUAGES[0]).expect("the embedded English catalog reads"))
}

/// A [`Text`] in the player's words.
pub fn say(text: &Text) -> String {
    english().say(text)
}

/// The message `key` without arguments, in the player's words.
pub fn tr(key: &str) -> String {
    say_key(key, &[])
}

/// The message `key` with number arguments, in the player's words (the key itself if the
/// catalog lacks it).
pub fn say_key(key: &str, nums: &[(&str, i64)]) -> String {
    let mut args = FluentArgs::new();
    for (name, n) in nums {
        args.set(*name, *n);
    }
    english()
        .format(key, &args)
        .unwrap_or_else(|_| key.to_string())
}

pub mod names;

#[cfg(test)]
mod tests;
