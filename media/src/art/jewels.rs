//! The Duchess's Necklace: the jeweller's card face, and the velvet its back shares
//! (`jewel_back.rs`).

use super::*;

// ---------------------------------------------------------------------------------------------
// The Duchess's Necklace: jeweller's cards
// ---------------------------------------------------------------------------------------------

/// The centres of the four gem settings on [`jewel_card_face`], as fractions of the card's width
/// and height: top left, top right, bottom left, bottom right.
pub const JEWEL_SETTINGS: [(f32, f32); 4] =
    [(0.29, 0.2), (0.71, 0.2), (0.29, 0.455), (0.71, 0.455)];

/// The outer radius of each setting's gold bezel, as a fraction of the card's width. The satin
/// cup inside is about 0.78 of it: a gem symbol [`JEWEL_GEM_SCALE`]` * JEWEL_SETTING_RADIUS *
/// width` pixels square, centred on the setting, sits in the cup between its claws.
pub const JEWEL_SETTING_RADIUS: f32 = 0.16;

/// The side of the gem symbol that fits a setting, in setting radii (see
/// [`JEWEL_SETTING_RADIUS`]).
pub const JEWEL_GEM_SCALE: f32 = 1.6;

/// The cream cartouche for the wish text on [`jewel_card_face`]: (left, top, width, height) as
/// fractions of the card's width and height. It is plain cream for dark text; keep the text
/// inside its fine brown inner rule, which runs about 8% of its height in from each edge (the
/// notched corners cut only into the outer 6%).
pub const JEWEL_CARTOUCHE: (f32, f32, f32, f32) = (0.12, 0.635, 0.76, 0.24);

/// Deep wine-coloured velvet over a `w` x `h` card: a broad crushed sheen, fine pile and a
/// vignette. The slow parts are worked out on a coarse grid once; [`Velvet::at`] adds the pile.
pub(super) struct Velvet {
    grid: Vec<C3>,
    cols: usize,
    step: f32,
    s: f32,
}

impl Velvet {
    pub(super) fn new(w: f32, h: f32) -> Velvet {
        let s = w.min(h) / 240.0;
        let step = 4.0;
        let cols = (w / step).ceil() as usize + 2;
        let rows = (h / step).ceil() as usize + 2;
        let (deep, wine, sheen) = (hex(0x2c_0614), hex(0x6a_1430), hex(0x9c_2e4c));
        let mut grid = Vec::with_capacity(cols * rows);
        for row in 0..rows {
            for col in 0..cols {
                let p = v(col as f32 * step, row as f32 * step);
                let rel = v(p.x / w * 2.0 - 1.0, p.y / h * 2.0 - 1.0);
                let crush = fbm(p * (0.011 / s), 71, 4);
                // The nap catches the light toward the top left and in the crushed folds.
                let lit = 0.45 - 0.18 * (rel.x + rel.y) + 0.9 * (crush - 0.5);
                let c = if lit < 0.5 {
                    mix(deep, wine, (lit * 2.0).clamp(0.0, 1.0))
                } else {
                    mix(wine, sheen, ((lit - 0.5) * 1.6).min(1.0))
                };
                grid.push(scale(c, 1.0 - 0.35 * smoothstep(0.55, 1.45, rel.len())));
            }
        }
        Velvet {
            grid,
            cols,
            step,
            s,
        }
    }

    pub(super) fn at(&self, p: V) -> C3 {
        let gx = (p.x / self.step).max(0.0);
        let gy = (p.y / self.step).max(0.0);
        let (ix, iy) = (gx as usize, gy as usize);
        let (fx, fy) = (gx - ix as f32, gy - iy as f32);
        let rows = self.grid.len() / self.cols;
        let (ix, iy) = (ix.min(self.cols - 2), iy.min(rows - 2));
        let g = |i: usize, j: usize| self.grid[(iy + j) * self.cols + ix + i];
        let col = mix(mix(g(0, 0), g(1, 0), fx), mix(g(0, 1), g(1, 1), fx), fy);
        let pile = vnoise(p * (0.3 / self.s), 72) - 0.5;
        let grain = hashf(p.x as i32, p.y as i32, 73) - 0.5;
        scale(col, 1.0 + pile * 0.07 + grain * 0.06)
    }
}

/// Fills `sdf` (in pixels) with polished gold rounded like a wire over `round` pixels; `at`
/// maps a pixel into the card's `[-1, 1]` square for the shading gradient.
pub(super) fn gold_wire(
    c: &mut Canvas,
    sdf: &impl Fn(V) -> f32,
    round: f32,
    at: &impl Fn(V) -> V,
    strength: f32,
) {
    let view = View::pixels();
    c.fill(view, 1.0, sdf, |p, d| {
        let n = dome(sdf, p, d, round.max(0.5), 0.7);
        with_alpha(gold_shade(n, at(p)), strength)
    });
}

/// An Archimedean curl of gold wire: it starts on a circle of radius `r0` about `c` at angle
/// `a0`, winds `turns` times inward clockwise (on screen) to a quarter of that radius, and thins
/// from `w0` to `w1` before ending in a small ball.
#[derive(Clone, Copy)]
pub(super) struct Curl {
    c: V,
    r0: f32,
    a0: f32,
    turns: f32,
    w0: f32,
    w1: f32,
}

impl Curl {
    fn point(&self, t: f32) -> V {
        self.c + dir(self.a0 + t * self.turns * TAU) * (self.r0 * (1.0 - 0.72 * t))
    }

    fn sd(&self, p: V) -> f32 {
        let q = p - self.c;
        if q.len() > self.r0 + self.w0 * 2.0 + 4.0 {
            return q.len() - self.r0 - self.w0;
        }
        let total = self.turns * TAU;
        let mut ang = (q.angle() - self.a0).rem_euclid(TAU);
        let mut best = (p - self.point(1.0)).len() - self.w1 * 1.7;
        while ang <= total {
            let t = ang / total;
            best = best.min((p - self.point(t)).len() - lerp(self.w0, self.w1, t));
            ang += TAU;
        }
        best
    }
}

/// In a corner's own frame (`f`: distances in from the two rules, `k`: the ornament's unit): a
/// bead in a quarter ring, and from it a tendril along each rule ending in an inward curl.
pub(super) fn corner_filigree(f: V, k: f32) -> f32 {
    let ring = ((f.len() - 4.2 * k).abs() - 0.32 * k).max(-f.x).max(-f.y);
    let bead = sd_circle(f, v(2.1 * k, 2.1 * k), 1.05 * k);
    let mut d = ring.min(bead);
    for g in [f, v(f.y, f.x)] {
        let curl = Curl {
            c: v(7.8 * k, 1.6 * k + 2.2 * k),
            r0: 2.2 * k,
            a0: -PI / 2.0,
            turns: 1.05,
            w0: 0.4 * k,
            w1: 0.22 * k,
        };
        let (stem, h) = sd_segment(g, v(4.6 * k, 1.6 * k), v(7.8 * k, 1.6 * k));
        d = d.min(stem - lerp(0.25 * k, 0.4 * k, h)).min(curl.sd(g));
    }
    d
}

/// The gold frame shared by the jeweller's cards: a round wire near the edge, a fine inner rule
/// with beads along it, and filigree curls in the corners.
pub(super) fn jewel_frame(c: &mut Canvas, w: f32, h: f32) {
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let u = w.min(h);
    let s = u / 240.0;
    let at = move |p: V| v((p.x - centre.x) / (w * 0.5), (p.y - centre.y) / (h * 0.5));
    let frame = move |m: f32| {
        move |p: V| {
            sd_round_box(
                p,
                centre,
                v(w * 0.5 - m, h * 0.5 - m),
                (r - m * 0.5).max(r * 0.3),
            )
        }
    };
    let view = View::pixels();
    let outer_m = 0.042 * u;
    let outer_w = (0.011 * u).max(0.8);
    let inner_m = 0.078 * u;
    let outer = frame(outer_m);
    let inner = frame(inner_m);
    let wire = move |p: V| outer(p).abs() - outer_w;
    // A soft shadow under the gold, then the wire, the rule and its beads.
    c.fill(
        view,
        (3.0 * s).max(1.0),
        |p| wire(p - v(1.2, 1.8) * s) - 0.5 * s,
        |_, _| [0.0, 0.0, 0.0, 0.45],
    );
    gold_wire(c, &wire, outer_w, &at, 1.0);
    let rule = move |p: V| inner(p).abs() - (0.0035 * u).max(0.5);
    gold_wire(c, &rule, 1.0, &at, 0.95);
    let beads = move |p: V| {
        let q = p - centre;
        let along = if q.x.abs() * h > q.y.abs() * w {
            q.y
        } else {
            q.x
        };
        let spacing = 0.05 * u;
        let f = along - spacing * (along / spacing).round();
        let mid = frame((outer_m + inner_m) * 0.5)(p);
        v(f, mid).len() - (0.0075 * u).max(0.6)
    };
    gold_wire(c, &beads, (0.0075 * u).max(0.6), &at, 1.0);
    // Corner filigree, mirrored into all four corners.
    let corner = v(w * 0.5 - inner_m, h * 0.5 - inner_m);
    let k = 0.01 * u;
    let fil = move |p: V| corner_filigree(corner - (p - centre).abs(), k);
    c.fill(
        view,
        (2.0 * s).max(1.0),
        |p| fil(p - v(0.8, 1.2) * s) - 0.3 * s,
        |_, _| [0.0, 0.0, 0.0, 0.4],
    );
    gold_wire(c, &fil, 0.45 * k, &at, 1.0);
}

/// One gem setting of radius `big` (pixels) at `o`: a round gold bezel with a beaded inner
/// wire, four claws, and a champagne satin cup for the game's gem.
pub(super) fn gem_setting(c: &mut Canvas, o: V, big: f32, at: &impl Fn(V) -> V) {
    let view = View::pixels();
    let cup_r = 0.78 * big;
    let bezel = move |p: V| ((p - o).len() - 0.92 * big).abs() - 0.08 * big;
    c.fill(
        view,
        (0.09 * big).max(1.0),
        |p| sd_circle(p, o + v(0.03, 0.05) * big, big * 1.02),
        |_, _| [0.0, 0.0, 0.0, 0.55],
    );
    // The cup: lit on its lower right inner wall, shaded on the upper left, with satin pleats.
    let satin = hex(0xf2_e6d0);
    let shade = hex(0x8a_7056);
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, o, 0.86 * big),
        |p, _| {
            let q = (p - o) * (1.0 / cup_r);
            let rr = q.len().min(1.0);
            let wall = smoothstep(0.35, 1.0, rr);
            let facing = q.norm().dot(v(0.6, 0.8));
            let pleat = (q.angle() * 18.0).cos() * 0.5 + 0.5;
            let mut col = mix(satin, shade, wall * (0.55 - 0.5 * facing).clamp(0.0, 1.0));
            col = scale(col, 1.0 - 0.06 * pleat * wall);
            col = mix(col, WHITE, (1.0 - smoothstep(0.0, 0.45, rr)) * 0.18);
            with_alpha(col, 1.0)
        },
    );
    // A beaded wire round the cup.
    let beads = move |p: V| {
        let q = p - o;
        let step = TAU / 28.0;
        let a = (q.angle() / step).round() * step;
        sd_circle(p, o + dir(a) * (0.81 * big), 0.045 * big)
    };
    gold_wire(c, &beads, 0.045 * big, at, 1.0);
    gold_wire(c, &bezel, 0.08 * big, at, 1.0);
    // Thin dark lines either side of the bezel give it a crisp edge on the velvet.
    c.fill(
        view,
        1.0,
        |p| ((p - o).len() - big).abs() - (0.012 * big).max(0.45),
        |_, _| with_alpha(hex(0x3a_2008), 0.8),
    );
    // Claws on the diagonals, reaching in over the cup's rim.
    let claws = move |p: V| {
        let q = p - o;
        let mut d = f32::MAX;
        for i in 0..4 {
            let a = PI / 4.0 + i as f32 * PI / 2.0;
            let local = q.rot(-a) - v(0.8 * big, 0.0);
            d = d.min(sd_vesica(v(local.y, local.x), 0.2 * big, 0.12 * big));
        }
        d
    };
    c.fill(
        view,
        1.0,
        |p| claws(p) - (0.025 * big).max(0.5),
        |_, _| with_alpha(hex(0x4a_2c06), 1.0),
    );
    gold_wire(c, &claws, 0.06 * big, at, 1.0);
}

/// The pixel rectangle (left, top, right, bottom) of [`JEWEL_CARTOUCHE`] on a `w` x `h` card.
pub(super) fn cartouche_rect(w: f32, h: f32) -> (f32, f32, f32, f32) {
    let (l, t, cw, ch) = JEWEL_CARTOUCHE;
    (l * w, t * h, (l + cw) * w, (t + ch) * h)
}

/// A jeweller's card front for The Duchess's Necklace: wine velvet in a gold filigree frame,
/// four round gold settings near the top (at [`JEWEL_SETTINGS`], radius
/// [`JEWEL_SETTING_RADIUS`]) for the gems the game places, and a cream cartouche in the bottom
/// third ([`JEWEL_CARTOUCHE`]) for the wish, written by the game in dark text.
pub fn jewel_card_face(width: u32, height: u32) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let card = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let u = w.min(h);
    let s = u / 240.0;
    let at = move |p: V| v((p.x - centre.x) / (w * 0.5), (p.y - centre.y) / (h * 0.5));
    let velvet = Velvet::new(w, h);
    c.fill(view, 1.0, card, |p, _| with_alpha(velvet.at(p), 1.0));
    jewel_frame(&mut c, w, h);
    // A quatrefoil rosette between the four settings.
    let (mx, my) = (
        0.5 * w,
        0.5 * (JEWEL_SETTINGS[0].1 + JEWEL_SETTINGS[2].1) * h,
    );
    let rose_c = v(mx, my);
    let k = 0.01 * u;
    let rosette = move |p: V| {
        let q = p - rose_c;
        let petals = (0..4)
            .map(|i| {
                let a = i as f32 * PI / 2.0;
                let local = q.rot(-a) - v(2.6 * k, 0.0);
                sd_vesica(v(local.y, local.x), 2.2 * k, 1.3 * k)
            })
            .fold(f32::MAX, f32::min);
        petals.min(sd_circle(q, v(0.0, 0.0), 1.2 * k))
    };
    gold_wire(&mut c, &rosette, 0.6 * k, &at, 1.0);
    for &(fx, fy) in &JEWEL_SETTINGS {
        gem_setting(&mut c, v(fx * w, fy * h), JEWEL_SETTING_RADIUS * w, &at);
    }
    // A divider over the cartouche: a tapering rule each side of a small lozenge, ending in curls.
    let (cl, ct, cr, cb) = cartouche_rect(w, h);
    let lower = JEWEL_SETTINGS[2].1 * h + JEWEL_SETTING_RADIUS * w;
    let div_y = 0.5 * (lower + ct);
    let div = move |p: V| {
        let q = v((p.x - mx).abs(), p.y - div_y);
        let loz = (q.x / 1.6 + q.y.abs()) - 2.2 * k;
        let (line, hh) = sd_segment(q, v(3.6 * k, 0.0), v(0.3 * w - 3.0 * k, 0.0));
        let curl = Curl {
            c: v(0.3 * w - 3.0 * k, -1.8 * k),
            r0: 1.8 * k,
            a0: PI / 2.0,
            turns: 0.95,
            w0: 0.35 * k,
            w1: 0.2 * k,
        };
        loz.min(line - lerp(0.45 * k, 0.22 * k, hh))
            .min(curl.sd(v(q.x, q.y)))
    };
    gold_wire(&mut c, &div, 0.4 * k, &at, 1.0);
    // The cartouche: cream paper with notched corners, a gold rim and a fine brown rule inside.
    let (ccx, ccy) = (0.5 * (cl + cr), 0.5 * (ct + cb));
    let half = v(0.5 * (cr - cl), 0.5 * (cb - ct));
    let notch = 0.06 * (cb - ct);
    let shape = move |p: V| {
        let q = (p - v(ccx, ccy)).abs();
        sd_box(q, v(0.0, 0.0), half).max(notch - (q - half).len())
    };
    c.fill(
        view,
        (4.0 * s).max(1.0),
        |p| shape(p - v(1.5, 2.5) * s) - 1.0 * s,
        |_, _| [0.0, 0.0, 0.0, 0.5],
    );
    let cream = hex(0xf7_eed6);
    c.fill(view, 1.0, shape, |p, d| {
        let blotch = fbm(p * (0.02 / s), 75, 3) - 0.5;
        let grain = hashf(p.x as i32, p.y as i32, 76) - 0.5;
        let mut col = scale(cream, 1.0 + blotch * 0.06 + grain * 0.02);
        col = mix(
            col,
            hex(0xd8_c08c),
            (1.0 - smoothstep(0.0, 0.12 * half.y, -d)) * 0.5,
        );
        with_alpha(col, 1.0)
    });
    let rim = move |p: V| shape(p).abs() - (0.008 * u).max(0.6);
    gold_wire(&mut c, &rim, (0.008 * u).max(0.6), &at, 1.0);
    let inset = 0.045 * (cb - ct) + 0.012 * u;
    c.fill(
        view,
        1.0,
        |p| (shape(p) + inset).abs() - (0.002 * u).max(0.35),
        |_, _| with_alpha(hex(0x8a_6430), 0.75),
    );
    c.fill(
        view,
        1.0,
        |p| card(p).abs() - 0.8,
        |_, _| with_alpha(hex(0x1a_0408), 0.9),
    );
    c.mask(view, 1.0, card);
    c.into_raster()
}
