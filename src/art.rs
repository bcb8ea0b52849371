//! Turns the procedural art of `come-buy-media` into Bevy images once, at start-up.
//! Nothing is loaded from disk: the web build downloads no image files.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use come_buy_engine::decktet::Suit;
use come_buy_media::art::{self, GemShape, PokerSuit, Raster, SuitShape};

/// Base card size in world units (the table is laid out on a 1920x1080 virtual screen).
pub const CARD: Vec2 = Vec2::new(160.0, 224.0);

#[derive(Resource, Default, Clone)]
pub struct Art {
    pub felt: Handle<Image>,
    pub card_back: Handle<Image>,
    pub card_shadow: Handle<Image>,
    /// A card face per suit accent (index = `Suit::index`), and a neutral one.
    pub faces: Vec<Handle<Image>>,
    pub neutral_face: Handle<Image>,
    pub suits: Vec<Handle<Image>>,
    pub coin: Handle<Image>,
    pub glow: Handle<Image>,
    pub plaque: Handle<Image>,
    pub bubble: Handle<Image>,
    /// Mýkonos: the poker face, the four suit pips (index = engine `Suit::index`), workers
    /// per seat colour (index = `SEAT_COLORS`), the neutral grey worker, the start marker.
    pub poker_face: Handle<Image>,
    pub poker_suits: Vec<Handle<Image>>,
    pub meeples: Vec<Handle<Image>>,
    pub neutral_meeple: Handle<Image>,
    pub start_marker: Handle<Image>,
    /// The Duchess: the jeweller's face and back, gems (index = `GemShape` order), the florin.
    pub jewel_face: Handle<Image>,
    pub jewel_back: Handle<Image>,
    pub gems: Vec<Handle<Image>>,
    pub florin: Handle<Image>,
}

impl Art {
    pub fn suit(&self, s: Suit) -> Handle<Image> {
        self.suits.get(s.index()).cloned().unwrap_or_default()
    }

    pub fn face(&self, first_suit: Option<Suit>) -> Handle<Image> {
        first_suit
            .and_then(|s| self.faces.get(s.index()).cloned())
            .unwrap_or_else(|| self.neutral_face.clone())
    }
}

/// The felt under everything, a little larger than the virtual table so no edge shows.
pub(crate) fn felt_sprite(art: &Art) -> (Sprite, Transform) {
    (
        Sprite {
            image: art.felt.clone(),
            // Large enough to fill the window around the table at any shape and with the dock.
            custom_size: Some(crate::state::VIEW * 2.5),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, -10.0),
    )
}

/// The gem shapes in the engine's `Gem` order, then the rainbow stone and the gold ingot.
pub(crate) const GEMS: [GemShape; 10] = [
    GemShape::Amber,
    GemShape::Jet,
    GemShape::Amethyst,
    GemShape::Pearl,
    GemShape::Emerald,
    GemShape::Ruby,
    GemShape::Sapphire,
    GemShape::Diamond,
    GemShape::Rainbow,
    GemShape::Gold,
];

pub(crate) fn shape(s: Suit) -> SuitShape {
    match s {
        Suit::Moons => SuitShape::Moons,
        Suit::Suns => SuitShape::Suns,
        Suit::Waves => SuitShape::Waves,
        Suit::Leaves => SuitShape::Leaves,
        Suit::Wyrms => SuitShape::Wyrms,
        Suit::Knots => SuitShape::Knots,
    }
}

pub(crate) fn to_image(r: Raster) -> Image {
    Image::new(
        Extent3d {
            width: r.width,
            height: r.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        r.pixels,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// Draws the art while the app is built: the first screen is entered before any start-up
/// system runs, and it needs the images. What only the table shows (card backs, meeples,
/// coins, plaques) is drawn once the first frame is on screen, so the title appears sooner
/// (in a browser the art is most of the wait); nothing can reach the table before then.
pub fn plugin(app: &mut App) {
    let mut art = Art::default();
    let mut later = LaterArt::default();
    if let Some(mut images) = app.world_mut().get_resource_mut::<Assets<Image>>() {
        let started = bevy::platform::time::Instant::now();
        make_art(&mut art, &mut later, &mut images);
        info!(
            "art: {} textures drawn in {} ms, {} more after the first frame",
            images.len(),
            started.elapsed().as_millis(),
            later.0.len()
        );
    }
    app.insert_resource(art);
    app.insert_resource(later);
    app.add_systems(
        Update,
        draw_later_art.run_if(crate::state::after_first_frame),
    );
}

type Drawing = Box<dyn FnOnce() -> Raster + Send + Sync>;

/// Textures with their handles already handed out, drawn after the first frame.
#[derive(Resource, Default)]
struct LaterArt(Vec<(Handle<Image>, Drawing)>);

impl LaterArt {
    fn reserve(
        &mut self,
        images: &Assets<Image>,
        draw: impl FnOnce() -> Raster + Send + Sync + 'static,
    ) -> Handle<Image> {
        let handle = images.reserve_handle();
        self.0.push((handle.clone(), Box::new(draw)));
        handle
    }
}

fn draw_later_art(mut later: ResMut<LaterArt>, mut images: ResMut<Assets<Image>>) {
    if later.0.is_empty() {
        return;
    }
    let started = bevy::platform::time::Instant::now();
    let n = later.0.len();
    for (handle, draw) in later.0.drain(..) {
        if let Err(e) = images.insert(&handle, to_image(draw())) {
            error!("art: a table texture could not be stored: {e}");
        }
    }
    info!(
        "art: {n} table textures drawn in {} ms",
        started.elapsed().as_millis()
    );
}

fn make_art(art: &mut Art, later: &mut LaterArt, images: &mut Assets<Image>) {
    // What only the table shows.
    let (w, h) = ((CARD.x * 1.5) as u32, (CARD.y * 1.5) as u32);
    art.card_back = later.reserve(images, move || art::card_back(w, h));
    art.jewel_back = later.reserve(images, move || art::jewel_card_back(w, h));
    art.coin = later.reserve(images, || art::coin(96));
    art.meeples = crate::theme::SEAT_COLORS
        .iter()
        .map(|(c, _)| {
            let c = *c;
            later.reserve(images, move || art::meeple(96, c))
        })
        .collect();
    art.neutral_meeple = later.reserve(images, || art::meeple(96, [150, 150, 155]));
    art.start_marker = later.reserve(images, || art::start_marker(128));
    art.florin = later.reserve(images, || art::florin(96));
    art.glow = later.reserve(images, || art::glow(256, [255, 214, 110]));
    art.plaque = later.reserve(images, || {
        art::rounded_panel(600, 240, 26, [14, 30, 24, 215], [245, 199, 77, 255], 3.0)
    });
    art.bubble = later.reserve(images, || {
        art::rounded_panel(180, 80, 36, [250, 242, 219, 245], [60, 40, 20, 255], 3.0)
    });
    // What the title shows too.
    let mut add = |r: Raster| images.add(to_image(r));
    art.felt = add(art::felt(1024, 576, crate::theme::FELT));
    art.card_shadow = add(art::card_shadow(w, h, 18));
    art.faces = Suit::ALL
        .iter()
        .map(|&s| add(art::card_face(w, h, art::suit_color(shape(s)))))
        .collect();
    art.neutral_face = add(art::card_face(w, h, [120, 100, 70]));
    art.suits = Suit::ALL
        .iter()
        .map(|&s| add(art::suit_symbol(shape(s), 128)))
        .collect();
    art.poker_face = add(art::poker_card_face(w, h));
    art.poker_suits = PokerSuit::ALL
        .iter()
        .map(|&s| add(art::poker_suit_symbol(s, 128)))
        .collect();
    art.jewel_face = add(art::jewel_card_face(w, h));
    art.gems = GEMS.iter().map(|&g| add(art::gem_symbol(g, 128))).collect();
}
