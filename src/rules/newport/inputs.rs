//! Newport's procedures as a form asks for them in a battle: which inputs can matter given the
//! battle and the inputs so far ([`input_applies`]), and what the rules refuse as soon as a unit is
//! named ([`check_inputs`]). Both read the same facts, and the refusals are the very checks the
//! procedures make ([`super::battle`]), called on what is known so far.

use super::battle::{
    air_allowed, attacker_ready, close_combat_allowed, command_roll_allowed, command_roll_possible,
    fire_allowed, firer_ready, in_action_phase, is_leader, method, move_allowed, moves_away,
    panic_allowed, rally_allowed, rally_leader_ready, rally_possible, ready_asset, spend_point,
    spotter_allowed, suppressed_vehicle,
};
use super::fire::{has_vehicle_ranges, is_vehicle};
use crate::declare::{ParamDef, Params, RuleError};
use crate::model::BattleView;

/// The off-table assets that fire artillery or lay smoke.
const ARTILLERY: &[&str] = &["artillery", "heavy-mortar", "light-mortar"];

/// The unit named by input `name`, once it names one of the battle.
fn named(v: &BattleView<'_>, p: &Params, name: &str) -> Option<usize> {
    p.text(name).and_then(|id| v.roster.unit_index(id.trim()))
}

/// Whether an `out-of-command` input can matter for `unit`'s action in its own action phase:
/// only under command method 2, for a stand that is not a leader and has not already passed a
/// command roll this turn. Before the stand is named: whether the side moving plays method 2.
fn command_roll_matters(v: &BattleView<'_>, unit: Option<usize>) -> bool {
    match unit {
        Some(u) => v.info(u).side == v.active_side() && command_roll_possible(v, u),
        None => method(v, v.active_side()) == 2,
    }
}

/// Whether an input that belongs to the anti-tank table can matter: the table is the anti-tank
/// one (or not known yet).
fn anti_tank(p: &Params) -> bool {
    p.text("table").is_none_or(|t| t == "anti-tank")
}

/// Whether input `input` of `action` can matter, given the battle and the inputs so far.
pub fn input_applies(v: &BattleView<'_>, action: &str, input: &ParamDef, p: &Params) -> bool {
    let kind_is = |name: &str, test: fn(&str) -> bool| p.text(name).is_none_or(test);
    match (action, input.name) {
        // Opportunity fire only: the firer belongs to the side not moving.
        ("fire", "trigger") => {
            named(v, p, "firer").is_none_or(|f| v.info(f).side != v.active_side())
        }
        ("fire", "out-of-command") => command_roll_matters(v, named(v, p, "firer")),
        ("close-combat", "out-of-command") => command_roll_matters(v, named(v, p, "attacker")),
        ("move" | "panic", "out-of-command") => command_roll_matters(v, named(v, p, "unit")),
        // Only a leader is sheltered by a stand it is in contact with.
        ("fire" | "air", "contact") => named(v, p, "target").is_none_or(|t| is_leader(v.info(t))),
        ("fire", "flank" | "road" | "armour") => anti_tank(p),
        // Infantry fire at a vehicle uses gun modifier 0.
        ("fire", "gun") => anti_tank(p) && kind_is("firer-kind", has_vehicle_ranges),
        // The heavy machine-gun options belong to the infantry table.
        ("fire", "hmg") => {
            p.text("table") != Some("anti-tank")
                && (v.options.bool("hmg_two_dice") || v.options.bool("hmg_no_long_range"))
        }
        ("close-combat", "attacker-hmg" | "defender-hmg") => v.options.bool("hmg_two_dice"),
        ("close-combat", "attacker-gun") => kind_is("attacker-kind", has_vehicle_ranges),
        ("close-combat", "defender-gun") => kind_is("defender-kind", has_vehicle_ranges),
        ("close-combat", "attacker-armour") => kind_is("attacker-kind", is_vehicle),
        ("close-combat", "defender-armour") => kind_is("defender-kind", is_vehicle),
        ("air", "armour") => kind_is("target-kind", is_vehicle),
        // A range limits only the light mortar.
        ("artillery", "range") => p.text("weapon").is_none_or(|w| w == "light-mortar"),
        // A road move matters to anti-tank fire, which is fire at a vehicle.
        ("move", "road") => named(v, p, "unit").is_none_or(|u| is_vehicle(&v.info(u).kind)),
        // Only a Suppressed vehicle is held to moving away.
        ("move", "away") => named(v, p, "unit").is_none_or(|u| suppressed_vehicle(v, u)),
        _ => true,
    }
}

/// What the rules refuse about `action` from the inputs given so far: the phase, then each unit
/// named on its own (Finished, Paralyzed, off the table, no command points left …), then the
/// units together once every one of them is named.
pub fn check_inputs(v: &BattleView<'_>, action: &str, p: &Params) -> Result<(), RuleError> {
    // A stand of the side moving that acts spends a command point (method 3): none left, no act.
    let has_point = |u: usize| spend_point(v, u, &mut Vec::new(), &mut Vec::new());
    match action {
        "fire" => {
            in_action_phase(v, "fire")?;
            if let Some(f) = named(v, p, "firer") {
                let opportunity = firer_ready(v, f)?;
                if !opportunity {
                    has_point(f)?;
                }
                if named(v, p, "target").is_some() {
                    fire_allowed(v, p)?;
                }
            }
        }
        "close-combat" => {
            in_action_phase(v, "close combat")?;
            if let Some(a) = named(v, p, "attacker") {
                attacker_ready(v, a)?;
                has_point(a)?;
                if named(v, p, "defender").is_some() {
                    close_combat_allowed(v, p)?;
                }
            }
        }
        "air" => {
            in_action_phase(v, "air support")?;
            if let Some(a) = named(v, p, "asset") {
                ready_asset(v, a, &["air"])?;
                if named(v, p, "target").is_some() {
                    air_allowed(v, p)?;
                }
            }
        }
        "artillery" | "smoke" => {
            in_action_phase(
                v,
                if action == "smoke" {
                    "smoke"
                } else {
                    "artillery"
                },
            )?;
            if let Some(a) = named(v, p, "asset") {
                ready_asset(v, a, ARTILLERY)?;
            }
            if named(v, p, "spotter").is_some() {
                spotter_allowed(v, p)?;
            }
        }
        "command-roll" => {
            in_action_phase(v, "a command roll")?;
            if let Some(u) = named(v, p, "unit") {
                command_roll_allowed(v, u)?;
            }
        }
        "move" => {
            in_action_phase(v, "movement")?;
            if let Some(u) = named(v, p, "unit") {
                move_allowed(v, u)?;
                moves_away(v, u, p)?;
                has_point(u)?;
            }
        }
        "panic" => {
            in_action_phase(v, "a panic move")?;
            if let Some(u) = named(v, p, "unit") {
                panic_allowed(v, u)?;
                has_point(u)?;
            }
        }
        "rally" => {
            rally_possible(v)?;
            if let Some(l) = named(v, p, "leader") {
                rally_leader_ready(v, l)?;
                has_point(l)?;
                if named(v, p, "unit").is_some() {
                    rally_allowed(v, p)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}
