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

/// The narrowest card the phone's page draws, in CSS px: its corner rank is then about 17 px
/// tall, which reads at arm's length (`web/phone.mjs` fails on anything smaller).
pub const MIN_CARD_PX: f32 = 60.0;

/// The smallest a jeweller's card's wish ("exactly 3") may be written on the page, in CSS px:
/// the smallest text Android's guidelines allow (12 sp), read at arm's length (`web/phone.mjs`
/// fails on anything smaller). The page lays the Duchess's hand in two fans upright and lets
/// the wish fill its part of the cartouche so that it is met.
pub const MIN_WORDS_PX: f32 = 12.0;

/// Where the table puts each piece on a card, as fractions of the card's width (x, the sizes
/// of images) and height (y, the sizes of text), from the same constants the table draws with
/// (`crate::art::poker_face`, `crate::art::jewel_face` and the media crate's settings and
/// cartouche), so the page lays its cards out as the TV does.
pub fn geometry() -> serde_json::Value {
    use crate::art::{jewel_face as jf, poker_face as pf};
    use come_buy_media::art::{
        JEWEL_CARTOUCHE, JEWEL_GEM_SCALE, JEWEL_SETTING_RADIUS, JEWEL_SETTINGS,
    };
    let (w, h) = (crate::art::CARD.x, crate::art::CARD.y);
    // Table units (origin at the card's centre, y up) to fractions (origin top left, y down).
    let fx = |x: f32| (x + w / 2.0) / w;
    let fy = |y: f32| (h / 2.0 - y) / h;
    let (cx, cy, cw, ch) = JEWEL_CARTOUCHE;
    let (mx, my) = (cx + cw / 2.0, cy + ch / 2.0);
    serde_json::json!({
        "min_card": MIN_CARD_PX,
        "min_words": MIN_WORDS_PX,
        "poker": {
            "corner": [fx(pf::CORNER.0), fy(pf::CORNER.1)],
            "corner_pip": fy(pf::CORNER.1 - pf::CORNER_PIP_DROP),
            "rank": pf::RANK / h,
            "pip": pf::PIP / w,
            "face_y": fy(pf::FACE_RANK_Y),
            "face_rank": pf::FACE_RANK / h,
            "face_pip": pf::FACE_PIP / w,
            "face_pip_y": fy(pf::FACE_PIP_Y),
            "big_pip": pf::BIG_PIP / w,
        },
        "jewel": {
            "settings": JEWEL_SETTINGS.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
            "gem": JEWEL_GEM_SCALE * JEWEL_SETTING_RADIUS,
            "words": [mx + jf::WORDS_END.0 / w, my - jf::WORDS_END.1 / h],
            // Where the wish's words may begin: inside the cartouche's gold frame.
            "words_from": cx + WORDS_INSET,
            "wish_gem": jf::WISH_GEM / w,
            "wish_gem_at": [mx + jf::WISH_GEM_AT.0 / w, my - jf::WISH_GEM_AT.1 / h],
            "florins_y": my - jf::FLORINS_Y / h,
            "florins_size": jf::FLORINS / h,
            "cartouche_y": my,
        },
    })
}

/// The cartouche's gold frame and a margin, as a fraction of the card's width.
const WORDS_INSET: f32 = 0.04;

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

/// The page's icon (the browser's tab, a home screen): a playing card with the heart pip on the
/// page's felt in a gold frame, drawn by the table's own art, small (`FAVICON_PIXELS` square).
fn favicon() -> Raster {
    let s = FAVICON_PIXELS;
    let felt = [13, 42, 30, 255];
    let gold = [245, 199, 77, 255];
    let mut icon = art::rounded_panel(s, s, s / 5, felt, gold, s as f32 / 20.0);
    let (cw, ch) = (s * 19 / 32, s * 26 / 32);
    let card = art::rounded_panel(
        cw,
        ch,
        s / 10,
        [250, 242, 219, 255],
        [170, 160, 140, 255],
        1.0,
    );
    art::paste(
        &mut icon,
        &card,
        ((s - cw) / 2) as i32,
        ((s - ch) / 2) as i32,
    );
    let pip = art::poker_suit_symbol(PokerSuit::Hearts, cw * 4 / 5);
    let at = ((s - pip.width) / 2) as i32;
    art::paste(&mut icon, &pip, at, ((s - pip.height) / 2) as i32);
    icon
}

/// The icon's size in pixels: sharp in a tab at 2 or 3 pixels per CSS px, a few KiB.
pub const FAVICON_PIXELS: u32 = 64;

/// The most bytes the icon may take (the test holds it to this).
pub const FAVICON_MOST_BYTES: usize = 8 * 1024;

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
    files.push(png("favicon.png", &favicon()));
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
    fn the_pages_card_geometry_is_the_tables() {
        let g = geometry();
        let f = |v: &serde_json::Value| v.as_f64().unwrap();
        // The top-left rank of a playing card: 52 units right of the left edge... of 160.
        let corner = &g["poker"]["corner"];
        assert!((f(&corner[0]) - (80.0 - 52.0) / 160.0).abs() < 1e-6);
        assert!((f(&corner[1]) - (112.0 - 78.0) / 224.0).abs() < 1e-6);
        // Every place is on the card.
        for v in [
            &g["poker"]["corner_pip"],
            &g["poker"]["face_y"],
            &g["jewel"]["florins_y"],
        ] {
            assert!((0.0..=1.0).contains(&f(v)), "{v}");
        }
        assert_eq!(g["jewel"]["settings"].as_array().unwrap().len(), 4);
        // The page is served with it filled in.
        let page = crate::phones::page::page();
        assert!(!page.contains("__GEOMETRY__") && page.contains("\"min_card\":60"));
    }

    #[test]
    fn the_icon_is_a_small_png() {
        let f = file("favicon.png").unwrap();
        assert_eq!(f.kind, "image/png");
        assert!(
            f.bytes.len() <= FAVICON_MOST_BYTES,
            "{} bytes",
            f.bytes.len()
        );
        let d = ::png::Decoder::new(std::io::Cursor::new(&f.bytes));
        let r = d.read_info().unwrap();
        let info = r.info();
        assert_eq!((info.width, info.height), (FAVICON_PIXELS, FAVICON_PIXELS));
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
