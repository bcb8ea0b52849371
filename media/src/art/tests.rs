use super::*;

fn alpha_coverage(r: &Raster) -> f32 {
    let sum: u64 = r.pixels.chunks(4).map(|p| u64::from(p[3])).sum();
    sum as f32 / (255.0 * (r.width * r.height) as f32)
}

fn corners_clear(r: &Raster) -> bool {
    let (w, h) = (r.width - 1, r.height - 1);
    [(0, 0), (w, 0), (0, h), (w, h)]
        .iter()
        .all(|&(x, y)| r.get(x, y)[3] == 0)
}

fn mask(r: &Raster) -> Vec<bool> {
    r.pixels.chunks(4).map(|p| p[3] >= 128).collect()
}

fn differ(a: &[bool], b: &[bool]) -> f32 {
    a.iter().zip(b).filter(|(x, y)| x != y).count() as f32 / a.len() as f32
}

fn distance(a: Rgb, b: Rgb) -> f32 {
    let d: Vec<f32> = (0..3).map(|i| f32::from(a[i]) - f32::from(b[i])).collect();
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

#[test]
fn art_symbols_cover_a_sensible_area_with_clear_corners() {
    for s in SuitShape::ALL {
        let r = suit_symbol(s, 128);
        let cov = alpha_coverage(&r);
        assert!((0.25..=0.9).contains(&cov), "{s:?} covers {cov}");
        assert!(corners_clear(&r), "{s:?} corners");
    }
    for g in GemShape::ALL {
        let r = gem_symbol(g, 128);
        let cov = alpha_coverage(&r);
        assert!((0.25..=0.9).contains(&cov), "{g:?} covers {cov}");
        assert!(corners_clear(&r), "{g:?} corners");
    }
    for r in [coin(128), meeple(128, [200, 40, 40])] {
        assert!(corners_clear(&r));
        assert!((0.25..=0.9).contains(&alpha_coverage(&r)));
    }
}

/// Every pair of silhouettes (64 px masks) differs in at least 15% of pixels and every pair
/// of colours is at least 80 apart; reports all offenders at once. `ART_MATRIX=1` prints the
/// whole difference matrix (with `--nocapture`), handy when reshaping a symbol.
fn check_distinct<T: std::fmt::Debug + Copy>(
    all: &[T],
    draw: impl Fn(T, u32) -> Raster,
    colour: impl Fn(T) -> Rgb,
) {
    let masks: Vec<Vec<bool>> = all.iter().map(|&s| mask(&draw(s, 64))).collect();
    let mut problems = Vec::new();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            let (a, b) = (all[i], all[j]);
            let d = differ(&masks[i], &masks[j]);
            if d < 0.15 {
                problems.push(format!("{a:?}/{b:?} silhouettes differ by {d:.3}"));
            }
            let cd = distance(colour(a), colour(b));
            if cd < 80.0 {
                problems.push(format!("{a:?}/{b:?} colours {cd:.0} apart"));
            }
        }
    }
    if std::env::var_os("ART_MATRIX").is_some() || !problems.is_empty() {
        for (i, a) in all.iter().enumerate() {
            let row: Vec<String> = masks
                .iter()
                .map(|m| format!("{:.3}", differ(&masks[i], m)))
                .collect();
            let area = masks[i].iter().filter(|&&m| m).count() as f32 / masks[i].len() as f32;
            eprintln!("{:>10} {area:.2} | {}", format!("{a:?}"), row.join(" "));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn art_suit_silhouettes_and_colours_are_distinct() {
    check_distinct(&SuitShape::ALL, suit_symbol, suit_color);
}

#[test]
fn art_gem_silhouettes_and_colours_are_distinct() {
    check_distinct(&GemShape::ALL, gem_symbol, gem_color);
}

#[test]
fn art_cards_have_round_corners_opaque_middles_and_are_deterministic() {
    let face = card_face(250, 350, suit_color(SuitShape::Suns));
    let back = card_back(250, 350);
    for r in [&face, &back] {
        assert_eq!((r.width, r.height), (250, 350));
        assert!(corners_clear(r));
        assert_eq!(r.get(125, 175)[3], 255);
        assert_eq!(r.get(125, 2)[3], 255, "top edge");
        assert_eq!(r.get(2, 175)[3], 255, "left edge");
    }
    assert_eq!(face, card_face(250, 350, suit_color(SuitShape::Suns)));
    assert_eq!(back, card_back(250, 350));
    assert_eq!(
        suit_symbol(SuitShape::Wyrms, 96),
        suit_symbol(SuitShape::Wyrms, 96)
    );
    assert_eq!(felt(64, 36, [30, 90, 60]), felt(64, 36, [30, 90, 60]));
}

#[test]
fn art_shadow_glow_and_panel_shapes() {
    let s = card_shadow(100, 140, 12);
    assert_eq!((s.width, s.height), (124, 164));
    assert_eq!(s.get(0, 0)[3], 0);
    assert!(s.get(62, 82)[3] > 100);
    assert!(
        s.pixels
            .chunks(4)
            .all(|p| p[0] == 0 && p[1] == 0 && p[2] == 0)
    );
    let g = glow(64, [255, 220, 120]);
    assert!(g.get(32, 32)[3] > 180);
    assert_eq!(g.get(0, 0)[3], 0);
    assert!(g.get(32, 32)[3] > g.get(44, 32)[3]);
    let p = rounded_panel(120, 40, 12, [20, 30, 40, 200], [230, 200, 120, 255], 2.0);
    assert_eq!(p.get(0, 0)[3], 0);
    assert_eq!(p.get(60, 20), [20, 30, 40, 200]);
    assert_eq!(p.get(60, 0), [230, 200, 120, 255]);
    let f = felt(100, 60, [40, 110, 70]);
    assert!(f.pixels.chunks(4).all(|p| p[3] == 255));
    let mid = f.get(50, 30);
    let corner = f.get(0, 0);
    assert!(u32::from(mid[1]) > u32::from(corner[1]), "vignette");
}

#[test]
fn art_paste_blends_and_clips() {
    let mut dst = Raster::new(4, 4);
    let mut src = Raster::new(2, 2);
    src.set(0, 0, [255, 0, 0, 255]);
    src.set(1, 1, [0, 0, 255, 128]);
    paste(&mut dst, &src, 3, 3);
    paste(&mut dst, &src, -1, -1);
    assert_eq!(dst.get(3, 3), [255, 0, 0, 255]);
    assert_eq!(dst.get(0, 0), [0, 0, 255, 128]);
    dst.blend_pixel(0, 0, [255, 255, 255, 255]);
    assert_eq!(dst.get(0, 0), [255, 255, 255, 255]);
    let mut half = Raster::new(1, 1);
    half.set(0, 0, [0, 0, 0, 255]);
    half.blend_pixel(0, 0, [255, 255, 255, 128]);
    assert_eq!(half.get(0, 0), [128, 128, 128, 255]);
}

#[test]
fn art_tiny_sizes_do_not_panic() {
    for n in [1u32, 2, 8, 9, 17] {
        for s in SuitShape::ALL {
            assert_eq!(suit_symbol(s, n).pixels.len(), (n * n * 4) as usize);
        }
        for g in GemShape::ALL {
            assert_eq!(gem_symbol(g, n).pixels.len(), (n * n * 4) as usize);
        }
        let _ = card_face(n, n + 3, [10, 20, 30]);
        let _ = card_back(n, n + 3);
        let _ = card_shadow(n, n, n);
        let _ = card_shadow(n, n, 0);
        let _ = coin(n);
        let _ = felt(n, n, [1, 2, 3]);
        let _ = meeple(n, [200, 10, 10]);
        let _ = rounded_panel(n, n, 40, [1, 2, 3, 4], [5, 6, 7, 8], 3.0);
        let _ = glow(n, [255, 255, 255]);
        for s in PokerSuit::ALL {
            assert_eq!(poker_suit_symbol(s, n).pixels.len(), (n * n * 4) as usize);
        }
        let _ = poker_card_face(n, n + 3);
        let _ = jewel_card_face(n, n + 3);
        let _ = jewel_card_back(n, n + 3);
        let _ = start_marker(n);
        let _ = florin(n);
    }
    let _ = rounded_panel(0, 0, 0, [0; 4], [0; 4], 0.0);
}

#[test]
fn art_timings_are_reasonable() {
    use std::time::Instant;
    let mut jobs: Vec<(String, Box<dyn Fn() -> Raster>)> = Vec::new();
    for s in SuitShape::ALL {
        jobs.push((format!("{s:?}"), Box::new(move || suit_symbol(s, 128))));
    }
    for g in GemShape::ALL {
        jobs.push((format!("{g:?}"), Box::new(move || gem_symbol(g, 128))));
    }
    jobs.push((
        "card_face".into(),
        Box::new(|| card_face(250, 350, [200, 40, 40])),
    ));
    jobs.push(("card_back".into(), Box::new(|| card_back(250, 350))));
    jobs.push(("coin".into(), Box::new(|| coin(128))));
    jobs.push(("meeple".into(), Box::new(|| meeple(128, [200, 40, 40]))));
    jobs.push(("felt".into(), Box::new(|| felt(1024, 576, [30, 90, 60]))));
    for s in PokerSuit::ALL {
        jobs.push((
            format!("{s:?}"),
            Box::new(move || poker_suit_symbol(s, 128)),
        ));
    }
    jobs.push(("poker_face".into(), Box::new(|| poker_card_face(240, 336))));
    jobs.push(("jewel_face".into(), Box::new(|| jewel_card_face(240, 336))));
    jobs.push(("jewel_back".into(), Box::new(|| jewel_card_back(240, 336))));
    jobs.push(("start_marker".into(), Box::new(|| start_marker(128))));
    jobs.push(("florin".into(), Box::new(|| florin(128))));
    for (name, job) in &jobs {
        let t = Instant::now();
        let _ = job();
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        // Each takes under 50 ms at opt-level 1 on a desktop; the bound only catches blowups
        // (tests run in parallel on busy machines).
        assert!(ms < 1000.0, "{name} took {ms:.0} ms");
    }
}

/// Intersection over union of two masks.
fn iou(a: &[bool], b: &[bool]) -> f32 {
    let both = a.iter().zip(b).filter(|(x, y)| **x && **y).count();
    let either = a.iter().zip(b).filter(|(x, y)| **x || **y).count();
    both as f32 / either.max(1) as f32
}

/// Rec. 709 luma of an sRGB colour, 0 to 255.
fn luma(c: Rgb) -> f32 {
    0.2126 * f32::from(c[0]) + 0.7152 * f32::from(c[1]) + 0.0722 * f32::from(c[2])
}

#[test]
fn art_poker_suits_differ_in_shape_and_colour() {
    // Unlike the Decktet suits, a spade and a club share a stalk and much of their outline,
    // so the test is on overlap (intersection over union) rather than differing pixels, and
    // on the features that tell the pips apart.
    let masks: Vec<Vec<bool>> = PokerSuit::ALL
        .iter()
        .map(|&s| mask(&poker_suit_symbol(s, 64)))
        .collect();
    if std::env::var_os("ART_MATRIX").is_some() {
        for a in &masks {
            let row: Vec<String> = masks.iter().map(|b| format!("{:.3}", iou(a, b))).collect();
            eprintln!("iou {}", row.join(" "));
        }
    }
    for i in 0..masks.len() {
        for j in i + 1..masks.len() {
            let (a, b) = (PokerSuit::ALL[i], PokerSuit::ALL[j]);
            let o = iou(&masks[i], &masks[j]);
            assert!(o < 0.85, "{a:?}/{b:?} overlap {o:.3}");
            let cd = distance(poker_suit_color(a), poker_suit_color(b));
            assert!(cd > 80.0, "{a:?}/{b:?} colours {cd:.0} apart");
        }
    }
    // Where the club has notches between its lobes, the spade's blade is solid; where the
    // spade's point rises, the heart has its notch.
    let solid = |s: PokerSuit, x: f32, y: f32| {
        let r = poker_suit_symbol(s, 64);
        r.get(((x + 1.0) * 32.0) as u32, ((y + 1.0) * 32.0) as u32)[3] > 128
    };
    for x in [-0.38, 0.38] {
        assert!(!solid(PokerSuit::Clubs, x, -0.33), "club notch at {x}");
        assert!(solid(PokerSuit::Spades, x, -0.33), "spade blade at {x}");
    }
    assert!(solid(PokerSuit::Spades, 0.0, -0.8) && !solid(PokerSuit::Hearts, 0.0, -0.8));
    assert!(solid(PokerSuit::Hearts, 0.0, 0.7) && !solid(PokerSuit::Diamonds, 0.45, 0.45));
    // The red and the green suits differ in lightness too, for red-green colour blindness,
    // and the spade is the darkest ink.
    let (hearts, clubs) = (
        luma(poker_suit_color(PokerSuit::Hearts)),
        luma(poker_suit_color(PokerSuit::Clubs)),
    );
    assert!((hearts - clubs).abs() > 30.0, "{hearts} vs {clubs}");
    let spades = luma(poker_suit_color(PokerSuit::Spades));
    for s in [PokerSuit::Hearts, PokerSuit::Diamonds, PokerSuit::Clubs] {
        assert!(spades + 25.0 < luma(poker_suit_color(s)), "{s:?}");
    }
    // Each ink reads on a phone's card at WCAG's 4.5:1 for small text: against the page's
    // paper (#faf2db, assets/phone/index.html), where a card's rank is 22 px.
    for s in PokerSuit::ALL {
        let ratio = contrast(poker_suit_color(s), [0xfa, 0xf2, 0xdb]);
        assert!(ratio >= 4.5, "{s:?} on the paper: {ratio:.2}:1");
    }
    // The pips are not the Decktet suits drawn again.
    for s in PokerSuit::ALL {
        let pip = mask(&poker_suit_symbol(s, 64));
        for d in SuitShape::ALL {
            let o = iou(&pip, &mask(&suit_symbol(d, 64)));
            assert!(o < 0.8, "{s:?} looks like {d:?} ({o:.3})");
        }
    }
}

#[test]
fn art_poker_suits_and_tokens_cover_a_sensible_area_with_clear_corners() {
    for s in PokerSuit::ALL {
        let r = poker_suit_symbol(s, 128);
        let cov = alpha_coverage(&r);
        assert!((0.25..=0.9).contains(&cov), "{s:?} covers {cov}");
        assert!(corners_clear(&r), "{s:?} corners");
        assert_eq!(r, poker_suit_symbol(s, 128), "{s:?} deterministic");
    }
    for (name, r) in [
        ("start_marker", start_marker(128)),
        ("florin", florin(128)),
        ("grey meeple", meeple(128, [150, 150, 155])),
    ] {
        let cov = alpha_coverage(&r);
        assert!((0.25..=0.9).contains(&cov), "{name} covers {cov}");
        assert!(corners_clear(&r), "{name} corners");
    }
    // The florin is its own coin: the same disc as the star coin, but a different device.
    let (f, c) = (florin(128), coin(128));
    assert!(differ(&mask(&f), &mask(&c)) < 0.02);
    let changed = f
        .pixels
        .chunks(4)
        .zip(c.pixels.chunks(4))
        .filter(|(a, b)| distance([a[0], a[1], a[2]], [b[0], b[1], b[2]]) > 30.0)
        .count();
    assert!(changed > 128 * 128 / 20, "only {changed} pixels differ");
}

/// The share of pixels in the rectangle (fractions of the image) for which `test` holds.
fn share(r: &Raster, rect: (f32, f32, f32, f32), test: impl Fn([u8; 4]) -> bool) -> f32 {
    let (l, t, w, h) = rect;
    let (x0, y0) = ((l * r.width as f32) as u32, (t * r.height as f32) as u32);
    let (x1, y1) = (
        ((l + w) * r.width as f32) as u32,
        ((t + h) * r.height as f32) as u32,
    );
    let mut hits = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            hits += u32::from(test(r.get(x, y)));
        }
    }
    hits as f32 / ((x1 - x0) * (y1 - y0)).max(1) as f32
}

#[test]
fn art_poker_face_keeps_corners_and_middle_clear_inside_a_blue_border() {
    let face = poker_card_face(240, 336);
    assert!(corners_clear(&face));
    assert_eq!(face.get(120, 168)[3], 255);
    assert_eq!(face, poker_card_face(240, 336));
    // Where the rank and pips go (the middle and each corner inside the border), the face
    // is plain light ivory.
    let plain = |p: [u8; 4]| p[3] == 255 && p[0] > 225 && p[1] > 220 && p[2] > 205;
    for rect in [
        (0.15, 0.12, 0.7, 0.76),
        (0.12, 0.09, 0.2, 0.16),
        (0.68, 0.09, 0.2, 0.16),
        (0.12, 0.75, 0.2, 0.16),
        (0.68, 0.75, 0.2, 0.16),
    ] {
        let s = share(&face, rect, plain);
        assert!(s > 0.999, "{rect:?} only {s:.3} plain");
    }
    // The key along the border is blue.
    let blue = |p: [u8; 4]| i32::from(p[2]) > i32::from(p[0]) + 40;
    let band = share(&face, (0.2, 0.05, 0.6, 0.06), blue);
    assert!((0.08..0.6).contains(&band), "border band {band:.3} blue");
}

#[test]
fn art_jewel_face_geometry_lines_up() {
    let (w, h) = (240u32, 336u32);
    let face = jewel_card_face(w, h);
    assert!(corners_clear(&face));
    assert_eq!(face.get(w / 2, h / 2)[3], 255);
    assert_eq!(face, jewel_card_face(w, h));
    let at = |fx: f32, fy: f32| face.get((fx * w as f32) as u32, (fy * h as f32) as u32);
    let gold = |p: [u8; 4]| p[0] > 150 && i32::from(p[0]) > i32::from(p[2]) + 60;
    let light = |p: [u8; 4]| p[0] > 200 && p[1] > 185 && p[2] > 160;
    let velvet = |p: [u8; 4]| p[0] < 170 && p[1] < 70 && p[2] < 90;
    let radius = JEWEL_SETTING_RADIUS * w as f32 / h as f32;
    for &(fx, fy) in &JEWEL_SETTINGS {
        // A pale satin cup in the middle, a gold bezel at 0.92 of the radius (sampled at the
        // side, clear of the claws), velvet just outside.
        assert!(light(at(fx, fy)), "cup at {fx},{fy}: {:?}", at(fx, fy));
        let bezel = at(fx + 0.92 * JEWEL_SETTING_RADIUS, fy);
        assert!(gold(bezel), "bezel at {fx},{fy}: {bezel:?}");
        let bezel = at(fx, fy + 0.92 * radius);
        assert!(gold(bezel), "bezel below {fx},{fy}: {bezel:?}");
        let outside = at(fx - 1.25 * JEWEL_SETTING_RADIUS, fy);
        assert!(velvet(outside), "outside {fx},{fy}: {outside:?}");
    }
    // The cartouche is cream all over (its notched corners aside), with velvet above it.
    let (l, t, cw, ch) = JEWEL_CARTOUCHE;
    let inner = (l + 0.04 * cw, t + 0.08 * ch, 0.92 * cw, 0.84 * ch);
    let cream = share(&face, inner, light);
    assert!(cream > 0.97, "cartouche {cream:.3} cream");
    let rim = share(&face, (l + 0.1 * cw, t - 0.0015, 0.8 * cw, 0.003), gold);
    assert!(rim > 0.8, "cartouche rim {rim:.3} gold");
    assert!(velvet(at(0.5, t - 0.012)) || gold(at(0.5, t - 0.012)));
    // Settings, cartouche and frame keep apart.
    let lowest = JEWEL_SETTINGS[2].1 + radius;
    assert!(
        lowest + 0.02 < t,
        "settings reach {lowest}, cartouche starts {t}"
    );
    for &(fx, fy) in &JEWEL_SETTINGS {
        assert!(fx - JEWEL_SETTING_RADIUS > 0.1 && fx + JEWEL_SETTING_RADIUS < 0.9);
        assert!(fy - radius > 0.08);
    }
    let (a, b) = (JEWEL_SETTINGS[0], JEWEL_SETTINGS[1]);
    assert!(b.0 - a.0 > 2.0 * JEWEL_SETTING_RADIUS);
    assert!(JEWEL_SETTINGS[2].1 - a.1 > 2.0 * radius);
}

#[test]
fn art_jewel_back_is_a_card_unlike_the_face() {
    let back = jewel_card_back(240, 336);
    assert!(corners_clear(&back));
    assert!(back.pixels.chunks(4).filter(|p| p[3] == 255).count() > 240 * 336 * 9 / 10);
    assert_eq!(back, jewel_card_back(240, 336));
    let face = jewel_card_face(240, 336);
    assert!(
        differ(
            &back
                .pixels
                .chunks(4)
                .map(|p| p[0] > 200)
                .collect::<Vec<_>>(),
            &face
                .pixels
                .chunks(4)
                .map(|p| p[0] > 200)
                .collect::<Vec<_>>(),
        ) > 0.1
    );
    // Pearls: many pale, near-neutral pixels on the necklace's sides.
    let pearly = |p: [u8; 4]| p[0] > 200 && p[1] > 190 && p[2] > 180;
    let side = share(&back, (0.15, 0.35, 0.12, 0.25), pearly);
    assert!(side > 0.1, "necklace side {side:.3} pearly");
}
