//! Turns the procedural art of `come-buy-media` into Bevy images once, at start-up.
//! Nothing is loaded from disk: the web build downloads no image files.

use bevy::asset::RenderAssetUsages;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use come_buy_media::art::{self, Raster};

/// Base card size in world units (the table is laid out on a 1920x1080 virtual screen).
pub const CARD: Vec2 = Vec2::new(160.0, 224.0);

/// The images every table shares, and each game's own (drawn by the game's folder, in its
/// `art.rs`, and kept here by type: see [`Art::add_game`] and [`Art::of`]), with the small
/// symbols the game log shows beside its lines (see [`IconSet`]).
#[derive(Resource, Default, Clone)]
pub struct Art {
    pub felt: Handle<Image>,
    pub card_back: Handle<Image>,
    pub card_shadow: Handle<Image>,
    pub coin: Handle<Image>,
    pub glow: Handle<Image>,
    pub plaque: Handle<Image>,
    pub bubble: Handle<Image>,
    games: std::collections::HashMap<
        std::any::TypeId,
        std::sync::Arc<dyn std::any::Any + Send + Sync>,
    >,
    icons: std::collections::HashMap<IconSet, Vec<Handle<Image>>>,
}

/// The families of small symbols a log line may show (each game adds its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IconSet {
    /// A card's suits.
    Suit,
    /// A playing card's suit pip.
    Pip,
    /// A jewel's gem.
    Gem,
}

impl Art {
    /// A game's own images (made by its folder's `art.rs` in its plugin).
    pub fn add_game<T: std::any::Any + Send + Sync>(&mut self, part: T) {
        self.games
            .insert(std::any::TypeId::of::<T>(), std::sync::Arc::new(part));
    }

    /// Game art of type `T`. Every game adds its own while the app is built, before any
    /// system runs, so a table always finds it.
    pub fn of<T: std::any::Any + Send + Sync>(&self) -> &T {
        self.games
            .get(&std::any::TypeId::of::<T>())
            .and_then(|part| part.downcast_ref::<T>())
            .expect("each game adds its art in its plugin")
    }

    /// A family of log symbols, added by the game that shows it.
    pub fn add_icons(&mut self, set: IconSet, images: Vec<Handle<Image>>) {
        self.icons.insert(set, images);
    }

    /// Symbol `i` of a family (an empty image where there is none).
    pub fn icon(&self, set: IconSet, i: usize) -> Handle<Image> {
        self.icons
            .get(&set)
            .and_then(|v| v.get(i))
            .cloned()
            .unwrap_or_default()
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

/// Hands out the art's handles while the app is built and draws the images after the first
/// frame, so the title's menu shows at once (on the felt's plain colour): in a browser the
/// drawing was a large part of the wait (WebKit: about 1.3 s of its 6). On the menus (the
/// title, New game) they are drawn a share of a frame at a time, what the screen shows first
/// (the felt, the fans' cards, which wait hidden for their images: `screens::title`), so the
/// menu answers while they come; the table and the results get all that is left at once,
/// before they are drawn, so nothing reaches the table without its images.
pub fn plugin(app: &mut App) {
    let mut art = Art::default();
    let mut later = LaterArt::default();
    if let Some(images) = app.world().get_resource::<Assets<Image>>() {
        make_art(&mut art, &mut later, images);
    }
    app.insert_resource(art);
    app.insert_resource(later);
    app.init_resource::<DrawingBudget>();
    app.add_systems(PostUpdate, draw_later_art);
}

/// How long a menu's frame may go on drawing images, in milliseconds: those the screen shows
/// (the title's felt and cards: a few frames at 20 a second while they come), and the others
/// (the table's, a small share of a frame). A frame draws at least one.
#[derive(Resource, Clone, Copy, Debug)]
pub struct DrawingBudget {
    pub shown_ms: f64,
    pub others_ms: f64,
}

impl Default for DrawingBudget {
    fn default() -> Self {
        DrawingBudget {
            shown_ms: 50.0,
            others_ms: 8.0,
        }
    }
}

fn store(images: &mut Assets<Image>, (handle, draw): (Handle<Image>, Drawing)) {
    if let Err(e) = images.insert(&handle, to_image(draw())) {
        error!("art: a texture could not be stored: {e}");
    }
}

type Drawing = Box<dyn FnOnce() -> Raster + Send + Sync>;

/// Textures with their handles already handed out, drawn after the first frame.
#[derive(Resource, Default)]
pub struct LaterArt(Vec<(Handle<Image>, Drawing)>);

impl LaterArt {
    /// How many images are still to be drawn.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `image` is still to be drawn.
    pub fn pending(&self, image: AssetId<Image>) -> bool {
        self.0.iter().any(|(h, _)| h.id() == image)
    }

    pub fn reserve(
        &mut self,
        images: &Assets<Image>,
        draw: impl FnOnce() -> Raster + Send + Sync + 'static,
    ) -> Handle<Image> {
        let handle = images.reserve_handle();
        self.0.push((handle.clone(), Box::new(draw)));
        handle
    }
}

fn draw_later_art(
    (mut later, mut images): (ResMut<LaterArt>, ResMut<Assets<Image>>),
    (screen, frames): (
        Res<State<crate::state::Screen>>,
        Res<bevy::diagnostic::FrameCount>,
    ),
    (mut pace, budget): (ResMut<crate::pace::Pace>, Res<DrawingBudget>),
    shown: Query<&Sprite>,
) {
    if later.0.is_empty() {
        return;
    }
    // Frames keep coming until every image is drawn (an app at rest draws none).
    pace.stir();
    if frames.0 == 0 {
        return;
    }
    let started = bevy::platform::time::Instant::now();
    let ms = || started.elapsed().as_secs_f64() * 1000.0;
    let menus = matches!(
        screen.get(),
        crate::state::Screen::Title | crate::state::Screen::NewGame
    );
    if !menus {
        let n = later.0.len();
        for drawing in std::mem::take(&mut later.0) {
            store(&mut images, drawing);
        }
        info!("art: {n} textures drawn in {:.0} ms", ms());
        return;
    }
    // What the screen shows first, in the order they were handed out.
    let wanted: HashSet<AssetId<Image>> = shown.iter().map(|s| s.image.id()).collect();
    later.0.sort_by_key(|(h, _)| !wanted.contains(&h.id()));
    let mut drawn = 0;
    while let Some((handle, _)) = later.0.first() {
        let most = if wanted.contains(&handle.id()) {
            budget.shown_ms
        } else {
            budget.others_ms
        };
        if drawn > 0 && ms() >= most {
            break;
        }
        drawn += 1;
        let drawing = later.0.remove(0);
        store(&mut images, drawing);
    }
    if later.0.is_empty() {
        info!("art: the last textures drawn, on the menus");
    }
}

/// Where a playing card's pieces sit on its face, in table units from the card's centre (y up),
/// and their sizes: the table draws its cards with them (`table::mykonos::spawn_card`) and the
/// phones' page places the same pieces at the same spots (`phones::art::geometry`).
pub mod poker_face {
    /// The top-left corner's rank (the bottom-right one is turned half round, mirrored).
    pub const CORNER: (f32, f32) = (-52.0, 78.0);
    /// How far below its rank a corner's pip sits.
    pub const CORNER_PIP_DROP: f32 = 40.0;
    /// The corners' rank (font size) and pip (side).
    pub const RANK: f32 = 46.0;
    pub const PIP: f32 = 30.0;
    /// A face card's big letter and the pip under it (sizes, heights).
    pub const FACE_RANK: f32 = 110.0;
    pub const FACE_RANK_Y: f32 = 12.0;
    pub const FACE_PIP: f32 = 44.0;
    pub const FACE_PIP_Y: f32 = -52.0;
    /// A number card's one big pip, in the middle.
    pub const BIG_PIP: f32 = 92.0;
}

/// Where a jeweller's card's wish sits in its cartouche (whose place the media crate gives), in
/// table units from the cartouche's middle (y up), and its sizes; as [`poker_face`], shared by
/// `table::duchess::spawn_card` and the phones' page.
pub mod jewel_face {
    /// The wish's words end here (right-aligned against its stone), at this size (the most:
    /// longer words shrink to fit half the cartouche).
    pub const WORDS_END: (f32, f32) = (8.0, 12.0);
    pub const WORDS: f32 = 20.0;
    /// The wished stone (side) and its centre.
    pub const WISH_GEM: f32 = 26.0;
    pub const WISH_GEM_AT: (f32, f32) = (26.0, 12.0);
    /// The florins (font size) and their height.
    pub const FLORINS: f32 = 22.0;
    pub const FLORINS_Y: f32 = -14.0;
}

/// The size card faces and backs are drawn at (1.5 times the table's card, for 1440p).
pub const CARD_PIXELS: (u32, u32) = ((CARD.x * 1.5) as u32, (CARD.y * 1.5) as u32);

/// Hands out a game's own art (its folder's `art.rs` passes `make`) into [`Art`] while the app
/// is built: `make` reserves each image's handle with its drawing in [`LaterArt`] (drawn after
/// the first frame, see [`plugin`]). Without images (a test without rendering) the game's art
/// is its default (empty handles).
pub fn add_game_art<T: std::any::Any + Send + Sync + Default>(
    app: &mut App,
    make: impl FnOnce(&mut Art, &mut LaterArt, &Assets<Image>) -> T,
) {
    let world = app.world_mut();
    let part = world.resource_scope(|world, mut art: Mut<Art>| {
        world.resource_scope(|world, mut later: Mut<LaterArt>| {
            match world.get_resource::<Assets<Image>>() {
                Some(images) => make(&mut art, &mut later, images),
                None => T::default(),
            }
        })
    });
    world.resource_mut::<Art>().add_game(part);
}

fn make_art(art: &mut Art, later: &mut LaterArt, images: &Assets<Image>) {
    // What only the table shows (the title's cards carry a back beneath their faces).
    let (w, h) = CARD_PIXELS;
    art.card_back = later.reserve(images, move || art::card_back(w, h));
    art.coin = later.reserve(images, || art::coin(96));
    art.glow = later.reserve(images, || art::glow(256, [255, 214, 110]));
    art.plaque = later.reserve(images, || {
        art::rounded_panel(600, 240, 26, [14, 30, 24, 245], [245, 199, 77, 255], 3.0)
    });
    art.bubble = later.reserve(images, || {
        art::rounded_panel(180, 80, 36, [250, 242, 219, 245], [60, 40, 20, 255], 3.0)
    });
    // What the title shows too.
    art.felt = later.reserve(images, || art::felt(1024, 576, crate::theme::FELT));
    art.card_shadow = later.reserve(images, move || art::card_shadow(w, h, 18));
}
