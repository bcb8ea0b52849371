//! Renders preview sheets of the procedural art as PNGs.
//!
//! `cargo run -p come-buy-media --example art_preview -- OUT_DIR` writes `suits.png`,
//! `gems.png`, `cards.png` and `felt.png` into OUT_DIR (default `/tmp/art-preview`).

use come_buy_media::art::{
    GemShape, Raster, SuitShape, card_back, card_face, card_shadow, coin, felt, gem_symbol, glow,
    meeple, paste, rounded_panel, suit_color, suit_symbol,
};
use come_buy_media::png::write_png;
use std::path::PathBuf;
use std::time::Instant;

const TABLE_GREEN: [u8; 3] = [28, 92, 66];

fn timed<T>(label: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    println!("{label:<28} {:>8.2} ms", t.elapsed().as_secs_f64() * 1000.0);
    out
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

    println!("wrote {}", out.display());
    Ok(())
}
