//! Colours, fonts and the seat palette: one place for the table's look.

use bevy::prelude::*;

/// Seat colours: distinct in hue and lightness, each with a name for colour-blind players
/// (its message key).
pub(crate) const SEAT_COLORS: [([u8; 3], &str); 8] = [
    ([214, 69, 65], "colour-red"),
    ([52, 120, 219], "colour-blue"),
    ([241, 196, 15], "colour-yellow"),
    ([46, 160, 67], "colour-green"),
    ([155, 89, 182], "colour-purple"),
    ([230, 126, 34], "colour-orange"),
    ([236, 240, 241], "colour-white"),
    ([26, 188, 156], "colour-teal"),
];

pub const DEFAULT_NAMES: [&str; 8] = ["Ana", "Bram", "Cleo", "Dev", "Edda", "Farid", "Gus", "Hana"];

pub(crate) fn rgb(c: [u8; 3]) -> Color {
    Color::srgb_u8(c[0], c[1], c[2])
}

/// The same colour for a web page ("#rrggbb": the phones' page).
pub(crate) fn css(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

pub(crate) const FELT: [u8; 3] = [22, 92, 62];
pub(crate) const GOLD: Color = Color::srgb(0.96, 0.78, 0.30);
pub(crate) const CREAM: Color = Color::srgb(0.98, 0.95, 0.86);
pub(crate) const INK: Color = Color::srgb(0.13, 0.10, 0.08);
pub(crate) const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);

/// The two fonts we ship (SIL Open Font License, files and licence in assets/fonts).
#[derive(Resource, Clone, Default)]
pub struct Fonts {
    /// Vollkorn SemiBold: titles, card names, banners.
    pub display: Handle<Font>,
    /// Lato Bold: numbers and labels.
    pub text: Handle<Font>,
}

pub(crate) const DISPLAY_FONT: &[u8] = include_bytes!("../assets/fonts/Vollkorn-SemiBold.ttf");
pub(crate) const TEXT_FONT: &[u8] = include_bytes!("../assets/fonts/Lato-Bold.ttf");
/// The four card suits (our text fonts lack them): the menus' fallback for "K♦".
pub(crate) const SUIT_FONT: &[u8] =
    include_bytes!("../assets/fonts/Suits-DejaVuSansBold-subset.ttf");

/// Loads the fonts while the app is built: the first screen is entered before any
/// start-up system runs, and it needs them.
pub(crate) fn plugin(app: &mut App) {
    let mut fonts = Fonts::default();
    if let Some(mut assets) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        fonts.display = assets.add(Font::from_bytes(DISPLAY_FONT.to_vec()));
        fonts.text = assets.add(Font::from_bytes(TEXT_FONT.to_vec()));
    }
    app.insert_resource(fonts);
}

impl Fonts {
    /// Vollkorn with lining figures (its default old-style "10" reads like "IO").
    pub(crate) fn display(&self, size: f32) -> TextFont {
        TextFont {
            font: self.display.clone().into(),
            font_size: bevy::text::FontSize::Px(size),
            font_features: bevy::text::FontFeatures::builder()
                .enable(bevy::text::FontFeatureTag::LINING_FIGURES)
                .build(),
            ..default()
        }
    }

    pub fn text(&self, size: f32) -> TextFont {
        TextFont {
            font: self.text.clone().into(),
            font_size: bevy::text::FontSize::Px(size),
            ..default()
        }
    }
}

/// A font size at most `size` at which `text` fits in `max_width` pixels of the table (our
/// fonts average a little over half an em per character): longer words in other languages
/// shrink to fit their card or cartouche instead of running over its edge.
pub(crate) fn fit(size: f32, text: &str, max_width: f32) -> f32 {
    let widest_line = text
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(1);
    size.min(max_width / (widest_line as f32 * 0.56))
}

#[cfg(test)]
mod fit_tests {
    #[test]
    fn long_words_shrink_and_short_ones_keep_their_size() {
        assert_eq!(super::fit(19.0, "Author", 140.0), 19.0);
        let long = super::fit(19.0, "Guardiano del Faro", 140.0);
        assert!(long < 19.0 && long * 0.56 * 18.0 <= 140.01, "{long}");
        assert_eq!(super::fit(20.0, "", 10.0), 20.0f32.min(10.0 / 0.56));
    }
}

#[cfg(test)]
mod glyph_tests {
    use super::{DISPLAY_FONT, SUIT_FONT, TEXT_FONT};

    /// The characters none of the fonts we ship draws, in `text` (a missing glyph shows as a
    /// box or a "?" where a player reads).
    fn missing(text: &str) -> Vec<char> {
        let faces: Vec<ttf_parser::Face> = [DISPLAY_FONT, TEXT_FONT, SUIT_FONT]
            .iter()
            .map(|bytes| ttf_parser::Face::parse(bytes, 0).expect("a font we ship"))
            .collect();
        let mut out: Vec<char> = text
            .chars()
            .filter(|&c| !c.is_whitespace() && !c.is_control())
            // Fluent's marks around a placed value (never drawn: the menus take them out).
            .filter(|&c| !matches!(c, '\u{2068}' | '\u{2069}'))
            .filter(|&c| !faces.iter().any(|f| f.glyph_index(c).is_some()))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn every_word_in_every_language_is_drawn_by_a_font_we_ship() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales");
        let mut files = 0;
        for lang in std::fs::read_dir(root).expect("the locales") {
            let lang = lang.unwrap().path();
            for file in std::fs::read_dir(&lang).unwrap() {
                let path = file.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                // Comments are for us, not the player.
                let said: String = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n");
                assert_eq!(missing(&said), Vec::<char>::new(), "{}", path.display());
                files += 1;
            }
        }
        assert!(files >= 30, "only {files} locale files read");
    }

    #[test]
    fn the_deal_of_the_days_symbols_are_drawn() {
        assert_eq!(missing("K♠ Q♥ J♦ 9♣ ◆◆◇◇ ▰▰▰▱▱"), Vec::<char>::new());
        // The test can fail: an emoji medal is no font's.
        assert_eq!(missing("🥇"), vec!['🥇']);
    }
}
