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

/// The Goblin Market's gems, each a different cut as well as a different colour.
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
// Small vector maths
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
struct V {
    x: f32,
    y: f32,
}

const fn v(x: f32, y: f32) -> V {
    V { x, y }
}

impl Add for V {
    type Output = V;
    fn add(self, o: V) -> V {
        v(self.x + o.x, self.y + o.y)
    }
}

impl Sub for V {
    type Output = V;
    fn sub(self, o: V) -> V {
        v(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f32> for V {
    type Output = V;
    fn mul(self, k: f32) -> V {
        v(self.x * k, self.y * k)
    }
}

impl Neg for V {
    type Output = V;
    fn neg(self) -> V {
        v(-self.x, -self.y)
    }
}

impl V {
    fn dot(self, o: V) -> f32 {
        self.x * o.x + self.y * o.y
    }
    fn cross(self, o: V) -> f32 {
        self.x * o.y - self.y * o.x
    }
    fn len(self) -> f32 {
        self.dot(self).sqrt()
    }
    fn norm(self) -> V {
        let l = self.len();
        if l > 1e-9 {
            self * (1.0 / l)
        } else {
            v(0.0, 0.0)
        }
    }
    fn abs(self) -> V {
        v(self.x.abs(), self.y.abs())
    }
    /// Rotated by `a` radians (clockwise on screen, since y points down).
    fn rot(self, a: f32) -> V {
        let (s, c) = a.sin_cos();
        v(self.x * c - self.y * s, self.x * s + self.y * c)
    }
    fn angle(self) -> f32 {
        self.y.atan2(self.x)
    }
}

fn dir(a: f32) -> V {
    v(a.cos(), a.sin())
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

type V3 = [f32; 3];

fn norm3(a: V3) -> V3 {
    let l = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt().max(1e-9);
    [a[0] / l, a[1] / l, a[2] / l]
}

fn dot3(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

// ---------------------------------------------------------------------------------------------
// Signed distance functions (negative inside)
// ---------------------------------------------------------------------------------------------

fn sd_circle(p: V, c: V, r: f32) -> f32 {
    (p - c).len() - r
}

fn sd_box(p: V, c: V, half: V) -> f32 {
    let q = (p - c).abs() - half;
    v(q.x.max(0.0), q.y.max(0.0)).len() + q.x.max(q.y).min(0.0)
}

fn sd_round_box(p: V, c: V, half: V, r: f32) -> f32 {
    let r = r.min(half.x).min(half.y).max(0.0);
    sd_box(p, c, half - v(r, r)) - r
}

/// Distance to segment ab and the parameter (0 at a, 1 at b) of the closest point.
fn sd_segment(p: V, a: V, b: V) -> (f32, f32) {
    let pa = p - a;
    let ba = b - a;
    let h = (pa.dot(ba) / ba.dot(ba).max(1e-12)).clamp(0.0, 1.0);
    ((pa - ba * h).len(), h)
}

fn sd_capsule(p: V, a: V, b: V, r: f32) -> f32 {
    sd_segment(p, a, b).0 - r
}

/// Exact distance to a simple polygon (any winding).
fn sd_polygon(p: V, vs: &[V]) -> f32 {
    let n = vs.len();
    let mut d = (p - vs[0]).dot(p - vs[0]);
    let mut s = 1.0;
    let mut j = n - 1;
    for i in 0..n {
        let e = vs[j] - vs[i];
        let w = p - vs[i];
        let b = w - e * (w.dot(e) / e.dot(e).max(1e-12)).clamp(0.0, 1.0);
        d = d.min(b.dot(b));
        let c1 = p.y >= vs[i].y;
        let c2 = p.y < vs[j].y;
        let c3 = e.x * w.y > e.y * w.x;
        if (c1 && c2 && c3) || (!c1 && !c2 && !c3) {
            s = -s;
        }
        j = i;
    }
    s * d.sqrt()
}

/// A lens: the intersection of two circles of radius `r` centred at (+-d, 0); tips on the y axis.
fn sd_vesica(p: V, r: f32, d: f32) -> f32 {
    let p = p.abs();
    let b = (r * r - d * d).max(0.0).sqrt();
    if (p.y - b) * d > p.x * b {
        (p - v(0.0, b)).len()
    } else {
        (p - v(-d, 0.0)).len() - r
    }
}

/// A cone with round ends: radius `r1` at the origin, `r2` at (0, h).
fn sd_uneven_capsule(p: V, r1: f32, r2: f32, h: f32) -> f32 {
    let p = v(p.x.abs(), p.y);
    let b = (r1 - r2) / h;
    let a = (1.0 - b * b).max(0.0).sqrt();
    let k = p.dot(v(-b, a));
    if k < 0.0 {
        p.len() - r1
    } else if k > a * h {
        (p - v(0.0, h)).len() - r2
    } else {
        p.dot(v(a, b)) - r1
    }
}

/// A heart with its point at the origin and lobes up to y = 1.1 (y up), about 1.2 wide.
fn sd_heart(p: V) -> f32 {
    let p = v(p.x.abs(), p.y);
    if p.y + p.x > 1.0 {
        return (p - v(0.25, 0.75)).len() - SQRT_2 / 4.0;
    }
    let a = (p - v(0.0, 1.0)).dot(p - v(0.0, 1.0));
    let m = 0.5 * (p.x + p.y).max(0.0);
    let b = (p - v(m, m)).dot(p - v(m, m));
    a.min(b).sqrt() * (p.x - p.y).signum()
}

/// Polynomial smooth minimum (union) with blend radius `k`.
fn smin(a: f32, b: f32, k: f32) -> f32 {
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - h * h * k * 0.25
}

/// Smooth maximum (intersection / subtraction).
fn smax(a: f32, b: f32, k: f32) -> f32 {
    -smin(-a, -b, k)
}

/// Regular or star polygon points: `radii` cycle around from angle `start`.
fn star_points(n: usize, radii: &[f32], start: f32) -> Vec<V> {
    (0..n)
        .map(|i| dir(start + i as f32 * TAU / n as f32) * radii[i % radii.len()])
        .collect()
}

/// Central-difference gradient of `f`, normalised.
fn grad(f: &impl Fn(V) -> f32, p: V, e: f32) -> V {
    let dx = f(v(p.x + e, p.y)) - f(v(p.x - e, p.y));
    let dy = f(v(p.x, p.y + e)) - f(v(p.x, p.y - e));
    v(dx, dy).norm()
}

// ---------------------------------------------------------------------------------------------
// Noise
// ---------------------------------------------------------------------------------------------

fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    h
}

/// A hash in [0, 1).
fn hashf(x: i32, y: i32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / 16_777_216.0
}

/// Smooth value noise in [0, 1).
fn vnoise(p: V, seed: u32) -> f32 {
    let ix = p.x.floor();
    let iy = p.y.floor();
    let fx = p.x - ix;
    let fy = p.y - iy;
    let (ix, iy) = (ix as i32, iy as i32);
    let ux = fx * fx * (3.0 - 2.0 * fx);
    let uy = fy * fy * (3.0 - 2.0 * fy);
    let a = hashf(ix, iy, seed);
    let b = hashf(ix + 1, iy, seed);
    let c = hashf(ix, iy + 1, seed);
    let d = hashf(ix + 1, iy + 1, seed);
    lerp(lerp(a, b, ux), lerp(c, d, ux), uy)
}

/// Fractal value noise in about [0, 1).
fn fbm(p: V, seed: u32, octaves: u32) -> f32 {
    let mut sum = 0.0;
    let mut amp = 0.5;
    let mut norm = 0.0;
    let mut q = p;
    for o in 0..octaves {
        sum += amp * vnoise(q, seed.wrapping_add(o * 101));
        norm += amp;
        amp *= 0.5;
        q = v(q.x * 2.03 + 17.1, q.y * 1.97 - 9.3);
    }
    sum / norm
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

// ---------------------------------------------------------------------------------------------
// Suits
// ---------------------------------------------------------------------------------------------

fn draw_moons(c: &mut Canvas, view: View) {
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

fn draw_suns(c: &mut Canvas, view: View) {
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
fn wave_band(p: V, yc: f32) -> (f32, f32) {
    let k = TAU / 1.0;
    let a = 0.1;
    let ph = k * p.x + 0.9;
    let f = yc + a * ph.sin();
    let fd = a * k * ph.cos();
    let s = (p.y - f) / (1.0 + fd * fd).sqrt();
    (sd_round_box(v(p.x, s), v(0.0, 0.0), v(0.8, 0.13), 0.09), s)
}

fn draw_waves(c: &mut Canvas, view: View) {
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

fn draw_leaves(c: &mut Canvas, view: View) {
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
struct Tube {
    pts: Vec<V>,
    radius: Vec<f32>,
    arc: Vec<f32>,
    /// Runs of segments (first, last point index) with a bounding circle (centre, radius), to
    /// skip the far ones quickly.
    chunks: Vec<(usize, usize, V, f32)>,
}

/// Where a point sits relative to a [`Tube`].
#[derive(Clone, Copy)]
struct TubeHit {
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

fn draw_wyrms(c: &mut Canvas, view: View) {
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
fn wyrm_face(c: &mut Canvas, view: View, base: C3, hf: impl Fn(f32, f32) -> V, heading: V) {
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
fn ribbon_groove(centre_distance: f32, tint: C3) -> C3 {
    let g = 1.0 - smoothstep(0.012, 0.03, centre_distance.abs());
    mix(tint, scale(tint, 0.55), g)
}

fn draw_knots(c: &mut Canvas, view: View) {
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

// ---------------------------------------------------------------------------------------------
// Gems
// ---------------------------------------------------------------------------------------------

/// Colour ramp for a facet of brightness `b` (about 0.6 for a flat facet).
fn gem_ramp(base: C3, b: f32) -> C3 {
    let deep = scale(base, 0.18);
    let light = mix(base, WHITE, 0.62);
    if b < 0.6 {
        mix(deep, base, (b / 0.6).clamp(0.0, 1.0))
    } else {
        mix(base, light, ((b - 0.6) / 0.55).min(1.0))
    }
}

/// A facet's colour from its normal, with a per-facet flicker so the stone sparkles.
fn facet_colour(base: C3, n: V3, id: u32, p: V) -> C3 {
    let (diff, spec) = light(n, 20);
    let jitter = (hashf(id as i32, 7, 31) - 0.5) * 0.3;
    let b = 0.12 + 0.48 * diff + jitter + 0.06 * (-(p.x + p.y));
    mix(gem_ramp(base, b), WHITE, (spec * 0.8).min(0.85))
}

fn tilt(d: V, a: f32) -> V3 {
    let (s, c) = a.sin_cos();
    [d.x * s, d.y * s, c]
}

/// The top view of a brilliant cut: table, star facets and upper-girdle facets, built on points
/// of the outline found along rays from the centre.
struct Brilliant {
    c: V,
    ang: Vec<f32>,
    outer: Vec<V>,
    mids: Vec<V>,
    table: Vec<V>,
}

fn ray_hit(sdf: &impl Fn(V) -> f32, c: V, d: V) -> V {
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
fn faceted(
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
fn step_cut(c: &mut Canvas, view: View, poly: &[V], base: C3, steps: &[f32]) {
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
fn polygon_facets(
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

fn draw_gem(c: &mut Canvas, view: View, g: GemShape) {
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
fn draw_amber(c: &mut Canvas, view: View) {
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
fn draw_pearl(c: &mut Canvas, view: View) {
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
fn draw_rainbow(c: &mut Canvas, view: View) {
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
fn draw_jet(c: &mut Canvas, view: View) {
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
fn draw_amethyst(c: &mut Canvas, view: View) {
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
fn draw_sapphire(c: &mut Canvas, view: View) {
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
fn draw_ruby(c: &mut Canvas, view: View) {
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
fn draw_emerald(c: &mut Canvas, view: View) {
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
fn draw_diamond(c: &mut Canvas, view: View) {
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
fn draw_gold(c: &mut Canvas, view: View) {
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
fn gold_shade(n: V3, p: V) -> C3 {
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

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

/// The corner radius of every card: 6% of its width.
fn card_radius(w: f32, h: f32) -> f32 {
    0.06 * w.min(h)
}

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
    let paper = hex(0xf6_eed8);
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
    let centre = v(w * 0.5, h * 0.5);
    let r = card_radius(w, h);
    let card = move |p: V| sd_round_box(p, centre, v(w * 0.5, h * 0.5), r);
    let u = w.min(h);
    let plum = hex(0x4a_1a4c);
    let plum_dark = hex(0x2e_0e32);
    let green = hex(0x16_4a38);
    let gold = hex(0xd8_aa50);
    let gold_dark = hex(0x8a_6424);
    let s = u / 250.0;
    let cell = 26.0 * s;
    let m_band = 0.045 * w;
    let m_field = 0.1 * u;
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
    let band_outer = frame(m_band);
    let field = frame(m_field);
    // Background: the lattice field.
    c.fill(view, 1.0, card, |p, _| {
        let q = p - centre;
        let a = (q.x + q.y) / SQRT_2;
        let b = (q.x - q.y) / SQRT_2;
        let fa = (a / cell).rem_euclid(1.0) - 0.5;
        let fb = (b / cell).rem_euclid(1.0) - 0.5;
        // Each lozenge is cushioned: lighter in its middle.
        let cushion = 1.0 - (fa.abs().max(fb.abs()) * 2.0).powi(2);
        let parity = ((a / cell).floor() + (b / cell).floor()).rem_euclid(2.0);
        let mut col = mix(plum_dark, plum, 0.35 + 0.65 * cushion);
        col = scale(col, 1.0 - 0.08 * parity);
        let noise = fbm(p * (0.05 / s), 21, 3) - 0.5;
        col = scale(col, 1.0 + noise * 0.12);
        // Vignette toward the middle's edges.
        let rel = v(q.x / (w * 0.5), q.y / (h * 0.5));
        col = scale(col, 1.0 - 0.25 * smoothstep(0.4, 1.3, rel.len()));
        with_alpha(col, 1.0)
    });
    // Gold lattice lines, with a dot at every crossing and a seed in every lozenge.
    let lattice = move |p: V| {
        let q = p - centre;
        let a = (q.x + q.y) / SQRT_2;
        let b = (q.x - q.y) / SQRT_2;
        let da = (a - cell * (a / cell).round()).abs();
        let db = (b - cell * (b / cell).round()).abs();
        let lines = da.min(db) - 0.75 * s.max(0.5);
        let dot = v(da, db).len() - 2.6 * s;
        lines.min(dot)
    };
    c.fill(
        view,
        1.0,
        |p| lattice(p).max(field(p)),
        |p, _| {
            let q = p - centre;
            let t = 0.5 + 0.5 * ((q.x - q.y) / (w + h) * 3.0).sin();
            with_alpha(mix(gold_dark, gold, 0.55 + 0.45 * t), 1.0)
        },
    );
    // In every lozenge a little four-petalled flower, petals toward the lozenge's corners.
    let in_cell = move |p: V| {
        let q = p - centre;
        let a = (q.x + q.y) / SQRT_2;
        let b = (q.x - q.y) / SQRT_2;
        let ca = a - cell * ((a / cell).floor() + 0.5);
        let cb = b - cell * ((b / cell).floor() + 0.5);
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
        |p| (flower(p) - 0.8 * s).max(field(p) + 2.0 * s),
        |_, _| with_alpha(hex(0x10_2a20), 0.9),
    );
    c.fill(
        view,
        1.0,
        |p| flower(p).max(field(p) + 2.0 * s),
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
    // Border band: deep green with gold rules and a row of small gold dots.
    c.fill(
        view,
        1.0,
        |p| (-field(p)).max(card(p)),
        |p, _| {
            let n = fbm(p * (0.06 / s), 41, 3) - 0.5;
            with_alpha(scale(green, 1.0 + n * 0.2), 1.0)
        },
    );
    let rule = (1.1 * s).max(0.7);
    c.fill(
        view,
        1.0,
        |p| field(p).abs() - rule,
        |_, _| with_alpha(gold, 1.0),
    );
    c.fill(
        view,
        1.0,
        |p| band_outer(p).abs() - rule,
        |_, _| with_alpha(gold, 1.0),
    );
    let mid_band = frame((m_band + m_field) * 0.5);
    card_back_dots(&mut c, view, mid_band, (centre, w, h), (s, gold));
    // Medallion.
    card_back_medallion(&mut c, view, (centre, 0.27 * u, h * 0.01), (s, gold));
    // A thin dark edge.
    c.fill(
        view,
        1.0,
        |p| card(p).abs() - 0.8,
        |_, _| with_alpha(hex(0x1a_0a1c), 0.9),
    );
    c.mask(view, 1.0, card);
    c.into_raster()
}

/// A row of small gold dots along the card back's border band (`mid_band` its middle line).
fn card_back_dots(
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
fn card_back_medallion(
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
fn draw_pomegranate(c: &mut Canvas, view: View) {
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
pub fn poker_suit_color(s: PokerSuit) -> Rgb {
    match s {
        PokerSuit::Spades => [36, 38, 52],
        PokerSuit::Hearts => [206, 28, 46],
        PokerSuit::Diamonds => [30, 98, 214],
        PokerSuit::Clubs => [28, 156, 74],
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
fn pip_heart(p: V) -> f32 {
    let s = 1.4;
    sd_heart(v(p.x / s, (0.8 - p.y) / s)) * s
}

/// A stalk from `top` down to a flat foot at `bottom`, flaring to `half` with inward-curving
/// sides, as under a spade or a club.
fn pip_stem(p: V, top: f32, bottom: f32, half: f32) -> f32 {
    let span = bottom - top;
    let t = ((p.y - top) / span).clamp(0.0, 1.0);
    let neck = 0.04;
    let width = neck + (half - neck) * t * t;
    let slope = 2.0 * (half - neck) * t / span;
    let side = (p.x.abs() - width) / (1.0 + slope * slope).sqrt();
    side.max(p.y - bottom).max(top - p.y)
}

/// The spade's blade: an upside-down heart, drawn out to a sharper point.
fn spade_body(p: V) -> f32 {
    let (sx, sy) = (1.12, 1.32);
    sd_heart(v(p.x / sx, (p.y + 0.92) / sy)) * sx
}

/// An upside-down heart on a flared stalk.
fn pip_spade(p: V) -> f32 {
    smin(spade_body(p), pip_stem(p, 0.3, 0.88, 0.3), 0.1)
}

/// A lozenge whose four sides curve gently inward.
fn pip_diamond(p: V) -> f32 {
    let (a, b) = (0.68, 0.92);
    let rhombus = sd_polygon(p, &[v(0.0, -b), v(a, 0.0), v(0.0, b), v(-a, 0.0)]);
    let q = p.abs();
    let (radius, sag) = (2.2, 0.06);
    let normal = v(b, a).norm();
    let centre = v(a * 0.5, b * 0.5) + normal * (radius - sag);
    rhombus.max(radius - (q - centre).len())
}

/// The club's three round lobes.
fn club_lobes(p: V) -> f32 {
    let r = 0.32;
    sd_circle(p, v(0.0, -0.49), r)
        .min(sd_circle(p, v(-0.45, 0.08), r))
        .min(sd_circle(p, v(0.45, 0.08), r))
}

/// Three round lobes on a flared stalk.
fn pip_club(p: V) -> f32 {
    let core = sd_circle(p, v(0.0, -0.05), 0.15);
    smin(
        smin(club_lobes(p), core, 0.14),
        pip_stem(p, 0.1, 0.86, 0.25),
        0.07,
    )
}

/// An enamelled pip: shadow, outline, a fill lighter at the top, a fine inlaid line along the
/// edge of `inlay` (a smoother inset of the shape), and a highlight at `shine`.
fn draw_pip(
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
const AEGEAN: u32 = 0x2a_66ac;

/// The running Greek key between two rails: distance (in key units) from the point
/// (`along`, `across`) to the nearest line, where `across` is 0 at the outer rail and 4 at the
/// inner one and each hook takes 4 units along.
fn meander_lines(along: f32, across: f32) -> f32 {
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
struct Velvet {
    grid: Vec<C3>,
    cols: usize,
    step: f32,
    s: f32,
}

impl Velvet {
    fn new(w: f32, h: f32) -> Velvet {
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

    fn at(&self, p: V) -> C3 {
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
fn gold_wire(
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
struct Curl {
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
fn corner_filigree(f: V, k: f32) -> f32 {
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
fn jewel_frame(c: &mut Canvas, w: f32, h: f32) {
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
fn gem_setting(c: &mut Canvas, o: V, big: f32, at: &impl Fn(V) -> V) {
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
fn cartouche_rect(w: f32, h: f32) -> (f32, f32, f32, f32) {
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

/// Pearl centres and radii along a closed loop (`radii` (x, y) about `c`), graduated from
/// `small` at the top to `large` at the bottom, `gap` apart. One pearl sits at the bottom on the
/// axis; the strand stops `stop` radians short of the top, where the clasp goes.
fn pearl_strand(c: V, radii: V, small: f32, large: f32, gap: f32, stop: f32) -> Vec<(V, f32)> {
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
struct PearlGrid {
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
fn draw_pearls(c: &mut Canvas, nearest: &impl Fn(V) -> (V, f32), s: f32) {
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
fn coin_height(p: V, device: &impl Fn(V) -> f32, beads: f32) -> f32 {
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
fn struck_coin(
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
fn sd_lily(p: V) -> f32 {
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

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
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
}
