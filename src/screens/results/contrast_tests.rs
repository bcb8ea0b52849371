//! The results' colours read on their bands.

use super::*;

/// WCAG's relative luminance of an sRGB colour.
fn luminance(c: Color) -> f32 {
    let c = c.to_srgba();
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
}

/// A band laid over the felt.
fn over_felt(band: Color) -> Color {
    let b = band.to_srgba();
    let f = theme::rgb(theme::FELT).to_srgba();
    let mix = |x: f32, y: f32| x * b.alpha + y * (1.0 - b.alpha);
    Color::srgb(
        mix(b.red, f.red),
        mix(b.green, f.green),
        mix(b.blue, f.blue),
    )
}

/// Every word on a results row (the name in cream, the totals in gold, the cells in
/// cream, green and red) reads at 4.5:1 or more on both bands.
#[test]
fn row_colours_read() {
    let words = [
        theme::CREAM,
        theme::GOLD,
        Color::srgb(0.55, 0.95, 0.55),
        Color::srgb(1.0, 0.55, 0.5),
    ];
    for band in [WINNER_BAND, ROW_BAND] {
        let bg = luminance(over_felt(band));
        for w in words {
            let fg = luminance(w);
            let ratio = (fg.max(bg) + 0.05) / (fg.min(bg) + 0.05);
            assert!(ratio >= 4.5, "{w:?} on {band:?}: {ratio:.2}:1");
        }
    }
}
