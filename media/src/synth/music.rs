//! The music: a seamless loop in stems (melody, harmony, bass, chords, pad, shaker, drum).

use super::*;

// ---------------------------------------------------------------------------------------------
// Music
// ---------------------------------------------------------------------------------------------

/// 96 bpm in 3/4: an eighth note is 0.3125 s, a bar 1.875 s, the 16-bar loop 30 s.
pub(super) const EIGHTH: f32 = 30.0 / 96.0;
pub(super) const BAR_EIGHTHS: usize = 6;
pub(super) const BARS: usize = 16;
/// Every event is this much after its grid time, so the loop point falls on ringing tails
/// rather than on the attack of the first downbeat.
pub(super) const SEAM_OFFSET: f32 = 0.06;

/// A melody note: start and length in eighths from the phrase start, MIDI pitch.
pub(super) type Note = (u8, u8, u8);

/// A (bars 1-4): D dorian, rising to F5, ending on A (a half cadence).
pub(super) const PHRASE_A: [Note; 15] = [
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
pub(super) const PHRASE_A2: [Note; 16] = [
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
pub(super) const PHRASE_B: [Note; 14] = [
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
pub(super) const DM: (u8, [u8; 3]) = (38, [50, 53, 57]);
pub(super) const C: (u8, [u8; 3]) = (36, [48, 52, 55]);
pub(super) const G: (u8, [u8; 3]) = (43, [47, 50, 55]);
pub(super) const AM: (u8, [u8; 3]) = (45, [48, 52, 57]);
pub(super) const F: (u8, [u8; 3]) = (41, [48, 53, 57]);

/// One chord per bar: A | A' | B | A'.
pub(super) const CHORDS: [(u8, [u8; 3]); BARS] = [
    DM, C, DM, AM, //
    DM, C, G, DM, //
    F, AM, G, AM, //
    DM, C, G, DM,
];

/// The harmony under a melody note in the last phrase: the D dorian note a third below, except
/// under the closing D, which gets the open fifth (A) below instead of a B.
pub(super) fn harmony_below(note: u8) -> u8 {
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
pub(super) struct LoopMix {
    pub(super) left: Vec<f32>,
    pub(super) right: Vec<f32>,
    pub(super) sr: f32,
    /// Bit mask of the stems to mix.
    pub(super) stems: u32,
}

/// The music's stems (bit numbers for [`LoopMix::stems`]).
pub(super) const MELODY: u32 = 0;
pub(super) const HARMONY: u32 = 1;
pub(super) const BASS: u32 = 2;
pub(super) const CHORDS_STEM: u32 = 3;
pub(super) const PAD: u32 = 4;
pub(super) const SHAKER: u32 = 5;
pub(super) const DRUM: u32 = 6;
pub(super) const ALL_STEMS: u32 = (1 << 7) - 1;

impl LoopMix {
    pub(super) fn add(&mut self, stem: u32, start_s: f32, sound: &[f32], gain: f32, pan: f32) {
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
pub(super) fn at(eighths: f32) -> f32 {
    SEAM_OFFSET + eighths * EIGHTH
}

/// A soft pad chord: each note two detuned band-limited saws, one side each, lowpassed, with a
/// slow attack and release. Returns the two sides so they can be panned apart.
pub(super) fn pad_chord(sr: f32, freqs: &[f32], hold: f32, rng: &mut Rng) -> [Vec<f32>; 2] {
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
pub(super) fn frame_drum(sr: f32, rng: &mut Rng) -> Vec<f32> {
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
pub(super) fn shaker(sr: f32, rng: &mut Rng) -> Vec<f32> {
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
pub(super) fn music_stems(sample_rate: u32, stems: u32) -> Sound {
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
