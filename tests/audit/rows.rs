//! Words in a row stand on one line: a label beside its field, a field beside its steppers
//! (a frame in an egui row stands at the row's top, so a taller neighbour left the words
//! beside it 5 to 16 points off the field's line: issue 59's "Your name:" label).

use super::look::{Drawn, sight};
use super::places::go;
use super::{Audit, SCALES, WINDOWS, one_at_a_time};
use come_buy::audit::LaidOut;
use come_buy::screens::{Overlay, Screen};

/// The most two texts of one row may stand apart, in points (a glyph's own shape: "<" sits
/// lower than a capital's middle).
const SAME_LINE: f32 = 3.0;

fn middle(t: &Drawn) -> f32 {
    t.rect.center().y
}

/// Every text to the right of a text `starts` names, on its row (their heights meet), whose
/// middle stands more than [`SAME_LINE`] from its middle.
fn off_the_line(texts: &[Drawn], starts: &str) -> Vec<String> {
    let mut out = Vec::new();
    for a in texts.iter().filter(|t| t.text.starts_with(starts)) {
        for b in texts {
            let beside = b.rect.min.x >= a.rect.max.x
                && b.rect.min.y < a.rect.max.y
                && b.rect.max.y > a.rect.min.y;
            if beside && (middle(a) - middle(b)).abs() > SAME_LINE {
                out.push(format!(
                    "\"{}\" at {:.1}, \"{}\" at {:.1}",
                    a.text,
                    middle(a),
                    b.text,
                    middle(b)
                ));
            }
        }
    }
    out
}

#[test]
fn labels_and_fields_of_a_row_share_its_line() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let places = [
        // (A seat's number keeps its word: a no-break space between them.)
        (Screen::NewGame, Overlay::None, "Seat\u{a0}"),
        (Screen::Title, Overlay::Online, "Your name:"),
        (Screen::Title, Overlay::Settings, "Text and menu size"),
        (Screen::Title, Overlay::Settings, "Language"),
        (Screen::Title, Overlay::Settings, "Animation"),
    ];
    let mut faults = Vec::new();
    for (screen, overlay, starts) in places {
        go(&mut a.app, screen, overlay);
        let mut rows = 0;
        for w in WINDOWS {
            a.resize(w);
            for scale in SCALES {
                a.set(scale, 0, "en");
                let texts = sight(a.app.world().resource::<LaidOut>()).texts;
                rows += texts.iter().filter(|t| t.text.starts_with(starts)).count();
                for f in off_the_line(&texts, starts) {
                    faults.push(format!("{}x{} text {scale}: {f}", w.0, w.1));
                }
            }
        }
        // (A long menu scrolls some rows out of sight on the smallest windows.)
        assert!(
            rows >= WINDOWS.len() * SCALES.len() / 2,
            "{starts:?}: {rows} rows seen"
        );
        a.resize(WINDOWS[0]);
        go(&mut a.app, Screen::Title, Overlay::None);
    }
    assert!(
        faults.is_empty(),
        "off their row's line:\n{}",
        faults.join("\n")
    );
}
