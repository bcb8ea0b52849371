//! No panel is ever shown a frame off its anchor. egui places an anchored area (every
//! `ui::panel`, the docked question, the notices) from the size it had the frame before, so a
//! panel whose content grew or shrank was drawn one frame off-centre and then jumped (the online
//! seat panel, 24 px as its seats appeared). This egui plugin notes each area's size as a pass
//! begins and, where one changed by the pass's end, asks egui for another pass: the frame laid
//! out with the old size is discarded, never shown. egui allows one more pass a frame
//! (`Options::max_passes`), and only frames whose panels changed size pay for it.

use bevy_egui::egui;
use std::collections::HashMap;

#[derive(Default)]
pub struct SettleAreas {
    sizes: HashMap<egui::Id, egui::Vec2>,
}

/// Every visible area's size now.
fn sizes(ctx: &egui::Context) -> HashMap<egui::Id, egui::Vec2> {
    ctx.memory(|m| {
        m.layer_ids()
            .filter(|l| m.areas().is_visible(l))
            .filter_map(|l| m.area_rect(l.id).map(|r| (l.id, r.size())))
            .collect()
    })
}

impl egui::Plugin for SettleAreas {
    fn debug_name(&self) -> &'static str {
        "settle anchored areas"
    }

    fn on_begin_pass(&mut self, ui: &mut egui::Ui) {
        self.sizes = sizes(ui.ctx());
    }

    fn on_end_pass(&mut self, ui: &mut egui::Ui) {
        let now = sizes(ui.ctx());
        let changed = now.iter().any(|(id, size)| {
            self.sizes
                .get(id)
                .is_some_and(|before| (*size - *before).length() > 0.5)
        });
        if changed {
            ui.ctx()
                .request_discard("an area changed size: its anchor placed it for the old size");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a centred panel `tall` points of content high; its rectangle as shown and
    /// the passes the frame took.
    fn frame(ctx: &egui::Context, tall: f32) -> (egui::Rect, u32) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            crate::ui::panel("seats").show(ui.ctx(), |ui| {
                ui.allocate_space(egui::vec2(200.0, tall));
            });
        });
        // Nothing is drawn: the font atlas's updates go nowhere.
        out.textures_delta.clear();
        let shown = ctx
            .memory(|m| {
                m.layer_ids()
                    .find(|l| l.order == egui::Order::Middle)
                    .and_then(|l| m.area_rect(l.id))
            })
            .expect("the panel was shown");
        (shown, out.platform_output.num_completed_passes as u32)
    }

    #[test]
    fn a_centred_panel_that_grows_is_never_shown_off_centre() {
        let middle = egui::pos2(400.0, 300.0);
        for settle in [false, true] {
            let ctx = egui::Context::default();
            if settle {
                ctx.add_plugin(SettleAreas::default());
            }
            for _ in 0..3 {
                frame(&ctx, 100.0);
            }
            let (small, passes) = frame(&ctx, 100.0);
            assert!((small.center() - middle).length() < 1.0);
            assert_eq!(
                passes, 1,
                "a panel that keeps its size costs no second pass"
            );
            // Seats appear: the content is 200 points taller.
            let (grown, passes) = frame(&ctx, 300.0);
            let off = (grown.center() - middle).length();
            if settle {
                assert!(off < 1.0, "shown {off} points off-centre");
                assert_eq!(
                    passes, 2,
                    "the frame laid out for the old size was discarded"
                );
            } else {
                // What egui does alone: the frame is placed for the old size.
                assert!(off > 90.0, "egui alone shows it {off} points off-centre");
            }
        }
    }
}
