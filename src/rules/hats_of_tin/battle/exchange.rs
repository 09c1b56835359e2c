//! The assault's exchange of fire in a battle, shared by `assault` (which throws the first fire)
//! and `take-hits` (which throws the second once the first fire's hits are taken): the parties
//! read off the units, the reply a unit owes while its hits wait (`second_fire`), the second fire
//! and the assault's end.

use super::rounds::{Applied, round_on};
use super::units::{armour, commander_of, firer_class, on_table, quality, type_of};
use crate::declare::{Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::resolution::Resolution;
use crate::rules::hats_of_tin::assault::{Assault, Party, Side};
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::hits::Taken;
use crate::rules::hats_of_tin::shoot;
use crate::ruleset::kit;

/// The inputs of an assault besides the units.
pub struct AssaultFlags {
    pub outside_front_arc: bool,
    pub defender_cover: bool,
    pub attacker_cover: bool,
    pub attacker_superior: bool,
    pub defender_superior: bool,
}

impl AssaultFlags {
    /// The flags as the inputs give them.
    pub fn of(p: &Params) -> Self {
        AssaultFlags {
            outside_front_arc: p.flag("outside-front-arc"),
            defender_cover: p.flag("defender-cover"),
            attacker_cover: p.flag("attacker-cover"),
            attacker_superior: p.flag("attacker-superior"),
            defender_superior: p.flag("defender-superior"),
        }
    }

    /// The flags the second fire needs: who shoots second, the defender's cover when the
    /// attacker does, and the second shooter's superior firepower.
    pub fn second(attacker_second: bool, cover: bool, superior: bool) -> Self {
        AssaultFlags {
            outside_front_arc: !attacker_second,
            defender_cover: cover,
            attacker_cover: false,
            attacker_superior: attacker_second && superior,
            defender_superior: !attacker_second && superior,
        }
    }
}

/// The unit `u` as a party of an assault.
fn party(v: &BattleView<'_>, u: usize, cover: bool, superior: bool) -> Party {
    let ty = type_of(v, u);
    Party {
        label: v.label(u),
        weapon_range: ty.range(),
        class: firer_class(v, u),
        superior_firepower: superior,
        assault_class: ty.assault,
        commander: commander_of(v, u).map(|c| v.label(c)),
        cover,
        armour: armour(v, u),
        quality: quality(v, u),
        hits: v.unit_state(u).hits,
        friend: None,
    }
}

/// The assault of `att` on `def` with `f`.
pub fn battle_assault(v: &BattleView<'_>, att: usize, def: usize, f: &AssaultFlags) -> Assault {
    Assault {
        attacker: party(v, att, f.attacker_cover, f.attacker_superior),
        defender: party(v, def, f.defender_cover, f.defender_superior),
        attacker_in_front_arc: !f.outside_front_arc,
    }
}

/// The markers of the reply `u` owes at `target` in an assault: `second_fire` naming the target,
/// and its flags, the target's cover and the reply's superior firepower (each written when it is
/// on, or to take off one left on by hand).
pub fn owe_reply(
    v: &BattleView<'_>,
    u: usize,
    target: usize,
    cover: bool,
    superior: bool,
) -> Vec<Effect> {
    let mut out = vec![kit::unit_marker(v, u, SECOND_FIRE, Some(target))];
    for (flag, on) in [(SECOND_FIRE_COVER, cover), (SECOND_FIRE_SUPERIOR, superior)] {
        if on || kit::has(v, u, flag) {
            out.push(kit::flag(v, u, flag, on));
        }
    }
    out
}

/// The reply `u` owes in an assault: its target, the target's cover and the reply's superior
/// firepower; none when its `second_fire` marker (set by hand) names no enemy of `u` still on
/// the table.
pub fn owed_reply(v: &BattleView<'_>, u: usize) -> Option<(usize, bool, bool)> {
    let target = v
        .marker_unit(u, SECOND_FIRE)
        .filter(|&t| on_table(v, t) && v.info(t).side != v.info(u).side)?;
    Some((
        target,
        kit::has(v, u, SECOND_FIRE_COVER),
        kit::has(v, u, SECOND_FIRE_SUPERIOR),
    ))
}

/// The end of an assault: the attacker takes the area if the defender left it.
pub fn assault_end(
    v: &BattleView<'_>,
    att: usize,
    def: usize,
    left: bool,
    a: &mut Applied,
) -> String {
    a.effects.push(kit::unit_marker(v, def, ASSAULTED_BY, None));
    if left {
        a.prompts.push(format!(
            "{} occupies the area {} held: move it on the table",
            v.label(att),
            v.label(def)
        ));
        format!("{} takes the area", v.label(att))
    } else {
        format!("{} holds its area", v.label(def))
    }
}

/// What the second fire did.
pub struct Rest {
    pub resolution: Option<Resolution>,
    /// How the assault ended, when it did.
    pub end: Option<String>,
}

impl Rest {
    /// The second fire's resolution added to `resolutions`, and its result and the assault's end
    /// to `summary`.
    pub fn told(self, summary: &mut String, resolutions: &mut Vec<Resolution>) {
        if let Some(r2) = self.resolution {
            summary.push_str(&format!("; {}", r2.result));
            resolutions.push(r2);
        }
        if let Some(end) = self.end {
            summary.push_str(&format!("; {end}"));
        }
    }
}

/// The second fire of an assault, once the first fire's hits on its shooter are taken (`k`).
pub fn fire_second(
    v: &BattleView<'_>,
    asl: &Assault,
    [att, def]: [usize; 2],
    second: Side,
    k: &Taken,
    dice: &mut dyn DiceSource,
    a: &mut Applied,
) -> Result<Rest, RuleError> {
    let (shooter, target) = match second {
        Side::Attacker => (att, def),
        Side::Defender => (def, att),
    };
    if k.left_area() {
        let why = if k.destroyed {
            "destroyed"
        } else {
            "retreated"
        };
        a.lines.push(format!(
            "{} was {why} by the first fire: it does not shoot",
            v.label(shooter)
        ));
        // A defender gone: the attacker takes the area; an attacker gone: the defender holds.
        let end = assault_end(v, att, def, second == Side::Defender, a);
        return Ok(Rest {
            resolution: None,
            end: Some(end),
        });
    }
    let Some(shot) = asl.shot(second, !k.commander_hit) else {
        a.lines.push(format!(
            "{} has no weapon: it does not shoot",
            v.label(shooter)
        ));
        let end = assault_end(v, att, def, false, a);
        return Ok(Rest {
            resolution: None,
            end: Some(end),
        });
    };
    let (mut r, result) = shoot::resolve(&shot, dice)?;
    r.title = format!("Assault, second fire: {}", r.title);
    let taken = round_on(v, target, result.hits, &mut r, a)?;
    let end = match (second, taken) {
        // The defender shot second: the assault is over and it held.
        (Side::Defender, _) => Some(assault_end(v, att, def, false, a)),
        (Side::Attacker, Some(t)) => Some(assault_end(v, att, def, t.left_area(), a)),
        // The defender's choice waits: its take-hits ends the assault.
        (Side::Attacker, None) => None,
    };
    Ok(Rest {
        resolution: Some(r),
        end,
    })
}
