//! The follow-ups Newport's procedures offer: opportunity fire at a stand of the side moving that
//! fired or moved in sight (taken up by one stand of the side not moving), and the close combat of
//! a stand whose move into contact is recorded.

use super::text;
use crate::declare::Params;
use crate::model::BattleView;
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::Cover;
use crate::rules::newport::tables::Morale;
use crate::rules::newport::units::{is_asset, morale};
use crate::ruleset::{Offer, Outcome, kit};

/// Stands of the side not moving that may fire opportunity fire at `target` now.
pub fn opportunity_firers(v: &BattleView<'_>, target: usize) -> Vec<usize> {
    if kit::has(v, target, OPP_FIRED_AT) || v.state.phase != PH_ACTION {
        return Vec::new();
    }
    let side = v.info(target).side;
    if side != v.active_side() {
        return Vec::new();
    }
    (0..v.roster.units.len())
        .filter(|&u| {
            let i = v.info(u);
            i.side != side
                && !is_asset(i)
                && v.unit_state(u).on_table()
                && !kit::has(v, u, FINISHED)
                && morale(v, u) == Morale::Steady
        })
        .collect()
}

/// The opportunity-fire offer after `target` acts; `shaken` are stands this very action removed,
/// Suppressed or Paralyzed (the view does not show that yet). The stands that may take it up are
/// not kept in the offer: the fire procedure's `offer_actors` finds them once the action is
/// applied.
pub(super) fn opportunity_offer(
    v: &BattleView<'_>,
    target: usize,
    what: &str,
    shaken: &[usize],
) -> Option<Offer> {
    if !v.unit_state(target).on_table() || shaken.contains(&target) && what != "fired" {
        return None;
    }
    let firers = opportunity_firers(v, target)
        .into_iter()
        .filter(|u| !shaken.contains(u))
        .count();
    if firers == 0 {
        return None;
    }
    let trigger = if what == "fired" { "fired" } else { "moved" };
    Some(Offer {
        action: FIRE_DEF.id.into(),
        text: format!("opportunity fire at {} after it {what}", v.info(target).id),
        actor_param: "firer".into(),
        params: Params::new()
            .with("target", text(&v.info(target).id))
            .with("trigger", text(trigger)),
    })
}

/// The close combat of `attacker` with `defender` (in `cover`), offered once the move into
/// contact is recorded and again after an opportunity fire that did not stop the attacker. The
/// attacker is named: the close-combat procedure's `offer_actors` gives it while it may still
/// attack.
pub(super) fn close_combat_offer(
    v: &BattleView<'_>,
    attacker: usize,
    defender: usize,
    cover: Cover,
) -> Offer {
    let mut params = Params::new()
        .with("attacker", text(&v.info(attacker).id))
        .with("defender", text(&v.info(defender).id));
    if cover != Cover::None {
        params.set("cover", text(cover.id()));
    }
    Offer {
        action: CLOSE_COMBAT_DEF.id.into(),
        text: format!(
            "close combat of {} with {}",
            v.info(attacker).id,
            v.info(defender).id
        ),
        actor_param: "attacker".into(),
        params,
    }
}

/// Puts an offer into an outcome: its words among the prompts, itself among the offers.
pub(super) fn with_offer(mut out: Outcome, offer: Option<Offer>) -> Outcome {
    if let Some(o) = offer {
        out.prompts.insert(
            0,
            format!(
                "{}: one stand of the side not moving, not Finished, Suppressed or Paralyzed, may fire",
                o.text
            ),
        );
        out.offers.push(o);
    }
    out
}
