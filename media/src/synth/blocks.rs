//! The building blocks of every sound: envelopes, noise, filters, oscillators, a plucked
//! string, a bell and a small reverb.

use super::*;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

pub(super) fn secs(sr: f32, t: f32) -> usize {
    (t * sr).round().max(0.0) as usize
}

pub(super) fn midi_hz(note: f32) -> f32 {
    440.0 * ((note - 69.0) / 12.0).exp2()
}

pub(super) fn cents(c: f32) -> f32 {
    (c / 1200.0).exp2()
}

/// Smoothstep of `x` clamped to 0..1: a click-free ramp.
pub(super) fn smooth(x: f32) -> f32 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// Smooth attack over `attack` seconds, then exponential decay with time constant `tau`.
pub(super) fn ad(t: f32, attack: f32, tau: f32) -> f32 {
    if t < 0.0 {
        0.0
    } else if t < attack {
        smooth(t / attack)
    } else {
        (-(t - attack) / tau).exp()
    }
}

/// Constant-power pan, -1 (left) to 1 (right).
pub(super) fn pan_gains(pan: f32) -> (f32, f32) {
    let a = (pan.clamp(-1.0, 1.0) + 1.0) * PI / 4.0;
    (a.cos(), a.sin())
}

/// xorshift64 with a multiplicative scramble: small, fast, deterministic.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Self {
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
        let mut r = Rng(if s == 0 { 1 } else { s });
        r.next();
        r
    }

    pub(super) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in 0..1.
    pub(super) fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in -1..1: white noise.
    pub(super) fn bipolar(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }

    pub(super) fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// One-pole lowpass.
pub(super) struct OnePole {
    pub(super) a: f32,
    pub(super) y: f32,
}

impl OnePole {
    pub(super) fn lowpass(sr: f32, cutoff: f32) -> Self {
        OnePole {
            a: 1.0 - (-TAU * cutoff / sr).exp(),
            y: 0.0,
        }
    }

    pub(super) fn process(&mut self, x: f32) -> f32 {
        self.y += self.a * (x - self.y);
        self.y
    }
}

/// RBJ cookbook biquad, direct form I (coefficients can change between samples for sweeps).
#[derive(Clone, Copy, Default)]
pub(super) struct Biquad {
    pub(super) b0: f32,
    pub(super) b1: f32,
    pub(super) b2: f32,
    pub(super) a1: f32,
    pub(super) a2: f32,
    pub(super) x1: f32,
    pub(super) x2: f32,
    pub(super) y1: f32,
    pub(super) y2: f32,
}

impl Biquad {
    pub(super) fn lowpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_lowpass(sr, f, q);
        b
    }

    pub(super) fn highpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_highpass(sr, f, q);
        b
    }

    pub(super) fn bandpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_bandpass(sr, f, q);
        b
    }

    pub(super) fn omega(sr: f32, f: f32, q: f32) -> (f32, f32) {
        let w0 = TAU * f.clamp(10.0, 0.45 * sr) / sr;
        (w0.cos(), w0.sin() / (2.0 * q))
    }

    pub(super) fn set_lowpass(&mut self, sr: f32, f: f32, q: f32) {
        let (cw, alpha) = Self::omega(sr, f, q);
        let b1 = 1.0 - cw;
        self.set(b1 / 2.0, b1, b1 / 2.0, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    }

    pub(super) fn set_highpass(&mut self, sr: f32, f: f32, q: f32) {
        let (cw, alpha) = Self::omega(sr, f, q);
        let b1 = -(1.0 + cw);
        self.set(
            -b1 / 2.0,
            b1,
            -b1 / 2.0,
            1.0 + alpha,
            -2.0 * cw,
            1.0 - alpha,
        );
    }

    /// Band-pass with 0 dB gain at the centre.
    pub(super) fn set_bandpass(&mut self, sr: f32, f: f32, q: f32) {
        let (cw, alpha) = Self::omega(sr, f, q);
        self.set(alpha, 0.0, -alpha, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    }

    pub(super) fn set(&mut self, b0: f32, b1: f32, b2: f32, a0: f32, a1: f32, a2: f32) {
        self.b0 = b0 / a0;
        self.b1 = b1 / a0;
        self.b2 = b2 / a0;
        self.a1 = a1 / a0;
        self.a2 = a2 / a0;
    }

    pub(super) fn process(&mut self, x: f32) -> f32 {
        let y = self.b0 * x + self.b1 * self.x1 + self.b2 * self.x2
            - self.a1 * self.y1
            - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// A sine-phase accumulator (phase in cycles, so it never loses precision).
#[derive(Clone, Copy)]
pub(super) struct Phase(pub(super) f32);

impl Phase {
    pub(super) fn sine(&mut self, freq: f32, sr: f32) -> f32 {
        let s = (TAU * self.0).sin();
        self.advance(freq / sr);
        s
    }

    pub(super) fn advance(&mut self, dt: f32) {
        self.0 += dt;
        if self.0 >= 1.0 {
            self.0 -= 1.0;
        }
    }
}

/// Band-limited sawtooth sample at `phase` (0..1) with phase increment `dt` (PolyBLEP).
pub(super) fn saw_blep(phase: f32, dt: f32) -> f32 {
    let mut v = 2.0 * phase - 1.0;
    if phase < dt {
        let t = phase / dt;
        v -= t + t - t * t - 1.0;
    } else if phase > 1.0 - dt {
        let t = (phase - 1.0) / dt;
        v -= t * t + t + t + 1.0;
    }
    v
}

/// Karplus-Strong plucked string, tuned with a first-order allpass for the fractional delay.
pub(super) struct Pluck {
    pub(super) buf: Vec<f32>,
    pub(super) pos: usize,
    pub(super) last: f32,
    pub(super) ap_c: f32,
    pub(super) ap_x1: f32,
    pub(super) ap_y1: f32,
    pub(super) loss: f32,
    pub(super) freq: f32,
}

impl Pluck {
    /// `brightness` in 0..1 sets how hard and bright the pick is.
    pub(super) fn new(sr: f32, freq: f32, brightness: f32, rng: &mut Rng) -> Self {
        let period = (sr / freq).max(4.0);
        // Loop delay = n + 0.5 (averaging filter) + d (allpass), with d kept in 0.1..1.1.
        let n = ((period - 0.6).floor() as usize).max(2);
        let d = period - 0.5 - n as f32;
        // The string's initial shape: a triangle peaking at the pluck point (harmonics falling
        // off as 1/k², a warm finger pluck) plus a little lowpassed noise for the pick's bite.
        let b = brightness.clamp(0.0, 1.0);
        let pluck_at = 0.21 * n as f32;
        let a = 0.1 + 0.6 * b;
        let mut y = 0.0;
        let mut buf: Vec<f32> = (0..n)
            .map(|i| {
                let x = i as f32;
                let shape = if x < pluck_at {
                    x / pluck_at
                } else {
                    (n as f32 - x) / (n as f32 - pluck_at)
                };
                y += a * (rng.bipolar() - y);
                shape + (0.15 + 0.6 * b) * y
            })
            .collect();
        let mean = buf.iter().sum::<f32>() / n as f32;
        let peak = buf.iter().fold(1e-9f32, |m, v| m.max((v - mean).abs()));
        buf.iter_mut().for_each(|v| *v = (*v - mean) / peak);
        Pluck {
            buf,
            pos: 0,
            last: 0.0,
            ap_c: (1.0 - d) / (1.0 + d),
            ap_x1: 0.0,
            ap_y1: 0.0,
            loss: 1.0,
            freq,
        }
    }

    /// Sets the time (seconds) for the string to fall by 60 dB.
    pub(super) fn set_t60(&mut self, t60: f32) {
        self.loss = 0.001f32.powf(1.0 / (t60 * self.freq).max(1.0));
    }

    pub(super) fn next(&mut self) -> f32 {
        let out = self.buf[self.pos];
        let avg = 0.5 * (out + self.last) * self.loss;
        self.last = out;
        let ap = self.ap_c * avg + self.ap_x1 - self.ap_c * self.ap_y1;
        self.ap_x1 = avg;
        self.ap_y1 = ap;
        self.buf[self.pos] = ap;
        self.pos += 1;
        if self.pos == self.buf.len() {
            self.pos = 0;
        }
        out
    }
}

/// How a plucked note is played.
#[derive(Clone, Copy)]
pub(super) struct PluckStyle {
    /// Seconds the string rings freely (with `ring` T60) before it is damped.
    pub(super) ring: f32,
    /// T60 once damped.
    pub(super) damp: f32,
    pub(super) brightness: f32,
    /// Attack ramp in seconds; softens the very first samples of the pluck.
    pub(super) attack: f32,
    /// Detune in cents of a second string sounding with the first (0: a single string).
    pub(super) course: f32,
}

/// A plucked note held for `hold` seconds, then damped; returns its samples.
pub(super) fn pluck_note(
    sr: f32,
    freq: f32,
    hold: f32,
    style: PluckStyle,
    rng: &mut Rng,
) -> Vec<f32> {
    let hold_n = secs(sr, hold);
    let total = hold_n + secs(sr, style.damp * 1.2 + 0.01);
    let mut out = vec![0.0f32; total];
    let strings = if style.course > 0.0 { 2 } else { 1 };
    for s in 0..strings {
        let detune = if s == 0 {
            cents(-style.course * 0.5)
        } else {
            cents(style.course * 0.5)
        };
        let mut p = Pluck::new(sr, freq * detune, style.brightness, rng);
        p.set_t60(style.ring);
        let gain = 1.0 / strings as f32;
        let attack_n = secs(sr, style.attack).max(1);
        for (j, o) in out.iter_mut().enumerate() {
            if j == hold_n {
                p.set_t60(style.damp);
            }
            let a = if j < attack_n {
                smooth(j as f32 / attack_n as f32)
            } else {
                1.0
            };
            *o += p.next() * a * gain;
        }
    }
    let fade = secs(sr, 0.005).min(total);
    for (k, o) in out[total - fade..].iter_mut().enumerate() {
        *o *= 1.0 - smooth((k + 1) as f32 / fade as f32);
    }
    out
}

/// Additive bell: `(ratio, amplitude, decay time constant)` partials on `freq`, starting at
/// `start` samples into `out`. Partials above 0.45 × sample rate are skipped.
pub(super) fn bell(
    out: &mut [f32],
    sr: f32,
    start: usize,
    freq: f32,
    amp: f32,
    partials: &[(f32, f32, f32)],
) {
    let Some(room) = out.len().checked_sub(start) else {
        return;
    };
    let attack = 0.002;
    for &(ratio, a, tau) in partials {
        let f = freq * ratio;
        if f > 0.45 * sr {
            continue;
        }
        let len = room.min(secs(sr, attack + tau * 8.0));
        let mut ph = Phase(0.0);
        let step = (-1.0 / (tau * sr)).exp();
        let mut decay = 1.0f32;
        let attack_n = secs(sr, attack).max(1);
        for (j, o) in out[start..start + len].iter_mut().enumerate() {
            let e = if j < attack_n {
                smooth(j as f32 / attack_n as f32)
            } else {
                decay *= step;
                decay
            };
            *o += amp * a * e * ph.sine(f, sr);
        }
    }
}

/// Feedback comb with a damping lowpass in the loop (Freeverb style).
pub(super) struct Comb {
    pub(super) buf: Vec<f32>,
    pub(super) pos: usize,
    pub(super) feedback: f32,
    pub(super) damp: f32,
    pub(super) store: f32,
}

impl Comb {
    pub(super) fn process(&mut self, x: f32) -> f32 {
        let out = self.buf[self.pos];
        self.store = out * (1.0 - self.damp) + self.store * self.damp;
        self.buf[self.pos] = x + self.store * self.feedback;
        self.pos += 1;
        if self.pos == self.buf.len() {
            self.pos = 0;
        }
        out
    }
}

/// Schroeder allpass diffuser.
pub(super) struct Diffuser {
    pub(super) buf: Vec<f32>,
    pub(super) pos: usize,
}

impl Diffuser {
    pub(super) fn process(&mut self, x: f32) -> f32 {
        let delayed = self.buf[self.pos];
        let out = delayed - x;
        self.buf[self.pos] = x + delayed * 0.5;
        self.pos += 1;
        if self.pos == self.buf.len() {
            self.pos = 0;
        }
        out
    }
}

/// Schroeder reverb: six parallel damped combs into two series allpasses.
pub(super) struct Reverb {
    pub(super) combs: Vec<Comb>,
    pub(super) diffusers: Vec<Diffuser>,
}

impl Reverb {
    /// `feedback` sets the length of the tail (0.7 small room .. 0.86 hall), `damp` how fast
    /// its highs die, `spread` offsets the delays (in samples at 44.1 kHz) for a second channel.
    pub(super) fn new(sr: f32, feedback: f32, damp: f32, spread: usize) -> Self {
        const COMBS: [usize; 6] = [1116, 1188, 1277, 1356, 1422, 1491];
        const DIFFUSERS: [usize; 2] = [556, 441];
        let scale = sr / 44100.0;
        let len = |base: usize| (((base + spread) as f32 * scale) as usize).max(1);
        Reverb {
            combs: COMBS
                .iter()
                .map(|&b| Comb {
                    buf: vec![0.0; len(b)],
                    pos: 0,
                    feedback,
                    damp,
                    store: 0.0,
                })
                .collect(),
            diffusers: DIFFUSERS
                .iter()
                .map(|&b| Diffuser {
                    buf: vec![0.0; len(b)],
                    pos: 0,
                })
                .collect(),
        }
    }

    pub(super) fn process(&mut self, x: f32) -> f32 {
        let input = x * 0.08;
        let mut y: f32 = self.combs.iter_mut().map(|c| c.process(input)).sum();
        for d in &mut self.diffusers {
            y = d.process(y);
        }
        y
    }
}

/// Adds a mono reverb tail (`wet` times the reverb's output) to `buf` in place.
pub(super) fn add_reverb(buf: &mut [f32], sr: f32, wet: f32, feedback: f32, damp: f32) {
    let mut r = Reverb::new(sr, feedback, damp, 0);
    for s in buf.iter_mut() {
        *s += wet * r.process(*s);
    }
}
