//! Sound through bevy_kira_audio: every cue and the music loop are synthesized at start-up by
//! `come-buy-media` and handed to kira as frames (no files, no decoders). Volumes follow the
//! settings at once. On the web, browsers start audio only after a click or key: the music
//! starts on the first interaction.

use crate::nav::UserHasInteracted;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use come_buy_media::synth::{self, Cue, Sound};
use std::collections::HashMap;

/// Ask for a sound effect.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlayCue(pub Cue);

#[derive(Resource)]
pub(crate) struct MusicChannel;

#[derive(Resource)]
pub(crate) struct SfxChannel;

#[derive(Resource, Default)]
pub(crate) struct Sounds {
    pub cues: HashMap<Cue, Handle<AudioSource>>,
    /// Each cue's length (seconds) and peak, for the mix's ceiling ([`Mix`]).
    pub shape: HashMap<Cue, (f64, f32)>,
    /// The music loop: synthesized once the first frame is on screen (it takes longer than
    /// every cue together, and nobody hears it before then).
    pub music: Option<Handle<AudioSource>>,
    music_started: bool,
}

const RATE: u32 = 44_100;

pub(crate) fn to_source(s: &Sound) -> AudioSource {
    let frames: Vec<Frame> = if s.channels == 2 {
        s.samples
            .chunks_exact(2)
            .map(|c| Frame {
                left: c[0],
                right: c[1],
            })
            .collect()
    } else {
        s.samples
            .iter()
            .map(|&v| Frame { left: v, right: v })
            .collect()
    };
    AudioSource {
        sound: StaticSoundData {
            sample_rate: s.sample_rate,
            frames: frames.into(),
            settings: StaticSoundSettings::default(),
            slice: None,
        },
    }
}

/// Plays messages as sounds. Needs the kira plugin; without it (tests) cues are dropped.
pub fn plugin(app: &mut App) {
    app.add_message::<PlayCue>();
    app.add_plugins(AudioPlugin);
    app.add_audio_channel::<MusicChannel>();
    app.add_audio_channel::<SfxChannel>();
    app.init_resource::<Sounds>();
    // Nothing sounds before a first click or key (browsers hold audio until then), so the
    // effects are made right after the first frame and the music a frame later: the title
    // appears sooner (WebKit spent 234 ms on the effects before its first frame), and no one
    // frame does both.
    app.add_systems(
        Update,
        (
            make_sounds.run_if(crate::state::after_first_frame),
            play_cues,
            make_music.run_if(after_second_frame),
            start_music,
            apply_volumes,
        )
            .chain(),
    );
}

/// For apps without audio output (tests): cues are accepted and dropped.
pub fn silent_plugin(app: &mut App) {
    app.add_message::<PlayCue>();
}

/// A run condition: two frames have been drawn.
fn after_second_frame(frames: Res<bevy::diagnostic::FrameCount>) -> bool {
    frames.0 >= 2
}

/// The effects, once (right after the first frame).
fn make_sounds(mut sounds: ResMut<Sounds>, mut sources: ResMut<Assets<AudioSource>>) {
    if !sounds.cues.is_empty() {
        return;
    }
    let started = bevy::platform::time::Instant::now();
    for cue in Cue::ALL {
        let sound = synth::render(cue, RATE);
        sounds
            .shape
            .insert(cue, (f64::from(sound.duration_secs()), sound.peak()));
        let h = sources.add(to_source(&sound));
        sounds.cues.insert(cue, h);
    }
    info!(
        "sound: {} cues synthesized in {} ms",
        Cue::ALL.len(),
        started.elapsed().as_millis()
    );
}

/// The music loop, once two frames have been drawn, so the table appears sooner.
fn make_music(mut sounds: ResMut<Sounds>, mut sources: ResMut<Assets<AudioSource>>) {
    if sounds.music.is_some() {
        return;
    }
    let started = bevy::platform::time::Instant::now();
    sounds.music = Some(sources.add(to_source(&synth::music_loop(RATE))));
    info!(
        "sound: the music synthesized in {} ms",
        started.elapsed().as_millis()
    );
}

/// The effects' ceiling: the peaks of the effects sounding at once never add up past it (a
/// six-seat deal plays thirty card cues in a second, which summed past 1.0). A cue that
/// would go past it plays softer, down to a fifth of its level; below that it is left out.
/// So the effects together are never louder than one effect (peak 0.8) by more than 2 dB,
/// and at the default volumes (master 0.8, music 0.5, effects 0.8) the whole mix, music
/// (peak 0.5) included, peaks under 0.85.
pub(crate) const EFFECTS_CEILING: f32 = 1.0;

/// The effects sounding now: when each ends and its peak.
#[derive(Default, Debug, Clone)]
pub(crate) struct Mix {
    sounding: Vec<(f64, f32)>,
}

impl Mix {
    /// The gain (0..1) for a cue of `peak` lasting `secs` starting at `now`, or `None` when it
    /// would be too soft to matter; it is then counted as sounding.
    pub(crate) fn admit(&mut self, now: f64, secs: f64, peak: f32) -> Option<f32> {
        self.sounding.retain(|&(end, _)| end > now);
        let busy: f32 = self.sounding.iter().map(|&(_, p)| p).sum();
        let room = (EFFECTS_CEILING - busy).max(0.0);
        let gain = (room / peak.max(1e-3)).min(1.0);
        if gain < 0.2 {
            return None;
        }
        self.sounding.push((now + secs, peak * gain));
        Some(gain)
    }
}

fn play_cues(
    mut cues: MessageReader<PlayCue>,
    sounds: Res<Sounds>,
    sfx: Res<AudioChannel<SfxChannel>>,
    interacted: Res<UserHasInteracted>,
    (mut played, mut mix): (Local<HashMap<Cue, f64>>, Local<Mix>),
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    for PlayCue(cue) in cues.read() {
        // On the web, nothing may sound before a click or key; and the same cue at most
        // every 40 ms (many cards move at once at high speed).
        if (cfg!(target_arch = "wasm32") && !interacted.0)
            || played.get(cue).is_some_and(|t| now - t < 0.04)
        {
            continue;
        }
        played.insert(*cue, now);
        let (secs, peak) = sounds.shape.get(cue).copied().unwrap_or((0.2, 0.8));
        let Some(gain) = mix.admit(now, secs, peak) else {
            continue;
        };
        if let Some(h) = sounds.cues.get(cue) {
            sfx.play(h.clone()).with_volume(decibels(gain));
        }
    }
}

fn start_music(
    mut sounds: ResMut<Sounds>,
    music: Res<AudioChannel<MusicChannel>>,
    interacted: Res<UserHasInteracted>,
) {
    if sounds.music_started || (cfg!(target_arch = "wasm32") && !interacted.0) {
        return;
    }
    let Some(loop_) = sounds.music.clone() else {
        return;
    };
    sounds.music_started = true;
    music
        .play(loop_)
        .looped()
        .fade_in(AudioTween::linear(std::time::Duration::from_secs(2)));
}

/// Volume 0..1 to kira's decibels (silence below about 1%).
pub(crate) fn decibels(v: f32) -> f32 {
    if v <= 0.01 { -60.0 } else { 20.0 * v.log10() }
}

fn apply_volumes(
    settings: Res<Settings>,
    music: Res<AudioChannel<MusicChannel>>,
    sfx: Res<AudioChannel<SfxChannel>>,
    mut first: Local<bool>,
) {
    if settings.is_changed() || !*first {
        *first = true;
        music.set_volume(decibels(settings.master_volume * settings.music_volume));
        sfx.set_volume(decibels(settings.master_volume * settings.sfx_volume));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A six-seat deal (thirty card cues in a second, every 33 ms) with coins on top: the
    /// peaks sounding at once never add up past the ceiling, the first cues play whole, and
    /// none plays louder than it was made.
    #[test]
    fn a_big_deal_never_clips_the_mix() {
        let mut mix = Mix::default();
        let (card, coin) = ((0.18, 0.8), (0.35, 0.8));
        let mut played = 0;
        for k in 0..30 {
            let now = k as f64 * 0.033;
            let (secs, peak) = if k % 5 == 4 { coin } else { card };
            if let Some(gain) = mix.admit(now, secs, peak) {
                assert!((0.2..=1.0).contains(&gain));
                played += 1;
            }
            let sounding: f32 = mix
                .sounding
                .iter()
                .filter(|&&(end, _)| end > now)
                .map(|&(_, p)| p)
                .sum();
            assert!(sounding <= EFFECTS_CEILING + 1e-6, "{sounding} at cue {k}");
        }
        assert!(played >= 8, "the deal is still heard ({played} of 30)");
        // Alone, an effect plays at its level.
        let mut quiet = Mix::default();
        assert_eq!(quiet.admit(10.0, 0.2, 0.4), Some(1.0));
    }

    #[test]
    fn volume_curve() {
        assert_eq!(decibels(0.0), -60.0);
        assert!((decibels(1.0)).abs() < 1e-6);
        assert!((decibels(0.5) + 6.02).abs() < 0.01);
    }
}
