//! Poker suits (pips) and the Mýkonos card face.

use super::*;

// ---------------------------------------------------------------------------------------------
// Poker suits and the Mýkonos card face
// ---------------------------------------------------------------------------------------------

/// The four French suits of the poker deck that Mýkonos is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PokerSuit {
    /// Spades: a pointed blade on a stalk, in ink.
    Spades,
    /// Hearts, in red.
    Hearts,
    /// Diamonds: a lozenge with gently curved sides, in blue.
    Diamonds,
    /// Clubs: a three-lobed trefoil on a stalk, in green.
    Clubs,
}

impl PokerSuit {
    /// Every suit, in bridge order from the highest.
    pub const ALL: [PokerSuit; 4] = [
        PokerSuit::Spades,
        PokerSuit::Hearts,
        PokerSuit::Diamonds,
        PokerSuit::Clubs,
    ];
}

/// The suit's colour in a four-colour deck: ink spades, red hearts, blue diamonds and green
/// clubs. No two suits share a colour, and the red and the green also differ clearly in lightness,
/// so players who confuse red with green still tell hearts from clubs (the shapes differ too).
/// Each stands out from the card's paper at WCAG's 4.5:1 or more, as a phone's small rank
/// needs (the layout audit judges the TV's ranks against the face under them, the phone check
/// the page's: a lighter green read 2.6:1 on the TV, 2.95:1 on a phone); the green is as dark
/// as the red's difference in lightness lets it be.
pub fn poker_suit_color(s: PokerSuit) -> Rgb {
    match s {
        PokerSuit::Spades => [36, 38, 52],
        PokerSuit::Hearts => [200, 26, 44],
        PokerSuit::Diamonds => [30, 98, 214],
        PokerSuit::Clubs => [14, 124, 56],
    }
}

/// A poker suit's pip on a transparent square, about 85% of it: the classic spade, heart,
/// lozenge or trefoil club, enamelled like the other symbols (outline, bevel, inlay, gloss).
pub fn poker_suit_symbol(s: PokerSuit, size: u32) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    let base = rgb(poker_suit_color(s));
    match s {
        PokerSuit::Spades => {
            let inlay = |p: V| spade_body(p) + 0.13;
            draw_pip(&mut c, view, &pip_spade, &inlay, base, v(-0.3, -0.22));
        }
        PokerSuit::Hearts => {
            let inlay = |p: V| pip_heart(p) + 0.14;
            draw_pip(&mut c, view, &pip_heart, &inlay, base, v(-0.42, -0.36));
        }
        PokerSuit::Diamonds => {
            let inlay = |p: V| pip_diamond(p) + 0.13;
            draw_pip(&mut c, view, &pip_diamond, &inlay, base, v(-0.2, -0.34));
        }
        PokerSuit::Clubs => {
            let inlay = |p: V| smin(club_lobes(p), sd_circle(p, v(0.0, -0.05), 0.15), 0.5) + 0.12;
            draw_pip(&mut c, view, &pip_club, &inlay, base, v(-0.1, -0.58));
        }
    }
    c.into_raster()
}

/// A heart with its point at the bottom.
pub(super) fn pip_heart(p: V) -> f32 {
    let s = 1.4;
    sd_heart(v(p.x / s, (0.8 - p.y) / s)) * s
}

/// A stalk from `top` down to a flat foot at `bottom`, flaring to `half` with inward-curving
/// sides, as under a spade or a club.
pub(super) fn pip_stem(p: V, top: f32, bottom: f32, half: f32) -> f32 {
    let span = bottom - top;
    let t = ((p.y - top) / span).clamp(0.0, 1.0);
    let neck = 0.04;
    let width = neck + (half - neck) * t * t;
    let slope = 2.0 * (half - neck) * t / span;
    let side = (p.x.abs() - width) / (1.0 + slope * slope).sqrt();
    side.max(p.y - bottom).max(top - p.y)
}

/// The spade's blade: an upside-down heart, drawn out to a sharper point.
pub(super) fn spade_body(p: V) -> f32 {
    let (sx, sy) = (1.12, 1.32);
    sd_heart(v(p.x / sx, (p.y + 0.92) / sy)) * sx
}

/// An upside-down heart on a flared stalk.
pub(super) fn pip_spade(p: V) -> f32 {
    smin(spade_body(p), pip_stem(p, 0.3, 0.88, 0.3), 0.1)
}

/// A lozenge whose four sides curve gently inward.
pub(super) fn pip_diamond(p: V) -> f32 {
    let (a, b) = (0.68, 0.92);
    let rhombus = sd_polygon(p, &[v(0.0, -b), v(a, 0.0), v(0.0, b), v(-a, 0.0)]);
    let q = p.abs();
    let (radius, sag) = (2.2, 0.06);
    let normal = v(b, a).norm();
    let centre = v(a * 0.5, b * 0.5) + normal * (radius - sag);
    rhombus.max(radius - (q - centre).len())
}

/// The club's three round lobes.
pub(super) fn club_lobes(p: V) -> f32 {
    let r = 0.32;
    sd_circle(p, v(0.0, -0.49), r)
        .min(sd_circle(p, v(-0.45, 0.08), r))
        .min(sd_circle(p, v(0.45, 0.08), r))
}

/// Three round lobes on a flared stalk.
pub(super) fn pip_club(p: V) -> f32 {
    let core = sd_circle(p, v(0.0, -0.05), 0.15);
    smin(
        smin(club_lobes(p), core, 0.14),
        pip_stem(p, 0.1, 0.86, 0.25),
        0.07,
    )
}

/// An enamelled pip: shadow, outline, a fill lighter at the top, a fine inlaid line along the
/// edge of `inlay` (a smoother inset of the shape), and a highlight at `shine`.
pub(super) fn draw_pip(
    c: &mut Canvas,
    view: View,
    sdf: &impl Fn(V) -> f32,
    inlay: &impl Fn(V) -> f32,
    base: C3,
    shine: V,
) {
    drop_shadow(c, view, sdf);
    let top = mix(base, WHITE, 0.14);
    let bottom = scale(base, 0.84);
    part(
        c,
        view,
        sdf,
        &|p: V, _| mix(top, bottom, smoothstep(-0.85, 0.85, p.y)),
        ink(base),
    );
    let line = mix(base, WHITE, 0.6);
    c.fill(
        view,
        1.0,
        |p| inlay(p).abs() - 0.013,
        |_, _| with_alpha(line, 0.4),
    );
    gloss(c, view, sdf, shine, v(0.2, 0.13), 0.45);
}

/// The Aegean blue of the Mýkonos meander.
pub(super) const AEGEAN: u32 = 0x2a_66ac;

/// The running Greek key between two rails: distance (in key units) from the point
/// (`along`, `across`) to the nearest line, where `across` is 0 at the outer rail and 4 at the
/// inner one and each hook takes 4 units along.
pub(super) fn meander_lines(along: f32, across: f32) -> f32 {
    // One hook, hanging from the outer rail and winding inward; the gaps are all one unit wide.
    const HOOK: [V; 7] = [
        v(0.0, 0.0),
        v(0.0, 3.0),
        v(3.0, 3.0),
        v(3.0, 1.0),
        v(1.0, 1.0),
        v(1.0, 2.0),
        v(2.0, 2.0),
    ];
    let local = along - 4.0 * (along / 4.0).floor();
    let mut d = across.abs().min((across - 4.0).abs());
    for shift in [-4.0, 0.0, 4.0] {
        let q = v(local + shift, across);
        for w in HOOK.windows(2) {
            d = d.min(sd_segment(q, w[0], w[1]).0);
        }
    }
    d
}

/// A poker card front for Mýkonos: ivory with a faint lime-wash texture and a quiet Aegean-blue
/// Greek-key border. The corners and the middle are left clear for the rank and the pips,
/// which the game draws on top.
pub fn poker_card_face(width: u32, height: u32) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let card = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let u = w.min(h);
    let s = u / 240.0;
    let ivory = hex(0xfa_f5e8);
    let cool = hex(0xe4_eaee);
    c.fill(view, 1.0, card, |p, d| {
        // Lime wash: long soft brush strokes, cloudy patches that let a cool plaster through,
        // and a fine chalky grain.
        let stroke = vnoise(v(p.x * 0.011 / s, p.y * 0.1 / s), 61) - 0.5;
        let cloud = fbm(p * (0.016 / s), 62, 3);
        let grain = hashf(p.x as i32, p.y as i32, 63) - 0.5;
        let mut col = mix(ivory, cool, smoothstep(0.55, 0.9, cloud) * 0.3);
        col = scale(
            col,
            1.0 + stroke * 0.022 + (cloud - 0.5) * 0.015 + grain * 0.02,
        );
        let inward = -d;
        col = mix(
            col,
            hex(0xe2_dccc),
            (1.0 - smoothstep(0.0, 0.08 * u, inward)) * 0.4,
        );
        col = mix(
            col,
            hex(0x9c_a4ac),
            (1.0 - smoothstep(0.6, 1.8 * s.max(0.7), inward)) * 0.7,
        );
        with_alpha(col, 1.0)
    });
    // The key runs clockwise round a band between two rails, with a square and a dot in each
    // corner; the unit is stretched a little per side so that whole hooks fit.
    let margin = 0.05 * u;
    let band = 0.056 * u;
    let (x0, x1, y0, y1) = (margin, w - margin, margin, h - margin);
    let hooks = |len: f32| (len / band).round().max(1.0);
    let (len_x, len_y) = (
        (x1 - x0 - 2.0 * band).max(1.0),
        (y1 - y0 - 2.0 * band).max(1.0),
    );
    let (unit_x, unit_y) = (len_x / (4.0 * hooks(len_x)), len_y / (4.0 * hooks(len_y)));
    let unit_across = band / 4.0;
    let line = 0.17;
    let key = move |p: V| {
        let fx = (p.x - x0).min(x1 - p.x);
        let fy = (p.y - y0).min(y1 - p.y);
        if fx < band && fy < band {
            // A corner square: rails all round it and a dot in the middle.
            let f = v(fx, fy) * (1.0 / unit_across);
            let rails = sd_box(f, v(2.0, 2.0), v(2.0, 2.0)).abs();
            let dot = (f - v(2.0, 2.0)).len() - 0.55;
            return (rails - line).min(dot) * unit_across;
        }
        let (along, across, unit) = if fy <= fx {
            if p.y - y0 <= y1 - p.y {
                (p.x - x0 - band, p.y - y0, unit_x)
            } else {
                (x1 - band - p.x, y1 - p.y, unit_x)
            }
        } else if x1 - p.x <= p.x - x0 {
            (p.y - y0 - band, x1 - p.x, unit_y)
        } else {
            (y1 - band - p.y, p.x - x0, unit_y)
        };
        let d = meander_lines(along / unit, across / unit_across);
        (d - line) * unit_across.min(unit)
    };
    let blue = hex(AEGEAN);
    c.fill(
        view,
        1.0,
        move |p: V| {
            let fx = (p.x - x0).min(x1 - p.x);
            let fy = (p.y - y0).min(y1 - p.y);
            (-fx).max(-fy).max(fx.min(fy) - band)
        },
        |_, _| with_alpha(blue, 0.06),
    );
    c.fill(view, 1.0, key, |p, _| {
        let wash = vnoise(p * (0.05 / s), 64);
        with_alpha(blue, 0.5 + 0.15 * wash)
    });
    c.mask(view, 1.0, card);
    c.into_raster()
}
