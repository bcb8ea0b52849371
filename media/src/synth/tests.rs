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
