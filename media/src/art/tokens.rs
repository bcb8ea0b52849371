//! Tokens: the Mýkonos start marker and the Duchess's florin.

use super::*;

// ---------------------------------------------------------------------------------------------
// Tokens: the Mýkonos start marker and the Duchess's florin
// ---------------------------------------------------------------------------------------------

/// The start player's marker for Mýkonos: a round token with an Aegean-blue enamel rim dotted in
/// white, and inside it a whitewashed windmill with canvas sails against the sky and the sea.
pub fn start_marker(size: u32) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    let e = view.unit * 0.75;
    let blue = hex(AEGEAN);
    let disc = |p: V| p.len() - 0.9;
    let field_r = 0.68;
    let field = move |p: V| p.len() - field_r;
    drop_shadow(&mut c, view, &disc);
    part(&mut c, view, &disc, &|_, _| blue, ink(blue));
    // White dots round the rim, like the trim on a painted door.
    let dots = |p: V| {
        let step = TAU / 16.0;
        let a = (p.angle() / step).round() * step;
        sd_circle(p, dir(a) * 0.795, 0.042)
    };
    c.fill(view, 1.0, dots, |p, _| {
        with_alpha(mix(WHITE, hex(0xc8_dcf0), smoothstep(-0.6, 0.8, p.y)), 0.95)
    });
    // The picture: sky fading to a pale horizon, the sea with a few glints, and a white hill.
    c.fill(
        view,
        1.0,
        |p| field(p) - 0.035,
        |_, _| with_alpha(ink(blue), 1.0),
    );
    c.fill(view, 1.0, field, |p, _| {
        let sky = mix(hex(0x5a_a8e0), hex(0xd8_ecf6), smoothstep(-0.7, 0.3, p.y));
        let sea_line = 0.3 + 0.02 * (p.x * 9.0).sin();
        let mut col = sky;
        if p.y > sea_line {
            let depth = smoothstep(0.3, 0.7, p.y);
            col = mix(hex(0x1e_6ab8), hex(0x0e_3c7a), depth);
            let glint = ((p.x * 14.0 + p.y * 30.0).sin() * 0.5 + 0.5).powi(8);
            col = mix(col, hex(0xa8_d8f4), glint * 0.35);
        }
        // A soft inner shadow at the top, as if the rim stood proud of the picture.
        let rim = smoothstep(0.45, 0.68, p.len()) * smoothstep(0.3, -0.6, p.y);
        with_alpha(scale(col, 1.0 - 0.25 * rim), 1.0)
    });
    let hill = move |p: V| sd_circle(p, v(0.05, 1.2), 0.86).max(field(p));
    c.fill(view, 1.0, hill, |p, d| {
        let n = bevel(&hill, p, d, 0.12, e);
        with_alpha(enamel(hex(0xf2_ece0), p, n), 1.0)
    });
    // The windmill: a round white tower with a dark door and window, a conical cap, and eight
    // triangular sails on their spars.
    let hub = v(0.0, -0.25);
    let tower = |p: V| {
        let t = ((p.y + 0.2) / 0.68).clamp(0.0, 1.0);
        let half = lerp(0.17, 0.25, t);
        let sides = p.x.abs() - half;
        sides.max(-0.2 - p.y).max(p.y - 0.48)
    };
    let cap = |p: V| sd_polygon(p, &[v(-0.21, -0.17), v(0.0, -0.38), v(0.21, -0.17)]) - 0.015;
    let sails = move |p: V| {
        let q = (p - hub).rot(-0.2);
        let step = TAU / 8.0;
        let a = (q.angle() / step).round() * step;
        let local = q.rot(-a);
        let cloth = sd_polygon(local, &[v(0.1, 0.0), v(0.43, 0.0), v(0.4, 0.12)]);
        let spar = sd_segment(local, v(0.0, 0.0), v(0.46, 0.0)).0 - 0.013;
        (cloth, spar)
    };
    let mill = |p: V| tower(p).min(cap(p));
    let all = |p: V| {
        let (cloth, spar) = sails(p);
        mill(p).min(cloth).min(spar).max(field(p) + 0.01)
    };
    c.fill(
        view,
        (0.05 / view.unit).max(1.0),
        |p| all(p - v(0.025, 0.04)) - 0.02,
        |_, _| [0.0, 0.0, 0.1, 0.3],
    );
    let white = hex(0xfa_f6ee);
    let line = hex(0x2a_3448);
    part(&mut c, view, &tower, &|_, _| white, line);
    let thatch = hex(0x8a_5a30);
    part(
        &mut c,
        view,
        &cap,
        &|p: V, _| {
            mix(
                thatch,
                scale(thatch, 0.75),
                ((p.x * 40.0).sin() * 0.5 + 0.5) * 0.5,
            )
        },
        ink(thatch),
    );
    c.fill(
        view,
        1.0,
        |p| sd_round_box(p, v(0.0, 0.37), v(0.06, 0.11), 0.055),
        |_, _| with_alpha(hex(0x1c_3c70), 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| sd_round_box(p, v(0.0, 0.12), v(0.04, 0.05), 0.03),
        |_, _| with_alpha(hex(0x1c_3c70), 1.0),
    );
    let spar_sd = |p: V| sails(p).1.max(field(p) + 0.01);
    let cloth_sd = |p: V| sails(p).0.max(field(p) + 0.01);
    c.fill(
        view,
        1.0,
        |p| cloth_sd(p) - 0.03,
        |_, _| with_alpha(line, 1.0),
    );
    c.fill(view, 1.0, cloth_sd, |p, _| {
        let q = p - hub;
        let fold = ((q.len() * 40.0).sin() * 0.5 + 0.5) * 0.12;
        with_alpha(scale(hex(0xf6_f0e2), 1.0 - fold), 1.0)
    });
    c.fill(view, 1.0, spar_sd, |_, _| with_alpha(hex(0x5a_3a20), 1.0));
    c.fill(
        view,
        1.0,
        |p| sd_circle(p, hub, 0.05),
        |_, _| with_alpha(hex(0x3a_2412), 1.0),
    );
    gloss(&mut c, view, &disc, v(-0.45, -0.5), v(0.28, 0.14), 0.3);
    c.into_raster()
}

/// The relief height of a struck coin at `p` (in the `[-1, 1]` square): raised rim, a ring of
/// `beads`, and the stamped device `device` (a distance function, bevelled into the field).
pub(super) fn coin_height(p: V, device: &impl Fn(V) -> f32, beads: f32) -> f32 {
    let r = p.len();
    let mut hgt = 0.3;
    // Raised rounded rim.
    let rim_t = ((r - 0.74) / 0.2).clamp(0.0, 1.0);
    hgt += 0.5 * (rim_t * PI).sin().powf(0.7) * smoothstep(0.72, 0.76, r);
    // Beads around the field.
    let a = p.angle();
    let step = TAU / beads;
    let ab = (a / step).round() * step;
    let bead = sd_circle(p, dir(ab) * 0.66, 0.03);
    hgt += 0.12 * smoothstep(0.02, -0.02, bead);
    // The stamped device, bevelled.
    if r < 0.64 {
        hgt += 0.26 * smoothstep(0.015, -0.05, device(p));
    }
    hgt
}

/// A gold coin struck with `device`: outline, relief lit from the top left, a sheen and gloss.
/// `tint` multiplies the gold; `engrave` darkens a groove round the device (0 for none).
pub(super) fn struck_coin(
    size: u32,
    device: &impl Fn(V) -> f32,
    beads: f32,
    tint: C3,
    engrave: f32,
) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    let disc = |p: V| p.len() - 0.9;
    drop_shadow(&mut c, view, &disc);
    c.fill(
        view,
        1.0,
        |p| disc(p) - OUTLINE,
        |_, _| with_alpha(hex(0x4a_2c06), 1.0),
    );
    let e = view.unit.max(0.01);
    c.fill(view, 1.0, disc, |p, _| {
        let height = |q: V| coin_height(q, device, beads);
        let hx = height(v(p.x + e, p.y)) - height(v(p.x - e, p.y));
        let hy = height(v(p.x, p.y + e)) - height(v(p.x, p.y - e));
        let k = 1.0 / (2.0 * e) * 0.11;
        let n = norm3([-hx * k, -hy * k, 1.0]);
        let mut col = gold_shade(n, p);
        col = [col[0] * tint[0], col[1] * tint[1], col[2] * tint[2]];
        if engrave > 0.0 && p.len() < 0.64 {
            let groove = 1.0 - smoothstep(0.0, 0.03 + view.unit, (device(p) - 0.01).abs());
            col = scale(col, 1.0 - engrave * groove);
        }
        // The field is a little darker (recessed); a broad sheen crosses the coin.
        let r = p.len();
        col = scale(col, 0.9 + 0.1 * smoothstep(0.6, 0.78, r));
        let sheen = 1.0 - smoothstep(0.0, 0.35, (p.x + p.y + 0.35).abs());
        with_alpha(mix(col, hex(0xff_f4c0), sheen * 0.18), 1.0)
    });
    gloss(&mut c, view, &disc, v(-0.4, -0.42), v(0.25, 0.16), 0.4);
    c.into_raster()
}

/// A fleur-de-lis about 0.9 tall, centred: a pointed middle petal, two petals curling outward
/// and down, a band, and a small three-lobed foot.
pub(super) fn sd_lily(p: V) -> f32 {
    let q = v(p.x.abs(), p.y);
    let middle = sd_vesica(p - v(0.0, -0.215), 0.43, 0.27);
    // The side petal: the top of one circle left when a lower one is cut away, so that it
    // arches out from the middle and ends in a point curling down.
    let outer = sd_circle(q, v(0.26, -0.02), 0.26);
    let inner = sd_circle(q, v(0.29, 0.08), 0.22);
    let side = smax(outer, -inner, 0.02).max(q.y - 0.09);
    let band = sd_round_box(p, v(0.0, 0.1), v(0.27, 0.055), 0.03);
    let foot_mid = sd_vesica(p - v(0.0, 0.25), 0.22, 0.155);
    let foot_side = sd_uneven_capsule((q - v(0.06, 0.15)).rot(0.75), 0.06, 0.028, 0.17);
    let foot = foot_mid.min(foot_side);
    middle.min(side).min(band).min(foot)
}

/// A gold florin for The Duchess's Necklace: warmer gold than [`coin`], with a fleur-de-lis
/// struck in the middle and a finer ring of beads.
pub fn florin(size: u32) -> Raster {
    let lily = |p: V| sd_lily(p * (1.0 / 1.08) + v(0.0, 0.04)) * 1.08;
    struck_coin(size, &lily, 36.0, [1.0, 0.93, 0.82], 0.3)
}
