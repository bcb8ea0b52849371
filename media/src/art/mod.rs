//! Come Buy's pictures, computed pixel by pixel: suit symbols, gems, card faces and backs, coins,
//! felt, meeples, panels and glows. Nothing is loaded or copied; every shape is a signed distance
//! function (negative inside), edges are anti-aliased by a smoothstep over about one pixel of the
//! distance, and textures come from a seeded value noise. Same arguments, same bytes.
//!
//! Shapes are drawn into a float canvas with premultiplied alpha and converted to a [`Raster`]
//! (straight alpha, sRGB, RGBA8) at the end. Symbols live in a `[-1, 1]` square with y down; cards
//! and felt work in pixels. The light comes from the top left everywhere.

use std::f32::consts::{PI, SQRT_2, TAU};
use std::ops::{Add, Mul, Neg, Sub};

mod cards;
mod gems;
mod geom;
mod jewel_back;
mod jewels;
mod poker;
mod suits;
#[cfg(test)]
mod tests;
mod tokens;

pub use cards::*;
use gems::*;
use geom::*;
pub use jewel_back::*;
pub use jewels::*;
pub use poker::*;
use suits::*;
pub use tokens::*;

// ---------------------------------------------------------------------------------------------
// Public raster
// ---------------------------------------------------------------------------------------------

/// An RGBA8 image: straight (non-premultiplied) alpha, sRGB, rows top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// WCAG's relative luminance of an sRGB colour (0 black, 1 white).
pub fn luminance(c: Rgb) -> f32 {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG's contrast ratio of two colours, 1:1 to 21:1 (text needs 4.5, large text 3): the
/// one rule every check of our colours uses (the art's tests, the layout audit, the results'
/// bands).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

impl Raster {
    /// A fully transparent image.
    pub fn new(width: u32, height: u32) -> Raster {
        Raster {
            width,
            height,
            pixels: vec![0; width as usize * height as usize * 4],
        }
    }

    fn index(&self, x: u32, y: u32) -> Option<usize> {
        (x < self.width && y < self.height)
            .then(|| (y as usize * self.width as usize + x as usize) * 4)
    }

    /// The pixel at (x, y); transparent black outside the image.
    pub fn get(&self, x: u32, y: u32) -> [u8; 4] {
        match self.index(x, y) {
            Some(i) => [
                self.pixels[i],
                self.pixels[i + 1],
                self.pixels[i + 2],
                self.pixels[i + 3],
            ],
            None => [0; 4],
        }
    }

    /// Overwrites the pixel at (x, y); ignored outside the image.
    pub fn set(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i..i + 4].copy_from_slice(&rgba);
        }
    }

    /// Composites `rgba` over the pixel at (x, y) (source-over, straight alpha); ignored outside.
    pub fn blend_pixel(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        let Some(i) = self.index(x, y) else { return };
        let sa = f32::from(rgba[3]) / 255.0;
        if sa <= 0.0 {
            return;
        }
        let da = f32::from(self.pixels[i + 3]) / 255.0;
        let oa = sa + da * (1.0 - sa);
        for (k, &s) in rgba.iter().take(3).enumerate() {
            let d = f32::from(self.pixels[i + k]);
            let o = (f32::from(s) * sa + d * da * (1.0 - sa)) / oa;
            self.pixels[i + k] = o.round().clamp(0.0, 255.0) as u8;
        }
        self.pixels[i + 3] = (oa * 255.0).round().clamp(0.0, 255.0) as u8;
    }
}

/// Composites `src` over `dst` with its top-left corner at (x, y), clipped to `dst`.
pub fn paste(dst: &mut Raster, src: &Raster, x: i32, y: i32) {
    for sy in 0..src.height {
        let dy = i64::from(y) + i64::from(sy);
        if dy < 0 || dy >= i64::from(dst.height) {
            continue;
        }
        for sx in 0..src.width {
            let dx = i64::from(x) + i64::from(sx);
            if dx < 0 || dx >= i64::from(dst.width) {
                continue;
            }
            dst.blend_pixel(dx as u32, dy as u32, src.get(sx, sy));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Public catalogue
// ---------------------------------------------------------------------------------------------

/// The six Decktet suits, each drawn as its own silhouette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SuitShape {
    Moons,
    Suns,
    Waves,
    Leaves,
    Wyrms,
    Knots,
}

impl SuitShape {
    pub const ALL: [SuitShape; 6] = [
        SuitShape::Moons,
        SuitShape::Suns,
        SuitShape::Waves,
        SuitShape::Leaves,
        SuitShape::Wyrms,
        SuitShape::Knots,
    ];
}

/// The suit's colour, chosen to read on cream card faces and to stay apart from the others.
pub fn suit_color(s: SuitShape) -> Rgb {
    match s {
        SuitShape::Moons => [78, 96, 206],
        SuitShape::Suns => [240, 172, 30],
        SuitShape::Waves => [20, 150, 160],
        SuitShape::Leaves => [72, 160, 50],
        SuitShape::Wyrms => [204, 38, 52],
        SuitShape::Knots => [150, 58, 152],
    }
}

/// The Duchess's gems, each a different cut as well as a different colour, in the engine's
/// `Gem` order (then the rainbow stone and the gold ingot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GemShape {
    Amber,
    Jet,
    Amethyst,
    Pearl,
    Emerald,
    Ruby,
    Sapphire,
    Diamond,
    Rainbow,
    Gold,
}

impl GemShape {
    pub const ALL: [GemShape; 10] = [
        GemShape::Amber,
        GemShape::Jet,
        GemShape::Amethyst,
        GemShape::Pearl,
        GemShape::Emerald,
        GemShape::Ruby,
        GemShape::Sapphire,
        GemShape::Diamond,
        GemShape::Rainbow,
        GemShape::Gold,
    ];
}

/// The gem's representative colour (for chips, text and highlights).
pub fn gem_color(g: GemShape) -> Rgb {
    match g {
        GemShape::Amber => [222, 110, 20],
        GemShape::Jet => [38, 38, 48],
        GemShape::Amethyst => [150, 76, 206],
        GemShape::Pearl => [242, 232, 216],
        GemShape::Emerald => [22, 160, 88],
        GemShape::Ruby => [212, 22, 54],
        GemShape::Sapphire => [30, 82, 216],
        GemShape::Diamond => [165, 222, 255],
        GemShape::Rainbow => [238, 92, 186],
        GemShape::Gold => [244, 196, 48],
    }
}

/// A suit symbol on a transparent square, about 85% of it, with outline, shading and highlight.
pub fn suit_symbol(s: SuitShape, size: u32) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    match s {
        SuitShape::Moons => draw_moons(&mut c, view),
        SuitShape::Suns => draw_suns(&mut c, view),
        SuitShape::Waves => draw_waves(&mut c, view),
        SuitShape::Leaves => draw_leaves(&mut c, view),
        SuitShape::Wyrms => draw_wyrms(&mut c, view.zoom(1.1)),
        SuitShape::Knots => draw_knots(&mut c, view),
    }
    c.into_raster()
}

/// A gem on a transparent square: a faceted (or polished) jewel with a dark outline.
pub fn gem_symbol(g: GemShape, size: u32) -> Raster {
    let size = size.max(1);
    let mut c = Canvas::new(size, size);
    let view = View::square(size);
    draw_gem(&mut c, view, g);
    c.into_raster()
}

// ---------------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------------

type C3 = [f32; 3];
type C4 = [f32; 4];

const WHITE: C3 = [1.0, 1.0, 1.0];
const BLACK: C3 = [0.0, 0.0, 0.0];

fn rgb(c: Rgb) -> C3 {
    [
        f32::from(c[0]) / 255.0,
        f32::from(c[1]) / 255.0,
        f32::from(c[2]) / 255.0,
    ]
}

fn hex(c: u32) -> C3 {
    rgb([(c >> 16) as u8, (c >> 8) as u8, c as u8])
}

fn mix(a: C3, b: C3, t: f32) -> C3 {
    [
        lerp(a[0], b[0], t),
        lerp(a[1], b[1], t),
        lerp(a[2], b[2], t),
    ]
}

fn scale(a: C3, k: f32) -> C3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn with_alpha(c: C3, a: f32) -> C4 {
    [c[0], c[1], c[2], a]
}

fn hsv(h: f32, s: f32, val: f32) -> C3 {
    let h6 = h.rem_euclid(1.0) * 6.0;
    let c = val * s;
    let x = c * (1.0 - ((h6 % 2.0) - 1.0).abs());
    let m = val - c;
    let (r, g, b) = match h6 as i32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [r + m, g + m, b + m]
}

/// The dark outline colour for a fill: the same hue, much deeper.
fn ink(c: C3) -> C3 {
    [c[0] * 0.24 + 0.02, c[1] * 0.24 + 0.015, c[2] * 0.28 + 0.03]
}

// ---------------------------------------------------------------------------------------------
// Canvas
// ---------------------------------------------------------------------------------------------

/// Maps pixel centres to drawing coordinates: `p = (pixel + 0.5) * unit + origin`.
#[derive(Clone, Copy, Debug)]
struct View {
    unit: f32,
    ox: f32,
    oy: f32,
}

impl View {
    /// The `[-1, 1]` square over a `size` x `size` image.
    fn square(size: u32) -> View {
        let unit = 2.0 / size.max(1) as f32;
        View {
            unit,
            ox: -1.0,
            oy: -1.0,
        }
    }

    /// The same view with everything drawn `k` times larger about the origin.
    fn zoom(self, k: f32) -> View {
        View {
            unit: self.unit / k,
            ox: self.ox / k,
            oy: self.oy / k,
        }
    }

    /// Plain pixel coordinates.
    fn pixels() -> View {
        View {
            unit: 1.0,
            ox: 0.0,
            oy: 0.0,
        }
    }

    /// A `[-1, 1]` square of half-size `half` pixels centred on pixel position `c`.
    fn around(c: V, half: f32) -> View {
        let unit = 1.0 / half.max(1e-3);
        View {
            unit,
            ox: -c.x * unit,
            oy: -c.y * unit,
        }
    }

    fn at(self, x: usize, y: usize) -> V {
        v(
            (x as f32 + 0.5) * self.unit + self.ox,
            (y as f32 + 0.5) * self.unit + self.oy,
        )
    }
}

/// Premultiplied float RGBA.
struct Canvas {
    w: usize,
    h: usize,
    px: Vec<C4>,
}

/// Coverage of a pixel whose centre is `d_px` pixels from an edge, ramping over `soft` pixels.
fn coverage(d_px: f32, soft: f32) -> f32 {
    let t = (0.5 - d_px / soft.max(1e-3)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

impl Canvas {
    fn new(w: u32, h: u32) -> Canvas {
        Canvas {
            w: w as usize,
            h: h as usize,
            px: vec![[0.0; 4]; w as usize * h as usize],
        }
    }

    /// Paints `paint(p, d)` (straight colour and alpha) over the shape `sdf < 0`, its edge
    /// anti-aliased over `soft` pixels.
    fn fill(
        &mut self,
        view: View,
        soft: f32,
        sdf: impl Fn(V) -> f32,
        paint: impl Fn(V, f32) -> C4,
    ) {
        let inv = 1.0 / view.unit;
        // Work in 8x8 blocks and skip a block whose centre is far outside the shape. The
        // distance functions here are (close to) 1-Lipschitz, so the margin of 1.5 times the
        // block's half-diagonal keeps this exact in practice while sparing most of the work for
        // small shapes.
        const BLOCK: usize = 8;
        let reach = 0.5 * soft + 1.5 * (BLOCK as f32 * 0.5 * SQRT_2) + 1.0;
        for by in (0..self.h).step_by(BLOCK) {
            for bx in (0..self.w).step_by(BLOCK) {
                let (x1, y1) = ((bx + BLOCK).min(self.w), (by + BLOCK).min(self.h));
                let centre = v(
                    (bx + x1) as f32 * 0.5 * view.unit + view.ox,
                    (by + y1) as f32 * 0.5 * view.unit + view.oy,
                );
                if sdf(centre) * inv > reach {
                    continue;
                }
                for y in by..y1 {
                    for x in bx..x1 {
                        let p = view.at(x, y);
                        let d = sdf(p);
                        let cov = coverage(d * inv, soft);
                        if cov <= 0.0 {
                            continue;
                        }
                        let c = paint(p, d);
                        let a = (c[3] * cov).clamp(0.0, 1.0);
                        if a <= 0.0 {
                            continue;
                        }
                        let dst = &mut self.px[y * self.w + x];
                        let k = 1.0 - a;
                        dst[0] = c[0] * a + dst[0] * k;
                        dst[1] = c[1] * a + dst[1] * k;
                        dst[2] = c[2] * a + dst[2] * k;
                        dst[3] = a + dst[3] * k;
                    }
                }
            }
        }
    }

    /// Multiplies everything by the coverage of `sdf` (a cookie cutter).
    fn mask(&mut self, view: View, soft: f32, sdf: impl Fn(V) -> f32) {
        let inv = 1.0 / view.unit;
        for y in 0..self.h {
            for x in 0..self.w {
                let cov = coverage(sdf(view.at(x, y)) * inv, soft);
                let px = &mut self.px[y * self.w + x];
                for ch in px.iter_mut() {
                    *ch *= cov;
                }
            }
        }
    }

    fn into_raster(self) -> Raster {
        let mut pixels = Vec::with_capacity(self.px.len() * 4);
        for c in &self.px {
            let a = c[3].clamp(0.0, 1.0);
            if a < 0.5 / 255.0 {
                pixels.extend_from_slice(&[0, 0, 0, 0]);
                continue;
            }
            for ch in &c[..3] {
                pixels.push(((ch / a).clamp(0.0, 1.0) * 255.0).round() as u8);
            }
            pixels.push((a * 255.0).round() as u8);
        }
        Raster {
            width: self.w as u32,
            height: self.h as u32,
            pixels,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Lighting and the shared symbol pipeline
// ---------------------------------------------------------------------------------------------

/// Towards the light: up and to the left, in front of the picture.
const LIGHT: V3 = [-0.45, -0.62, 0.64];

/// (diffuse relative to a flat surface, specular) for surface normal `n`.
fn light(n: V3, shininess: i32) -> (f32, f32) {
    let l = norm3(LIGHT);
    let diff = dot3(n, l) / l[2];
    let h = norm3([l[0], l[1], l[2] + 1.0]);
    let spec = dot3(n, h).max(0.0).powi(shininess);
    (diff, spec)
}

/// A pillow bevel: the surface rises over `width` inside the edge of `sdf`.
fn bevel(sdf: &impl Fn(V) -> f32, p: V, d: f32, width: f32, e: f32) -> V3 {
    let t = (-d / width).clamp(0.0, 1.0);
    let slope = 1.5 * (1.0 - t) * (1.0 - t);
    let g = grad(sdf, p, e);
    norm3([g.x * slope, g.y * slope, 1.0])
}

/// A dome that rises like a sphere over `radius` inside the edge of `sdf`.
fn dome(sdf: &impl Fn(V) -> f32, p: V, d: f32, radius: f32, e: f32) -> V3 {
    let u = 1.0 - (-d / radius).clamp(0.0, 1.0);
    let slope = (u / (1.0 - u * u).max(1e-4).sqrt()).min(4.0);
    let g = grad(sdf, p, e);
    norm3([g.x * slope, g.y * slope, 1.0])
}

/// Shades an enamel fill: lighter toward silver where the bevel faces the light, deeper away.
fn enamel(base: C3, p: V, n: V3) -> C3 {
    let (diff, spec) = light(n, 36);
    let tone = diff + 0.09 * (-(p.x + p.y));
    let c = if tone >= 1.0 {
        mix(base, mix(base, WHITE, 0.55), ((tone - 1.0) / 0.55).min(1.0))
    } else {
        mix(
            scale(base, 0.45),
            base,
            ((tone - 0.3) / 0.7).clamp(0.0, 1.0),
        )
    };
    mix(c, WHITE, (spec * 0.75).min(0.9))
}

/// Outline width in symbol units (about 3.5 px at 128 px).
const OUTLINE: f32 = 0.055;

/// A soft shadow under a symbol, down and to the right.
fn drop_shadow(c: &mut Canvas, view: View, sdf: &impl Fn(V) -> f32) {
    let off = v(0.03, 0.055);
    let blur = (0.1 / view.unit).max(1.0);
    c.fill(
        view,
        blur,
        |p| sdf(p - off) - OUTLINE,
        |_, _| [0.0, 0.0, 0.0, 0.3],
    );
}

/// One enamelled piece: dark outline, then a bevelled fill coloured by `tint(p, d)`.
fn part(
    c: &mut Canvas,
    view: View,
    sdf: &impl Fn(V) -> f32,
    tint: &impl Fn(V, f32) -> C3,
    outline: C3,
) {
    let e = view.unit * 0.75;
    c.fill(
        view,
        1.0,
        |p| sdf(p) - OUTLINE,
        |_, _| with_alpha(outline, 1.0),
    );
    c.fill(view, 1.0, sdf, |p, d| {
        with_alpha(enamel(tint(p, d), p, bevel(sdf, p, d, 0.13, e)), 1.0)
    });
}

/// A soft glossy highlight: an ellipse of white, faded, kept inside the shape.
fn gloss(c: &mut Canvas, view: View, sdf: &impl Fn(V) -> f32, at: V, radii: V, strength: f32) {
    let soft = (0.06 / view.unit).max(1.0);
    c.fill(
        view,
        soft,
        |p| sdf(p) + 0.06,
        |p, _| {
            let q = v((p.x - at.x) / radii.x, (p.y - at.y) / radii.y);
            let f = 1.0 - smoothstep(0.2, 1.0, q.len());
            [1.0, 1.0, 1.0, strength * f]
        },
    );
}

/// A four-pointed sparkle centred at `at`.
fn sparkle(c: &mut Canvas, view: View, at: V, size: f32, strength: f32) {
    c.fill(
        view,
        1.0,
        |p| (p - at).len() - size,
        |p, _| {
            let q = (p - at).abs() * (1.0 / size);
            let arm = |a: f32, b: f32| (1.0 - a - b * 7.0).max(0.0);
            let s = arm(q.x, q.y).max(arm(q.y, q.x));
            let core = (1.0 - (p - at).len() / (size * 0.3)).max(0.0);
            [1.0, 1.0, 1.0, strength * (s + core).min(1.0)]
        },
    );
}
