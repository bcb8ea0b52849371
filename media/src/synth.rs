//! Come Buy's sound, synthesized by code: no samples from anywhere.
//!
//! [`render`] makes the mono sound effects ([`Cue`]) and [`music_loop`] the stereo background
//! tune. Everything is built from a handful of small parts defined below: a seeded xorshift noise
//! source, smooth attack / exponential decay envelopes, one-pole and RBJ biquad filters, a
//! band-limited (PolyBLEP) saw, Karplus-Strong plucked strings, additive bells and a Schroeder
//! reverb. All of it is deterministic: the same call gives the same samples, bit for bit.
//!
//! Effects are normalized to a peak of 0.8 and begin after a 2.5 ms lead-in of silence, then
//! rise with a short smooth attack, so nothing clicks at either end. The music peaks at 0.5 so
//! effects sit on top of it, and is rendered on a circular buffer: tails of notes (and of the
//! reverb) that run past the end wrap around to the beginning, so the loop is seamless.

use std::f32::consts::{PI, TAU};

/// A rendered sound: interleaved `f32` samples in -1..1.
#[derive(Clone, Debug, PartialEq)]
pub struct Sound {
    pub sample_rate: u32,
    /// 1 (mono effects) or 2 (the stereo music).
    pub channels: u16,
    /// Interleaved samples in -1..1.
    pub samples: Vec<f32>,
}

impl Sound {
    /// Number of sample frames (samples per channel).
    pub fn frames(&self) -> usize {
        self.samples.len() / usize::from(self.channels.max(1))
    }

    pub fn duration_secs(&self) -> f32 {
        if self.sample_rate == 0 {
            return 0.0;
        }
        self.frames() as f32 / self.sample_rate as f32
    }

    /// Largest absolute sample.
    pub fn peak(&self) -> f32 {
        self.samples.iter().fold(0.0, |m, s| m.max(s.abs()))
    }

    /// Root mean square over all samples.
    pub fn rms(&self) -> f32 {
        if self.samples.is_empty() {
            return 0.0;
        }
        let sum: f64 = self
            .samples
            .iter()
            .map(|&s| f64::from(s) * f64::from(s))
            .sum();
        (sum / self.samples.len() as f64).sqrt() as f32
    }

    /// A 16-bit PCM RIFF WAVE file: a 44-byte header, then the samples, clamped and rounded.
    pub fn to_wav(&self) -> Vec<u8> {
        let channels = self.channels.max(1);
        let data_len = (self.samples.len() * 2) as u32;
        let block_align = channels * 2;
        let byte_rate = self.sample_rate * u32::from(block_align);
        let mut out = Vec::with_capacity(44 + self.samples.len() * 2);
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&(36 + data_len).to_le_bytes());
        out.extend_from_slice(b"WAVE");
        out.extend_from_slice(b"fmt ");
        out.extend_from_slice(&16u32.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes()); // PCM
        out.extend_from_slice(&channels.to_le_bytes());
        out.extend_from_slice(&self.sample_rate.to_le_bytes());
        out.extend_from_slice(&byte_rate.to_le_bytes());
        out.extend_from_slice(&block_align.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
        out.extend_from_slice(b"data");
        out.extend_from_slice(&data_len.to_le_bytes());
        for &s in &self.samples {
            let v = if s.is_finite() {
                s.clamp(-1.0, 1.0)
            } else {
                0.0
            };
            out.extend_from_slice(&((v * 32767.0).round() as i16).to_le_bytes());
        }
        out
    }
}

/// The game's sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A card turned over: a short papery "fwip".
    CardFlip,
    /// A card pushed across the felt: a soft swish.
    CardSlide,
    /// A coin set down: two quick metallic clinks.
    CoinClink,
    /// A handful of coins poured out.
    CoinRain,
    /// A bid placed: a wooden marimba knock.
    Bid,
    /// A pass: a soft, low, descending two-note blip.
    Pass,
    /// A round or game won: a bright plucked-and-bell arpeggio.
    Win,
    /// A goblin card revealed: a mischievous low wobble.
    GoblinReveal,
    /// A UI button: a tiny tick.
    Click,
    /// A move not allowed: a soft low bonk.
    Error,
    /// It is your turn: a gentle two-note bell.
    TurnChime,
}

impl Cue {
    pub const ALL: [Cue; 11] = [
        Cue::CardFlip,
        Cue::CardSlide,
        Cue::CoinClink,
        Cue::CoinRain,
        Cue::Bid,
        Cue::Pass,
        Cue::Win,
        Cue::GoblinReveal,
        Cue::Click,
        Cue::Error,
        Cue::TurnChime,
    ];

    /// A stable snake_case name, also used for preview file names.
    pub fn name(self) -> &'static str {
        match self {
            Cue::CardFlip => "card_flip",
            Cue::CardSlide => "card_slide",
            Cue::CoinClink => "coin_clink",
            Cue::CoinRain => "coin_rain",
            Cue::Bid => "bid",
            Cue::Pass => "pass",
            Cue::Win => "win",
            Cue::GoblinReveal => "goblin_reveal",
            Cue::Click => "click",
            Cue::Error => "error",
            Cue::TurnChime => "turn_chime",
        }
    }
}

/// Peak level of every effect.
const CUE_PEAK: f32 = 0.8;
/// Peak level of the music.
const MUSIC_PEAK: f32 = 0.5;
/// Silence before each effect starts, so its first samples are exactly zero.
const LEAD: f32 = 0.0025;

/// Renders one effect, mono, at `sample_rate`.
///
/// # Panics
///
/// If `sample_rate` is below 8000 Hz.
pub fn render(cue: Cue, sample_rate: u32) -> Sound {
    assert!(sample_rate >= 8000, "sample rate {sample_rate} is too low");
    let sr = sample_rate as f32;
    let (samples, fade_out) = match cue {
        Cue::CardFlip => (card_flip(sr), 0.008),
        Cue::CardSlide => (card_slide(sr), 0.01),
        Cue::CoinClink => (coin_clink(sr), 0.02),
        Cue::CoinRain => (coin_rain(sr), 0.04),
        Cue::Bid => (bid(sr), 0.02),
        Cue::Pass => (pass(sr), 0.04),
        Cue::Win => (win(sr), 0.15),
        Cue::GoblinReveal => (goblin_reveal(sr), 0.02),
        Cue::Click => (click(sr), 0.004),
        Cue::Error => (error(sr), 0.03),
        Cue::TurnChime => (turn_chime(sr), 0.12),
    };
    Sound {
        sample_rate,
        channels: 1,
        samples: finish(samples, sr, fade_out),
    }
}

/// Normalizes to [`CUE_PEAK`] and fades the last `fade_out` seconds to zero.
fn finish(mut samples: Vec<f32>, sr: f32, fade_out: f32) -> Vec<f32> {
    normalize(&mut samples, CUE_PEAK);
    let n = samples.len();
    let fade = secs(sr, fade_out).clamp(1, n.max(1));
    for (k, s) in samples[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - smooth((k + 1) as f32 / fade as f32);
    }
    samples
}

fn normalize(samples: &mut [f32], peak: f32) {
    let max = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        let g = peak / max;
        samples.iter_mut().for_each(|s| *s *= g);
    }
}

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

fn secs(sr: f32, t: f32) -> usize {
    (t * sr).round().max(0.0) as usize
}

fn midi_hz(note: f32) -> f32 {
    440.0 * ((note - 69.0) / 12.0).exp2()
}

fn cents(c: f32) -> f32 {
    (c / 1200.0).exp2()
}

/// Smoothstep of `x` clamped to 0..1: a click-free ramp.
fn smooth(x: f32) -> f32 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// Smooth attack over `attack` seconds, then exponential decay with time constant `tau`.
fn ad(t: f32, attack: f32, tau: f32) -> f32 {
    if t < 0.0 {
        0.0
    } else if t < attack {
        smooth(t / attack)
    } else {
        (-(t - attack) / tau).exp()
    }
}

/// Constant-power pan, -1 (left) to 1 (right).
fn pan_gains(pan: f32) -> (f32, f32) {
    let a = (pan.clamp(-1.0, 1.0) + 1.0) * PI / 4.0;
    (a.cos(), a.sin())
}

/// xorshift64 with a multiplicative scramble: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
        let mut r = Rng(if s == 0 { 1 } else { s });
        r.next();
        r
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in 0..1.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in -1..1: white noise.
    fn bipolar(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// One-pole lowpass.
struct OnePole {
    a: f32,
    y: f32,
}

impl OnePole {
    fn lowpass(sr: f32, cutoff: f32) -> Self {
        OnePole {
            a: 1.0 - (-TAU * cutoff / sr).exp(),
            y: 0.0,
        }
    }

    fn process(&mut self, x: f32) -> f32 {
        self.y += self.a * (x - self.y);
        self.y
    }
}

/// RBJ cookbook biquad, direct form I (coefficients can change between samples for sweeps).
#[derive(Clone, Copy, Default)]
struct Biquad {
    b0: f32,
    b1: f32,
    b2: f32,
    a1: f32,
    a2: f32,
    x1: f32,
    x2: f32,
    y1: f32,
    y2: f32,
}

impl Biquad {
    fn lowpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_lowpass(sr, f, q);
        b
    }

    fn highpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_highpass(sr, f, q);
        b
    }

    fn bandpass(sr: f32, f: f32, q: f32) -> Self {
        let mut b = Biquad::default();
        b.set_bandpass(sr, f, q);
        b
    }

    fn omega(sr: f32, f: f32, q: f32) -> (f32, f32) {
        let w0 = TAU * f.clamp(10.0, 0.45 * sr) / sr;
        (w0.cos(), w0.sin() / (2.0 * q))
    }

    fn set_lowpass(&mut self, sr: f32, f: f32, q: f32) {
        let (cw, alpha) = Self::omega(sr, f, q);
        let b1 = 1.0 - cw;
        self.set(b1 / 2.0, b1, b1 / 2.0, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    }

    fn set_highpass(&mut self, sr: f32, f: f32, q: f32) {
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
    fn set_bandpass(&mut self, sr: f32, f: f32, q: f32) {
        let (cw, alpha) = Self::omega(sr, f, q);
        self.set(alpha, 0.0, -alpha, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    }

    fn set(&mut self, b0: f32, b1: f32, b2: f32, a0: f32, a1: f32, a2: f32) {
        self.b0 = b0 / a0;
        self.b1 = b1 / a0;
        self.b2 = b2 / a0;
        self.a1 = a1 / a0;
        self.a2 = a2 / a0;
    }

    fn process(&mut self, x: f32) -> f32 {
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
struct Phase(f32);

impl Phase {
    fn sine(&mut self, freq: f32, sr: f32) -> f32 {
        let s = (TAU * self.0).sin();
        self.advance(freq / sr);
        s
    }

    fn advance(&mut self, dt: f32) {
        self.0 += dt;
        if self.0 >= 1.0 {
            self.0 -= 1.0;
        }
    }
}

/// Band-limited sawtooth sample at `phase` (0..1) with phase increment `dt` (PolyBLEP).
fn saw_blep(phase: f32, dt: f32) -> f32 {
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
struct Pluck {
    buf: Vec<f32>,
    pos: usize,
    last: f32,
    ap_c: f32,
    ap_x1: f32,
    ap_y1: f32,
    loss: f32,
    freq: f32,
}

impl Pluck {
    /// `brightness` in 0..1 sets how hard and bright the pick is.
    fn new(sr: f32, freq: f32, brightness: f32, rng: &mut Rng) -> Self {
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
    fn set_t60(&mut self, t60: f32) {
        self.loss = 0.001f32.powf(1.0 / (t60 * self.freq).max(1.0));
    }

    fn next(&mut self) -> f32 {
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
struct PluckStyle {
    /// Seconds the string rings freely (with `ring` T60) before it is damped.
    ring: f32,
    /// T60 once damped.
    damp: f32,
    brightness: f32,
    /// Attack ramp in seconds; softens the very first samples of the pluck.
    attack: f32,
    /// Detune in cents of a second string sounding with the first (0: a single string).
    course: f32,
}

/// A plucked note held for `hold` seconds, then damped; returns its samples.
fn pluck_note(sr: f32, freq: f32, hold: f32, style: PluckStyle, rng: &mut Rng) -> Vec<f32> {
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
fn bell(out: &mut [f32], sr: f32, start: usize, freq: f32, amp: f32, partials: &[(f32, f32, f32)]) {
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
struct Comb {
    buf: Vec<f32>,
    pos: usize,
    feedback: f32,
    damp: f32,
    store: f32,
}

impl Comb {
    fn process(&mut self, x: f32) -> f32 {
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
struct Diffuser {
    buf: Vec<f32>,
    pos: usize,
}

impl Diffuser {
    fn process(&mut self, x: f32) -> f32 {
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
struct Reverb {
    combs: Vec<Comb>,
    diffusers: Vec<Diffuser>,
}

impl Reverb {
    /// `feedback` sets the length of the tail (0.7 small room .. 0.86 hall), `damp` how fast
    /// its highs die, `spread` offsets the delays (in samples at 44.1 kHz) for a second channel.
    fn new(sr: f32, feedback: f32, damp: f32, spread: usize) -> Self {
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

    fn process(&mut self, x: f32) -> f32 {
        let input = x * 0.08;
        let mut y: f32 = self.combs.iter_mut().map(|c| c.process(input)).sum();
        for d in &mut self.diffusers {
            y = d.process(y);
        }
        y
    }
}

/// Adds a mono reverb tail (`wet` times the reverb's output) to `buf` in place.
fn add_reverb(buf: &mut [f32], sr: f32, wet: f32, feedback: f32, damp: f32) {
    let mut r = Reverb::new(sr, feedback, damp, 0);
    for s in buf.iter_mut() {
        *s += wet * r.process(*s);
    }
}

// ---------------------------------------------------------------------------------------------
// Effects
// ---------------------------------------------------------------------------------------------

/// Time in seconds since the sound starts (after the lead-in) at sample `i`.
fn time(i: usize, sr: f32) -> f32 {
    i as f32 / sr - LEAD
}

fn card_flip(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xF11B);
    let mut out = vec![0.0; secs(sr, 0.105)];
    let mut sweep = Biquad::default();
    let mut crisp = Biquad::highpass(sr, 4000.0, 0.7);
    let mut land = Biquad::bandpass(sr, 650.0, 1.6);
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if t < 0.0 {
            continue;
        }
        if i % 16 == 0 {
            // The band rises from ~1.2 kHz to ~4 kHz over 55 ms: the "fwip".
            let x = (t / 0.055).min(1.0);
            sweep.set_bandpass(sr, 1200.0 * 3.3f32.powf(x), 1.7);
        }
        let noise = rng.bipolar();
        let flutter = 1.0 + 0.3 * (TAU * 38.0 * t).sin();
        let body = sweep.process(noise) * ad(t, 0.007, 0.024) * flutter;
        let edge = crisp.process(noise) * ad(t, 0.003, 0.01) * 0.14;
        // The card settling on the felt, a soft papery tick at ~60 ms.
        let thud = land.process(rng.bipolar()) * ad(t - 0.058, 0.0015, 0.007) * 0.7;
        *o = body + edge + thud;
    }
    out
}

fn card_slide(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0x511D);
    let dur = 0.235;
    let mut out = vec![0.0; secs(sr, dur + LEAD + 0.008)];
    let mut lp = Biquad::default();
    let mut texture = Biquad::bandpass(sr, 2800.0, 0.8);
    let mut grain = OnePole::lowpass(sr, 40.0);
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if !(0.0..dur).contains(&t) {
            continue;
        }
        let x = t / dur;
        if i % 16 == 0 {
            // Darkens as the card slows down.
            lp.set_lowpass(sr, 2400.0 * 0.45f32.powf(x), 0.6);
        }
        let env = if x < 0.2 {
            smooth(x / 0.2)
        } else {
            ((1.0 - x) / 0.8).powf(1.7)
        };
        let noise = rng.bipolar();
        // Slow random friction: the felt's grain.
        let rough = (1.0 + 6.0 * grain.process(rng.bipolar())).clamp(0.55, 1.45);
        *o = (lp.process(noise) + 0.12 * texture.process(noise)) * env * rough;
    }
    out
}

/// One coin hit on inharmonic modes 1, 2.76, 5.4, 8.93 of `f0`, each split into a slightly
/// detuned pair for shimmer, plus a tiny contact tick.
fn clink(out: &mut [f32], sr: f32, start_s: f32, f0: f32, amp: f32, decay: f32, rng: &mut Rng) {
    const MODES: [(f32, f32, f32); 4] = [
        (1.0, 1.0, 0.085),
        (2.76, 0.5, 0.05),
        (5.40, 0.26, 0.028),
        (8.93, 0.1, 0.016),
    ];
    let start = secs(sr, start_s);
    if start >= out.len() {
        return;
    }
    let attack_n = secs(sr, 0.0006).max(1);
    for (ratio, a, tau) in MODES {
        for (split, g) in [(0.9988, 0.55), (1.0015, 0.45)] {
            let f = f0 * ratio * split;
            if f > 0.45 * sr {
                continue;
            }
            let tau = tau * decay;
            let len = (out.len() - start).min(secs(sr, tau * 7.0));
            let step = (-1.0 / (tau * sr)).exp();
            let mut e = 1.0f32;
            let mut ph = Phase(rng.unit());
            for (j, o) in out[start..start + len].iter_mut().enumerate() {
                let ramp = if j < attack_n {
                    smooth(j as f32 / attack_n as f32)
                } else {
                    1.0
                };
                *o += amp * a * g * e * ramp * ph.sine(f, sr);
                e *= step;
            }
        }
    }
    let mut hp = Biquad::highpass(sr, 4000.0, 0.7);
    let len = (out.len() - start).min(secs(sr, 0.008));
    for (j, o) in out[start..start + len].iter_mut().enumerate() {
        let t = j as f32 / sr;
        *o += amp * 0.3 * hp.process(rng.bipolar()) * ad(t, 0.0003, 0.0015);
    }
}

fn coin_clink(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xC011);
    let mut out = vec![0.0; secs(sr, 0.31)];
    clink(&mut out, sr, LEAD, 2450.0, 1.0, 1.0, &mut rng);
    clink(&mut out, sr, LEAD + 0.072, 2610.0, 0.62, 0.85, &mut rng);
    out
}

fn coin_rain(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0x4A1C);
    let mut out = vec![0.0; secs(sr, 0.95)];
    let hits = 12;
    for k in 0..hits {
        let x = k as f32 / (hits - 1) as f32;
        let t = (0.6 * x.powf(1.3) + rng.range(-0.012, 0.012)).max(0.0);
        let f0 = rng.range(2100.0, 3400.0);
        let amp = rng.range(0.5, 1.0) * (1.0 - 0.35 * x);
        let decay = rng.range(0.7, 1.15);
        clink(&mut out, sr, LEAD + t, f0, amp, decay, &mut rng);
        // Some coins bounce once.
        if rng.unit() < 0.4 {
            let dt = rng.range(0.03, 0.06);
            clink(
                &mut out,
                sr,
                LEAD + t + dt,
                f0 * 1.01,
                amp * 0.35,
                decay * 0.7,
                &mut rng,
            );
        }
    }
    out
}

fn bid(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xB1D);
    let mut out = vec![0.0; secs(sr, 0.23)];
    let f = midi_hz(69.0);
    // Marimba bar: fundamental, the tuned 4th partial (3.93 on a real bar) and a faint 9.2.
    let partials = [(1.0, 1.0, 0.058), (3.93, 0.28, 0.018), (9.2, 0.06, 0.006)];
    let mut phases = [Phase(0.0); 3];
    let mut mallet = OnePole::lowpass(sr, 1800.0);
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if t < 0.0 {
            continue;
        }
        // The bar starts a touch sharp: a woody "tok".
        let bend = 1.0 + 0.012 * (-t / 0.008).exp();
        let mut v = 0.0;
        for (&(ratio, a, tau), ph) in partials.iter().zip(phases.iter_mut()) {
            if f * ratio < 0.45 * sr {
                v += a * ad(t, 0.0012, tau) * ph.sine(f * ratio * bend, sr);
            }
        }
        v += 0.45 * mallet.process(rng.bipolar()) * ad(t, 0.0006, 0.003);
        *o = v;
    }
    out
}

fn pass(sr: f32) -> Vec<f32> {
    let mut out = vec![0.0; secs(sr, 0.4)];
    // D4 then A3, each gliding down a little: a soft "bu-boop".
    let notes = [
        (0.0, midi_hz(62.0), 1.0, 0.055),
        (0.12, midi_hz(57.0), 0.9, 0.075),
    ];
    let mut lp = OnePole::lowpass(sr, 1400.0);
    for (start, f, amp, tau) in notes {
        let mut ph = Phase(0.0);
        for (i, o) in out.iter_mut().enumerate() {
            let t = time(i, sr) - start;
            if t < 0.0 {
                continue;
            }
            let glide = 1.0 - 0.03 * smooth(t / 0.12);
            let p = ph.0;
            ph.advance(f * glide / sr);
            let tone =
                (TAU * p).sin() + 0.22 * (2.0 * TAU * p).sin() + 0.06 * (3.0 * TAU * p).sin();
            *o += amp * ad(t, 0.008, tau) * tone;
        }
    }
    for s in out.iter_mut() {
        *s = lp.process(*s);
    }
    out
}

fn win(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0x3154);
    let mut out = vec![0.0; secs(sr, 1.6)];
    let style = PluckStyle {
        ring: 1.2,
        damp: 0.5,
        brightness: 0.75,
        attack: 0.0008,
        course: 4.0,
    };
    let bell_partials = [
        (1.0, 1.0, 0.45),
        (2.0, 0.35, 0.22),
        (3.01, 0.14, 0.12),
        (4.17, 0.07, 0.07),
    ];
    // D major, up the arpeggio, then a sparkle of D6 / F#6 / A6 on top.
    let arpeggio = [62.0 + 12.0, 66.0 + 12.0, 69.0 + 12.0, 74.0 + 12.0];
    for (k, note) in arpeggio.iter().enumerate() {
        let t = LEAD + 0.085 * k as f32;
        let start = secs(sr, t);
        let f = midi_hz(*note);
        let hold = 0.9 - 0.085 * k as f32;
        let v = pluck_note(sr, f, hold, style, &mut rng);
        let gain = 0.55 + 0.1 * k as f32;
        for (o, s) in out[start..].iter_mut().zip(v) {
            *o += gain * s;
        }
        bell(&mut out, sr, start, f, 0.3, &bell_partials);
    }
    // A low D under it for warmth.
    let low = pluck_note(
        sr,
        midi_hz(50.0),
        1.0,
        PluckStyle {
            brightness: 0.4,
            ..style
        },
        &mut rng,
    );
    for (o, s) in out[secs(sr, LEAD)..].iter_mut().zip(low) {
        *o += 0.5 * s;
    }
    let sparkle = secs(sr, LEAD + 0.38);
    for (note, amp) in [(86.0, 0.3), (90.0, 0.2), (93.0, 0.16)] {
        bell(&mut out, sr, sparkle, midi_hz(note), amp, &bell_partials);
    }
    add_reverb(&mut out, sr, 0.5, 0.8, 0.3);
    out
}

fn goblin_reveal(sr: f32) -> Vec<f32> {
    let mut out = vec![0.0; secs(sr, 0.64)];
    let mut lp = Biquad::default();
    let mut nasal = Biquad::bandpass(sr, 520.0, 2.0);
    let detunes = [cents(-9.0), 1.0, cents(8.0)];
    let mut phases = [0.0f32, 0.37, 0.71];
    let (a2, d3) = (midi_hz(45.0), midi_hz(50.0));
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if t < 0.0 {
            continue;
        }
        // "Heh... heh-eh": A2 scooped up from below, then a hop up to D3 that sags down to G2.
        let mut f = if t < 0.27 {
            a2 * (1.0 - 0.12 * (-t / 0.03).exp())
        } else {
            let hop = a2 + (d3 - a2) * smooth((t - 0.27) / 0.04);
            hop * (-7.0 / 12.0 * smooth((t - 0.38) / 0.2)).exp2()
        };
        let vibrato_depth = 28.0 * smooth(t / 0.25);
        f *= cents(vibrato_depth * (TAU * 6.2 * t).sin());
        let mut v = 0.0;
        for (ph, d) in phases.iter_mut().zip(detunes) {
            let dt = f * d / sr;
            v += saw_blep(*ph, dt);
            *ph += dt;
            if *ph >= 1.0 {
                *ph -= 1.0;
            }
        }
        if i % 8 == 0 {
            // The wobble: cutoff swinging between ~400 Hz and ~1.2 kHz.
            let wob = 0.5 - 0.5 * (TAU * 5.3 * t).cos();
            lp.set_lowpass(sr, 380.0 + 850.0 * wob, 2.6);
        }
        let filtered = lp.process(v / 3.0);
        let voiced = filtered + 0.6 * nasal.process(filtered);
        let dip = 1.0 - 0.55 * (-((t - 0.29) / 0.025).powi(2)).exp();
        let env = smooth(t / 0.02) * dip * (1.0 - smooth((t - 0.47) / 0.15));
        *o = voiced * env;
    }
    out
}

fn click(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xC71C);
    let mut out = vec![0.0; secs(sr, 0.03)];
    let mut ph = [Phase(0.0); 2];
    let mut hp = Biquad::highpass(sr, 3000.0, 0.7);
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if t < 0.0 {
            continue;
        }
        let tone = ph[0].sine(1700.0, sr) + 0.25 * ph[1].sine(4100.0, sr);
        let tick = hp.process(rng.bipolar());
        *o = tone * ad(t, 0.0006, 0.0035) + 0.3 * tick * ad(t, 0.0002, 0.0008);
    }
    out
}

fn error(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xE440);
    let mut out = vec![0.0; secs(sr, 0.3)];
    let mut ph = Phase(0.0);
    let mut thud = OnePole::lowpass(sr, 400.0);
    let mut soft = OnePole::lowpass(sr, 1500.0);
    for (i, o) in out.iter_mut().enumerate() {
        let t = time(i, sr);
        if t < 0.0 {
            continue;
        }
        // Pitch falls from ~210 Hz to ~115 Hz: "bonk".
        let f = 115.0 + 95.0 * (-t / 0.03).exp();
        let p = ph.0;
        ph.advance(f / sr);
        let tone = (TAU * p).sin() + 0.35 * (2.0 * TAU * p).sin() + 0.12 * (3.0 * TAU * p).sin();
        let v = tone * ad(t, 0.003, 0.075) + 0.4 * thud.process(rng.bipolar()) * ad(t, 0.001, 0.01);
        *o = soft.process(v);
    }
    out
}

fn turn_chime(sr: f32) -> Vec<f32> {
    let mut out = vec![0.0; secs(sr, 1.15)];
    let partials = [
        (1.0, 1.0, 0.36),
        (0.5, 0.12, 0.45),
        (2.0, 0.3, 0.2),
        (3.0, 0.1, 0.11),
        (4.16, 0.06, 0.06),
    ];
    // D5 then A5: "ding... ding", rising, friendly.
    bell(&mut out, sr, secs(sr, LEAD), midi_hz(74.0), 1.0, &partials);
    bell(
        &mut out,
        sr,
        secs(sr, LEAD + 0.2),
        midi_hz(81.0),
        0.85,
        &partials,
    );
    add_reverb(&mut out, sr, 0.35, 0.78, 0.35);
    out
}

// ---------------------------------------------------------------------------------------------
// Music
// ---------------------------------------------------------------------------------------------

/// 96 bpm in 3/4: an eighth note is 0.3125 s, a bar 1.875 s, the 16-bar loop 30 s.
const EIGHTH: f32 = 30.0 / 96.0;
const BAR_EIGHTHS: usize = 6;
const BARS: usize = 16;
/// Every event is this much after its grid time, so the loop point falls on ringing tails
/// rather than on the attack of the first downbeat.
const SEAM_OFFSET: f32 = 0.06;

/// A melody note: start and length in eighths from the phrase start, MIDI pitch.
type Note = (u8, u8, u8);

/// A (bars 1-4): D dorian, rising to F5, ending on A (a half cadence).
const PHRASE_A: [Note; 15] = [
    (0, 2, 69),
    (2, 2, 74),
    (4, 1, 76),
    (5, 1, 77),
    (6, 3, 76),
    (9, 1, 74),
    (10, 2, 72),
    (12, 2, 74),
    (14, 2, 69),
    (16, 1, 67),
    (17, 1, 65),
    (18, 2, 64),
    (20, 1, 65),
    (21, 1, 67),
    (22, 2, 69),
];

/// A' (bars 5-8 and 13-16): the same opening, ornamented, then down the scale home to D.
const PHRASE_A2: [Note; 16] = [
    (0, 2, 69),
    (2, 2, 74),
    (4, 1, 76),
    (5, 1, 77),
    (6, 2, 76),
    (8, 1, 77),
    (9, 1, 76),
    (10, 1, 74),
    (11, 1, 72),
    (12, 2, 74),
    (14, 1, 72),
    (15, 1, 69),
    (16, 2, 67),
    (18, 1, 65),
    (19, 1, 64),
    (20, 4, 62),
];

/// B (bars 9-12): starts high on F5, leans on the dorian B natural over G, settles on A.
const PHRASE_B: [Note; 14] = [
    (0, 3, 77),
    (3, 1, 76),
    (4, 2, 74),
    (6, 2, 72),
    (8, 1, 74),
    (9, 1, 72),
    (10, 2, 69),
    (12, 2, 71),
    (14, 2, 74),
    (16, 1, 71),
    (17, 1, 67),
    (18, 4, 69),
    (22, 1, 67),
    (23, 1, 64),
];

/// Bass root (MIDI) and a close three-note voicing for each chord.
const DM: (u8, [u8; 3]) = (38, [50, 53, 57]);
const C: (u8, [u8; 3]) = (36, [48, 52, 55]);
const G: (u8, [u8; 3]) = (43, [47, 50, 55]);
const AM: (u8, [u8; 3]) = (45, [48, 52, 57]);
const F: (u8, [u8; 3]) = (41, [48, 53, 57]);

/// One chord per bar: A | A' | B | A'.
const CHORDS: [(u8, [u8; 3]); BARS] = [
    DM, C, DM, AM, //
    DM, C, G, DM, //
    F, AM, G, AM, //
    DM, C, G, DM,
];

/// The harmony under a melody note in the last phrase: the D dorian note a third below, except
/// under the closing D, which gets the open fifth (A) below instead of a B.
fn harmony_below(note: u8) -> u8 {
    const DORIAN: [u8; 7] = [2, 4, 5, 7, 9, 11, 0];
    if note % 12 == 2 {
        return note.saturating_sub(5);
    }
    let mut below = note;
    let mut steps = 0;
    while steps < 2 && below > 0 {
        below -= 1;
        if DORIAN.contains(&(below % 12)) {
            steps += 1;
        }
    }
    below
}

/// Stereo loop buffer; writes wrap around the end.
struct LoopMix {
    left: Vec<f32>,
    right: Vec<f32>,
    sr: f32,
    /// Bit mask of the stems to mix.
    stems: u32,
}

/// The music's stems (bit numbers for [`LoopMix::stems`]).
const MELODY: u32 = 0;
const HARMONY: u32 = 1;
const BASS: u32 = 2;
const CHORDS_STEM: u32 = 3;
const PAD: u32 = 4;
const SHAKER: u32 = 5;
const DRUM: u32 = 6;
const ALL_STEMS: u32 = (1 << 7) - 1;

impl LoopMix {
    fn add(&mut self, stem: u32, start_s: f32, sound: &[f32], gain: f32, pan: f32) {
        if self.stems & (1 << stem) == 0 {
            return;
        }
        let n = self.left.len();
        let (gl, gr) = pan_gains(pan);
        let mut idx = secs(self.sr, start_s) % n;
        for &s in sound {
            self.left[idx] += s * gain * gl;
            self.right[idx] += s * gain * gr;
            idx += 1;
            if idx == n {
                idx = 0;
            }
        }
    }
}

/// Start time in seconds of an event `eighths` eighth notes into the loop.
fn at(eighths: f32) -> f32 {
    SEAM_OFFSET + eighths * EIGHTH
}

/// A soft pad chord: each note two detuned band-limited saws, one side each, lowpassed, with a
/// slow attack and release. Returns the two sides so they can be panned apart.
fn pad_chord(sr: f32, freqs: &[f32], hold: f32, rng: &mut Rng) -> [Vec<f32>; 2] {
    let (attack, release) = (0.5, 0.8);
    let n = secs(sr, hold + release);
    let (attack_n, hold_n) = (secs(sr, attack), secs(sr, hold));
    [cents(-6.0), cents(6.0)].map(|detune| {
        let mut voices: Vec<(f32, f32)> = freqs
            .iter()
            .map(|f| (rng.unit(), f * detune / sr))
            .collect();
        let mut lp = Biquad::lowpass(sr, 800.0, 0.6);
        (0..n)
            .map(|i| {
                let mut v = 0.0;
                for (ph, dt) in voices.iter_mut() {
                    v += saw_blep(*ph, *dt);
                    *ph += *dt;
                    if *ph >= 1.0 {
                        *ph -= 1.0;
                    }
                }
                let env = if i < attack_n {
                    smooth(i as f32 / attack_n as f32)
                } else if i < hold_n {
                    1.0
                } else {
                    1.0 - smooth((i - hold_n) as f32 / (n - hold_n) as f32)
                };
                lp.process(v) * env
            })
            .collect()
    })
}

/// A frame drum: a low sine thump falling in pitch, with a touch of skin noise.
fn frame_drum(sr: f32, rng: &mut Rng) -> Vec<f32> {
    let mut ph = Phase(0.0);
    let mut skin = OnePole::lowpass(sr, 900.0);
    (0..secs(sr, 0.4))
        .map(|i| {
            let t = i as f32 / sr;
            let f = 62.0 + 55.0 * (-t / 0.02).exp();
            let fade = 1.0 - smooth((t - 0.35) / 0.05);
            (ph.sine(f, sr) * ad(t, 0.002, 0.11)
                + 0.25 * skin.process(rng.bipolar()) * ad(t, 0.001, 0.012))
                * fade
        })
        .collect()
}

/// A shaker grain: high band-passed noise with a soft swell and quick decay.
fn shaker(sr: f32, rng: &mut Rng) -> Vec<f32> {
    let mut bp = Biquad::bandpass(sr, 7000.0, 0.9);
    (0..secs(sr, 0.1))
        .map(|i| {
            let t = i as f32 / sr;
            let fade = 1.0 - smooth((t - 0.085) / 0.015);
            bp.process(rng.bipolar()) * ad(t, 0.008, 0.02) * fade
        })
        .collect()
}

/// The background tune: a gentle D dorian waltz (3/4, 96 bpm, 16 bars in AA'BA' form, 30 s),
/// plucked double-course melody over waltz chord plucks, a plucked bass, a soft saw pad, and from
/// the second phrase a shaker, from the third a frame drum and, in the last, a harmony a third
/// below. Stereo, peak 0.5, and seamless: sample N-1 flows into sample 0.
///
/// # Panics
///
/// If `sample_rate` is below 8000 Hz.
pub fn music_loop(sample_rate: u32) -> Sound {
    let mut music = music_stems(sample_rate, ALL_STEMS);
    normalize(&mut music.samples, MUSIC_PEAK);
    music
}

/// The music before normalization, with only the stems in the bit mask `stems` (tests listen to
/// them one at a time to check the balance). The notes are the same whichever stems play.
fn music_stems(sample_rate: u32, stems: u32) -> Sound {
    assert!(sample_rate >= 8000, "sample rate {sample_rate} is too low");
    let sr = sample_rate as f32;
    let n = secs(sr, (BARS * BAR_EIGHTHS) as f32 * EIGHTH);
    let mut mix = LoopMix {
        left: vec![0.0; n],
        right: vec![0.0; n],
        sr,
        stems,
    };
    let mut rng = Rng::new(0x60B1_14E7);

    // Melody (and, in the last phrase, a harmony a third below it).
    let melody_style = PluckStyle {
        ring: 1.6,
        damp: 0.18,
        brightness: 0.7,
        attack: 0.0015,
        course: 3.0,
    };
    let phrases: [&[Note]; 4] = [&PHRASE_A, &PHRASE_A2, &PHRASE_B, &PHRASE_A2];
    for (p, phrase) in phrases.iter().enumerate() {
        let base = (p * 4 * BAR_EIGHTHS) as f32;
        for &(start, len, note) in phrase.iter() {
            let downbeat = usize::from(start) % BAR_EIGHTHS == 0;
            let vel = if downbeat { 1.0 } else { 0.82 } + rng.range(-0.06, 0.06);
            let hold = f32::from(len) * EIGHTH * 0.92 + 0.05;
            let style = PluckStyle {
                brightness: melody_style.brightness * (0.8 + 0.25 * vel),
                ..melody_style
            };
            let t = at(base + f32::from(start)) + rng.range(-0.006, 0.006);
            let v = pluck_note(sr, midi_hz(f32::from(note)), hold, style, &mut rng);
            mix.add(MELODY, t, &v, 0.55 * vel, 0.12);
            if p == 3 {
                let h = harmony_below(note);
                let style = PluckStyle {
                    brightness: 0.45,
                    ..melody_style
                };
                let v = pluck_note(sr, midi_hz(f32::from(h)), hold, style, &mut rng);
                mix.add(HARMONY, t + 0.012, &v, 0.3 * vel, 0.4);
            }
        }
    }

    let chord_style = PluckStyle {
        ring: 1.2,
        damp: 0.2,
        brightness: 0.35,
        attack: 0.002,
        course: 0.0,
    };
    let bass_style = PluckStyle {
        ring: 2.5,
        damp: 0.25,
        brightness: 0.25,
        attack: 0.003,
        course: 0.0,
    };
    for (bar, &(root, voicing)) in CHORDS.iter().enumerate() {
        let bar_start = (bar * BAR_EIGHTHS) as f32;
        // Bass on the downbeat; from the B phrase on, the fifth on beat three as well.
        let late = bar >= 8;
        let hold = if late { 3.6 } else { 5.6 } * EIGHTH;
        let v = pluck_note(sr, midi_hz(f32::from(root)), hold, bass_style, &mut rng);
        mix.add(BASS, at(bar_start), &v, 0.3, 0.0);
        if late {
            let fifth = midi_hz(f32::from(root) + 7.0);
            let v = pluck_note(sr, fifth, 1.6 * EIGHTH, bass_style, &mut rng);
            mix.add(BASS, at(bar_start + 4.0), &v, 0.21, 0.0);
        }
        // Waltz "oom-pah-pah": the chord, lightly strummed, on beats two and three.
        for (beat, vel) in [(2.0, 0.9), (4.0, 0.72)] {
            for (k, &note) in voicing.iter().enumerate() {
                let t = at(bar_start + beat) + 0.014 * k as f32 + rng.range(-0.004, 0.004);
                let v = pluck_note(
                    sr,
                    midi_hz(f32::from(note)),
                    1.7 * EIGHTH,
                    chord_style,
                    &mut rng,
                );
                mix.add(CHORDS_STEM, t, &v, 0.16 * vel, -0.35);
            }
        }
        // Pad under the whole bar, fading into the next.
        let freqs = voicing.map(|note| midi_hz(f32::from(note)));
        let [a, b] = pad_chord(sr, &freqs, 6.0 * EIGHTH, &mut rng);
        mix.add(PAD, at(bar_start), &a, 0.022, -0.6);
        mix.add(PAD, at(bar_start), &b, 0.022, 0.6);
        // Shaker on every eighth from the second phrase; frame drum from the third.
        if bar >= 4 {
            for (e, accent) in [1.0, 0.45, 0.75, 0.45, 0.75, 0.55].iter().enumerate() {
                let v = shaker(sr, &mut rng);
                let g = 0.12 * accent * rng.range(0.85, 1.1);
                mix.add(SHAKER, at(bar_start + e as f32) - 0.01, &v, g, 0.35);
            }
        }
        if late {
            for (beat, g) in [(0.0, 0.16), (4.0, 0.07)] {
                let v = frame_drum(sr, &mut rng);
                mix.add(DRUM, at(bar_start + beat), &v, g, -0.1);
            }
        }
    }

    // Stereo reverb, warmed up on the loop's last seconds so its tail wraps around too.
    let mut rev_l = Reverb::new(sr, 0.82, 0.35, 0);
    let mut rev_r = Reverb::new(sr, 0.82, 0.35, 23);
    let warm = secs(sr, 4.0).min(n);
    for i in n - warm..n {
        let m = mix.left[i] + mix.right[i];
        rev_l.process(m);
        rev_r.process(m);
    }
    let wet = 0.22;
    let mut samples = Vec::with_capacity(2 * n);
    for (&l, &r) in mix.left.iter().zip(&mix.right) {
        let m = l + r;
        samples.push(l + wet * rev_l.process(m));
        samples.push(r + wet * rev_r.process(m));
    }
    Sound {
        sample_rate,
        channels: 2,
        samples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    const SR: u32 = 44_100;

    fn music() -> &'static Sound {
        static MUSIC: OnceLock<Sound> = OnceLock::new();
        MUSIC.get_or_init(|| music_loop(SR))
    }

    /// Expected duration range in seconds of each cue.
    fn duration_range(cue: Cue) -> (f32, f32) {
        match cue {
            Cue::CardFlip => (0.06, 0.13),
            Cue::CardSlide => (0.2, 0.3),
            Cue::CoinClink => (0.25, 0.4),
            Cue::CoinRain => (0.6, 1.2),
            Cue::Bid => (0.15, 0.3),
            Cue::Pass => (0.2, 0.5),
            Cue::Win => (1.3, 2.0),
            Cue::GoblinReveal => (0.5, 0.8),
            Cue::Click => (0.02, 0.05),
            Cue::Error => (0.15, 0.45),
            Cue::TurnChime => (0.6, 1.5),
        }
    }

    fn check_cue(cue: Cue, sr: u32) {
        let s = render(cue, sr);
        let name = cue.name();
        assert_eq!(s.sample_rate, sr, "{name}");
        assert_eq!(s.channels, 1, "{name}");
        assert!(!s.samples.is_empty(), "{name} is empty");
        let (lo, hi) = duration_range(cue);
        let d = s.duration_secs();
        assert!((lo..=hi).contains(&d), "{name}: {d} s not in {lo}..={hi}");
        assert!(
            s.samples.iter().all(|x| x.is_finite()),
            "{name} has NaN or inf"
        );
        let peak = s.peak();
        assert!((0.5..=0.95).contains(&peak), "{name}: peak {peak}");
        let rms = s.rms();
        assert!(rms > 0.05, "{name}: rms {rms} is too quiet");
        let edge = (sr as usize * 2).div_ceil(1000);
        let n = s.samples.len();
        let start = s.samples[..edge].iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let end = s.samples[n - edge..]
            .iter()
            .fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(start < 0.05, "{name} starts with a click: {start}");
        assert!(end < 0.05, "{name} ends with a click: {end}");
        assert_eq!(s.samples[n - 1], 0.0, "{name} does not end on silence");
    }

    #[test]
    fn every_cue_renders_clean_audio() {
        for cue in Cue::ALL {
            check_cue(cue, SR);
        }
    }

    #[test]
    fn cues_render_at_other_sample_rates() {
        for sr in [22_050, 48_000] {
            for cue in Cue::ALL {
                check_cue(cue, sr);
                let a = render(cue, sr).duration_secs();
                let b = render(cue, SR).duration_secs();
                assert!((a - b).abs() < 0.002, "{}: {a} s vs {b} s", cue.name());
            }
        }
    }

    #[test]
    fn cue_names_are_unique() {
        let mut names: Vec<&str> = Cue::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Cue::ALL.len());
    }

    #[test]
    fn cues_are_pairwise_different() {
        let sounds: Vec<Sound> = Cue::ALL.iter().map(|&c| render(c, SR)).collect();
        for (i, a) in sounds.iter().enumerate() {
            for (j, b) in sounds.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?}", Cue::ALL[i], Cue::ALL[j]);
                // Not just different: not even similar over the part they share.
                let n = a.samples.len().min(b.samples.len());
                let (x, y) = (&a.samples[..n], &b.samples[..n]);
                let dot: f64 = x.iter().zip(y).map(|(p, q)| f64::from(p * q)).sum();
                let nx: f64 = x.iter().map(|p| f64::from(p * p)).sum();
                let ny: f64 = y.iter().map(|q| f64::from(q * q)).sum();
                let corr = dot / (nx * ny).sqrt().max(1e-12);
                assert!(
                    corr.abs() < 0.9,
                    "{:?} and {:?} correlate at {corr}",
                    Cue::ALL[i],
                    Cue::ALL[j]
                );
            }
        }
    }

    #[test]
    fn rendering_is_deterministic() {
        for cue in Cue::ALL {
            assert_eq!(render(cue, SR), render(cue, SR), "{}", cue.name());
        }
        assert_eq!(&music_loop(SR), music());
    }

    #[test]
    fn music_is_a_stereo_loop_of_the_right_length_and_level() {
        let m = music();
        assert_eq!(m.channels, 2);
        assert_eq!(m.sample_rate, SR);
        assert_eq!(m.samples.len() % 2, 0);
        let d = m.duration_secs();
        assert!((24.0..=40.0).contains(&d), "music is {d} s");
        assert!(m.samples.iter().all(|x| x.is_finite()));
        let peak = m.peak();
        assert!((0.3..=0.6).contains(&peak), "music peak {peak}");
        assert!(m.rms() > 0.02, "music rms {}", m.rms());
        // Something plays all the way through: no second without sound.
        let second = SR as usize * 2;
        for (k, chunk) in m.samples.chunks(second).enumerate() {
            let rms = (chunk.iter().map(|x| x * x).sum::<f32>() / chunk.len() as f32).sqrt();
            assert!(rms > 0.01, "second {k} is nearly silent: rms {rms}");
        }
    }

    #[test]
    fn music_loops_seamlessly() {
        let m = music();
        let frames = m.frames();
        for ch in 0..2 {
            let x: Vec<f32> = m.samples.iter().skip(ch).step_by(2).copied().collect();
            let diffs: Vec<f32> = x.windows(2).map(|w| w[1] - w[0]).collect();
            let typical = (diffs.iter().map(|d| d * d).sum::<f32>() / diffs.len() as f32).sqrt();
            let seam = x[0] - x[frames - 1];
            assert!(seam.abs() < 0.01, "channel {ch}: jump {seam} at the seam");
            assert!(
                seam.abs() <= 1.5 * typical,
                "channel {ch}: seam step {seam} vs typical {typical}"
            );
            // The slope carries on too (no kink): compare the step before and after the seam.
            let before = x[frames - 1] - x[frames - 2];
            let bend = (seam - before).abs();
            let typical_bend = (diffs.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum::<f32>()
                / (diffs.len() - 1) as f32)
                .sqrt();
            assert!(
                bend <= 1.5 * typical_bend,
                "channel {ch}: slope changes by {bend} at the seam vs typical {typical_bend}"
            );
        }
    }

    #[test]
    fn every_stem_plays_and_the_melody_leads() {
        let levels: Vec<f32> = (0..7).map(|k| music_stems(SR, 1 << k).rms()).collect();
        for (k, &rms) in levels.iter().enumerate() {
            assert!(rms > 0.002, "stem {k} is silent: {levels:?}");
        }
        let melody = levels[MELODY as usize];
        assert!(levels.iter().all(|&l| l <= melody), "{levels:?}");
        // The pad and the percussion stay in the background.
        for stem in [PAD, SHAKER, DRUM] {
            assert!(levels[stem as usize] < 0.5 * melody, "{levels:?}");
        }
    }

    #[test]
    fn tune_is_in_d_dorian_and_fits_its_bars() {
        let dorian = [2, 4, 5, 7, 9, 11, 0];
        for phrase in [&PHRASE_A[..], &PHRASE_A2[..], &PHRASE_B[..]] {
            let mut end = 0;
            for &(start, len, note) in phrase {
                assert!(dorian.contains(&(note % 12)), "{note} is not in D dorian");
                assert!(start >= end, "note at {start} overlaps the one before");
                assert!(len > 0);
                end = start + len;
                let h = harmony_below(note);
                assert!(dorian.contains(&(h % 12)) && h < note && note - h <= 5);
            }
            assert_eq!(usize::from(end), 4 * BAR_EIGHTHS, "phrase is not four bars");
        }
    }

    fn u16_at(b: &[u8], i: usize) -> u16 {
        u16::from_le_bytes([b[i], b[i + 1]])
    }

    fn u32_at(b: &[u8], i: usize) -> u32 {
        u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    }

    fn check_wav(s: &Sound) {
        let w = s.to_wav();
        assert_eq!(w.len(), 44 + 2 * s.samples.len());
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(u32_at(&w, 4) as usize, w.len() - 8);
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(u32_at(&w, 16), 16);
        assert_eq!(u16_at(&w, 20), 1, "PCM");
        assert_eq!(u16_at(&w, 22), s.channels);
        assert_eq!(u32_at(&w, 24), s.sample_rate);
        assert_eq!(u32_at(&w, 28), s.sample_rate * u32::from(s.channels) * 2);
        assert_eq!(u16_at(&w, 32), s.channels * 2);
        assert_eq!(u16_at(&w, 34), 16);
        assert_eq!(&w[36..40], b"data");
        assert_eq!(u32_at(&w, 40) as usize, 2 * s.samples.len());
        // Samples round-trip to 16 bits.
        for (k, &x) in s.samples.iter().enumerate().step_by(97) {
            let v = i16::from_le_bytes([w[44 + 2 * k], w[45 + 2 * k]]);
            assert!((f32::from(v) / 32767.0 - x).abs() <= 1.0 / 32767.0);
        }
    }

    #[test]
    fn wav_headers_are_correct() {
        check_wav(&render(Cue::CoinClink, SR));
        check_wav(&render(Cue::Click, 22_050));
        check_wav(music());
        let clipped = Sound {
            sample_rate: 8000,
            channels: 1,
            samples: vec![2.0, -2.0, f32::NAN, 0.5],
        };
        let w = clipped.to_wav();
        let v: Vec<i16> = w[44..]
            .chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        assert_eq!(v, [32767, -32767, 0, 16384]);
    }

    #[test]
    fn sound_measures() {
        let s = Sound {
            sample_rate: 4,
            channels: 2,
            samples: vec![0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -1.0],
        };
        assert_eq!(s.frames(), 4);
        assert!((s.duration_secs() - 1.0).abs() < 1e-6);
        assert_eq!(s.peak(), 1.0);
        assert!((s.rms() - (2.75f32 / 8.0).sqrt()).abs() < 1e-6);
        assert_eq!(
            Sound {
                samples: vec![],
                ..s
            }
            .rms(),
            0.0
        );
    }
}
