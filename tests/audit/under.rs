//! What lies under a word of the table: the sprites drawn beneath it, laid one over another at
//! points across the word as the renderer lays them (the clear colour, then each sprite from
//! the lowest: its image's texel times its tint, over what is below by its alpha, in linear
//! light). The audit judges a word's ink against it.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy_egui::egui::Color32;

/// A sprite in sight, ready to be asked what it draws at a point of the world.
pub struct Layer {
    sprite: Sprite,
    anchor: Anchor,
    /// The world to the sprite's own frame.
    to_local: bevy::math::Affine3A,
    z: f32,
}

/// The sprites in sight, lowest first.
pub fn layers(world: &mut World, shown: impl Fn(&World, Entity) -> bool) -> Vec<Layer> {
    let mut q = world.query::<(Entity, &Sprite, &GlobalTransform, Option<&Anchor>)>();
    let found: Vec<_> = q
        .iter(world)
        .map(|(e, s, g, a)| (e, s.clone(), *g, a.copied().unwrap_or_default()))
        .collect();
    let mut out: Vec<Layer> = found
        .into_iter()
        .filter(|(e, s, _, _)| s.color.alpha() > 0.0 && shown(world, *e))
        .map(|(_, sprite, g, anchor)| Layer {
            sprite,
            anchor,
            to_local: g.affine().inverse(),
            z: g.translation().z,
        })
        .collect();
    out.sort_by(|a, b| a.z.total_cmp(&b.z));
    out
}

/// What a point's colour is made of besides the sprites: the images they draw, the atlases
/// that cut them, and the clear colour under everything (read from the world once a word).
struct Canvas<'a> {
    images: &'a Assets<Image>,
    atlases: &'a Assets<TextureAtlasLayout>,
    clear: LinearRgba,
}

/// The colour the screen shows at world point `p` under everything from depth `below` up;
/// `None` where an image under it is not made yet (nothing to judge).
fn colour_at(canvas: &Canvas, layers: &[Layer], p: Vec2, below: f32) -> Option<LinearRgba> {
    let mut out = canvas.clear;
    for l in layers.iter().take_while(|l| l.z < below) {
        let local = l.to_local.transform_point3(p.extend(l.z)).truncate();
        let Ok(px) =
            l.sprite
                .compute_pixel_space_point(local, l.anchor, canvas.images, canvas.atlases)
        else {
            continue;
        };
        let texel = if l.sprite.image == Handle::default() {
            LinearRgba::WHITE
        } else {
            let image = canvas.images.get(&l.sprite.image)?;
            let size = image.size();
            let (x, y) = (
                (px.x.max(0.0) as u32).min(size.x.saturating_sub(1)),
                (px.y.max(0.0) as u32).min(size.y.saturating_sub(1)),
            );
            image.get_color_at(x, y).ok()?.to_linear()
        };
        let tint = l.sprite.color.to_linear();
        let c = LinearRgba::new(
            texel.red * tint.red,
            texel.green * tint.green,
            texel.blue * tint.blue,
            texel.alpha * tint.alpha,
        );
        let a = c.alpha.clamp(0.0, 1.0);
        out = LinearRgba::new(
            out.red * (1.0 - a) + c.red * a,
            out.green * (1.0 - a) + c.green * a,
            out.blue * (1.0 - a) + c.blue * a,
            1.0,
        );
    }
    Some(out)
}

/// What lies under a word whose corners in the world are `corners` (its own frame's four,
/// in order), at depth `z`: of a 5 by 3 grid of points inside it, the one of middle
/// lightness, as egui's colour (the audit's contrast reads those). The middle, not the mean:
/// a confetti piece falling behind a headline is not what the word is drawn on. `None` where
/// any point cannot be judged.
pub fn under_word(world: &World, layers: &[Layer], corners: [Vec2; 4], z: f32) -> Option<Color32> {
    let empty = Assets::<TextureAtlasLayout>::default();
    let canvas = Canvas {
        images: world.get_resource::<Assets<Image>>()?,
        atlases: world
            .get_resource::<Assets<TextureAtlasLayout>>()
            .unwrap_or(&empty),
        clear: world
            .get_resource::<ClearColor>()
            .map_or(LinearRgba::BLACK, |c| c.0.to_linear()),
    };
    let [a, b, _, d] = corners;
    let (across, up) = (b - a, d - a);
    let mut points = Vec::with_capacity(15);
    for i in 0..5 {
        for j in 0..3 {
            let (u, v) = (0.1 + 0.2 * i as f32, 0.2 + 0.3 * j as f32);
            points.push(colour_at(&canvas, layers, a + across * u + up * v, z)?);
        }
    }
    let light = |c: &LinearRgba| 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;
    points.sort_by(|x, y| light(x).total_cmp(&light(y)));
    Some(egui_colour(points[points.len() / 2]))
}

/// A colour as egui's (sRGB bytes), for the audit's contrast.
pub fn egui_colour(c: impl Into<Color>) -> Color32 {
    let s = c.into().to_srgba().to_u8_array();
    Color32::from_rgb(s[0], s[1], s[2])
}
