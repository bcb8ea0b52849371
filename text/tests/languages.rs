//! Every language: plurals, lists, articles and the switch between languages. (Its own test
//! binary: the current language is one for the whole process.)

use come_buy_engine::text::Text;
use come_buy_text::{LANGUAGES, and_list, closest_language, language, names, say, set_language};

fn coins(n: i64) -> String {
    say(&Text::new("coins").num("n", n))
}

#[test]
fn each_language_speaks_its_own_plurals_lists_and_articles() {
    assert_eq!(
        LANGUAGES.iter().map(|l| l.tag).collect::<Vec<_>>(),
        ["en", "es", "it"]
    );
    let cases = [
        ("en", ["1 coin", "2 coins", "0 coins"], "Ana, Bram and Cleo"),
        (
            "es",
            ["1 moneda", "2 monedas", "0 monedas"],
            "Ana, Bram y Cleo",
        ),
        (
            "it",
            ["1 moneta", "2 monete", "0 monete"],
            "Ana, Bram e Cleo",
        ),
    ];
    for (tag, plural, list) in cases {
        assert!(set_language(tag));
        assert_eq!(language().tag, tag);
        assert_eq!([coins(1), coins(2), coins(0)], plural, "{tag}");
        assert_eq!(and_list(&["Ana", "Bram", "Cleo"]), list, "{tag}");
        assert_eq!(and_list(&["Ana"]), "Ana");
        // A plural inside a sentence, through a nested message.
        let take = say(&Text::new("gm-take-all-pay").text("cost", Text::new("coins").num("n", 1)));
        assert!(take.contains(&coins(1)), "{tag}: {take}");
    }
    // Card faces drop the article the language's way.
    set_language("en");
    assert_eq!(names::without_article("The Author"), "Author");
    set_language("es");
    assert_eq!(names::without_article("El Autor"), "Autor");
    assert_eq!(names::without_article("La Cazadora"), "Cazadora");
    set_language("it");
    assert_eq!(names::without_article("L'Autore"), "Autore");
    assert_eq!(names::without_article("Il Mulino"), "Mulino");
    assert_eq!(
        names::without_article("Lune"),
        "Lune",
        "no article, no change"
    );
    // The same message in the three languages says different things.
    let said: Vec<String> = ["en", "es", "it"]
        .iter()
        .map(|t| {
            set_language(t);
            come_buy_text::tr("menu-new-game")
        })
        .collect();
    assert!(
        said[0] != said[1] && said[1] != said[2] && said[0] != said[2],
        "{said:?}"
    );
    assert!(!set_language("fr"), "a language we do not speak");
    assert_eq!(language().tag, "it", "and nothing changed");
    set_language("en");
}

#[test]
fn a_locale_picks_the_closest_language() {
    for (locale, tag) in [
        ("es-ES", "es"),
        ("es_MX.UTF-8", "es"),
        ("it-IT", "it"),
        ("IT", "it"),
        ("en-GB", "en"),
        ("fr-FR", "en"),
        ("", "en"),
        ("C", "en"),
        ("pt_BR@latin", "en"),
    ] {
        assert_eq!(closest_language(locale), tag, "{locale}");
    }
}

#[test]
fn every_language_has_every_message_and_each_formats() {
    let summary = come_buy_text::check(&["menu-new-game", "coins"]).unwrap_or_else(|p| {
        panic!("{} problems:\n{}", p.len(), p.join("\n"));
    });
    assert!(summary.contains("3 languages"), "{summary}");
    // A key the code would use but no catalog has is reported.
    let problems = come_buy_text::check(&["menu-no-such-thing"]).unwrap_err();
    assert!(problems[0].contains("menu-no-such-thing"), "{problems:?}");
}

/// Every line of key help, in every language, wraps only between its entries: a key never
/// ends a line apart from what it does ("Esc:" / "back"), and each entry fits a narrow line.
#[test]
fn key_help_keeps_each_entry_whole() {
    let lines = [
        "new-game-keys",
        "rules-keys",
        "watch-keys",
        "replay-keys",
        "keys-menu",
        "choice-keys",
        "gm-look-keys",
        "log-keys",
        "join-keys-line",
        "learn-keys",
        "tutorial-keys",
    ];
    for l in LANGUAGES {
        assert!(set_language(l.tag));
        for id in lines {
            let plain = come_buy_text::tr(id);
            let whole = come_buy_text::tr_keys(id);
            assert_ne!(plain, id, "{}: {id} is missing", l.tag);
            // The same words, only the spaces inside entries changed.
            assert_eq!(whole.replace('\u{a0}', " "), plain, "{}: {id}", l.tag);
            for entry in whole
                .split("   ")
                .flat_map(|p| p.split(", "))
                .flat_map(|p| p.split("; "))
            {
                assert!(!entry.contains(' '), "{}: {id}: {entry:?} can break", l.tag);
                assert!(
                    entry.chars().count() <= 48,
                    "{}: {id}: {entry:?} is too long to keep whole",
                    l.tag
                );
            }
        }
    }
    assert!(set_language("en"));
    assert!(come_buy_text::tr_keys("tutorial-keys").contains("Esc:\u{a0}pause"));
}
