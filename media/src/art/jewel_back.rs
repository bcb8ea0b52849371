//! The Duchess's Necklace: the jeweller's card back (tufted velvet, pearl strands, a gold
//! frame).

use super::jewels::{Velvet, gold_wire, jewel_frame};
use super::*;

/// Pearl centres and radii along a closed loop (`radii` (x, y) about `c`), graduated from
/// `small` at the top to `large` at the bottom, `gap` apart. One pearl sits at the bottom on the
/// axis; the strand stops `stop` radians short of the top, where the clasp goes.
pub(super) fn pearl_strand(
    c: V,
    radii: V,
    small: f32,
    large: f32,
    gap: f32,
    stop: f32,
) -> Vec<(V, f32)> {
    let point = |a: f32| c + v(radii.x * a.cos(), radii.y * a.sin());
    let size = |a: f32| lerp(small, large, (0.5 + 0.5 * a.sin()).powf(1.4));
    // Walk up the right half from the bottom (angle pi/2) toward the top (-pi/2), then mirror.
    let stop = -PI / 2.0 + stop;
    let step = 0.002;
    let mut a = PI / 2.0;
    let mut r = size(a);
    let mut pearls = vec![(point(a), r)];
    'walk: loop {
        let (mut b, mut walked, mut prev) = (a, 0.0, point(a));
        loop {
            b -= step;
            if b < stop {
                break 'walk;
            }
            let q = point(b);
            walked += (q - prev).len();
            prev = q;
            let rb = size(b);
            if walked >= r + rb + gap {
                pearls.push((q, rb));
                pearls.push((v(2.0 * c.x - q.x, q.y), rb));
                a = b;
                r = rb;
                break;
            }
        }
    }
    pearls
}

/// Pearls sorted into square buckets, to find the nearest one to a pixel quickly.
pub(super) struct PearlGrid {
    pearls: Vec<(V, f32)>,
    cell: f32,
    cols: usize,
    rows: usize,
    buckets: Vec<Vec<usize>>,
    /// A bucket lists every pearl within this distance of it; anything farther reads as here.
    reach: f32,
}

impl PearlGrid {
    fn new(pearls: Vec<(V, f32)>, w: f32, h: f32, reach: f32) -> PearlGrid {
        let cell = reach.max(4.0);
        let cols = (w / cell).ceil().max(1.0) as usize;
        let rows = (h / cell).ceil().max(1.0) as usize;
        let mut buckets = vec![Vec::new(); cols * rows];
        for (i, &(q, r)) in pearls.iter().enumerate() {
            let lo = |x: f32| ((x - r - reach) / cell).floor().max(0.0) as usize;
            let hi =
                |x: f32, n: usize| (((x + r + reach) / cell).floor().max(0.0) as usize).min(n - 1);
            for row in lo(q.y).min(rows - 1)..=hi(q.y, rows) {
                for col in lo(q.x).min(cols - 1)..=hi(q.x, cols) {
                    buckets[row * cols + col].push(i);
                }
            }
        }
        PearlGrid {
            pearls,
            cell,
            cols,
            rows,
            buckets,
            reach,
        }
    }

    /// The nearest pearl (centre, radius), or a dot `reach` away when none is that close.
    fn nearest(&self, p: V) -> (V, f32) {
        let far = (p + v(self.reach, 0.0), 0.0);
        if p.x < 0.0 || p.y < 0.0 {
            return far;
        }
        let (col, row) = ((p.x / self.cell) as usize, (p.y / self.cell) as usize);
        if col >= self.cols || row >= self.rows {
            return far;
        }
        let mut best = (far, self.reach);
        for &i in &self.buckets[row * self.cols + col] {
            let (q, r) = self.pearls[i];
            let d = (p - q).len() - r;
            if d < best.1 {
                best = ((q, r), d);
            }
        }
        best.0
    }
}

/// A jeweller's card back for The Duchess's Necklace: tufted wine velvet with small pearl
/// buttons, the gold filigree frame, and a double strand of graduated pearls with a diamond
/// pendant.
pub fn jewel_card_back(width: u32, height: u32) -> Raster {
    let (w, h) = (width.max(1) as f32, height.max(1) as f32);
    let mut c = Canvas::new(width.max(1), height.max(1));
    let view = View::pixels();
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let card = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let u = w.min(h);
    let s = u / 240.0;
    let cell = 0.2 * u;
    // Tufting: diamond pillows, creased toward their corners, buttoned where the creases meet.
    let lattice = move |p: V| {
        let q = p - centre;
        let a = (q.x + q.y) / SQRT_2 / cell;
        let b = (q.x - q.y) / SQRT_2 / cell;
        (a - a.round(), b - b.round())
    };
    let velvet = Velvet::new(w, h);
    c.fill(view, 1.0, card, |p, _| {
        let (fa, fb) = lattice(p);
        let col = velvet.at(p);
        // Each pillow bulges: lighter on its upper left, darker on its lower right and creases.
        let (ca, cb) = (fa.abs(), fb.abs());
        let crease = 1.0 - smoothstep(0.0, 0.12, ca.min(cb));
        let bulge = (fa + fb) * -0.5;
        let k = 1.0 + 0.12 * bulge * (1.0 - crease) - 0.3 * crease;
        with_alpha(scale(col, k.max(0.3)), 1.0)
    });
    let at = move |p: V| v((p.x - centre.x) / (w * 0.5), (p.y - centre.y) / (h * 0.5));
    // The necklace: two graduated strands, the inner one hanging a pearl's width lower, a gold
    // clasp at the top and a pendant.
    let loop_c = v(w * 0.5, h * 0.47);
    let radii = v(0.3 * w, 0.27 * h);
    let strand = pearl_strand(loop_c, radii, 0.019 * u, 0.03 * u, 0.004 * u, 0.2);
    let inner_radii = v(0.22 * w, 0.19 * h);
    let inner_c = loop_c + v(0.0, inner_radii.y - radii.y + 0.04 * u);
    let inner = pearl_strand(inner_c, inner_radii, 0.016 * u, 0.022 * u, 0.004 * u, 0.3);
    let pearls: Vec<(V, f32)> = strand.iter().chain(inner.iter()).copied().collect();
    // Roughly how far a point is from each strand's line.
    let from_strands = move |p: V| {
        let q = p - loop_c;
        let e = v(q.x / radii.x, q.y / radii.y).len() - 1.0;
        let qi = p - inner_c;
        let ei = v(qi.x / inner_radii.x, qi.y / inner_radii.y).len() - 1.0;
        (e * radii.y.min(radii.x))
            .abs()
            .min((ei * inner_radii.y.min(inner_radii.x)).abs())
    };
    // Pearl buttons where the creases cross, inside the frame and clear of the necklace.
    let field = v(w * 0.5 - 0.1 * u, h * 0.5 - 0.1 * u);
    let button = move |p: V| {
        let q = p - centre;
        let a = cell * ((q.x + q.y) / SQRT_2 / cell).round();
        let b = cell * ((q.x - q.y) / SQRT_2 / cell).round();
        let at = v(a + b, a - b) * (1.0 / SQRT_2);
        let hidden = at.x.abs() > field.x
            || at.y.abs() > field.y
            || from_strands(centre + at) < 0.07 * u
            || (at.x.abs() < 0.1 * u && (centre + at).y > loop_c.y + radii.y);
        if hidden {
            // No button here: report one as far away as the next crease crossing can be.
            (p + v(0.08 * u, 0.0), 0.0)
        } else {
            (centre + at, 0.016 * u)
        }
    };
    draw_pearls(&mut c, &button, s);
    jewel_frame(&mut c, w, h);
    // A gold thread behind the pearls.
    let thread = move |p: V| from_strands(p) - 0.004 * u;
    c.fill(view, 1.0, thread, |_, _| with_alpha(hex(0xc8_9838), 0.9));
    let grid = PearlGrid::new(pearls, w, h, 11.0 + 3.0 * s);
    draw_pearls(&mut c, &|p| grid.nearest(p), s);
    // The clasp: a small gold box with a bead, joining the strands at the top.
    let top = loop_c - v(0.0, radii.y);
    let clasp = move |p: V| {
        sd_round_box(p, top, v(0.045 * u, 0.022 * u), 0.012 * u).min(sd_circle(p, top, 0.028 * u))
    };
    c.fill(
        view,
        (2.0 * s).max(1.0),
        |p| clasp(p - v(1.0, 1.5) * s) - 0.5 * s,
        |_, _| [0.0, 0.0, 0.0, 0.5],
    );
    c.fill(
        view,
        1.0,
        |p| clasp(p) - (0.006 * u).max(0.5),
        |_, _| with_alpha(hex(0x4a_2c06), 1.0),
    );
    gold_wire(&mut c, &clasp, 0.015 * u, &at, 1.0);
    // The pendant hangs from the bottom pearl on a gold bail.
    let bottom = loop_c + v(0.0, radii.y);
    let bail_c = bottom + v(0.0, 0.05 * u);
    let bail = move |p: V| (sd_circle(p, bail_c, 0.022 * u)).abs() - 0.006 * u;
    gold_wire(&mut c, &bail, 0.006 * u, &at, 1.0);
    let pendant_half = 0.12 * u;
    draw_gem(
        &mut c,
        View::around(
            bail_c + v(0.0, 0.02 * u + pendant_half * 0.82),
            pendant_half,
        ),
        GemShape::Diamond,
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

/// Draws pearls, given the nearest one (centre, radius) to any pixel: a shadow, a thin dark
/// outline and a lustrous dome with a faint pink-green orient.
pub(super) fn draw_pearls(c: &mut Canvas, nearest: &impl Fn(V) -> (V, f32), s: f32) {
    let view = View::pixels();
    let sdf = |p: V| {
        let (q, r) = nearest(p);
        (p - q).len() - r
    };
    let off = v(0.8, 1.4) * s;
    c.fill(
        view,
        (2.5 * s).max(1.0),
        |p| sdf(p - off) - 0.3 * s,
        |_, _| [0.0, 0.0, 0.0, 0.5],
    );
    // Outline and pearl in one pass: the outline shows where the pearl's own edge fades out.
    let rim = (0.5 * s).max(0.4);
    let outline = hex(0x3a_2a28);
    c.fill(
        view,
        1.0,
        |p| sdf(p) - rim,
        |p, _| {
            let (q, r) = nearest(p);
            let inside = coverage((p - q).len() - r, 1.0);
            if inside <= 0.0 {
                return with_alpha(outline, 0.85);
            }
            let rel = (p - q) * (1.0 / r.max(1e-3));
            let z = (1.0 - rel.dot(rel)).max(0.0).sqrt();
            let n = norm3([rel.x, rel.y, z.max(0.05)]);
            let (diff, spec) = light(n, 14);
            let lum = (0.5 + 0.42 * diff).clamp(0.0, 1.15);
            let mut col = mix(hex(0x8a_7c7c), hex(0xf4_ece0), lum.min(1.0));
            let edge = 1.0 - n[2];
            let iris = hsv(0.92 + 0.25 * (n[0] - n[1]), 0.35, 1.0);
            col = mix(col, iris, 0.08 + 0.25 * edge);
            let bounce = smoothstep(0.0, 0.6, n[1]) * edge;
            col = mix(col, hex(0xff_e8dc), bounce * 0.4);
            col = mix(col, WHITE, (spec * 0.85).min(0.9));
            with_alpha(mix(outline, col, inside), lerp(0.85, 1.0, inside))
        },
    );
}
