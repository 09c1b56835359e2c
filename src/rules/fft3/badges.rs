//! What the umpire sees of an FFT3 battle besides the stands' hits: a stand's type and markers,
//! what it carries or rides, a unit's stands lost against its casualty-check threshold, and a
//! side's templates left to place.

use super::defs::*;
use super::stands::{carrier_of, rider_of, stand_type};
use super::tables::Data;
use super::turn::{casualty_threshold, unit_losses};
use crate::declare::{Badge, Tone};
use crate::model::BattleView;
use super::Fft3;
use crate::ruleset::Looks;
use crate::ruleset::kit::{self, badge};

impl Looks for Fft3 {
    /// A stand's badges: its type, Suppression (by whose artillery), its markers, its carrier or
    /// rider, special AT ammo spent, and the template it was attacked under.
    fn badges(&self, v: &BattleView<'_>, u: usize) -> Vec<Badge> {
        let data = Data::from_options(v.options);
        let mut out = Vec::new();
        if let Ok(ty) = stand_type(&data, v, u) {
            out.push(badge(ty.name().to_string(), Tone::Muted, ty.summary()));
        }
        if let Some(s) = v.marker(u, SUPPRESSED) {
            let side = usize::try_from(s - 1)
                .ok()
                .and_then(|i| v.roster.sides.get(i));
            let name = side.map_or("?", |s| s.name.as_str());
            out.push(badge(
                "SUP",
                Tone::Warn,
                format!("Suppressed by {name}'s artillery until its next artillery phase: −1 to hit (vehicle) or −2 (infantry), −2 movement"),
            ));
        }
        for (m, tone) in [
            (OVERWATCH, Tone::Info),
            (STRATEGIC, Tone::Muted),
            (OUT_OF_COHESION, Tone::Warn),
            (FIRED_AV, Tone::Muted),
            (FIRED_AI, Tone::Muted),
            (FIRE_CHECK, Tone::Info),
            (ARTILLERY_CHECK, Tone::Info),
        ] {
            if let Some(def) = MARKERS.iter().find(|d| d.id == m) {
                out.extend(kit::marker_badge(v, u, def, tone));
            }
        }
        out.extend(kit::carriage_badges(v, carrier_of(v, u), rider_of(v, u)));
        if let Some(t) = v.marker(u, AT_AMMO_USED) {
            out.push(badge(
                "ATX",
                Tone::Muted,
                format!("Special AT ammo spent (turn {t})"),
            ));
        }
        if let Some(n) = v.marker(u, UNDER_TEMPLATE) {
            out.push(badge(
                format!("TMPL {n}"),
                Tone::Info,
                format!("Attacked under template-{n}, still on the table"),
            ));
        }
        out
    }

    /// A unit's stands lost of its starting stands, in danger once its casualty checks are due;
    /// none while none of its stands has arrived (each shows when it is due).
    fn formation_badges(&self, v: &BattleView<'_>, f: usize) -> Vec<Badge> {
        let (start, lost) = unit_losses(v, f);
        if start == 0 {
            return Vec::new();
        }
        let threshold = casualty_threshold(v, start);
        let fid = &v.roster.formations[f].id;
        let reached = v.state.counter(fid, CASUALTY_REACHED) == Some(1);
        vec![badge(
            format!("LOST {lost}/{start}"),
            if reached || lost >= threshold {
                Tone::Danger
            } else {
                Tone::Info
            },
            if reached {
                "Stands lost; two thirds reached: a casualty check at the end of every side's turn in which it loses a stand".to_string()
            } else {
                format!(
                    "Stands lost; a casualty check when {threshold} are lost (two thirds, rounded up)"
                )
            },
        )]
    }

    /// A side's templates left to place this artillery phase; the count placed only numbers the next
    /// one.
    fn side_badges(&self, v: &BattleView<'_>, side: usize) -> Vec<Badge> {
        (v.state.counter(v.side_id(side), TEMPLATES))
            .map(|n| {
                badge(
                    format!("templates {n}"),
                    Tone::Info,
                    "artillery templates the side may still place this artillery phase",
                )
            })
            .into_iter()
            .collect()
    }
}

