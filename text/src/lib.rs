//! Come Buy's words. Every sentence a player reads is made here, by key, from one message
//! catalog per language: Project Fluent files in `assets/locales/<lang>/`, embedded in the
//! build (the web page needs no extra downloads). The engine below speaks in [`Text`] values
//! (a key and its figures); [`say`] turns one into words, resolving messages nested in its
//! arguments (a gem's name inside a wish) first.
//!
//! The game speaks English, Spanish and Italian; a new language is a folder of `.ftl` files
//! with the same keys, listed in [`LANGUAGES`]. One language is the current one ([`set_language`])
//! and every function here speaks it; the suite checks that every language has exactly the
//! keys the others have and that each message formats.

use come_buy_engine::text::{Arg, Text};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The `.ftl` files of one language, by area, embedded at build time.
pub struct Language {
    /// Its tag ("en").
    pub tag: &'static str,
    /// Its name in its own words ("Español"), for the language setting.
    pub name: &'static str,
    /// (file name, contents) per area.
    pub files: &'static [(&'static str, &'static str)],
}

macro_rules! area {
    ($lang:literal, $file:literal) => {
        (
            $file,
            include_str!(concat!(env!("COME_BUY_LOCALES"), "/", $lang, "/", $file)),
        )
    };
}

macro_rules! language {
    ($tag:literal, $name:literal) => {
        Language {
            tag: $tag,
            name: $name,
            files: &[
                area!($tag, "games.ftl"),
                area!($tag, "engine.ftl"),
                area!($tag, "decktet.ftl"),
                area!($tag, "mykonos.ftl"),
                area!($tag, "duchess.ftl"),
                area!($tag, "hints.ftl"),
                area!($tag, "menus.ftl"),
                area!($tag, "table.ftl"),
                area!($tag, "help.ftl"),
                area!($tag, "tutorial.ftl"),
                area!($tag, "online.ftl"),
                area!($tag, "daily.ftl"),
                #[cfg(feature = "test-game")]
                area!($tag, "goofspiel.ftl"),
            ],
        }
    };
}

/// Every language the game speaks; the first is the fallback.
pub const LANGUAGES: &[Language] = &[
    language!("en", "English"),
    language!("es", "Español"),
    language!("it", "Italiano"),
];

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
            // A number keeps the word it counts on its row, wherever the words are shown.
            Ok(numbers_with_words(&out))
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

/// The catalog of `LANGUAGES[index]` (each built once, when first needed).
pub fn catalog_of(index: usize) -> &'static Catalog {
    static BUILT: [OnceLock<Catalog>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let index = index.min(LANGUAGES.len() - 1);
    BUILT[index].get_or_init(|| {
        Catalog::new(&LANGUAGES[index]).expect("the embedded catalogs read (the suite checks)")
    })
}

/// The English catalog.
pub fn english() -> &'static Catalog {
    catalog_of(0)
}

static CURRENT: AtomicUsize = AtomicUsize::new(0);

/// The language spoken now.
pub fn language() -> &'static Language {
    &LANGUAGES[CURRENT.load(Ordering::Relaxed).min(LANGUAGES.len() - 1)]
}

/// Speaks the language tagged `tag` ("es") from now on; false (and no change) if there is no
/// such language.
pub fn set_language(tag: &str) -> bool {
    match LANGUAGES.iter().position(|l| l.tag == tag) {
        Some(i) => {
            CURRENT.store(i, Ordering::Relaxed);
            true
        }
        None => false,
    }
}

/// `text` with the space between a word and the number after it ("move 1", "día 340", "for
/// 3?", "worth -2") made a no-break space, so a line never wraps between them: a row that
/// begins "1)" or "340" has lost the word it counts.
pub fn numbers_with_words(text: &str) -> String {
    // Most sentences hold no figure: they go as they are (every label is said every frame).
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let number_at = |i: usize| match chars.get(i) {
        Some(c) if c.is_ascii_digit() => true,
        Some('-' | '+' | '\u{2212}') => chars.get(i + 1).is_some_and(char::is_ascii_digit),
        _ => false,
    };
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let after_word = i > 0 && chars[i - 1].is_alphabetic();
            if c == ' ' && after_word && number_at(i + 1) {
                '\u{a0}'
            } else {
                c
            }
        })
        .collect()
}

/// The language we speak closest to a locale name ("es-ES", "it_IT.UTF-8", "pt-BR"): the one
/// with its language subtag, else English.
pub fn closest_language(locale: &str) -> &'static str {
    let primary = locale
        .split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    LANGUAGES
        .iter()
        .find(|l| l.tag == primary)
        .map_or(LANGUAGES[0].tag, |l| l.tag)
}

/// The current catalog.
pub fn catalog() -> &'static Catalog {
    catalog_of(CURRENT.load(Ordering::Relaxed))
}

/// A [`Text`] in the player's words.
pub fn say(text: &Text) -> String {
    catalog().say(text)
}

/// The message `key` without arguments, in the player's words.
pub fn tr(key: &str) -> String {
    say_key(key, &[])
}

/// A line of key help (`key`), each of its entries kept whole when it wraps: the words inside
/// an entry ("Esc: back", "Esc or B to close") are joined by no-break spaces, so a line breaks
/// only between entries (three spaces apart, or after a comma).
pub fn tr_keys(key: &str) -> String {
    keys_whole(&tr(key))
}

/// [`tr_keys`] for a line already in words.
pub fn keys_whole(line: &str) -> String {
    /// Joins the entries between separators, each kept whole.
    fn glue(text: &str, seps: &[&str]) -> String {
        match seps.split_first() {
            Some((sep, rest)) => text
                .split(sep)
                .map(|part| glue(part, rest))
                .collect::<Vec<_>>()
                .join(sep),
            None => text.replace(' ', "\u{a0}"),
        }
    }
    glue(line, &["   ", ", ", "; "])
}

/// The message `key` with number arguments, in the player's words (the key itself if the
/// catalog lacks it).
pub fn say_key(key: &str, nums: &[(&str, i64)]) -> String {
    let mut args = FluentArgs::new();
    for (name, n) in nums {
        args.set(*name, *n);
    }
    catalog()
        .format(key, &args)
        .unwrap_or_else(|_| key.to_string())
}

/// The message `key` (a key read from data, not from the code) with word arguments, in the
/// player's words (the key itself if the catalog lacks it).
pub fn say_named(key: &str, words: &[(&str, &str)]) -> String {
    let mut args = FluentArgs::new();
    for (name, w) in words {
        args.set(*name, w.to_string());
    }
    catalog()
        .format(key, &args)
        .unwrap_or_else(|_| key.to_string())
}

/// Names in a list, the language's way ("Ana", "Ana and Bram", "Ana, Bram and Cleo").
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [head @ .., last] => say(&Text::new("list-and")
            .raw("head", head.join(", "))
            .raw("last", *last)),
    }
}

/// The variables each English message uses (selectors included), by key.
fn variables_of(lang: &Language) -> Vec<(String, Vec<String>)> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn walk_inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            InlineExpression::Placeable { expression } => walk(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    walk_inline(a, out);
                }
                for a in &arguments.named {
                    walk_inline(&a.value, out);
                }
            }
            _ => {}
        }
    }
    fn walk(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => walk_inline(i, out),
            Expression::Select { selector, variants } => {
                walk_inline(selector, out);
                for v in variants {
                    walk_pattern(&v.value, out);
                }
            }
        }
    }
    fn walk_pattern(p: &Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let PatternElement::Placeable { expression } = el {
                walk(expression, out);
            }
        }
    }
    let mut all = Vec::new();
    for (_, source) in lang.files {
        let Ok(res) = fluent_syntax::parser::parse(*source) else {
            continue;
        };
        for entry in res.body {
            if let Entry::Message(m) = entry
                && let Some(value) = &m.value
            {
                let mut vars = Vec::new();
                walk_pattern(value, &mut vars);
                vars.sort();
                vars.dedup();
                all.push((m.id.name.to_string(), vars));
            }
        }
    }
    all
}

/// Checks every language: it reads, it has exactly English's keys, every key in `used` (the
/// keys the code writes) is in it, and every message formats with sample arguments (each
/// variable English's message uses, as 0, 1, 2 and 5 and as words). `Ok` sums it up; `Err`
/// lists every problem.
pub fn check(used: &[&str]) -> Result<String, Vec<String>> {
    let mut problems = Vec::new();
    let english_vars = variables_of(&LANGUAGES[0]);
    let english_keys: std::collections::BTreeSet<&str> =
        english_vars.iter().map(|(k, _)| k.as_str()).collect();
    for key in used {
        if !english_keys.contains(key) {
            problems.push(format!("en: the code uses {key:?}, which has no message"));
        }
    }
    let mut formatted = 0;
    for lang in LANGUAGES {
        let catalog = match Catalog::new(lang) {
            Ok(c) => c,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let keys: std::collections::BTreeSet<&str> =
            catalog.keys().iter().map(String::as_str).collect();
        for k in english_keys.difference(&keys) {
            problems.push(format!("{}: no message {k:?}", lang.tag));
        }
        for k in keys.difference(&english_keys) {
            problems.push(format!("{}: {k:?} is not an English message", lang.tag));
        }
        for (key, vars) in &english_vars {
            if !catalog.has(key) {
                continue;
            }
            let samples: [&dyn Fn(&str) -> FluentValue<'static>; 5] = [
                &|_| 0.into(),
                &|_| 1.into(),
                &|_| 2.into(),
                &|_| 5.into(),
                &|v| format!("<{v}>").into(),
            ];
            for sample in samples {
                let mut args = FluentArgs::new();
                for v in vars {
                    args.set(v.clone(), sample(v));
                }
                match catalog.format(key, &args) {
                    Ok(s) if s.trim().is_empty() && lang.tag != "en" => {
                        problems.push(format!("{}: {key:?} says nothing", lang.tag));
                        break;
                    }
                    Ok(_) => formatted += 1,
                    Err(e) => {
                        problems.push(format!("{}: {e}", lang.tag));
                        break;
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{} languages ({}), {} messages each, {} keys written in the code, {} sample formats: all good",
            LANGUAGES.len(),
            LANGUAGES
                .iter()
                .map(|l| l.tag)
                .collect::<Vec<_>>()
                .join(", "),
            english_keys.len(),
            used.len(),
            formatted
        ))
    } else {
        Err(problems)
    }
}

pub mod names;

#[cfg(test)]
mod tests;
