//! The table's sound effects, one function per cue.

use super::*;

// ---------------------------------------------------------------------------------------------
// Effects
// ---------------------------------------------------------------------------------------------

/// Time in seconds since the sound starts (after the lead-in) at sample `i`.
pub(super) fn time(i: usize, sr: f32) -> f32 {
    i as f32 / sr - LEAD
}

pub(super) fn card_flip(sr: f32) -> Vec<f32> {
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

pub(super) fn card_slide(sr: f32) -> Vec<f32> {
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
pub(super) fn clink(
    out: &mut [f32],
    sr: f32,
    start_s: f32,
    f0: f32,
    amp: f32,
    decay: f32,
    rng: &mut Rng,
) {
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

pub(super) fn coin_clink(sr: f32) -> Vec<f32> {
    let mut rng = Rng::new(0xC011);
    let mut out = vec![0.0; secs(sr, 0.31)];
    clink(&mut out, sr, LEAD, 2450.0, 1.0, 1.0, &mut rng);
    clink(&mut out, sr, LEAD + 0.072, 2610.0, 0.62, 0.85, &mut rng);
    out
}

pub(super) fn coin_rain(sr: f32) -> Vec<f32> {
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

pub(super) fn bid(sr: f32) -> Vec<f32> {
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

pub(super) fn pass(sr: f32) -> Vec<f32> {
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

pub(super) fn win(sr: f32) -> Vec<f32> {
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

pub(super) fn goblin_reveal(sr: f32) -> Vec<f32> {
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

pub(super) fn click(sr: f32) -> Vec<f32> {
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

pub(super) fn error(sr: f32) -> Vec<f32> {
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

pub(super) fn turn_chime(sr: f32) -> Vec<f32> {
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
