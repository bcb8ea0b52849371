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
    app.add_systems(Startup, make_sounds);
    app.add_systems(
        Update,
        (
            play_cues,
            make_music.run_if(crate::state::after_first_frame),
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

fn make_sounds(mut sounds: ResMut<Sounds>, mut sources: ResMut<Assets<AudioSource>>) {
    let started = bevy::platform::time::Instant::now();
    for cue in Cue::ALL {
        let h = sources.add(to_source(&synth::render(cue, RATE)));
        sounds.cues.insert(cue, h);
    }
    info!(
        "sound: {} cues synthesized in {} ms",
        Cue::ALL.len(),
        started.elapsed().as_millis()
    );
}

/// The music loop, once the first frame has been drawn ([`crate::state::after_first_frame`]), so the
/// table appears sooner.
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

fn play_cues(
    mut cues: MessageReader<PlayCue>,
    sounds: Res<Sounds>,
    sfx: Res<AudioChannel<SfxChannel>>,
    interacted: Res<UserHasInteracted>,
    mut played: Local<HashMap<Cue, f64>>,
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
        if let Some(h) = sounds.cues.get(cue) {
            sfx.play(h.clone());
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

    #[test]
    fn volume_curve() {
        assert_eq!(decibels(0.0), -60.0);
        assert!((decibels(1.0)).abs() < 1e-6);
        assert!((decibels(0.5) + 6.02).abs() < 0.01);
    }
}
