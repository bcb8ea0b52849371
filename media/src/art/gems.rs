//! The Duchess's gems: faceted, polished or pearly, each its own shape as well as its colour.

use super::*;

// ---------------------------------------------------------------------------------------------
// Gems
// ---------------------------------------------------------------------------------------------

/// Colour ramp for a facet of brightness `b` (about 0.6 for a flat facet).
pub(super) fn gem_ramp(base: C3, b: f32) -> C3 {
    let deep = scale(base, 0.18);
    let light = mix(base, WHITE, 0.62);
    if b < 0.6 {
        mix(deep, base, (b / 0.6).clamp(0.0, 1.0))
    } else {
        mix(base, light, ((b - 0.6) / 0.55).min(1.0))
    }
}

/// A facet's colour from its normal, with a per-facet flicker so the stone sparkles.
pub(super) fn facet_colour(base: C3, n: V3, id: u32, p: V) -> C3 {
    let (diff, spec) = light(n, 20);
    let jitter = (hashf(id as i32, 7, 31) - 0.5) * 0.3;
    let b = 0.12 + 0.48 * diff + jitter + 0.06 * (-(p.x + p.y));
    mix(gem_ramp(base, b), WHITE, (spec * 0.8).min(0.85))
}

pub(super) fn tilt(d: V, a: f32) -> V3 {
    let (s, c) = a.sin_cos();
    [d.x * s, d.y * s, c]
}

/// The top view of a brilliant cut: table, star facets and upper-girdle facets, built on points
/// of the outline found along rays from the centre.
pub(super) struct Brilliant {
    c: V,
    ang: Vec<f32>,
    outer: Vec<V>,
    mids: Vec<V>,
    table: Vec<V>,
}

pub(super) fn ray_hit(sdf: &impl Fn(V) -> f32, c: V, d: V) -> V {
    let (mut lo, mut hi) = (0.0, 2.0);
    for _ in 0..32 {
        let m = 0.5 * (lo + hi);
        if sdf(c + d * m) < 0.0 {
            lo = m;
        } else {
            hi = m;
        }
    }
    c + d * lo
}

impl Brilliant {
    fn new(sdf: &impl Fn(V) -> f32, c: V, angles: &[f32], table: f32) -> Brilliant {
        let n = angles.len();
        let outer: Vec<V> = angles.iter().map(|&a| ray_hit(sdf, c, dir(a))).collect();
        let mids = (0..n)
            .map(|i| {
                let a0 = angles[i];
                let span = (angles[(i + 1) % n] - a0).rem_euclid(TAU);
                ray_hit(sdf, c, dir(a0 + span * 0.5))
            })
            .collect();
        let table = outer.iter().map(|&o| c + (o - c) * table).collect();
        Brilliant {
            c,
            ang: angles.to_vec(),
            outer,
            mids,
            table,
        }
    }

    /// The direction (angle) a facet faces, from its id; the table faces straight up (0).
    fn facet_angle(&self, id: u32) -> f32 {
        let n = self.ang.len();
        let span = |i: usize| (self.ang[(i + 1) % n] - self.ang[i]).rem_euclid(TAU);
        match id {
            0 => 0.0,
            1..100 => {
                let i = (id - 1) as usize % n;
                self.ang[i] + span(i) * 0.5
            }
            _ => {
                let k = (id - 100) as usize;
                let i = (k / 2) % n;
                self.ang[i] + span(i) * (0.25 + 0.5 * (k % 2) as f32)
            }
        }
    }

    /// (facet id, facet normal, distance to the nearest facet edge).
    fn facet(&self, p: V) -> (u32, V3, f32) {
        let n = self.ang.len();
        let q = p - self.c;
        let th = q.angle();
        let mut i = 0;
        for k in 0..n {
            let span = (self.ang[(k + 1) % n] - self.ang[k]).rem_euclid(TAU);
            if (th - self.ang[k]).rem_euclid(TAU) < span {
                i = k;
                break;
            }
        }
        let j = (i + 1) % n;
        let (vi, vj, ti, tj, m) = (
            self.outer[i],
            self.outer[j],
            self.table[i],
            self.table[j],
            self.mids[i],
        );
        let table_d = sd_polygon(p, &self.table);
        let line = table_d
            .abs()
            .min(sd_segment(p, ti, m).0)
            .min(sd_segment(p, tj, m).0)
            .min(sd_segment(p, vi, ti).0)
            .min(sd_segment(p, vj, tj).0);
        if table_d < 0.0 {
            return (0, [0.0, 0.0, 1.0], line);
        }
        let inside_star = {
            let s1 = (tj - ti).cross(p - ti);
            let s2 = (m - tj).cross(p - tj);
            let s3 = (ti - m).cross(p - m);
            (s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0)
        };
        if inside_star {
            return (1 + i as u32, tilt((m - self.c).norm(), 0.42), line);
        }
        let (id, toward) = if (m - self.c).cross(q) < 0.0 {
            (2 * i, (vi + m) * 0.5)
        } else {
            (2 * i + 1, (vj + m) * 0.5)
        };
        (100 + id as u32, tilt((toward - self.c).norm(), 0.78), line)
    }
}

/// Fills `sdf` as a brilliant-cut stone of colour `base`.
pub(super) fn faceted(
    c: &mut Canvas,
    view: View,
    sdf: &impl Fn(V) -> f32,
    cut: &Brilliant,
    tint: &impl Fn(u32, V) -> C3,
    lines: f32,
) {
    c.fill(view, 1.0, sdf, |p, d| {
        let (id, n, line) = cut.facet(p);
        let base = tint(id, p);
        let mut col = facet_colour(base, n, id, p);
        // The table gets a soft diagonal sheen.
        if id == 0 {
            let sheen = 1.0 - smoothstep(0.0, 0.25, (p.x + p.y + 0.25).abs());
            col = mix(col, WHITE, sheen * 0.25);
        }
        let lw = 0.011;
        let l = 1.0 - smoothstep(lw, lw + view.unit, line);
        col = mix(col, mix(base, WHITE, 0.7), l * lines);
        // Darken right at the girdle so the outline reads as a bezel.
        let rim = 1.0 - smoothstep(0.0, 0.05, -d);
        with_alpha(mix(col, scale(base, 0.3), rim * 0.5), 1.0)
    });
}

/// Step cut (emerald cut) for a convex polygon: rings of facets parallel to the edges.
pub(super) fn step_cut(c: &mut Canvas, view: View, poly: &[V], base: C3, steps: &[f32]) {
    let n = poly.len();
    // Outward edge normals (the polygon is clockwise on screen).
    let normals: Vec<V> = (0..n)
        .map(|i| {
            let e = poly[(i + 1) % n] - poly[i];
            v(e.y, -e.x).norm()
        })
        .collect();
    let sdf = |p: V| sd_polygon(p, poly);
    let line_col = mix(base, WHITE, 0.7);
    c.fill(view, 1.0, sdf, |p, _| {
        // Distance inward from each edge line; the smallest is the facet's side.
        let mut first = (f32::MAX, 0usize);
        let mut second = f32::MAX;
        for i in 0..n {
            let d = -(p - poly[i]).dot(normals[i]);
            if d < first.0 {
                second = first.0;
                first = (d, i);
            } else if d < second {
                second = d;
            }
        }
        let (depth, side) = first;
        let ring = steps.iter().filter(|&&s| depth > s).count();
        let tilts = [0.95, 0.68, 0.42, 0.0];
        let a = tilts[ring.min(3)];
        let n3 = if ring >= steps.len() {
            [0.0, 0.0, 1.0]
        } else {
            tilt(normals[side], a)
        };
        let id = if ring >= steps.len() {
            0
        } else {
            (ring * n + side) as u32 + 1
        };
        let mut col = facet_colour(base, n3, id, p);
        if ring >= steps.len() {
            let sheen = 1.0 - smoothstep(0.0, 0.2, (p.x + p.y + 0.2).abs());
            col = mix(col, WHITE, sheen * 0.22);
        }
        let mut line = (second - depth) * 0.7;
        for &s in steps {
            line = line.min((depth - s).abs());
        }
        let lw = 0.01;
        let l = 1.0 - smoothstep(lw, lw + view.unit, line);
        with_alpha(mix(col, line_col, l * 0.45), 1.0)
    });
}

/// Polygon facets with explicit normals: (polygon, normal).
pub(super) fn polygon_facets(
    c: &mut Canvas,
    view: View,
    sdf: &impl Fn(V) -> f32,
    facets: &[(Vec<V>, V3)],
    shade: &impl Fn(V3, u32, V) -> C3,
    line_col: C3,
) {
    c.fill(view, 1.0, sdf, |p, _| {
        let mut best = (f32::MAX, 0usize);
        for (k, (poly, _)) in facets.iter().enumerate() {
            let d = sd_polygon(p, poly);
            if d < best.0 {
                best = (d, k);
            }
        }
        // Distance to the nearest edge *between* facets: there two facets are both close, while
        // along the outline only one is, so take the second smallest distance.
        let (mut first, mut line) = (f32::MAX, f32::MAX);
        for (poly, _) in facets {
            let d = sd_polygon(p, poly).abs();
            if d < first {
                line = first;
                first = d;
            } else if d < line {
                line = d;
            }
        }
        let (_, n3) = &facets[best.1];
        let col = shade(*n3, best.1 as u32, p);
        let lw = 0.01;
        let l = 1.0 - smoothstep(lw, lw + view.unit, line);
        with_alpha(mix(col, line_col, l * 0.5), 1.0)
    });
}

pub(super) fn draw_gem(c: &mut Canvas, view: View, g: GemShape) {
    match g {
        GemShape::Amber => draw_amber(c, view),
        GemShape::Pearl => draw_pearl(c, view),
        GemShape::Rainbow => draw_rainbow(c, view),
        GemShape::Jet => draw_jet(c, view),
        GemShape::Amethyst => draw_amethyst(c, view),
        GemShape::Sapphire => draw_sapphire(c, view),
        GemShape::Ruby => draw_ruby(c, view),
        GemShape::Emerald => draw_emerald(c, view),
        GemShape::Diamond => draw_diamond(c, view),
        GemShape::Gold => draw_gold(c, view),
    }
}

/// The amber gem (see [`draw_gem`]).
pub(super) fn draw_amber(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Amber));
    let e = view.unit * 0.75;
    let drop = |p: V| {
        let q = (p - v(-0.03, 0.02)).rot(-0.48);
        sd_uneven_capsule(v(q.x, 0.3 - q.y), 0.6, 0.07, 1.1)
    };
    drop_shadow(c, view, &drop);
    c.fill(
        view,
        1.0,
        |p| drop(p) - OUTLINE,
        |_, _| with_alpha(hex(0x3a_1804), 1.0),
    );
    let deep = hex(0x8a_2c04);
    let bright = hex(0xff_c850);
    c.fill(view, 1.0, drop, |p, d| {
        let n = dome(&drop, p, d, 0.6, e);
        let (diff, spec) = light(n, 50);
        // Light passes through the resin and glows on the far side.
        let glow = 1.0 - ((p - v(0.12, 0.4)).len() / 0.75).clamp(0.0, 1.0);
        let mut col = mix(deep, bright, 0.15 + 0.85 * glow.powf(1.3));
        col = mix(col, base, 0.25);
        col = scale(col, 0.72 + 0.28 * diff.clamp(0.0, 1.4));
        // Slow swirls in the resin.
        col = scale(col, 0.9 + 0.2 * fbm(p * 2.5 + v(3.0, 1.0), 5, 3));
        let rim = smoothstep(0.1, 0.0, -d) * (grad(&drop, p, e).dot(v(0.6, 0.8))).max(0.0);
        col = mix(col, hex(0xff_e090), rim * 0.5);
        with_alpha(mix(col, WHITE, (spec * 1.2).min(0.95)), 1.0)
    });
    gloss(c, view, &drop, v(-0.22, -0.05), v(0.14, 0.28), 0.5);
}

/// The pearl gem (see [`draw_gem`]).
pub(super) fn draw_pearl(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Pearl));
    let e = view.unit * 0.75;
    let r = 0.6;
    let pearl = |p: V| sd_circle(p, v(0.0, 0.02), r);
    drop_shadow(c, view, &pearl);
    c.fill(
        view,
        1.0,
        |p| pearl(p) - OUTLINE,
        |_, _| with_alpha(hex(0x4a_4038), 1.0),
    );
    c.fill(view, 1.0, pearl, |p, d| {
        let n = dome(&pearl, p, d, r, e);
        let (diff, spec) = light(n, 12);
        let lum = (0.55 + 0.4 * diff).clamp(0.0, 1.2);
        let mut col = mix(hex(0x9a_8c88), base, lum.min(1.0));
        // Orient: a faint pink-to-blue sheen, strongest toward the rim.
        let edge = smoothstep(0.45, 0.0, -d / r);
        let iris = hsv(0.9 + 0.3 * (p.x - p.y) + 0.1 * fbm(p * 3.0, 8, 2), 0.3, 1.0);
        col = mix(col, iris, 0.1 + edge * 0.25);
        // Bounce light from below.
        let bounce = smoothstep(0.35, 0.0, -d) * (n[1]).max(0.0);
        col = mix(col, hex(0xff_f0e0), bounce * 0.5);
        with_alpha(mix(col, WHITE, (spec * 0.8).min(0.9)), 1.0)
    });
    gloss(c, view, &pearl, v(-0.2, -0.2), v(0.2, 0.16), 0.7);
}

/// The rainbow gem (see [`draw_gem`]).
pub(super) fn draw_rainbow(c: &mut Canvas, view: View) {
    let e = view.unit * 0.75;
    // A round stone throwing every colour, under the arch of a rainbow.
    let arch_c = v(0.0, 0.32);
    let (inner, outer) = (0.56, 0.92);
    let arch = move |p: V| {
        let ring = ((p - arch_c).len() - 0.5 * (inner + outer)).abs() - 0.5 * (outer - inner);
        ring.max(p.y - arch_c.y)
    };
    let stone_c = v(0.0, 0.36);
    let stone_r = 0.32;
    let stone = move |p: V| sd_circle(p, stone_c, stone_r);
    let all = |p: V| arch(p).min(stone(p));
    drop_shadow(c, view, &all);
    let dark = hex(0x2e_2040);
    c.fill(
        view,
        1.0,
        |p| arch(p) - OUTLINE,
        |_, _| with_alpha(dark, 1.0),
    );
    let bands = [
        0xe8_3040, 0xf8_8c20, 0xf8_d838, 0x48_b848, 0x30_80e0, 0x80_48c8,
    ];
    c.fill(view, 1.0, arch, |p, d| {
        let t = ((outer - (p - arch_c).len()) / (outer - inner)).clamp(0.0, 0.9999) * 6.0;
        let k = t.floor();
        let frac = t - k;
        let k = k as usize;
        let px = view.unit * 6.0 / (outer - inner);
        let mut col = hex(bands[k]);
        if frac > 1.0 - px && k + 1 < 6 {
            col = mix(col, hex(bands[k + 1]), (frac - (1.0 - px)) / px * 0.5);
        } else if frac < px && k > 0 {
            col = mix(col, hex(bands[k - 1]), (px - frac) / px * 0.5);
        }
        with_alpha(enamel(col, p, bevel(&arch, p, d, 0.1, e)), 1.0)
    });
    c.fill(
        view,
        1.0,
        |p| stone(p) - OUTLINE,
        |_, _| with_alpha(dark, 1.0),
    );
    let angles: Vec<f32> = (0..12).map(|i| -PI / 2.0 + i as f32 * TAU / 12.0).collect();
    let cut = Brilliant::new(&stone, stone_c, &angles, 0.5);
    // Every facet throws a different colour of the spectrum; the table shimmers.
    let tint = |id: u32, p: V| {
        if id == 0 {
            mix(hex(0xf4_f0ff), hsv(0.8 * p.x + 0.5 * p.y, 0.45, 1.0), 0.5)
        } else {
            mix(hsv(cut.facet_angle(id) / TAU + 0.08, 0.7, 1.0), WHITE, 0.15)
        }
    };
    faceted(c, view, &stone, &cut, &tint, 0.5);
    gloss(c, view, &arch, v(-0.5, -0.35), v(0.2, 0.12), 0.45);
    sparkle(c, view, stone_c + v(-0.16, -0.16), 0.18, 0.9);
}

/// The jet gem (see [`draw_gem`]).
pub(super) fn draw_jet(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Jet));
    let cushion = |p: V| sd_round_box(p, v(0.0, 0.0), v(0.8, 0.8), 0.24);
    let angles: Vec<f32> = (0..8).map(|i| -PI * 0.75 + i as f32 * PI / 4.0).collect();
    let cut = Brilliant::new(&cushion, v(0.0, 0.0), &angles, 0.52);
    drop_shadow(c, view, &cushion);
    c.fill(
        view,
        1.0,
        |p| cushion(p) - OUTLINE,
        |_, _| with_alpha(hex(0x06_0608), 1.0),
    );
    let jet = mix(base, hex(0x60_6878), 0.15);
    faceted(c, view, &cushion, &cut, &|_, _| jet, 0.25);
    sparkle(c, view, v(-0.3, -0.3), 0.22, 0.8);
}

/// The amethyst gem (see [`draw_gem`]).
pub(super) fn draw_amethyst(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Amethyst));
    let (hw, hh, hy) = (0.68, 0.93, 0.44);
    let hexagon = [
        v(0.0, -hh),
        v(hw, -hy),
        v(hw, hy),
        v(0.0, hh),
        v(-hw, hy),
        v(-hw, -hy),
    ];
    let sdf = |p: V| sd_polygon(p, &hexagon);
    let angles: Vec<f32> = hexagon.iter().map(|q| q.angle()).collect();
    let cut = Brilliant::new(&sdf, v(0.0, 0.0), &angles, 0.5);
    drop_shadow(c, view, &sdf);
    c.fill(
        view,
        1.0,
        |p| sdf(p) - OUTLINE,
        |_, _| with_alpha(ink(base), 1.0),
    );
    faceted(c, view, &sdf, &cut, &|_, _| base, 0.45);
    sparkle(c, view, v(-0.22, -0.32), 0.2, 0.8);
}

/// The sapphire gem (see [`draw_gem`]).
pub(super) fn draw_sapphire(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Sapphire));
    let marquise = |p: V| sd_vesica(p, 1.381, 1.021);
    let angles: Vec<f32> = (0..8).map(|i| -PI / 2.0 + i as f32 * PI / 4.0).collect();
    let cut = Brilliant::new(&marquise, v(0.0, 0.0), &angles, 0.48);
    drop_shadow(c, view, &marquise);
    c.fill(
        view,
        1.0,
        |p| marquise(p) - OUTLINE,
        |_, _| with_alpha(ink(base), 1.0),
    );
    faceted(c, view, &marquise, &cut, &|_, _| base, 0.45);
    sparkle(c, view, v(-0.12, -0.3), 0.18, 0.8);
}

/// The ruby gem (see [`draw_gem`]).
pub(super) fn draw_ruby(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Ruby));
    let hs = 1.38;
    let heart = move |p: V| {
        let q = p.rot(-0.24);
        sd_heart(v(q.x / hs, (0.64 - q.y) / hs)) * hs
    };
    let angles: Vec<f32> = (0..10).map(|i| -PI / 2.0 + i as f32 * TAU / 10.0).collect();
    let cut = Brilliant::new(&heart, v(0.0, -0.1), &angles, 0.5);
    drop_shadow(c, view, &heart);
    c.fill(
        view,
        1.0,
        |p| heart(p) - OUTLINE,
        |_, _| with_alpha(ink(base), 1.0),
    );
    faceted(c, view, &heart, &cut, &|_, _| base, 0.45);
    sparkle(c, view, v(-0.42, -0.42), 0.2, 0.8);
}

/// The emerald gem (see [`draw_gem`]).
pub(super) fn draw_emerald(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Emerald));
    let (hw, hh, cut) = (0.44, 0.88, 0.18);
    let poly = [
        v(-hw + cut, -hh),
        v(hw - cut, -hh),
        v(hw, -hh + cut),
        v(hw, hh - cut),
        v(hw - cut, hh),
        v(-hw + cut, hh),
        v(-hw, hh - cut),
        v(-hw, -hh + cut),
    ];
    let sdf = |p: V| sd_polygon(p, &poly);
    drop_shadow(c, view, &sdf);
    c.fill(
        view,
        1.0,
        |p| sdf(p) - OUTLINE,
        |_, _| with_alpha(ink(base), 1.0),
    );
    step_cut(c, view, &poly, base, &[0.09, 0.18, 0.27]);
    sparkle(c, view, v(-0.18, -0.5), 0.2, 0.8);
}

/// The diamond gem (see [`draw_gem`]).
pub(super) fn draw_diamond(c: &mut Canvas, view: View) {
    let base = rgb(gem_color(GemShape::Diamond));
    let (ty, gy, tw, gw) = (-0.62, -0.2, 0.5, 0.96);
    let (tl, tr) = (v(-tw, ty), v(tw, ty));
    let (l, r, b) = (v(-gw, gy), v(gw, gy), v(0.0, 0.8));
    let (t1, t2) = (v(-tw / 3.0, ty), v(tw / 3.0, ty));
    let (g1, g2, g3) = (v(-gw / 2.0, gy), v(0.0, gy), v(gw / 2.0, gy));
    let outline = [tl, tr, r, b, l];
    let sdf = |p: V| sd_polygon(p, &outline);
    let n = |x: f32, y: f32, a: f32| tilt(v(x, y).norm(), a);
    let facets = vec![
        (vec![l, tl, g1], n(-1.0, -0.6, 0.8)),
        (vec![tl, t1, g1], n(-0.3, -1.0, 0.5)),
        (vec![t1, g2, g1], n(-0.2, -1.0, 0.3)),
        (vec![t1, t2, g2], n(0.0, -1.0, 0.45)),
        (vec![t2, g3, g2], n(0.2, -1.0, 0.3)),
        (vec![t2, tr, g3], n(0.3, -1.0, 0.5)),
        (vec![tr, r, g3], n(1.0, -0.6, 0.8)),
        (vec![l, g1, b], n(-1.0, 0.3, 0.7)),
        (vec![g1, g2, b], n(-0.4, 1.0, 0.35)),
        (vec![g2, g3, b], n(0.4, 1.0, 0.35)),
        (vec![g3, r, b], n(1.0, 0.3, 0.7)),
    ];
    drop_shadow(c, view, &sdf);
    c.fill(
        view,
        1.0,
        |p| sdf(p) - OUTLINE,
        |_, _| with_alpha(hex(0x1c_3448), 1.0),
    );
    let shade = |n3: V3, id: u32, p: V| {
        let (diff, spec) = light(n3, 16);
        let jitter = (hashf(id as i32, 3, 17) - 0.5) * 0.5;
        let b = 0.2 + 0.45 * diff + jitter + 0.08 * (-(p.x + p.y));
        mix(gem_ramp(base, b), WHITE, (spec * 0.9).min(0.9))
    };
    polygon_facets(c, view, &sdf, &facets, &shade, WHITE);
    sparkle(c, view, v(-0.45, -0.45), 0.24, 0.95);
}

/// The gold gem (see [`draw_gem`]).
pub(super) fn draw_gold(c: &mut Canvas, view: View) {
    let (tl, tr) = (v(-0.56, -0.42), v(0.56, -0.42));
    let (bl, br) = (v(-0.92, 0.54), v(0.92, 0.54));
    let (fl, fr) = (v(-0.62, -0.09), v(0.62, -0.09));
    let (fbl, fbr) = (v(-0.8, 0.54), v(0.8, 0.54));
    let outline = [tl, tr, br, bl];
    let sdf = |p: V| sd_polygon(p, &outline);
    let facets = vec![
        (vec![tl, tr, fr, fl], norm3([-0.1, -0.85, 0.52])),
        (vec![fl, fr, fbr, fbl], norm3([0.0, 0.38, 0.92])),
        (vec![tl, fl, fbl, bl], norm3([-0.8, 0.1, 0.6])),
        (vec![tr, br, fbr, fr], norm3([0.8, 0.1, 0.6])),
    ];
    drop_shadow(c, view, &sdf);
    c.fill(
        view,
        1.0,
        |p| sdf(p) - OUTLINE,
        |_, _| with_alpha(hex(0x4a_2c06), 1.0),
    );
    let shade = |n3: V3, _id: u32, p: V| {
        let mut col = gold_shade(n3, p);
        // A stamped cartouche on the front face.
        let stamp = sd_round_box(p, v(0.0, 0.19), v(0.36, 0.14), 0.05).abs();
        let inset = 1.0 - smoothstep(0.012, 0.012 + view.unit, stamp);
        col = mix(col, hex(0x7a_4a08), inset * 0.6);
        col
    };
    polygon_facets(c, view, &sdf, &facets, &shade, hex(0xff_f0b0));
    sparkle(c, view, v(-0.34, -0.38), 0.2, 0.9);
}

/// Polished gold for a surface normal `n`: warm ramp, bright specular, darker toward the bottom.
pub(super) fn gold_shade(n: V3, p: V) -> C3 {
    let (diff, spec) = light(n, 24);
    let t = (0.42 * diff + 0.1 * (-(p.x + p.y)) + 0.1).clamp(0.0, 1.0);
    let dark = hex(0x8a_5208);
    let mid = hex(0xe0_a830);
    let light_c = hex(0xff_e890);
    let c = if t < 0.5 {
        mix(dark, mid, t * 2.0)
    } else {
        mix(mid, light_c, (t - 0.5) * 2.0)
    };
    mix(c, hex(0xff_fbe8), (spec * 0.9).min(0.9))
}
