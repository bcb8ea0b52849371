//! The Decktet card face and back, the card shadow, and the table's pieces: coin, felt,
//! meeple, panels and glow.

use super::*;

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/// The corner radius of every card: 6% of its width.
pub(super) fn card_radius(w: f32, h: f32) -> f32 {
    0.06 * w.min(h)
}

/// The paper of a [`card_face`] (before its grain and its aged edge): what a number printed
/// on the card is read against.
pub const CARD_PAPER: Rgb = [0xf6, 0xee, 0xd8];

/// A card front: cream parchment, a double border in `accent`, little corner flourishes, and a
/// clean middle for the game to draw on.
pub fn card_face(width: u32, height: u32, accent: Rgb) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let card = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let accent = rgb(accent);
    let u = w.min(h);
    let paper = rgb(CARD_PAPER);
    let edge_col = hex(0xa8_8a60);
    c.fill(view, 1.0, card, |p, d| {
        let s = u / 250.0;
        let blotch = fbm(p * (0.018 / s), 3, 4) - 0.5;
        let grain = hashf(p.x as i32, p.y as i32, 9) - 0.5;
        let fibre = vnoise(v(p.x * 0.09 / s, p.y * 0.6 / s), 4) - 0.5;
        let mut col = scale(paper, 1.0 + blotch * 0.07 + grain * 0.025 + fibre * 0.02);
        // Slightly aged toward the edge, with a crisp darker rim to sit on the felt.
        let inward = -d;
        col = mix(
            col,
            hex(0xe4_d0a8),
            (1.0 - smoothstep(0.0, 0.1 * u, inward)) * 0.45,
        );
        col = mix(
            col,
            edge_col,
            (1.0 - smoothstep(0.6, 1.8 * s.max(0.7), inward)) * 0.7,
        );
        with_alpha(col, 1.0)
    });
    // The double border.
    let m1 = 0.055 * u;
    let m2 = m1 + 0.03 * u;
    let frame = move |m: f32| {
        move |p: V| {
            sd_round_box(
                p,
                centre,
                v(w * 0.5 - m, h * 0.5 - m),
                (r - m * 0.6).max(r * 0.35),
            )
        }
    };
    let outer = frame(m1);
    let inner = frame(m2);
    let band_col = mix(accent, hex(0xf6_eed8), 0.86);
    c.fill(
        view,
        1.0,
        |p| outer(p).max(-inner(p)),
        |_, _| with_alpha(band_col, 0.8),
    );
    let ink_col = mix(accent, BLACK, 0.12);
    let t1 = (0.012 * u).max(1.0);
    let t2 = (0.006 * u).max(0.7);
    c.fill(
        view,
        1.0,
        |p| outer(p).abs() - t1 * 0.5,
        |_, _| with_alpha(ink_col, 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| inner(p).abs() - t2 * 0.5,
        |_, _| with_alpha(ink_col, 0.95),
    );
    // Corner flourishes, mirrored into all four corners: a lozenge with two tapering sprigs.
    let corner = v(w * 0.5 - m2, h * 0.5 - m2);
    let unit = 0.01 * u;
    let fl = move |p: V| {
        let q = (p - centre).abs();
        let f = corner - q; // distance in from the inner border, per axis
        let a = 5.2 * unit;
        let lozenge = (f - v(a, a)).abs();
        let loz = (lozenge.x + lozenge.y) / SQRT_2 - 1.9 * unit;
        let mut d = loz;
        for (along, across) in [(f.x, f.y), (f.y, f.x)] {
            let (ds, h) = sd_segment(
                v(along, across),
                v(a + 2.2 * unit, a),
                v(a + 11.0 * unit, a),
            );
            d = d.min(ds - lerp(1.0 * unit, 0.25 * unit, h));
            d = d.min(sd_circle(
                v(along, across),
                v(a + 12.8 * unit, a),
                0.9 * unit,
            ));
        }
        d
    };
    c.fill(view, 1.0, fl, |_, _| with_alpha(ink_col, 1.0));
    // A lighter heart in the lozenge.
    c.fill(
        view,
        1.0,
        move |p: V| {
            let f = corner - (p - centre).abs();
            let a = 5.2 * unit;
            let q = (f - v(a, a)).abs();
            (q.x + q.y) / SQRT_2 - 0.75 * unit
        },
        |_, _| with_alpha(mix(accent, WHITE, 0.55), 1.0),
    );
    c.mask(view, 1.0, card);
    c.into_raster()
}

/// A card back: deep plum lattice with gold lines, a green and gold border, and a pomegranate
/// medallion in the middle.
pub fn card_back(width: u32, height: u32) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let b = Back::new(w, h);
    let gold = hex(0xd8_aa50);
    back_lattice(&mut c, view, b, gold);
    back_flowers(&mut c, view, b, gold);
    back_band(&mut c, view, b, gold);
    // Medallion.
    card_back_medallion(&mut c, view, (b.centre, 0.27 * b.u, h * 0.01), (b.s, gold));
    // A thin dark edge.
    let card = move |p: V| b.card(p);
    c.fill(
        view,
        1.0,
        |p| card(p).abs() - 0.8,
        |_, _| with_alpha(hex(0x1a_0a1c), 0.9),
    );
    c.mask(view, 1.0, card);
    c.into_raster()
}

/// The card back's measures: its size, middle and corner, its scale (`s`, 1 at 250 pixels),
/// the lattice's cell and the border band's two edges (their margins).
#[derive(Clone, Copy)]
struct Back {
    w: f32,
    h: f32,
    u: f32,
    centre: V,
    r: f32,
    s: f32,
    cell: f32,
    m_band: f32,
    m_field: f32,
}

impl Back {
    fn new(w: f32, h: f32) -> Back {
        let u = w.min(h);
        let s = u / 250.0;
        Back {
            w,
            h,
            u,
            centre: v(w * 0.5, h * 0.5),
            r: card_radius(w, h),
            s,
            cell: 26.0 * s,
            m_band: 0.045 * w,
            m_field: 0.1 * u,
        }
    }

    /// The card's outline.
    fn card(self, p: V) -> f32 {
        sd_round_box(p, self.centre, v(self.w * 0.5, self.h * 0.5), self.r)
    }

    /// The card's outline inset by `m`.
    fn inset(self, m: f32, p: V) -> f32 {
        let r = (self.r - m * 0.5).max(self.r * 0.3);
        sd_round_box(p, self.centre, v(self.w * 0.5 - m, self.h * 0.5 - m), r)
    }

    /// The lattice field inside the border band.
    fn field(self, p: V) -> f32 {
        self.inset(self.m_field, p)
    }

    /// `p` in lattice coordinates: along the two diagonals.
    fn diagonals(self, p: V) -> (f32, f32) {
        let q = p - self.centre;
        ((q.x + q.y) / SQRT_2, (q.x - q.y) / SQRT_2)
    }
}

/// The back's plum field of cushioned lozenges, and its gold lattice lines with a dot at
/// every crossing.
fn back_lattice(c: &mut Canvas, view: View, b: Back, gold: C3) {
    let (plum, plum_dark, gold_dark) = (hex(0x4a_1a4c), hex(0x2e_0e32), hex(0x8a_6424));
    let (centre, cell, s) = (b.centre, b.cell, b.s);
    c.fill(
        view,
        1.0,
        |p| b.card(p),
        |p, _| {
            let q = p - centre;
            let (a, bb) = b.diagonals(p);
            let fa = (a / cell).rem_euclid(1.0) - 0.5;
            let fb = (bb / cell).rem_euclid(1.0) - 0.5;
            // Each lozenge is cushioned: lighter in its middle.
            let cushion = 1.0 - (fa.abs().max(fb.abs()) * 2.0).powi(2);
            let parity = ((a / cell).floor() + (bb / cell).floor()).rem_euclid(2.0);
            let mut col = mix(plum_dark, plum, 0.35 + 0.65 * cushion);
            col = scale(col, 1.0 - 0.08 * parity);
            let noise = fbm(p * (0.05 / s), 21, 3) - 0.5;
            col = scale(col, 1.0 + noise * 0.12);
            // Vignette toward the middle's edges.
            let rel = v(q.x / (b.w * 0.5), q.y / (b.h * 0.5));
            col = scale(col, 1.0 - 0.25 * smoothstep(0.4, 1.3, rel.len()));
            with_alpha(col, 1.0)
        },
    );
    let lattice = move |p: V| {
        let (a, bb) = b.diagonals(p);
        let da = (a - cell * (a / cell).round()).abs();
        let db = (bb - cell * (bb / cell).round()).abs();
        let lines = da.min(db) - 0.75 * s.max(0.5);
        let dot = v(da, db).len() - 2.6 * s;
        lines.min(dot)
    };
    c.fill(
        view,
        1.0,
        |p| lattice(p).max(b.field(p)),
        |p, _| {
            let q = p - centre;
            let t = 0.5 + 0.5 * ((q.x - q.y) / (b.w + b.h) * 3.0).sin();
            with_alpha(mix(gold_dark, gold, 0.55 + 0.45 * t), 1.0)
        },
    );
}

/// In every lozenge of the back a little four-petalled green flower (petals toward the
/// lozenge's corners, a dark outline) with a gold seed.
fn back_flowers(c: &mut Canvas, view: View, b: Back, gold: C3) {
    let (cell, s) = (b.cell, b.s);
    let in_cell = move |p: V| {
        let (a, bb) = b.diagonals(p);
        let ca = a - cell * ((a / cell).floor() + 0.5);
        let cb = bb - cell * ((bb / cell).floor() + 0.5);
        v(ca + cb, ca - cb) * (1.0 / SQRT_2)
    };
    let flower = move |p: V| {
        let f = in_cell(p) * (26.0 / cell);
        let l1 = sd_vesica(f, 6.5, 4.6);
        let l2 = sd_vesica(v(f.y, f.x), 6.5, 4.6);
        l1.min(l2) * (cell / 26.0)
    };
    c.fill(
        view,
        1.0,
        |p| (flower(p) - 0.8 * s).max(b.field(p) + 2.0 * s),
        |_, _| with_alpha(hex(0x10_2a20), 0.9),
    );
    c.fill(
        view,
        1.0,
        |p| flower(p).max(b.field(p) + 2.0 * s),
        |p, _| {
            let f = in_cell(p) * (1.0 / cell);
            let t = (0.6 - f.len() * 4.0).clamp(0.0, 1.0);
            with_alpha(mix(hex(0x2a_7a52), hex(0x6a_c080), t), 1.0)
        },
    );
    c.fill(
        view,
        1.0,
        |p| in_cell(p).len() - 1.3 * s.max(0.6),
        |_, _| with_alpha(gold, 1.0),
    );
}

/// The back's border band: deep green with gold rules on both edges and a row of small gold
/// dots along its middle.
fn back_band(c: &mut Canvas, view: View, b: Back, gold: C3) {
    let s = b.s;
    let green = hex(0x16_4a38);
    c.fill(
        view,
        1.0,
        |p| (-b.field(p)).max(b.card(p)),
        |p, _| {
            let n = fbm(p * (0.06 / s), 41, 3) - 0.5;
            with_alpha(scale(green, 1.0 + n * 0.2), 1.0)
        },
    );
    let rule = (1.1 * s).max(0.7);
    c.fill(
        view,
        1.0,
        |p| b.field(p).abs() - rule,
        |_, _| with_alpha(gold, 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| b.inset(b.m_band, p).abs() - rule,
        |_, _| with_alpha(gold, 1.0),
    );
    let mid_band = move |p: V| b.inset((b.m_band + b.m_field) * 0.5, p);
    card_back_dots(c, view, mid_band, (b.centre, b.w, b.h), (s, gold));
}

/// A row of small gold dots along the card back's border band (`mid_band` its middle line).
pub(super) fn card_back_dots(
    c: &mut Canvas,
    view: View,
    mid_band: impl Fn(V) -> f32,
    (centre, w, h): (V, f32, f32),
    (s, gold): (f32, C3),
) {
    let dots = |p: V| {
        let q = p - centre;
        let along = if q.x.abs() * h > q.y.abs() * w {
            q.y
        } else {
            q.x
        };
        let spacing = 12.0 * s;
        let f = along - spacing * (along / spacing).round();
        let d_line = mid_band(p).abs();
        v(f, d_line).len() - 1.5 * s.max(0.6)
    };
    c.fill(view, 1.0, dots, |_, _| with_alpha(gold, 0.9));
}

/// The card back's medallion: a green sunburst in a bevelled gold ring, the pomegranate in it
/// (`lift` raises it a little), `s` the card's scale.
pub(super) fn card_back_medallion(
    c: &mut Canvas,
    view: View,
    (centre, med_r, lift): (V, f32, f32),
    (s, gold): (f32, C3),
) {
    let med = move |p: V| sd_circle(p, centre, med_r);
    c.fill(
        view,
        (6.0 * s).max(1.0),
        |p| sd_circle(p, centre + v(2.0, 3.0) * s, med_r + 2.0 * s),
        |_, _| [0.0, 0.0, 0.0, 0.5],
    );
    c.fill(view, 1.0, med, |p, _| {
        let q = (p - centre) * (1.0 / med_r);
        let rays = (q.angle() * 16.0).cos() * 0.5 + 0.5;
        let col = mix(hex(0x1a_5a44), hex(0x12_3a2e), q.len());
        with_alpha(mix(col, hex(0x22_6a50), rays * 0.35 * (1.0 - q.len())), 1.0)
    });
    c.fill(
        view,
        1.0,
        |p| med(p).abs() - 2.2 * s,
        |p, _| {
            let n = bevel(
                &|q: V| med(q).abs() - 2.2 * s,
                p,
                med(p).abs() - 2.2 * s,
                2.2 * s,
                0.7,
            );
            with_alpha(gold_shade(n, (p - centre) * (1.0 / med_r)), 1.0)
        },
    );
    c.fill(
        view,
        1.0,
        |p| (med(p) + 5.0 * s).abs() - 0.7 * s,
        |_, _| with_alpha(gold, 0.9),
    );
    draw_pomegranate(c, View::around(centre + v(0.0, lift), med_r * 0.8));
}

/// A pomegranate with a crown and two leaves, in the `[-1, 1]` square of `view`.
pub(super) fn draw_pomegranate(c: &mut Canvas, view: View) {
    let fruit_col = hex(0xc4_2038);
    let leaf_col = hex(0x4a_a040);
    let crown_pts = [
        v(-0.26, -0.42),
        v(-0.34, -0.78),
        v(-0.14, -0.6),
        v(0.0, -0.84),
        v(0.14, -0.6),
        v(0.34, -0.78),
        v(0.26, -0.42),
    ];
    let body = |p: V| sd_circle(p, v(0.0, 0.15), 0.66);
    let crown = |p: V| sd_polygon(p, &crown_pts) - 0.03;
    let fruit = |p: V| smin(body(p), crown(p), 0.12);
    let leaf_a = |p: V| sd_vesica((p - v(-0.42, -0.62)).rot(-1.0), 0.5, 0.36);
    let leaf_b = |p: V| sd_vesica((p - v(0.44, -0.6)).rot(1.05), 0.46, 0.33);
    let all = |p: V| fruit(p).min(leaf_a(p)).min(leaf_b(p));
    drop_shadow(c, view, &all);
    part(c, view, &leaf_a, &|_, _| leaf_col, ink(leaf_col));
    part(
        c,
        view,
        &leaf_b,
        &|_, _| scale(leaf_col, 0.9),
        ink(leaf_col),
    );
    part(
        c,
        view,
        &fruit,
        &|p: V, _| {
            // Soft vertical lobes.
            let lobe = (p.x * 5.0).cos() * 0.5 + 0.5;
            mix(
                fruit_col,
                scale(fruit_col, 0.85),
                lobe * smoothstep(-0.2, 0.4, p.y) * 0.5,
            )
        },
        ink(fruit_col),
    );
    // The mouth of the crown, darker inside.
    c.fill(
        view,
        1.0,
        |p| sd_round_box(p, v(0.0, -0.47), v(0.16, 0.04), 0.03),
        |_, _| with_alpha(hex(0x5a_0a18), 0.9),
    );
    gloss(c, view, &body, v(-0.28, -0.05), v(0.2, 0.28), 0.55);
}

/// A soft black rounded-rectangle shadow for a `width` x `height` card, `blur` pixels wider on
/// every side (the returned image is `width + 2 blur` by `height + 2 blur`).
pub fn card_shadow(width: u32, height: u32, blur: u32) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let b = blur as f32;
    let (tw, th) = (width.max(1) + 2 * blur, height.max(1) + 2 * blur);
    let mut c = Canvas::new(tw, th);
    let centre = v(tw as f32 * 0.5, th as f32 * 0.5);
    let r = card_radius(w, h);
    let rect = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let soft = (1.6 * b).max(1.0);
    c.fill(
        View::pixels(),
        1.0,
        |p| rect(p) - b,
        |p, _| {
            let d = rect(p);
            // A smooth falloff: full strength a little inside the card, zero at the blur margin.
            let t = 1.0 - smoothstep(-0.6 * soft * 0.5, b.max(0.5), d);
            [0.0, 0.0, 0.0, 0.55 * t]
        },
    );
    c.into_raster()
}

// ---------------------------------------------------------------------------------------------
// Coin, felt, meeple, panels, glow
// ---------------------------------------------------------------------------------------------

/// A gold coin: raised rim, beaded ring, a stamped star, and a polished highlight.
pub fn coin(size: u32) -> Raster {
    let star = star_points(10, &[0.42, 0.17], -PI / 2.0);
    struck_coin(size, &|p| sd_polygon(p, &star), 28.0, WHITE, 0.0)
}

/// Table felt: `base` with fine fibres, soft mottling and a vignette toward the edges.
pub fn felt(width: u32, height: u32, base: Rgb) -> Raster {
    let (w, h) = (width.max(1), height.max(1));
    let base = rgb(base);
    let s = h as f32 / 576.0;
    // The slow parts (mottling and vignette) on a coarse grid, interpolated per pixel.
    const GRID: usize = 8;
    let (gw, gh) = (w as usize / GRID + 2, h as usize / GRID + 2);
    let mut slow = Vec::with_capacity(gw * gh);
    for gy in 0..gh {
        for gx in 0..gw {
            let p = v((gx * GRID) as f32, (gy * GRID) as f32);
            let mottle = fbm(p * (0.006 / s), 51, 3) - 0.5;
            let dx = (p.x + 0.5) / w as f32 - 0.5;
            let dy = (p.y + 0.5) / h as f32 - 0.5;
            let r2 = dx * dx * 2.6 + dy * dy * 3.2;
            let vignette =
                1.0 - 0.42 * smoothstep(0.08, 1.3, r2) + 0.05 * (1.0 - smoothstep(0.0, 0.3, r2));
            slow.push((vignette, vignette * (1.0 + mottle * 0.1)));
        }
    }
    let mut pixels = Vec::with_capacity(w as usize * h as usize * 4);
    for y in 0..h as usize {
        let (gy, fy) = (y / GRID, (y % GRID) as f32 / GRID as f32);
        for x in 0..w as usize {
            let (gx, fx) = (x / GRID, (x % GRID) as f32 / GRID as f32);
            let at = |i: usize, j: usize| slow[(gy + j) * gw + gx + i];
            let bilerp = |f: fn((f32, f32)) -> f32| {
                lerp(
                    lerp(f(at(0, 0)), f(at(1, 0)), fx),
                    lerp(f(at(0, 1)), f(at(1, 1)), fx),
                    fy,
                )
            };
            let vignette = bilerp(|t| t.0);
            let mottled = bilerp(|t| t.1);
            let p = v(x as f32, y as f32);
            let fibre_a = vnoise(v(p.x * 0.55, p.y * 0.13), 52) - 0.5;
            let fibre_b = vnoise(v((p.x + p.y) * 0.12, (p.x - p.y) * 0.5), 53) - 0.5;
            let grain = hashf(x as i32, y as i32, 54) - 0.5;
            let k = mottled + vignette * (fibre_a * 0.05 + fibre_b * 0.04 + grain * 0.035);
            for ch in base {
                pixels.push(((ch * k).clamp(0.0, 1.0) * 255.0).round() as u8);
            }
            pixels.push(255);
        }
    }
    Raster {
        width: w,
        height: h,
        pixels,
    }
}

/// A classic worker (meeple) in `color`, with outline and highlight, on a transparent square.
pub fn meeple(size: u32, color: Rgb) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    let base = rgb(color);
    let body_pts = [
        v(0.0, 0.36),
        v(0.14, 0.72),
        v(0.5, 0.72),
        v(0.27, 0.1),
        v(0.68, -0.02),
        v(0.62, -0.2),
        v(0.14, -0.32),
        v(-0.14, -0.32),
        v(-0.62, -0.2),
        v(-0.68, -0.02),
        v(-0.27, 0.1),
        v(-0.5, 0.72),
        v(-0.14, 0.72),
    ];
    let shape = |p: V| {
        let body = sd_polygon(p, &body_pts) - 0.1;
        let head = sd_circle(p, v(0.0, -0.56), 0.27);
        smin(body, head, 0.1)
    };
    drop_shadow(&mut c, view, &shape);
    let outline = mix(scale(base, 0.32), BLACK, 0.2);
    part(&mut c, view, &shape, &|_, _| base, outline);
    gloss(&mut c, view, &shape, v(-0.1, -0.64), v(0.11, 0.09), 0.5);
    gloss(&mut c, view, &shape, v(-0.42, -0.14), v(0.16, 0.06), 0.3);
    c.into_raster()
}

/// An anti-aliased rounded rectangle filling the image: `fill` inside, `border` in a band
/// `border_px` wide along the edge.
pub fn rounded_panel(
    width: u32,
    height: u32,
    radius: u32,
    fill: [u8; 4],
    border: [u8; 4],
    border_px: f32,
) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let centre = v(w * 0.5, h * 0.5);
    let rect = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), radius as f32);
    let to4 = |c: [u8; 4]| {
        let [r, g, b, a] = c;
        [
            f32::from(r) / 255.0,
            f32::from(g) / 255.0,
            f32::from(b) / 255.0,
            f32::from(a) / 255.0,
        ]
    };
    let (f4, b4) = (to4(fill), to4(border));
    c.fill(view, 1.0, rect, |_, _| f4);
    if border_px > 0.0 {
        c.fill(
            view,
            1.0,
            |p| rect(p).max(-(rect(p) + border_px)),
            |_, _| b4,
        );
    }
    c.into_raster()
}

/// A round glow of `color` whose alpha falls smoothly from the centre to nothing at the edge.
pub fn glow(size: u32, color: Rgb) -> Raster {
    let size = size.max(1);
    let view = View::square(size);
    let col = rgb(color);
    let mut pixels = Vec::with_capacity(size as usize * size as usize * 4);
    for y in 0..size as usize {
        for x in 0..size as usize {
            let r = view.at(x, y).len();
            let t = (1.0 - r).clamp(0.0, 1.0);
            let a = 0.85 * t * t * (3.0 - 2.0 * t) * (-1.4 * r * r).exp();
            let a8 = (a * 255.0).round() as u8;
            if a8 == 0 {
                pixels.extend_from_slice(&[0, 0, 0, 0]);
            } else {
                pixels.extend(col.iter().map(|ch| (ch * 255.0).round() as u8));
                pixels.push(a8);
            }
        }
    }
    Raster {
        width: size,
        height: size,
        pixels,
    }
}
