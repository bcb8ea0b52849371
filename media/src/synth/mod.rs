//! Come Buy's sound, synthesized by code: no samples from anywhere.
//!
//! [`render`] makes the mono sound effects ([`Cue`]) and [`music_loop`] the stereo background
//! tune. Everything is built from a handful of small parts (`blocks.rs`): a seeded xorshift noise
//! source, smooth attack / exponential decay envelopes, one-pole and RBJ biquad filters, a
//! band-limited (PolyBLEP) saw, Karplus-Strong plucked strings, additive bells and a Schroeder
//! reverb. All of it is deterministic: the same call gives the same samples, bit for bit.
//!
//! Effects are normalized to a peak of 0.8 and begin after a 2.5 ms lead-in of silence, then
//! rise with a short smooth attack, so nothing clicks at either end. The music peaks at 0.5 so
//! effects sit on top of it, and is rendered on a circular buffer: tails of notes (and of the
//! reverb) that run past the end wrap around to the beginning, so the loop is seamless.

use std::f32::consts::{PI, TAU};

mod blocks;
mod effects;
mod music;
#[cfg(test)]
mod tests;

use blocks::*;
use effects::*;
pub use music::*;

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
