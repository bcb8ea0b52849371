//! Writes every sound effect and the music loop as WAV files, for listening and inspection.
//!
//! `cargo run --release -p come-buy-media --example sound_preview -- OUT_DIR`
//! (OUT_DIR defaults to `target/sound-preview`).

use std::{env, fs, path::PathBuf, time::Instant};

use come_buy_media::synth::{self, Cue, Sound};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/sound-preview"));
    fs::create_dir_all(&out)?;
    let sample_rate = 44_100;

    let started = Instant::now();
    let cues: Vec<(Cue, Sound)> = Cue::ALL
        .iter()
        .map(|&cue| (cue, synth::render(cue, sample_rate)))
        .collect();
    let cue_time = started.elapsed();
    let started = Instant::now();
    let music = synth::music_loop(sample_rate);
    let music_time = started.elapsed();

    let named = cues
        .iter()
        .map(|(cue, sound)| (cue.name(), sound))
        .chain(std::iter::once(("music", &music)));
    for (name, sound) in named {
        let path = out.join(format!("{name}.wav"));
        let bytes = sound.to_wav();
        fs::write(&path, &bytes)?;
        println!(
            "{name:<14} {:>2} ch {:>7.3} s  peak {:.3}  rms {:.3}  {:>8} bytes",
            sound.channels,
            sound.duration_secs(),
            sound.peak(),
            sound.rms(),
            bytes.len()
        );
    }
    println!(
        "rendered {} cues in {:.1} ms and the music in {:.1} ms ({:.1} ms in all); wrote {}",
        cues.len(),
        cue_time.as_secs_f64() * 1e3,
        music_time.as_secs_f64() * 1e3,
        (cue_time + music_time).as_secs_f64() * 1e3,
        out.display()
    );
    Ok(())
}
