//! The table's art: drawn after the first frame (the title's menu shows at once), what the
//! title shows first, and all of it before another screen is drawn.

use bevy::prelude::*;
use come_buy::anim::CardSide;
use come_buy::screens::Screen;

/// The images still to be drawn among those of the title's visible fan cards, and among all of
/// the title's sprites.
fn pending_shown(app: &mut App) -> (usize, usize) {
    let world = app.world_mut();
    let mut fans = world.query_filtered::<(Entity, &Visibility), With<CardSide>>();
    let mut sprites = world.query::<&Sprite>();
    let later = world.resource::<come_buy::art::LaterArt>();
    let mut in_fans = 0;
    for (e, shown) in fans.iter(world) {
        if *shown == Visibility::Hidden {
            continue;
        }
        let mut parts = vec![e];
        while let Some(d) = parts.pop() {
            if let Some(c) = world.get::<Children>(d) {
                parts.extend(c.iter());
            }
            if sprites
                .get(world, d)
                .is_ok_and(|s| later.pending(s.image.id()))
            {
                in_fans += 1;
            }
        }
    }
    let all = sprites
        .iter(world)
        .filter(|s| later.pending(s.image.id()))
        .count();
    (in_fans, all)
}

/// A headless app whose menus draw one image a frame, whatever the machine's speed.
fn one_image_a_frame() -> App {
    let mut app = crate::common::headless();
    app.insert_resource(come_buy::art::DrawingBudget {
        shown_ms: 0.0,
        others_ms: 0.0,
    });
    app
}

#[test]
fn the_art_is_drawn_after_the_first_frame_what_the_title_shows_first() {
    let mut app = one_image_a_frame();
    let art = app.world().resource::<come_buy::art::Art>();
    let art_back = art.card_back.clone();
    // (Not the card back: the title's cards carry one beneath their faces.)
    let mut table_only = vec![art.plaque.clone(), art.coin.clone()];
    table_only.extend(
        art.of::<come_buy::table::mykonos::art::MykonosArt>()
            .meeples
            .iter()
            .cloned(),
    );
    let pending = |app: &App| app.world().resource::<come_buy::art::LaterArt>().len();
    let drawn = |app: &App, h: &Handle<Image>| app.world().resource::<Assets<Image>>().contains(h);
    let total = pending(&app);
    assert!(total > 30, "{total} images");
    // Nothing is drawn while the app is built, nor for the first frame: the menu shows at once.
    app.update();
    assert_eq!(pending(&app), total);
    assert!(pending_shown(&mut app).1 > 0, "the title shows no art");
    // Then a share a frame (at least one), the title's first; a fan card shows only once its
    // images are all drawn.
    let mut frames = 1;
    while pending(&app) > 0 {
        let before = pending(&app);
        app.update();
        frames += 1;
        assert_eq!(pending(&app), before - 1, "frame {frames}");
        let (in_fans, on_title) = pending_shown(&mut app);
        assert_eq!(
            in_fans, 0,
            "frame {frames}: a fan card shows before its images"
        );
        if table_only.iter().any(|h| drawn(&app, h)) {
            assert_eq!(
                on_title, 0,
                "frame {frames}: the table's art before the title's"
            );
        }
        assert!(frames <= total + 1);
    }
    let images = app.world().resource::<Assets<Image>>();
    let back = images.get(&art_back).expect("card back");
    assert!(back.width() > 100 && back.height() > back.width());
    let mut fans = app
        .world_mut()
        .query_filtered::<&Visibility, With<CardSide>>();
    let fans: Vec<_> = fans.iter(app.world()).collect();
    assert!(fans.len() >= 6 && fans.iter().all(|v| **v != Visibility::Hidden));
}

#[test]
fn the_table_gets_all_the_art_left_before_it_is_drawn() {
    let mut app = one_image_a_frame();
    // The first frame draws nothing; the next one is the table's.
    app.update();
    let m = come_buy::table::goblin_market::Match::new(
        crate::common::seats(&crate::common::bots(4)),
        1,
        vec![],
    )
    .unwrap();
    app.insert_resource(m);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    app.update();
    assert_eq!(app.world().resource::<come_buy::art::LaterArt>().len(), 0);
    assert_eq!(pending_shown(&mut app).1, 0);
}
