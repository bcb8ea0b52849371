//! Small vector maths, signed distance functions (negative inside) and seeded noise.

use super::*;

// ---------------------------------------------------------------------------------------------
// Small vector maths
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct V {
    pub(super) x: f32,
    pub(super) y: f32,
}

pub(super) const fn v(x: f32, y: f32) -> V {
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
    pub(super) fn dot(self, o: V) -> f32 {
        self.x * o.x + self.y * o.y
    }
    pub(super) fn cross(self, o: V) -> f32 {
        self.x * o.y - self.y * o.x
    }
    pub(super) fn len(self) -> f32 {
        self.dot(self).sqrt()
    }
    pub(super) fn norm(self) -> V {
        let l = self.len();
        if l > 1e-9 {
            self * (1.0 / l)
        } else {
            v(0.0, 0.0)
        }
    }
    pub(super) fn abs(self) -> V {
        v(self.x.abs(), self.y.abs())
    }
    /// Rotated by `a` radians (clockwise on screen, since y points down).
    pub(super) fn rot(self, a: f32) -> V {
        let (s, c) = a.sin_cos();
        v(self.x * c - self.y * s, self.x * s + self.y * c)
    }
    pub(super) fn angle(self) -> f32 {
        self.y.atan2(self.x)
    }
}

pub(super) fn dir(a: f32) -> V {
    v(a.cos(), a.sin())
}

pub(super) fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

pub(super) fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub(super) type V3 = [f32; 3];

pub(super) fn norm3(a: V3) -> V3 {
    let l = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt().max(1e-9);
    [a[0] / l, a[1] / l, a[2] / l]
}

pub(super) fn dot3(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

// ---------------------------------------------------------------------------------------------
// Signed distance functions (negative inside)
// ---------------------------------------------------------------------------------------------

pub(super) fn sd_circle(p: V, c: V, r: f32) -> f32 {
    (p - c).len() - r
}

pub(super) fn sd_box(p: V, c: V, half: V) -> f32 {
    let q = (p - c).abs() - half;
    v(q.x.max(0.0), q.y.max(0.0)).len() + q.x.max(q.y).min(0.0)
}

pub(super) fn sd_round_box(p: V, c: V, half: V, r: f32) -> f32 {
    let r = r.min(half.x).min(half.y).max(0.0);
    sd_box(p, c, half - v(r, r)) - r
}

/// Distance to segment ab and the parameter (0 at a, 1 at b) of the closest point.
pub(super) fn sd_segment(p: V, a: V, b: V) -> (f32, f32) {
    let pa = p - a;
    let ba = b - a;
    let h = (pa.dot(ba) / ba.dot(ba).max(1e-12)).clamp(0.0, 1.0);
    ((pa - ba * h).len(), h)
}

pub(super) fn sd_capsule(p: V, a: V, b: V, r: f32) -> f32 {
    sd_segment(p, a, b).0 - r
}

/// Exact distance to a simple polygon (any winding).
pub(super) fn sd_polygon(p: V, vs: &[V]) -> f32 {
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
pub(super) fn sd_vesica(p: V, r: f32, d: f32) -> f32 {
    let p = p.abs();
    let b = (r * r - d * d).max(0.0).sqrt();
    if (p.y - b) * d > p.x * b {
        (p - v(0.0, b)).len()
    } else {
        (p - v(-d, 0.0)).len() - r
    }
}

/// A cone with round ends: radius `r1` at the origin, `r2` at (0, h).
pub(super) fn sd_uneven_capsule(p: V, r1: f32, r2: f32, h: f32) -> f32 {
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
pub(super) fn sd_heart(p: V) -> f32 {
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
pub(super) fn smin(a: f32, b: f32, k: f32) -> f32 {
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - h * h * k * 0.25
}

/// Smooth maximum (intersection / subtraction).
pub(super) fn smax(a: f32, b: f32, k: f32) -> f32 {
    -smin(-a, -b, k)
}

/// Regular or star polygon points: `radii` cycle around from angle `start`.
pub(super) fn star_points(n: usize, radii: &[f32], start: f32) -> Vec<V> {
    (0..n)
        .map(|i| dir(start + i as f32 * TAU / n as f32) * radii[i % radii.len()])
        .collect()
}

/// Central-difference gradient of `f`, normalised.
pub(super) fn grad(f: &impl Fn(V) -> f32, p: V, e: f32) -> V {
    let dx = f(v(p.x + e, p.y)) - f(v(p.x - e, p.y));
    let dy = f(v(p.x, p.y + e)) - f(v(p.x, p.y - e));
    v(dx, dy).norm()
}

// ---------------------------------------------------------------------------------------------
// Noise
// ---------------------------------------------------------------------------------------------

pub(super) fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    h
}

/// A hash in [0, 1).
pub(super) fn hashf(x: i32, y: i32, seed: u32) -> f32 {
    (hash(x, y, seed) >> 8) as f32 / 16_777_216.0
}

/// Smooth value noise in [0, 1).
pub(super) fn vnoise(p: V, seed: u32) -> f32 {
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
pub(super) fn fbm(p: V, seed: u32, octaves: u32) -> f32 {
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
