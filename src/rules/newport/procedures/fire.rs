//! The `fire` procedure: a stand fires at an enemy stand on the infantry or anti-tank table. In a
//! battle a stand of the side moving fires as its action; a stand of the side not moving fires
//! opportunity fire after an enemy stand fires or moves in sight (or moves into contact, when the
//! fire may stop its close combat).

use super::offers::{close_combat_offer, opportunity_firers, opportunity_offer, with_offer};
use super::{command_roll_matters, kind_is, text, with_defaults};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::rules::newport::battle_command::{
    command_check, failed_command, has_point, spend_point,
};
use crate::rules::newport::checks::{
    Acting, enemy_target, in_action_phase, named, on_table, own_ready_stand, sheltered,
};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::{self, Cover, FireInput, has_vehicle_ranges, is_vehicle};
use crate::rules::newport::tables::Morale;
use crate::rules::newport::units::{damage, is_asset, is_leader, morale, shot_words, target_of};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Offer, Outcome, Procedure, kit};

/// Direct fire, and opportunity fire in a battle.
pub struct Fire;

impl Procedure for Fire {
    fn def(&self) -> &'static ActionDef {
        &FIRE_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        fire::fire_odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(fire::resolve_fire(params, options, dice)?.0)
    }

    /// The table from the target (anti-tank at a vehicle), the firer's kind, Suppressed marker and
    /// heavy machine gun, the target's quality, on the anti-tank table the gun, armour and road
    /// move, and whether it is opportunity fire.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let f = kit::unit(v, &p, "firer")?;
        let t = kit::unit(v, &p, "target")?;
        let (fi, ti) = (v.info(f), v.info(t));
        let table = if is_vehicle(&ti.kind) {
            "anti-tank"
        } else {
            "infantry"
        };
        fill(&mut p, "table", text(table));
        fill(&mut p, "firer-kind", text(&fi.kind));
        fill(
            &mut p,
            "firer-suppressed",
            Value::Bool(kit::has(v, f, SUPPRESSED)),
        );
        fill(&mut p, "target-quality", text(&ti.quality));
        fill(&mut p, "hmg", Value::Bool(fi.fields.flag("hmg")));
        if table == "anti-tank" {
            fill(&mut p, "gun", Value::Int(fi.fields.int("gun").unwrap_or(0)));
            fill(
                &mut p,
                "armour",
                Value::Int(ti.fields.int("armour").unwrap_or(0)),
            );
            fill(&mut p, "road", Value::Bool(kit::has(v, t, MOVED_ON_ROAD)));
        }
        fill(
            &mut p,
            "opportunity",
            Value::Bool(fi.side != v.active_side()),
        );
        with_defaults(self.def(), p)
    }

    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        match input.name {
            // Opportunity fire only: the firer belongs to the side not moving.
            "trigger" => named(v, p, "firer").is_none_or(|f| v.info(f).side != v.active_side()),
            "out-of-command" => command_roll_matters(v, named(v, p, "firer")),
            // Only a leader is sheltered by a stand it is in contact with.
            "contact" => named(v, p, "target").is_none_or(|t| is_leader(v.info(t))),
            "flank" | "road" | "armour" => anti_tank(p),
            // Infantry fire at a vehicle uses gun modifier 0.
            "gun" => anti_tank(p) && kind_is(p, "firer-kind", has_vehicle_ranges),
            // The heavy machine-gun options belong to the infantry table.
            "hmg" => {
                p.text("table") != Some("anti-tank")
                    && (v.options.bool("hmg_two_dice") || v.options.bool("hmg_no_long_range"))
            }
            _ => true,
        }
    }

    /// The phase; then the firer (and, for fire of the side moving, its command point); then the
    /// fire once the target is named.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "fire")?;
        if let Some(f) = named(v, p, "firer") {
            let opportunity = firer_ready(v, f)?;
            if !opportunity {
                has_point(v, f)?;
            }
            if named(v, p, "target").is_some() {
                fire_allowed(v, p)?;
            }
        }
        Ok(())
    }

    /// Refused as acting would refuse it, before the odds are shown.
    fn allowed(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        fire_allowed(v, p).map(|_| ())
    }

    /// Carries out a fire with its inputs filled in.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let FireCheck {
            firer: f,
            target: t,
            opportunity,
            assaulting,
        } = fire_allowed(v, p)?;
        // The shot first: a fire that is not possible (beyond range, wrong inputs) rolls nothing, not
        // even a command roll.
        let mut input = FireInput::from_params(p)?;
        input.opportunity = opportunity;
        let (shot, context) = fire::fire_shot(&input, v.options)?;
        let mut resolutions = Vec::new();
        if !opportunity && let Some((roll, ok)) = command_check(v, f, p.flag("out-of-command"), dice)? {
            if !ok {
                return Ok(failed_command(v, f, roll));
            }
            resolutions.push(roll);
        }
        let mut effects = Vec::new();
        let mut words = Vec::new();
        if !opportunity {
            spend_point(v, f, &mut effects, &mut words)?;
        }
        let fires = if opportunity {
            "opportunity-fires at"
        } else {
            "fires at"
        };
        let label = format!("{} {fires} {}", v.label(f), v.label(t));
        let what = format!("{} {fires} {}", v.info(f).id, v.info(t).id);
        let title = if opportunity {
            "Opportunity fire"
        } else {
            "Fire"
        };
        let (step, e) = shot.roll(dice, title, &what)?;
        let before = target_of(v, t);
        let after = before.after(e);
        let stopped = after.morale != Morale::Steady || after.destroyed();
        let moved = p.text("trigger") == Some("moved");
        if opportunity && stopped && kit::has(v, t, CLOSING) {
            // A mover stopped by the fire starts no close combat.
            effects.push(kit::flag(v, t, CLOSING, false));
        }
        damage(
            v,
            t,
            before,
            after,
            &format!("fire from {}", v.info(f).id),
            &mut effects,
            &mut words,
        );
        if e.forced_back && !after.destroyed() {
            words.push(format!(
                "{} is Forced Back 8\" away from the enemy",
                v.label(t)
            ));
        }
        let mut outcome = shot_words(before, after, e);
        let mut offer = None;
        let mut follow = None;
        if opportunity && !kit::has(v, t, FINISHED) && !moved {
            words.push(format!(
                "{} has not acted this turn: opportunity fire comes after an enemy stand fires or once it has moved 1\" in sight",
                v.label(t)
            ));
        }
        if opportunity {
            effects.push(kit::flag(v, t, OPP_FIRED_AT, true));
            if e.is_none() {
                effects.push(kit::flag(v, f, FINISHED, true));
                words.push(format!("{}: no effect, marked Finished", v.label(f)));
            } else {
                words.push(format!("{}: a result, stays ready", v.label(f)));
            }
            let with = assaulting
                .map(|(d, _)| format!(" with {}", v.info(d).id))
                .unwrap_or_default();
            if moved && stopped && !after.destroyed() {
                words.push(format!(
                    "{} stops where it is and starts no close combat{with}",
                    v.label(t)
                ));
                outcome.push_str(&format!("; stops where it is, no close combat{with}"));
                if !kit::has(v, t, FINISHED) {
                    effects.push(kit::flag(v, t, FINISHED, true));
                    // A move into contact spent its command point when it was recorded.
                    if !kit::has(v, t, CLOSING) {
                        spend_point(v, t, &mut effects, &mut words).ok();
                    }
                }
            }
            if let Some((d, cover)) = assaulting
                && !stopped
            {
                words.push(format!(
                    "{} is not stopped: its close combat{with} follows",
                    v.label(t)
                ));
                outcome.push_str(&format!("; not stopped, the close combat{with} follows"));
                follow = Some(close_combat_offer(v, t, d, cover));
            }
        } else {
            effects.push(kit::flag(v, f, FINISHED, true));
            let shaken = if stopped { vec![t] } else { Vec::new() };
            offer = opportunity_offer(v, f, "fired", &shaken);
        }
        let r = Resolution {
            ruleset: crate::rules::newport::ID.into(),
            action: FIRE_DEF.id.into(),
            title: format!("{title} on the {}", shot.table.name().to_lowercase()),
            context: std::iter::once(label.clone()).chain(context).collect(),
            result: outcome.clone(),
            steps: vec![step],
            effects: words,
            rolled_by_program: dice.is_generated(),
        };
        let summary = format!("{label}: {outcome}");
        resolutions.push(r);
        let mut out = with_offer(
            Outcome {
                summary,
                resolutions,
                effects,
                prompts: Vec::new(),
                offers: Vec::new(),
            },
            offer,
        );
        if let Some(cc) = follow {
            out.prompts.push(format!(
                "{}: resolve it now (there must be a winner before play goes on)",
                cc.text
            ));
            out.offers.push(cc);
        }
        Ok(out)
    }

    /// Every stand of the side not moving that may fire at the offer's target.
    fn offer_actors(&self, v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        match kit::named(v, &offer.params, "target") {
            Some(t) if v.unit_state(t).on_table() => opportunity_firers(v, t),
            _ => Vec::new(),
        }
    }
}

/// Whether an input that belongs to the anti-tank table can matter: the table is the anti-tank
/// one (or not known yet).
fn anti_tank(p: &Params) -> bool {
    p.text("table").is_none_or(|t| t == "anti-tank")
}

/// A fire the rules allow: who fires at whom, whether it is opportunity fire, and for opportunity
/// fire at a stand moving into contact the stand it is assaulting and that stand's cover.
struct FireCheck {
    firer: usize,
    target: usize,
    opportunity: bool,
    assaulting: Option<(usize, Cover)>,
}

/// The fire, or why it is not allowed.
fn fire_allowed(v: &BattleView<'_>, p: &Params) -> Result<FireCheck, RuleError> {
    in_action_phase(v, "fire")?;
    let f = kit::unit(v, p, "firer")?;
    let t = kit::unit(v, p, "target")?;
    on_table(v, f)?;
    enemy_target(v, f, t)?;
    let opportunity = firer_ready(v, f)?;
    if opportunity && kit::has(v, t, OPP_FIRED_AT) {
        return Err(refuse::refused(v, t, "has already drawn opportunity fire for its action: only one stand may fire at each enemy action"));
    }
    sheltered(v, t, p)?;
    let assaulting = assaulting_of(v, p, t, opportunity)?;
    Ok(FireCheck {
        firer: f,
        target: t,
        opportunity,
        assaulting,
    })
}

/// Whether `f` may fire now, whatever its target, and whether it would be opportunity fire.
fn firer_ready(v: &BattleView<'_>, f: usize) -> Result<bool, RuleError> {
    on_table(v, f)?;
    if is_asset(v.info(f)) {
        return Err(RuleError::refused(format!(
            "{} is an off-table {}: use the air or artillery procedure",
            v.label(f),
            v.info(f).kind
        )));
    }
    let opportunity = v.info(f).side != v.active_side();
    if opportunity {
        if kit::has(v, f, FINISHED) || morale(v, f) != Morale::Steady {
            return Err(RuleError::refused(format!(
                "{} is {}: only stands not Finished, Suppressed or Paralyzed may fire opportunity fire",
                v.label(f),
                if kit::has(v, f, FINISHED) {
                    "Finished"
                } else {
                    morale(v, f).name()
                }
            )));
        }
    } else {
        own_ready_stand(v, f, Acting::Fire)?;
        if morale(v, f) == Morale::Paralyzed {
            return Err(refuse::refused(v, f, "is Paralyzed: it fires only once, defending in a close combat"));
        }
    }
    Ok(opportunity)
}

/// The fire's `assaulting` input, checked: opportunity fire at a stand moving into contact (its
/// move recorded by the close-combat procedure), naming the stand it moves into contact with.
fn assaulting_of(
    v: &BattleView<'_>,
    p: &Params,
    t: usize,
    opportunity: bool,
) -> Result<Option<(usize, Cover)>, RuleError> {
    let Some(spec) = p.filled_text("assaulting") else {
        return Ok(None);
    };
    if !opportunity || p.text("trigger") != Some("moved") {
        return Err(RuleError::refused(format!(
            "assaulting {spec}: only opportunity fire at a stand that moved (trigger moved) is fired at a stand moving into contact"
        )));
    }
    if !kit::has(v, t, CLOSING) {
        return Err(RuleError::refused(format!(
            "assaulting {spec}: {} is not moving into contact; its close combat records the move into contact first",
            v.label(t)
        )));
    }
    let (id, cover) = spec.split_once(':').unwrap_or((spec, "none"));
    let d = v.unit(id.trim())?;
    enemy_target(v, t, d)?;
    Ok(Some((d, Cover::parse(cover.trim())?)))
}

