//! What the umpire sees of Newport's stands and formations: a stand's markers (or that it is out,
//! and when a replacement leader returns), a method-3 battalion's command points, and a
//! formation's panel with its HQ and leaders.

use super::battle_command::hq_alive;
use super::defs::*;
use super::units::{is_hq, is_leader, method};
use crate::declare::{Badge, Tone};
use crate::model::BattleView;
use super::Newport;
use crate::ruleset::{Looks, kit};

impl Looks for Newport {
    /// A unit's badges: every marker on it, in the rule set's order. A removed unit shows that it is
    /// out and, for a killed leader, the turn its replacement returns, not the markers it left with.
    fn badges(&self, v: &BattleView<'_>, u: usize) -> Vec<Badge> {
        let st = v.unit_state(u);
        if st.removed.is_none() {
            return MARKERS
                .iter()
                .filter_map(|m| kit::marker_badge(v, u, m, m.tone))
                .collect();
        }
        let mut out = vec![kit::badge("OUT", Tone::Muted, "no longer on the table")];
        if let Some(turn) = st.marker(RETURNS) {
            out.push(kit::badge(
                format!("BACK T{turn}"),
                Tone::Info,
                format!("a replacement leader returns at the start of its side's turn on turn {turn}"),
            ));
        }
        out
    }

    /// A method-3 battalion's command points this turn and saved, and whether its HQ is lost.
    fn formation_badges(&self, v: &BattleView<'_>, f: usize) -> Vec<Badge> {
        let fi = &v.roster.formations[f];
        if fi.level.as_deref() != Some("battalion") || method(v, fi.side) != 3 {
            return Vec::new();
        }
        let cp = v.state.counter(&fi.id, CP).unwrap_or(0);
        let saved = v.state.counter(&fi.id, SAVED).unwrap_or(0);
        let mut out = vec![kit::badge(
            format!("CP {cp}"),
            if cp + saved == 0 {
                Tone::Warn
            } else {
                Tone::Info
            },
            "command points this turn",
        )];
        if saved > 0 {
            out.push(kit::badge(
                format!("+{saved} saved"),
                Tone::Info,
                "command points saved with the HQ",
            ));
        }
        if !hq_alive(v, f) {
            out.push(kit::badge(
                "NO HQ",
                Tone::Danger,
                "HQ lost: unspent points vanish at the end of each turn",
            ));
        }
        out
    }

    /// The panel of a selected formation: a method-3 battalion's command points (this turn and
    /// saved), and the formation's own HQ and leader stands, in play or out (and when a replacement
    /// returns).
    fn formation_details(&self, v: &BattleView<'_>, f: usize) -> Vec<Badge> {
        let fi = &v.roster.formations[f];
        let mut out = Vec::new();
        if fi.level.as_deref() == Some("battalion") && method(v, fi.side) == 3 {
            let cp = v.state.counter(&fi.id, CP).unwrap_or(0);
            let saved = v.state.counter(&fi.id, SAVED).unwrap_or(0);
            out.push(kit::badge(
                format!("CP {cp}"),
                if cp + saved == 0 {
                    Tone::Warn
                } else {
                    Tone::Info
                },
                "command points this turn (a stand that moves or fires spends one)",
            ));
            out.push(kit::badge(
                format!("saved {saved}"),
                Tone::Info,
                if hq_alive(v, f) {
                    "points saved with the HQ, spent after this turn's"
                } else {
                    "HQ lost: nothing is saved; unspent points vanish at the turn's end"
                },
            ));
        }
        for &u in v.roster.formation_units(f) {
            let info = v.info(u);
            let role = if is_hq(info) {
                "HQ"
            } else if is_leader(info) {
                "leader"
            } else {
                continue;
            };
            let (tone, state) = match &v.unit_state(u).removed {
                None => (Tone::Info, "in play".to_string()),
                Some(cause) => (
                    Tone::Danger,
                    match v.marker(u, RETURNS) {
                        Some(turn) => format!("out ({cause}); a replacement returns on turn {turn}"),
                        None => format!("out ({cause})"),
                    },
                ),
            };
            out.push(kit::badge(
                format!("{role} {}", info.id),
                tone,
                format!("{state}: {}", info.name),
            ));
        }
        out
    }
}

