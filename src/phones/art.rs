//! The table's own art for the phones' page: the same card faces, suit pips, gems and coin the
//! TV draws (made by `come_buy_media::art`, not copies), as PNG files, and the table's two
//! typefaces. A fixed catalogue: a phone may ask for these names and nothing else; each file is
//! made once, when a phone first asks for any, and kept (they are the same for every table).
//!
//! The page builds each card from these pieces as the TV does (a face, the rank in two corners
//! in the suit's ink, its pips; four stones and the wish in the cartouche), so a card on a phone
//! is the card on the TV at any size, sharp at a phone's pixel ratio.

use come_buy_media::art::{self, GemShape, PokerSuit, Raster};
use std::sync::OnceLock;

/// The faces' size in pixels: twice the table's card (160 x 224 units), so a card drawn about
/// 107 CSS px wide on a phone with 3 pixels per CSS px still has a pixel of art per pixel.
pub const FACE_PIXELS: (u32, u32) = (320, 448);

/// Pips and gems, square.
pub const SYMBOL_PIXELS: u32 = 128;

/// One file of the catalogue.
pub struct ArtFile {
    pub name: String,
    pub kind: &'static str,
    pub bytes: Vec<u8>,
}

/// The whole catalogue, made on first use.
pub fn catalogue() -> &'static [ArtFile] {
    static FILES: OnceLock<Vec<ArtFile>> = OnceLock::new();
    FILES.get_or_init(make)
}

/// The file called `name`, if the catalogue has one.
pub fn file(name: &str) -> Option<&'static ArtFile> {
    catalogue().iter().find(|f| f.name == name)
}

fn png(name: impl Into<String>, r: &Raster) -> ArtFile {
    ArtFile {
        name: name.into(),
        kind: "image/png",
        bytes: encode(r),
    }
}

/// A compressed PNG (the media crate's own writer stores its pixels uncompressed, which is
/// fine for previews but several times too big for a phone on Wi-Fi).
fn encode(r: &Raster) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut e = ::png::Encoder::new(&mut out, r.width, r.height);
        e.set_color(::png::ColorType::Rgba);
        e.set_depth(::png::BitDepth::Eight);
        e.set_compression(::png::Compression::High);
        // Writing into memory cannot fail for a raster whose size matches its pixels.
        if let Ok(mut w) = e.write_header() {
            let _ = w.write_image_data(&r.pixels);
        }
    }
    out
}

fn make() -> Vec<ArtFile> {
    let started = std::time::Instant::now();
    let (w, h) = FACE_PIXELS;
    let mut files = vec![
        png("poker-face.png", &art::poker_card_face(w, h)),
        png("jewel-face.png", &art::jewel_card_face(w, h)),
        png("coin.png", &art::coin(96)),
        png("florin.png", &art::florin(96)),
    ];
    for (i, s) in PokerSuit::ALL.iter().enumerate() {
        files.push(png(
            format!("pip-{i}.png"),
            &art::poker_suit_symbol(*s, SYMBOL_PIXELS),
        ));
    }
    for (i, g) in GemShape::ALL.iter().enumerate() {
        files.push(png(
            format!("gem-{i}.png"),
            &art::gem_symbol(*g, SYMBOL_PIXELS),
        ));
    }
    files.push(ArtFile {
        name: "display.ttf".into(),
        kind: "font/ttf",
        bytes: crate::theme::DISPLAY_FONT.to_vec(),
    });
    files.push(ArtFile {
        name: "text.ttf".into(),
        kind: "font/ttf",
        bytes: crate::theme::TEXT_FONT.to_vec(),
    });
    let bytes: usize = files.iter().map(|f| f.bytes.len()).sum();
    bevy::log::info!(
        "phones: the table's art for phones, {} files, {bytes} bytes, made in {} ms",
        files.len(),
        started.elapsed().as_millis()
    );
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_holds_every_piece_a_card_needs_and_nothing_else_answers() {
        for name in ["poker-face.png", "jewel-face.png", "pip-0.png", "pip-3.png"] {
            let f = file(name).unwrap_or_else(|| panic!("{name}"));
            assert!(f.bytes.starts_with(&[0x89, b'P', b'N', b'G']), "{name}");
        }
        for i in 0..GemShape::ALL.len() {
            assert!(file(&format!("gem-{i}.png")).is_some());
        }
        assert!(file("display.ttf").is_some_and(|f| f.kind == "font/ttf"));
        for bad in [
            "",
            "../Cargo.toml",
            "pip-4.png",
            "gem-10.png",
            "poker-face.png/",
        ] {
            assert!(file(bad).is_none(), "{bad}");
        }
        // Compressed: the whole catalogue is small enough for a phone on Wi-Fi.
        let bytes: usize = catalogue().iter().map(|f| f.bytes.len()).sum();
        assert!(bytes < 1_000_000, "{bytes} bytes");
    }

    #[test]
    fn the_faces_decode_at_their_size() {
        let f = file("jewel-face.png").unwrap();
        let d = ::png::Decoder::new(std::io::Cursor::new(&f.bytes));
        let r = d.read_info().unwrap();
        let info = r.info();
        assert_eq!((info.width, info.height), FACE_PIXELS);
    }
}
