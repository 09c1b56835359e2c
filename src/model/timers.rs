//! Timers: markers that hold the moves (or turns) left — "retires in confusion 3 moves", "the
//! holder re-mans the gun after 3 moves". A rule set declares them as [`MarkerKind::Timer`] and,
//! in the automatic step that ends a move, calls [`count_down`]: each running timer drops by one
//! and comes off at nought, every change in words and as an effect, so an undo puts it back.

use super::{BattleView, Effect};
use crate::declare::{MarkerDef, MarkerKind};

/// What counting down did: one line per timer, and the effects.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CountDown {
    pub steps: Vec<String>,
    pub effects: Vec<Effect>,
}

/// Counts down by one every timer marker (of `markers`) on the units `units` (those still on the
/// table, say), in roster order. `unit_word` is what one move or turn is called in the steps
/// ("move").
pub fn count_down(
    view: &BattleView<'_>,
    markers: &[MarkerDef],
    units: impl IntoIterator<Item = usize>,
    unit_word: &str,
) -> CountDown {
    let mut out = CountDown::default();
    let timers: Vec<&MarkerDef> = markers
        .iter()
        .filter(|m| m.kind == MarkerKind::Timer)
        .collect();
    for u in units {
        let st = view.unit_state(u);
        let id = &view.info(u).id;
        for m in &timers {
            let Some(left) = st.marker(m.id) else {
                continue;
            };
            let left = left - 1;
            let value = (left > 0).then_some(left);
            out.steps.push(match value {
                Some(n) => format!(
                    "{id}: {} — {n} {unit_word}{} left",
                    m.name(),
                    if n == 1 { "" } else { "s" }
                ),
                None => format!("{id}: {} — over", m.name()),
            });
            out.effects.push(Effect::Marker {
                unit: id.clone(),
                marker: m.id.to_string(),
                value,
            });
        }
    }
    out
}
