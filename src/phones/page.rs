//! The phone's page as the TV serves it: the embedded HTML and JavaScript with where the TV
//! puts each piece on a card, the door's rule for wrong codes, and the page's words in the
//! table's language filled in.

/// The phone's page: plain HTML and JavaScript, embedded (nothing to install on a phone).
const PAGE_SOURCE: &str = include_str!("../../assets/phone/index.html");

/// The phone's page, with where the TV puts each piece on a card (see `art::geometry`) and
/// the door's rule for wrong codes (the page counts its own and shows the wait they cost).
pub(crate) fn page() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let door = serde_json::json!({
            "free": super::door::FREE_GUESSES,
            "longest": super::door::LONGEST_LOCK.as_secs(),
            "wrongCode": super::door::CLOSE_WRONG_CODE,
            "wait": super::door::CLOSE_WAIT,
        });
        PAGE_SOURCE
            .replace("__GEOMETRY__", &in_script(&super::art::geometry()))
            .replace("__DOOR__", &in_script(&door))
    })
}

/// The page as served now: with its words in the table's language, so that the code's
/// screen (and a wrong code's words) speak it before any connection.
pub(crate) fn page_now() -> String {
    page().replace("__WORDS__", &in_script(&super::messages::door_words()))
}

/// JSON to put inside a `<script>` element: `</` escaped, so that no text in it can end the
/// element.
fn in_script(v: &serde_json::Value) -> String {
    v.to_string().replace("</", "<\\/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_served_with_its_words_and_the_door_rule_and_nothing_ends_its_scripts() {
        let page = page_now();
        for hole in ["__GEOMETRY__", "__DOOR__", "__WORDS__"] {
            assert!(!page.contains(hole), "{hole} left in the page");
        }
        let json_of = |id: &str| -> serde_json::Value {
            let open = format!("<script id=\"{id}\" type=\"application/json\">");
            let from = page.find(&open).expect("the script") + open.len();
            let to = from + page[from..].find("</script>").unwrap();
            serde_json::from_str(&page[from..to]).expect("JSON")
        };
        let door = json_of("door");
        assert_eq!(door["free"], super::super::door::FREE_GUESSES);
        assert_eq!(door["longest"], super::super::door::LONGEST_LOCK.as_secs());
        let words = json_of("words");
        assert_eq!(words["phone-go"], come_buy_text::tr("phone-go"));
        // The figures the page counts itself have their places.
        assert!(words["phone-wrong-count"].as_str().unwrap().contains("{n}"));
        assert!(words["phone-wrong-wait"].as_str().unwrap().contains("{s}"));
        // A `</script>` in any words could not end the element early.
        let sly = serde_json::json!({ "x": "</script><script>alert(1)</script>" });
        assert!(!in_script(&sly).contains("</"));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&in_script(&sly)).unwrap(),
            sly
        );
    }
}
