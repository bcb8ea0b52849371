//! Renders preview sheets of the procedural art as PNGs.
//!
//! `cargo run -p come-buy-media --example art_preview -- OUT_DIR` writes `suits.png`,
//! `gems.png`, `cards.png`, `felt.png`, `poker.png` (Mýkonos), `jewel.png` (The Duchess's
//! Necklace) and `tokens.png` (start marker, meeples, coins), plus close-ups, into OUT_DIR
//! (default `/tmp/art-preview`).

use come_buy_media::art::{
    GemShape, JEWEL_CARTOUCHE, JEWEL_GEM_SCALE, JEWEL_SETTING_RADIUS, JEWEL_SETTINGS, PokerSuit,
    Raster, SuitShape, card_back, card_face, card_shadow, coin, felt, florin, gem_symbol, glow,
    jewel_card_back, jewel_card_face, meeple, paste, poker_card_face, poker_suit_symbol,
    rounded_panel, start_marker, suit_color, suit_symbol,
};
use come_buy_media::png::write_png;
use std::path::PathBuf;
use std::time::Instant;

const TABLE_GREEN: [u8; 3] = [28, 92, 66];

/// Runs `f` five times and prints the fastest (the machine may be busy with other work).
fn timed<T>(label: &str, f: impl Fn() -> T) -> T {
    let mut best = f64::MAX;
    let mut out = None;
    for _ in 0..5 {
        let t = Instant::now();
        out = Some(f());
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
    }
    println!("{label:<32} {best:>8.2} ms (best of 5)");
    out.expect("ran five times")
}

/// A cream sheet with `rows` of symbols at several sizes.
fn symbol_sheet(count: usize, draw: impl Fn(usize, u32) -> Raster, accent: [u8; 3]) -> Raster {
    let big = 150u32;
    let gap = 24u32;
    let margin = 48u32;
    let width = margin * 2 + count as u32 * big + (count as u32 - 1) * gap;
    let height = margin * 2 + big + 40 + 72 + 24 + 40 + 24;
    let mut sheet = card_face(width, height, accent);
    for i in 0..count {
        let x = margin + i as u32 * (big + gap);
        paste(&mut sheet, &draw(i, big), x as i32, margin as i32);
        // Medium and small versions underneath, to judge legibility.
        let y = margin + big + 30;
        paste(&mut sheet, &draw(i, 64), (x + 10) as i32, y as i32);
        paste(&mut sheet, &draw(i, 40), (x + 84) as i32, (y + 12) as i32);
        paste(&mut sheet, &draw(i, 24), (x + 90) as i32, (y + 64) as i32);
    }
    sheet
}

fn main() -> std::io::Result<()> {
    let out = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("/tmp/art-preview"), PathBuf::from);
    std::fs::create_dir_all(&out)?;

    let suits = symbol_sheet(
        SuitShape::ALL.len(),
        |i, s| suit_symbol(SuitShape::ALL[i], s),
        [150, 110, 50],
    );
    write_png(out.join("suits.png"), &suits)?;
    let gems = symbol_sheet(
        GemShape::ALL.len(),
        |i, s| gem_symbol(GemShape::ALL[i], s),
        [150, 110, 50],
    );
    write_png(out.join("gems.png"), &gems)?;

    // Close-ups, to judge the details.
    let zoom = |count: usize, draw: &dyn Fn(usize) -> Raster| {
        let mut sheet = card_face(count as u32 * 270 + 40, 320, [150, 110, 50]);
        for i in 0..count {
            paste(&mut sheet, &draw(i), 30 + i as i32 * 270, 32);
        }
        sheet
    };
    write_png(
        out.join("zoom_suits_a.png"),
        &zoom(3, &|i| suit_symbol(SuitShape::ALL[i], 256)),
    )?;
    write_png(
        out.join("zoom_suits_b.png"),
        &zoom(3, &|i| suit_symbol(SuitShape::ALL[i + 3], 256)),
    )?;
    write_png(
        out.join("zoom_gems_a.png"),
        &zoom(5, &|i| gem_symbol(GemShape::ALL[i], 256)),
    )?;
    write_png(
        out.join("zoom_gems_b.png"),
        &zoom(5, &|i| gem_symbol(GemShape::ALL[i + 5], 256)),
    )?;

    let mut close = felt(1240, 600, TABLE_GREEN);
    paste(
        &mut close,
        &card_face(375, 525, suit_color(SuitShape::Moons)),
        30,
        36,
    );
    paste(&mut close, &card_back(375, 525), 435, 36);
    paste(&mut close, &coin(256), 840, 20);
    paste(&mut close, &meeple(256, [200, 50, 40]), 840, 300);
    write_png(out.join("zoom_cards.png"), &close)?;

    // Timings at the sizes the game uses.
    for s in SuitShape::ALL {
        timed(&format!("suit_symbol {s:?} 128"), || suit_symbol(s, 128));
    }
    for g in GemShape::ALL {
        timed(&format!("gem_symbol {g:?} 128"), || gem_symbol(g, 128));
    }
    let face = timed("card_face 250x350", || {
        card_face(250, 350, suit_color(SuitShape::Wyrms))
    });
    let back = timed("card_back 250x350", || card_back(250, 350));
    let shadow = timed("card_shadow 250x350+14", || card_shadow(250, 350, 14));
    let gold = timed("coin 128", || coin(128));
    let table = timed("felt 1024x576", || felt(1024, 576, TABLE_GREEN));
    let worker = timed("meeple 110", || meeple(110, [200, 50, 40]));
    let halo = timed("glow 256", || glow(256, [255, 220, 120]));
    let plaque = timed("rounded_panel 300x70", || {
        rounded_panel(300, 70, 18, [24, 20, 30, 215], [214, 170, 80, 255], 3.0)
    });
    write_png(out.join("felt.png"), &table)?;

    // The table scene: felt, cards with shadows, coins, meeples, a glow and a plaque.
    let mut scene = felt(1400, 760, TABLE_GREEN);
    let mut face2 = face.clone();
    paste(&mut face2, &suit_symbol(SuitShape::Wyrms, 120), 65, 60);
    paste(&mut face2, &suit_symbol(SuitShape::Knots, 120), 65, 175);
    let mut face3 = card_face(250, 350, suit_color(SuitShape::Waves));
    paste(&mut face3, &suit_symbol(SuitShape::Waves, 84), 34, 36);
    paste(&mut face3, &suit_symbol(SuitShape::Leaves, 96), 134, 232);
    paste(&mut face3, &gem_symbol(GemShape::Emerald, 110), 70, 120);
    for (card, x) in [(&face2, 60), (&face3, 350), (&back, 640)] {
        paste(&mut scene, &shadow, x - 14 + 6, 60 - 14 + 10);
        paste(&mut scene, card, x, 60);
    }
    // A small hand of backs, fanned by offset.
    let small_back = card_back(125, 175);
    let small_shadow = card_shadow(125, 175, 8);
    for k in 0..4 {
        let x = 940 + k * 48;
        paste(&mut scene, &small_shadow, x - 8 + 4, 80 - 8 + 6);
        paste(&mut scene, &small_back, x, 80);
    }
    // Four players' meeples; the first is the current player, so it glows.
    paste(&mut scene, &halo, 70 + 55 - 128, 470 + 55 - 128);
    paste(&mut scene, &worker, 70, 470);
    for (k, col) in [[40, 110, 210], [240, 200, 40], [250, 250, 245]]
        .iter()
        .enumerate()
    {
        paste(&mut scene, &meeple(110, *col), 190 + k as i32 * 120, 470);
    }
    for k in 0..5 {
        paste(&mut scene, &gold, 580 + k * 26, 480 - k * 10);
    }
    paste(&mut scene, &coin(64), 780, 520);
    paste(&mut scene, &coin(40), 860, 540);
    let mut plaque = plaque;
    paste(&mut plaque, &meeple(56, [40, 110, 210]), 10, 7);
    paste(&mut plaque, &gem_symbol(GemShape::Ruby, 44), 80, 13);
    paste(&mut plaque, &gem_symbol(GemShape::Sapphire, 44), 130, 13);
    paste(&mut plaque, &gem_symbol(GemShape::Gold, 44), 180, 13);
    paste(&mut plaque, &coin(44), 240, 13);
    paste(&mut scene, &glow(200, [120, 200, 255]), 930, 420);
    paste(&mut scene, &plaque, 880, 480);
    paste(&mut scene, &glow(160, [255, 220, 120]), 1200, 560);
    paste(&mut scene, &gem_symbol(GemShape::Diamond, 100), 1230, 590);
    write_png(out.join("cards.png"), &scene)?;

    poker_sheet(&out)?;
    jewel_sheet(&out)?;
    tokens_sheet(&out)?;
    println!("wrote {}", out.display());
    Ok(())
}

/// Pastes `src` centred on (x, y).
fn paste_centred(dst: &mut Raster, src: &Raster, x: f32, y: f32) {
    paste(
        dst,
        src,
        (x - src.width as f32 * 0.5).round() as i32,
        (y - src.height as f32 * 0.5).round() as i32,
    );
}

/// Mýkonos: the four pips at several sizes on a face, and faces laid out as the game will, with
/// small pips in the corners (under where the rank goes) and a big pip in the middle.
fn poker_sheet(out: &std::path::Path) -> std::io::Result<()> {
    for s in PokerSuit::ALL {
        timed(&format!("poker_suit_symbol {s:?} 128"), || {
            poker_suit_symbol(s, 128)
        });
    }
    let face = timed("poker_card_face 240x336", || poker_card_face(240, 336));
    let mut sheet = felt(1500, 780, TABLE_GREEN);
    let mut strip = poker_card_face(880, 330);
    for (i, s) in PokerSuit::ALL.into_iter().enumerate() {
        let x = 60 + i as i32 * 205;
        paste(&mut strip, &poker_suit_symbol(s, 150), x, 40);
        paste(&mut strip, &poker_suit_symbol(s, 64), x, 210);
        paste(&mut strip, &poker_suit_symbol(s, 40), x + 78, 222);
        paste(&mut strip, &poker_suit_symbol(s, 24), x + 132, 230);
    }
    paste(&mut sheet, &strip, 40, 40);
    let shadow = card_shadow(240, 336, 12);
    paste(&mut sheet, &shadow, 960 - 12 + 5, 40 - 12 + 8);
    paste(&mut sheet, &face, 960, 40);
    paste(&mut sheet, &shadow, 1230 - 12 + 5, 40 - 12 + 8);
    paste(&mut sheet, &poker_card_face(240, 336), 1230, 40);
    for (i, s) in PokerSuit::ALL.into_iter().enumerate() {
        let mut card = face.clone();
        // The rank text sits above each corner pip; the big pip fills the middle.
        paste(&mut card, &poker_suit_symbol(s, 40), 22, 70);
        paste(
            &mut card,
            &poker_suit_symbol(s, 40),
            240 - 22 - 40,
            336 - 70 - 40,
        );
        paste_centred(&mut card, &poker_suit_symbol(s, 130), 120.0, 168.0);
        let x = 40 + i as i32 * 290;
        paste(&mut sheet, &shadow, x - 12 + 5, 420 - 12 + 8);
        paste(&mut sheet, &card, x, 420);
    }
    // Small cards, as in a hand at the bottom of the screen.
    for (i, s) in PokerSuit::ALL.into_iter().enumerate() {
        let mut card = poker_card_face(96, 134);
        paste_centred(&mut card, &poker_suit_symbol(s, 56), 48.0, 67.0);
        paste(
            &mut sheet,
            &card,
            1200 + (i as i32 % 2) * 120,
            420 + (i as i32 / 2) * 160,
        );
    }
    write_png(out.join("poker.png"), &sheet)?;
    let mut zoom = felt(1300, 700, TABLE_GREEN);
    paste(&mut zoom, &poker_card_face(440, 616), 30, 40);
    for (i, s) in PokerSuit::ALL.into_iter().enumerate() {
        paste(
            &mut zoom,
            &poker_suit_symbol(s, 256),
            500 + (i as i32 % 3) * 270,
            40 + (i as i32 / 3) * 300,
        );
    }
    write_png(out.join("zoom_poker.png"), &zoom)
}

/// A jeweller's face with `gems` placed in its settings (by the exported geometry) and a
/// stand-in for the wish (a gem and a florin where the text will go).
fn jewel_card(w: u32, h: u32, gems: [GemShape; 4], wish: Option<GemShape>) -> Raster {
    let mut card = jewel_card_face(w, h);
    let (wf, hf) = (w as f32, h as f32);
    let gem_px = (JEWEL_GEM_SCALE * JEWEL_SETTING_RADIUS * wf).round() as u32;
    for (&(fx, fy), g) in JEWEL_SETTINGS.iter().zip(gems) {
        paste_centred(&mut card, &gem_symbol(g, gem_px), fx * wf, fy * hf);
    }
    if let Some(g) = wish {
        let (l, t, cw, ch) = JEWEL_CARTOUCHE;
        let size = (ch * hf * 0.5) as u32;
        let mid_y = (t + ch * 0.5) * hf;
        paste_centred(&mut card, &gem_symbol(g, size), (l + cw * 0.3) * wf, mid_y);
        paste_centred(&mut card, &florin(size), (l + cw * 0.72) * wf, mid_y);
    }
    card
}

/// The Duchess's Necklace: face, back, and faces with gems in their settings.
fn jewel_sheet(out: &std::path::Path) -> std::io::Result<()> {
    let face = timed("jewel_card_face 240x336", || jewel_card_face(240, 336));
    let back = timed("jewel_card_back 240x336", || jewel_card_back(240, 336));
    use GemShape::*;
    let hands = [
        ([Ruby, Emerald, Pearl, Jet], Some(Sapphire)),
        ([Amber, Diamond, Amethyst, Sapphire], Some(Emerald)),
        ([Emerald, Rainbow, Ruby, Diamond], Some(Pearl)),
        ([Gold, Pearl, Amber, Amethyst], None),
    ];
    let mut sheet = felt(1560, 680, TABLE_GREEN);
    let shadow = card_shadow(240, 336, 12);
    for (i, card) in [face.clone(), back.clone()].iter().enumerate() {
        let x = 40 + i as i32 * 280;
        paste(&mut sheet, &shadow, x - 12 + 5, 40 - 12 + 8);
        paste(&mut sheet, card, x, 40);
    }
    for (i, (gems, wish)) in hands.iter().enumerate() {
        let x = 600 + (i as i32 % 4) * 240;
        let card = jewel_card(220, 308, *gems, *wish);
        paste(
            &mut sheet,
            &card_shadow(220, 308, 12),
            x - 12 + 5,
            40 - 12 + 8,
        );
        paste(&mut sheet, &card, x, 40);
    }
    // Small, as in a hand, and a fan of backs.
    for (i, (gems, wish)) in hands.iter().enumerate() {
        paste(
            &mut sheet,
            &jewel_card(120, 168, *gems, *wish),
            40 + i as i32 * 135,
            420,
        );
    }
    for k in 0..5 {
        paste(&mut sheet, &jewel_card_back(120, 168), 620 + k * 40, 420);
    }
    paste(&mut sheet, &jewel_card_back(160, 224), 900, 420);
    write_png(out.join("jewel.png"), &sheet)?;
    let mut zoom = felt(1120, 760, TABLE_GREEN);
    paste(
        &mut zoom,
        &jewel_card(480, 672, [Ruby, Emerald, Pearl, Jet], Some(Diamond)),
        30,
        40,
    );
    paste(&mut zoom, &jewel_card_back(480, 672), 580, 40);
    write_png(out.join("zoom_jewel.png"), &zoom)
}

/// Tokens: the start marker, meeples in neutral grey and every seat colour, the florin beside
/// the Goblin Market coin.
fn tokens_sheet(out: &std::path::Path) -> std::io::Result<()> {
    let marker = timed("start_marker 128", || start_marker(128));
    let lily = timed("florin 128", || florin(128));
    let grey = timed("meeple 128 grey", || meeple(128, [150, 150, 155]));
    let seats: [[u8; 3]; 8] = [
        [214, 69, 65],
        [52, 120, 219],
        [241, 196, 15],
        [46, 160, 67],
        [155, 89, 182],
        [230, 126, 34],
        [236, 240, 241],
        [26, 188, 156],
    ];
    let mut sheet = felt(1400, 620, TABLE_GREEN);
    paste(&mut sheet, &marker, 40, 40);
    paste(&mut sheet, &start_marker(64), 180, 72);
    paste(&mut sheet, &start_marker(40), 256, 84);
    paste(&mut sheet, &lily, 330, 40);
    paste(&mut sheet, &florin(64), 470, 72);
    paste(&mut sheet, &florin(40), 546, 84);
    paste(&mut sheet, &coin(128), 620, 40);
    paste(&mut sheet, &coin(64), 760, 72);
    for k in 0..5 {
        paste(&mut sheet, &florin(96), 860 + k * 24, 60 - k * 8);
    }
    paste(&mut sheet, &grey, 40, 220);
    for (i, col) in seats.iter().enumerate() {
        paste(&mut sheet, &meeple(110, *col), 180 + i as i32 * 118, 230);
    }
    for (i, col) in std::iter::once(&[150, 150, 155])
        .chain(seats.iter())
        .enumerate()
    {
        paste(&mut sheet, &meeple(48, *col), 60 + i as i32 * 60, 380);
        paste(&mut sheet, &meeple(28, *col), 70 + i as i32 * 60, 440);
    }
    // On a card, to judge them against cream.
    let mut card = poker_card_face(240, 336);
    paste(&mut card, &start_marker(96), 72, 40);
    paste(&mut card, &meeple(96, [150, 150, 155]), 20, 180);
    paste(&mut card, &meeple(96, [236, 240, 241]), 120, 180);
    paste(&mut sheet, &card, 1120, 240);
    write_png(out.join("tokens.png"), &sheet)?;
    let mut zoom = felt(1100, 340, TABLE_GREEN);
    paste(&mut zoom, &start_marker(300), 20, 20);
    paste(&mut zoom, &florin(300), 380, 20);
    paste(&mut zoom, &meeple(300, [150, 150, 155]), 740, 20);
    write_png(out.join("zoom_tokens.png"), &zoom)
}
