//! The results' colours read on their bands.

use super::*;

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
    let rgb = |c: Color| {
        let [r, g, b, _] = c.to_srgba().to_u8_array();
        [r, g, b]
    };
    for band in [WINNER_BAND, ROW_BAND] {
        for w in words {
            let ratio = come_buy_media::art::contrast(rgb(w), rgb(over_felt(band)));
            assert!(ratio >= 4.5, "{w:?} on {band:?}: {ratio:.2}:1");
        }
    }
}
