//! The six Decktet suits' symbols, each its own shape as well as its colour.

use super::*;

// ---------------------------------------------------------------------------------------------
// Suits
// ---------------------------------------------------------------------------------------------

pub(super) fn draw_moons(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Moons));
    let moon = |p: V| {
        smax(
            sd_circle(p, v(-0.07, 0.05), 0.84),
            -sd_circle(p, v(0.36, -0.3), 0.66),
            0.05,
        )
    };
    drop_shadow(c, view, &moon);
    part(c, view, &moon, &|_, _| base, ink(base));
    // Craters: shallow dents, darker with a lit lower rim.
    let craters = [
        (v(-0.52, 0.24), 0.13),
        (v(-0.17, 0.56), 0.085),
        (v(-0.62, -0.2), 0.07),
        (v(0.24, 0.55), 0.06),
    ];
    let crater_sd = |p: V| {
        craters
            .iter()
            .map(|&(q, r)| sd_circle(p, q, r))
            .fold(f32::MAX, f32::min)
    };
    c.fill(
        view,
        1.0,
        |p| crater_sd(p).max(moon(p) + 0.05),
        |p, _| {
            let (q, r) = craters
                .iter()
                .copied()
                .min_by(|a, b| sd_circle(p, a.0, a.1).total_cmp(&sd_circle(p, b.0, b.1)))
                .unwrap_or((p, 1.0));
            let rel = (p - q) * (1.0 / r);
            let lit = (rel.dot(v(0.6, 0.8))).max(0.0);
            with_alpha(
                mix(scale(base, 0.55), mix(base, WHITE, 0.5), lit * lit),
                0.55,
            )
        },
    );
    gloss(c, view, &moon, v(-0.5, -0.35), v(0.2, 0.34), 0.45);
}

pub(super) fn draw_suns(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Suns));
    let ray_col = mix(base, hex(0xd8_5a10), 0.55);
    let rays = star_points(24, &[0.9, 0.5, 0.74, 0.5], -PI / 2.0);
    let ray_sd = |p: V| sd_polygon(p, &rays);
    let disc = |p: V| sd_circle(p, v(0.0, 0.0), 0.5);
    let all = |p: V| ray_sd(p).min(disc(p));
    drop_shadow(c, view, &all);
    part(c, view, &ray_sd, &|_, _| ray_col, ink(ray_col));
    part(
        c,
        view,
        &disc,
        &|p: V, _| {
            // A faint concentric ring, like a hammered boss.
            let r = p.len();
            let ring = 1.0 - smoothstep(0.0, 0.03, (r - 0.33).abs());
            mix(base, scale(base, 0.8), ring * 0.6)
        },
        ink(ray_col),
    );
    gloss(c, view, &disc, v(-0.18, -0.2), v(0.28, 0.22), 0.5);
}

/// (distance, signed offset across the band) for a wave band centred on `yc`.
pub(super) fn wave_band(p: V, yc: f32) -> (f32, f32) {
    let k = TAU / 1.0;
    let a = 0.1;
    let ph = k * p.x + 0.9;
    let f = yc + a * ph.sin();
    let fd = a * k * ph.cos();
    let s = (p.y - f) / (1.0 + fd * fd).sqrt();
    (sd_round_box(v(p.x, s), v(0.0, 0.0), v(0.8, 0.13), 0.09), s)
}

pub(super) fn draw_waves(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Waves));
    let rows = [-0.5, 0.0, 0.5];
    let all = |p: V| {
        rows.iter()
            .map(|&y| wave_band(p, y).0)
            .fold(f32::MAX, f32::min)
    };
    drop_shadow(c, view, &all);
    for (i, &yc) in rows.iter().enumerate() {
        let band = move |p: V| wave_band(p, yc).0;
        let tint = mix(base, WHITE, 0.16 - 0.14 * i as f32);
        part(c, view, &band, &|_, _| tint, ink(base));
        // A line of foam along the crest.
        c.fill(
            view,
            1.0,
            |p| {
                let (d, s) = wave_band(p, yc);
                ((s + 0.055).abs() - 0.018).max(d + 0.07)
            },
            |p, _| {
                [
                    0.92,
                    1.0,
                    1.0,
                    0.55 * (1.0 - smoothstep(0.45, 0.75, p.x.abs())),
                ]
            },
        );
    }
    gloss(c, view, &all, v(-0.4, -0.55), v(0.3, 0.12), 0.35);
}

pub(super) fn draw_leaves(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Leaves));
    let axis = v(1.0, -1.0).norm();
    let side = v(1.0, 1.0).norm();
    let centre = v(0.07, -0.07);
    let frame = move |p: V| {
        let q = p - centre;
        v(q.dot(side), q.dot(axis))
    };
    // Tips at +-0.88 along the axis, 0.46 either side at the widest.
    let leaf = move |p: V| sd_vesica(frame(p), 1.07, 0.61);
    let tip = centre - axis * 0.86;
    let stem_end = tip - axis * 0.2 + side * 0.06;
    let stem = move |p: V| sd_capsule(p, tip + axis * 0.1, stem_end, 0.05);
    let all = |p: V| leaf(p).min(stem(p));
    drop_shadow(c, view, &all);
    let stem_col = mix(base, hex(0x6b_5a20), 0.5);
    part(c, view, &stem, &|_, _| stem_col, ink(stem_col));
    part(
        c,
        view,
        &leaf,
        &|p: V, _| {
            // The half toward the light is a little fresher.
            let f = frame(p);
            if f.x < 0.0 {
                mix(base, hex(0xc8_e050), 0.18)
            } else {
                scale(base, 0.92)
            }
        },
        ink(base),
    );
    // Midrib and veins.
    let vein_col = mix(base, ink(base), 0.6);
    c.fill(
        view,
        1.0,
        |p| {
            let f = frame(p);
            let rib = sd_segment(f, v(0.0, -0.86), v(0.0, 0.7));
            let mut d = rib.0 - lerp(0.028, 0.008, rib.1);
            for k in 0..4 {
                let y0 = -0.5 + 0.3 * k as f32;
                for sgn in [-1.0, 1.0] {
                    let (dv, h) = sd_segment(f, v(0.0, y0), v(sgn * 0.3, y0 + 0.26));
                    d = d.min(dv - lerp(0.016, 0.006, h));
                }
            }
            d.max(leaf(p) + 0.09)
        },
        |_, _| with_alpha(vein_col, 0.7),
    );
    gloss(c, view, &leaf, v(-0.18, -0.3), v(0.2, 0.3), 0.4);
}

/// A tapering body along a polyline.
pub(super) struct Tube {
    pts: Vec<V>,
    radius: Vec<f32>,
    arc: Vec<f32>,
    /// Runs of segments (first, last point index) with a bounding circle (centre, radius), to
    /// skip the far ones quickly.
    chunks: Vec<(usize, usize, V, f32)>,
}

/// Where a point sits relative to a [`Tube`].
#[derive(Clone, Copy)]
pub(super) struct TubeHit {
    /// Signed distance to the tube's surface.
    d: f32,
    /// Arc length along the centre line of the nearest point.
    s: f32,
    /// Offset across the tube in radii: +1 at the left edge (of travel), -1 at the right.
    side: f32,
}

impl Tube {
    fn new(pts: Vec<V>, radius: Vec<f32>) -> Tube {
        let mut arc = vec![0.0];
        for w in pts.windows(2) {
            let last = arc[arc.len() - 1];
            arc.push(last + (w[1] - w[0]).len());
        }
        let mut chunks = Vec::new();
        let mut start = 0;
        while start + 1 < pts.len() {
            let end = (start + 8).min(pts.len() - 1);
            let run = &pts[start..=end];
            let centre = run.iter().fold(v(0.0, 0.0), |acc, &q| acc + q) * (1.0 / run.len() as f32);
            let reach = (start..=end)
                .map(|k| (pts[k] - centre).len() + radius[k])
                .fold(0.0, f32::max);
            chunks.push((start, end, centre, reach));
            start = end;
        }
        Tube {
            pts,
            radius,
            arc,
            chunks,
        }
    }

    /// The centre point, unit tangent and radius at arc length `s`.
    fn at(&self, s: f32) -> (V, V, f32) {
        let i = self
            .arc
            .iter()
            .position(|&a| a > s)
            .unwrap_or(self.arc.len() - 1)
            .max(1)
            - 1;
        let span = (self.arc[i + 1] - self.arc[i]).max(1e-6);
        let h = ((s - self.arc[i]) / span).clamp(0.0, 1.0);
        let (a, b) = (self.pts[i], self.pts[i + 1]);
        (
            a + (b - a) * h,
            (b - a).norm(),
            lerp(self.radius[i], self.radius[i + 1], h),
        )
    }

    fn length(&self) -> f32 {
        self.arc[self.arc.len() - 1]
    }

    fn hit(&self, p: V) -> TubeHit {
        let mut best = TubeHit {
            d: f32::MAX,
            s: 0.0,
            side: 0.0,
        };
        for &(first, last, centre, reach) in &self.chunks {
            // Nothing in this run can be nearer than its bounding circle.
            if (p - centre).len() - reach - 1e-4 > best.d {
                continue;
            }
            for i in first..last {
                let (a, b) = (self.pts[i], self.pts[i + 1]);
                let (dist, h) = sd_segment(p, a, b);
                let r = lerp(self.radius[i], self.radius[i + 1], h);
                let d = dist - r;
                if d < best.d {
                    let across = (b - a).norm().cross(p - a);
                    best = TubeHit {
                        d,
                        s: lerp(self.arc[i], self.arc[i + 1], h),
                        side: across / r.max(1e-3),
                    };
                }
            }
        }
        best
    }
}

pub(super) fn draw_wyrms(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Wyrms));
    let belly_col = hex(0xf4_c46c);
    // An S: from the tail at the lower left, round the lower loop, up through the middle and
    // round the upper loop to the head at the top right.
    let (ax, ay) = (0.5, 0.29);
    let lower = v(-0.03, 0.33);
    let upper = v(0.0, -0.28);
    let mut pts = Vec::new();
    let n1 = 26;
    for i in 0..=n1 {
        let t = i as f32 / n1 as f32;
        let a = (175.0 - 265.0 * t).to_radians();
        pts.push(lower + v(ax * a.cos(), ay * a.sin()));
    }
    let n2 = 22;
    for i in 1..=n2 {
        let t = i as f32 / n2 as f32;
        let a = (90.0 + 205.0 * t).to_radians();
        pts.push(upper + v(ax * a.cos(), ay * a.sin()));
    }
    let count = pts.len();
    let radius: Vec<f32> = (0..count)
        .map(|i| {
            let t = i as f32 / (count - 1) as f32;
            0.02 + 0.115 * smoothstep(0.0, 0.5, t) - 0.02 * smoothstep(0.75, 1.0, t)
        })
        .collect();
    let neck = pts[count - 1];
    let heading = (pts[count - 1] - pts[count - 3]).norm();
    let tube = Tube::new(pts, radius);
    let len = tube.length();
    // A crest of spines along the back of the upper loop (the right-hand side of travel).
    let mut spines: Vec<[V; 3]> = Vec::new();
    let mut at = 0.6 * len;
    while at < 0.86 * len {
        let (q, t, r) = tube.at(at);
        let out = v(-t.y, t.x) * -1.0;
        let h = 0.1 + 0.03 * ((at / len - 0.6) / 0.26);
        spines.push([
            q + out * (r * 0.5) - t * 0.06,
            q + out * (r + h) - t * 0.05,
            q + out * (r * 0.5) + t * 0.05,
        ]);
        at += 0.15;
    }
    let crest = move |p: V| {
        spines
            .iter()
            .map(|tri| sd_polygon(p, tri))
            .fold(f32::MAX, f32::min)
            - 0.01
    };
    let tube_sd = |p: V| tube.hit(p).d;
    // The head: a blunt wedge continuing the neck.
    let head_base = neck - heading * 0.04;
    let up = v(heading.y, -heading.x);
    let hf = move |x: f32, y: f32| head_base + heading * y + up * x;
    let head_frame = move |p: V| {
        let q = p - head_base;
        v(q.cross(heading), q.dot(heading))
    };
    let head = move |p: V| sd_uneven_capsule(head_frame(p), 0.17, 0.095, 0.25);
    let horns = move |p: V| {
        let mut d = f32::MAX;
        for (a, b, r) in [
            (hf(0.08, 0.02), hf(0.27, -0.18), 0.05),
            (hf(0.0, -0.04), hf(0.15, -0.24), 0.042),
        ] {
            let (dist, h) = sd_segment(p, a, b);
            d = d.min(dist - lerp(r, 0.008, h));
        }
        d
    };
    let body = |p: V| smin(tube_sd(p), head(p), 0.05);
    let all = |p: V| body(p).min(horns(p)).min(crest(p));
    drop_shadow(c, view, &all);
    let horn_col = hex(0xf2_e2b0);
    part(c, view, &horns, &|_, _| horn_col, ink(base));
    let crest_col = mix(base, hex(0x60_0818), 0.45);
    part(c, view, &crest, &|_, _| crest_col, ink(base));
    part(
        c,
        view,
        &body,
        &|p: V, _| {
            let h = tube.hit(p);
            let fade = 1.0 - smoothstep(len - 0.25, len - 0.05, h.s);
            // Dark bands across the back.
            let band = (h.s / 0.14 * TAU).cos() * 0.5 + 0.5;
            let mut col = mix(base, scale(base, 0.7), band * band * fade * 0.8);
            // Pale belly scales down the left-hand side.
            let belly = smoothstep(0.25, 0.45, h.side) * fade;
            let scute =
                1.0 - smoothstep(0.0, 0.25, ((h.s / 0.055).fract() - 0.5).abs() * 2.0 - 0.6);
            col = mix(
                col,
                mix(belly_col, scale(belly_col, 0.8), scute * 0.6),
                belly,
            );
            col
        },
        ink(base),
    );
    // Eye with a slit pupil, nostril, mouth and forked tongue.
    wyrm_face(c, view, base, hf, heading);
    gloss(c, view, &body, v(-0.3, -0.5), v(0.22, 0.16), 0.4);
}

/// The wyrm's eye with a slit pupil, nostril, mouth and forked tongue; `hf` places a point in
/// the head's frame (across, along), `heading` the way the head points.
pub(super) fn wyrm_face(
    c: &mut Canvas,
    view: View,
    base: C3,
    hf: impl Fn(f32, f32) -> V,
    heading: V,
) {
    let eye = hf(0.07, 0.11);
    let eye_r = 0.062;
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, eye, eye_r + 0.02),
        |_, _| with_alpha(ink(base), 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, eye, eye_r),
        |p, _| {
            let t = ((p - eye).dot(v(0.6, 0.8)) / eye_r).clamp(-1.0, 1.0);
            with_alpha(mix(hex(0xff_f4a0), hex(0xe8_a020), 0.5 + 0.5 * t), 1.0)
        },
    );
    c.fill(
        view,
        1.0,
        |p| sd_vesica((p - eye).rot(-heading.angle()), 0.06, 0.047),
        |_, _| with_alpha(hex(0x1a_0508), 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, eye + v(-0.02, -0.02), 0.014),
        |_, _| [1.0, 1.0, 1.0, 0.9],
    );
    let dark = hex(0x3a_0610);
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, hf(0.035, 0.3), 0.014),
        |_, _| with_alpha(dark, 0.9),
    );
    c.fill(
        view,
        1.0,
        |p| sd_capsule(p, hf(-0.03, 0.34), hf(-0.04, 0.17), 0.008),
        |_, _| with_alpha(dark, 0.8),
    );
    let fork = hf(-0.03, 0.47);
    c.fill(
        view,
        1.0,
        |p| {
            let a = sd_capsule(p, hf(-0.03, 0.33), fork, 0.017);
            let b = sd_capsule(p, fork, hf(0.02, 0.55), 0.012);
            let c2 = sd_capsule(p, fork, hf(-0.08, 0.54), 0.012);
            a.min(b).min(c2)
        },
        |_, _| with_alpha(hex(0x8a_0a20), 1.0),
    );
}

/// A ribbon's tint with a darker groove along its centre line.
pub(super) fn ribbon_groove(centre_distance: f32, tint: C3) -> C3 {
    let g = 1.0 - smoothstep(0.012, 0.03, centre_distance.abs());
    mix(tint, scale(tint, 0.55), g)
}

pub(super) fn draw_knots(c: &mut Canvas, view: View) {
    let base = rgb(suit_color(SuitShape::Knots));
    let half_w = 0.115;
    // Two stadium-shaped loops, one lying and one standing, woven over and under.
    let centre_a = |p: V| sd_round_box(p, v(0.0, 0.0), v(0.72, 0.31), 0.31);
    let centre_b = |p: V| sd_round_box(p, v(0.0, 0.0), v(0.31, 0.72), 0.31);
    let strand_a = move |p: V| centre_a(p).abs() - half_w;
    let strand_b = move |p: V| centre_b(p).abs() - half_w;
    let all = |p: V| strand_a(p).min(strand_b(p));
    let tint_a = base;
    let tint_b = mix(base, hex(0xd0_70c8), 0.22);
    drop_shadow(c, view, &all);
    let ga = move |p: V, _d: f32| ribbon_groove(centre_a(p), tint_a);
    let gb = move |p: V, _d: f32| ribbon_groove(centre_b(p), tint_b);
    part(c, view, &strand_a, &ga, ink(base));
    part(c, view, &strand_b, &gb, ink(base));
    // Loop A passes over B at two of the four crossings: redraw it there.
    let overs = [v(-0.31, -0.31), v(0.31, 0.31)];
    let clip = |p: V| {
        overs
            .iter()
            .map(|&o| sd_circle(p, o, 0.27))
            .fold(f32::MAX, f32::min)
    };
    let e = view.unit * 0.75;
    c.fill(
        view,
        1.0,
        |p| (strand_a(p) - OUTLINE).max(clip(p)),
        |_, _| with_alpha(ink(base), 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| strand_a(p).max(clip(p)),
        |p, _| {
            let d = strand_a(p);
            with_alpha(enamel(ga(p, d), p, bevel(&strand_a, p, d, 0.13, e)), 1.0)
        },
    );
    gloss(c, view, &all, v(-0.45, -0.38), v(0.3, 0.14), 0.35);
}
