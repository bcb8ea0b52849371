//! Come Buy's art and sound, made by code: nothing here is copied from anywhere.
//!
//! `art` rasterizes symbols, card faces, backs, coins, felt and meeples into RGBA buffers with
//! signed distance functions; `png` writes them out for previews; `synth` renders sound effects
//! and the music loop into samples and WAV bytes. The table turns these into Bevy images and
//! kira sounds at start-up, so the web build downloads none of them.

pub mod art;
pub mod png;
pub mod synth;
