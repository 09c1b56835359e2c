//! The `close-combat` procedure: a stand of the side moving moves into contact with an enemy
//! stand and the two fire alternately until one is Paralyzed or destroyed. In a battle a move in
//! sight of a stand that may fire opportunity fire is recorded first, the close combat offered
//! after that fire (or instead of it).

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
    Acting, enemy_target, in_action_phase, named, own_ready_stand,
};
use crate::rules::newport::close_combat::{self as combat, CcEnd, CcResult, Fighter};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::{Cover, has_vehicle_ranges, is_vehicle};
use crate::rules::newport::tables::Morale;
use crate::rules::newport::units::{damage, end_words, is_asset, morale, target_of};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Offer, Outcome, Procedure, kit};

/// A close combat, and in a battle the move into contact before it.
pub struct CloseCombat;

impl Procedure for CloseCombat {
    fn def(&self) -> &'static ActionDef {
        &CLOSE_COMBAT_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        combat::odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(combat::resolve(params, options, dice)?.0)
    }

    /// Each stand's kind, quality, hits, heavy machine gun, gun and armour, and the defender's
    /// morale.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        for (who, u) in [
            ("attacker", kit::unit(v, &p, "attacker")?),
            ("defender", kit::unit(v, &p, "defender")?),
        ] {
            let i = v.info(u);
            fill(&mut p, &format!("{who}-kind"), text(&i.kind));
            fill(&mut p, &format!("{who}-quality"), text(&i.quality));
            fill(
                &mut p,
                &format!("{who}-hits"),
                Value::Int(i64::from(v.unit_state(u).hits)),
            );
            fill(
                &mut p,
                &format!("{who}-hmg"),
                Value::Bool(i.fields.flag("hmg")),
            );
            fill(
                &mut p,
                &format!("{who}-gun"),
                Value::Int(if has_vehicle_ranges(&i.kind) {
                    i.fields.int("gun").unwrap_or(0)
                } else {
                    0
                }),
            );
            fill(
                &mut p,
                &format!("{who}-armour"),
                Value::Int(if is_vehicle(&i.kind) {
                    i.fields.int("armour").unwrap_or(0)
                } else {
                    0
                }),
            );
            if who == "defender" {
                fill(&mut p, "defender-state", text(state_of(morale(v, u))));
            }
        }
        with_defaults(self.def(), p)
    }

    fn input_applies(&self, v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        match input.name {
            "out-of-command" => command_roll_matters(v, named(v, p, "attacker")),
            "attacker-hmg" | "defender-hmg" => v.options.bool("hmg_two_dice"),
            "attacker-gun" => kind_is(p, "attacker-kind", has_vehicle_ranges),
            "defender-gun" => kind_is(p, "defender-kind", has_vehicle_ranges),
            "attacker-armour" => kind_is(p, "attacker-kind", is_vehicle),
            "defender-armour" => kind_is(p, "defender-kind", is_vehicle),
            _ => true,
        }
    }

    /// The phase; then the attacker and its command point; then the combat once the defender is
    /// named.
    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        in_action_phase(v, "close combat")?;
        if let Some(a) = named(v, p, "attacker") {
            attacker_ready(v, a)?;
            has_point(v, a)?;
            if named(v, p, "defender").is_some() {
                close_combat_allowed(v, p)?;
            }
        }
        Ok(())
    }

    /// The odds of the combat the battle would fight, noting a move into contact to be recorded
    /// first.
    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (a, _, cc) = battle_combat(v, p)?;
        let mut report = combat::report(&cc);
        if must_record_move(v, a, p) {
            report.notes.insert(
                0,
                format!(
                    "{} moves into contact first: the opportunity fire at it is offered before this close combat is fought",
                    v.info(a).id
                ),
            );
        }
        Ok(report)
    }

    /// Carries out a close combat with its inputs filled in: records the move into contact first
    /// when opportunity fire may come at it, else fights it.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        // Every check before any roll: a combat that cannot be fought rolls nothing, not even a
        // command roll.
        let (a, d, cc) = battle_combat(v, p)?;
        if must_record_move(v, a, p) {
            return move_into_contact(v, a, d, p, dice);
        }
        let closing = kit::has(v, a, CLOSING);
        let mut resolutions = Vec::new();
        let mut effects = Vec::new();
        let mut words = Vec::new();
        if closing {
            // The move into contact was recorded with its command roll and command point.
            effects.push(kit::flag(v, a, CLOSING, false));
        } else {
            if let Some((roll, ok)) = command_check(v, a, p.flag("out-of-command"), dice)? {
                if !ok {
                    return Ok(failed_command(v, a, roll));
                }
                resolutions.push(roll);
            }
            spend_point(v, a, &mut effects, &mut words)?;
        }
        let (mut r, end) = combat::resolve_combat(&cc, dice)?;
        damage(
            v,
            a,
            cc.attacker.start,
            end.attacker,
            &format!("close combat with {}", v.info(d).id),
            &mut effects,
            &mut words,
        );
        damage(
            v,
            d,
            cc.defender.start,
            end.defender,
            &format!("close combat with {}", v.info(a).id),
            &mut effects,
            &mut words,
        );
        if v.unit_state(a).on_table() && !end.attacker.destroyed() {
            effects.push(kit::flag(v, a, FINISHED, true));
            words.push(format!(
                "{}: marked Finished (the defender is not)",
                v.label(a)
            ));
        }
        r.context.insert(
            0,
            format!("{} moves into contact with {}", v.label(a), v.label(d)),
        );
        r.effects = words;
        let summary = format!(
            "{} assaults {}: {}",
            v.label(a),
            v.label(d),
            combat_words(v, a, d, &cc, &end)
        );
        resolutions.push(r);
        Ok(Outcome {
            summary,
            resolutions,
            effects,
            prompts: Vec::new(),
            offers: Vec::new(),
        })
    }

    /// The offer's attacker, while it may still attack.
    fn offer_actors(&self, v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
        match close_combat_allowed(v, &offer.params) {
            Ok((a, _)) => vec![a],
            Err(_) => Vec::new(),
        }
    }
}

/// The `defender-state` input of a morale.
fn state_of(m: Morale) -> &'static str {
    match m {
        Morale::Steady => "none",
        Morale::Suppressed => "suppressed",
        Morale::Paralyzed => "paralyzed",
    }
}

/// One side of the combat from the battle: stand `u`, with the inputs of `who` (`attacker` or
/// `defender`).
fn fighter_of(v: &BattleView<'_>, u: usize, p: &Params, who: &str) -> Fighter {
    let i = v.info(u);
    Fighter {
        name: i.id.clone(),
        kind: i.kind.clone(),
        green: p.text(&format!("{who}-quality")) == Some("green"),
        hmg: p.flag(&format!("{who}-hmg")),
        gun: p.int(&format!("{who}-gun")).unwrap_or(0) as i32,
        armour: p.int(&format!("{who}-armour")).unwrap_or(0) as i32,
        start: target_of(v, u),
    }
}

/// Refuses a close combat by a stand that opportunity fire stopped: a mover it destroys,
/// Suppresses or Paralyzes stops where it is and starts no close combat.
fn stopped_by_opportunity_fire(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    if !kit::has(v, a, OPP_FIRED_AT) {
        return Ok(());
    }
    if let Some(cause) = &v.unit_state(a).removed {
        return Err(RuleError::refused(format!(
            "{} is no longer on the table ({cause}): a stand destroyed by the opportunity fire at its move starts no close combat",
            v.label(a)
        )));
    }
    let m = morale(v, a);
    if m != Morale::Steady && kit::has(v, a, FINISHED) {
        return Err(RuleError::refused(format!(
            "{} is {} after the opportunity fire at it: a mover Suppressed or Paralyzed by opportunity fire stops where it is and starts no close combat",
            v.label(a),
            m.name()
        )));
    }
    Ok(())
}

/// The attacker and defender of a close combat, or why it cannot be fought.
fn close_combat_allowed(v: &BattleView<'_>, p: &Params) -> Result<(usize, usize), RuleError> {
    in_action_phase(v, "close combat")?;
    let a = kit::unit(v, p, "attacker")?;
    let d = kit::unit(v, p, "defender")?;
    stopped_by_opportunity_fire(v, a)?;
    own_ready_stand(v, a, Acting::CloseCombat)?;
    enemy_target(v, a, d)?;
    attacker_ready(v, a)?;
    Ok((a, d))
}

/// Whether `a`, a ready stand of the side moving, may move into contact with anyone.
fn attacker_ready(v: &BattleView<'_>, a: usize) -> Result<(), RuleError> {
    own_ready_stand(v, a, Acting::CloseCombat)?;
    if is_asset(v.info(a)) {
        return Err(refuse::refused(v, a, "is off the table"));
    }
    if morale(v, a) != Morale::Steady {
        return Err(RuleError::refused(format!(
            "{} is {}: it may not move into contact{}",
            v.label(a),
            morale(v, a).name(),
            if is_vehicle(&v.info(a).kind) {
                " (a Suppressed vehicle may not move closer to the enemy)"
            } else {
                " (only a panic move)"
            }
        )));
    }
    Ok(())
}

/// The close combat the battle would fight: the inputs checked like `resolve` (hits against
/// limits, vehicles never Paralyzed), the stands' hits and morale taken from the battle. Inputs
/// that contradict the battle are refused rather than silently replaced, so the odds shown and the
/// combat fought are the same.
fn battle_combat(
    v: &BattleView<'_>,
    p: &Params,
) -> Result<(usize, usize, combat::CloseCombat), RuleError> {
    let (a, d) = close_combat_allowed(v, p)?;
    let mut cc = combat::from_params(p, v.options)?;
    cc.attacker = fighter_of(v, a, p, "attacker");
    cc.defender = fighter_of(v, d, p, "defender");
    let given = |name: &str| p.get(name).map(|x| x.to_string());
    for (name, actual, unit) in [
        (
            "defender-state",
            state_of(cc.defender.start.morale).to_string(),
            d,
        ),
        ("attacker-hits", cc.attacker.start.hits.to_string(), a),
        ("defender-hits", cc.defender.start.hits.to_string(), d),
    ] {
        if let Some(g) = given(name)
            && g != actual
        {
            return Err(RuleError::refused(format!(
                "{name} {g}: the battle has {actual} for {}; change its markers or hits by hand first",
                v.label(unit)
            )));
        }
    }
    Ok((a, d, cc))
}

/// True when this close combat starts with a move into contact still to be recorded: the
/// attacker moved in sight (`moved`, yes unless the umpire says otherwise), its move is not yet
/// recorded, and a stand of the side not moving may fire opportunity fire at it.
fn must_record_move(v: &BattleView<'_>, a: usize, p: &Params) -> bool {
    p.flag("moved") && !kit::has(v, a, CLOSING) && !opportunity_firers(v, a).is_empty()
}

/// The move into contact, recorded before its close combat because opportunity fire at the mover
/// comes first: the command roll and command point of the attacker's action, the attacker marked
/// as moving into contact, and two offers — the opportunity fire and the close combat itself
/// (taking the close combat up declines the fire).
fn move_into_contact(
    v: &BattleView<'_>,
    a: usize,
    d: usize,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let cover = Cover::parse(p.text("cover").unwrap_or("none"))?;
    let mut resolutions = Vec::new();
    if let Some((roll, ok)) = command_check(v, a, p.flag("out-of-command"), dice)? {
        if !ok {
            return Ok(failed_command(v, a, roll));
        }
        resolutions.push(roll);
    }
    let mut effects = vec![kit::flag(v, a, CLOSING, true)];
    let mut words = Vec::new();
    spend_point(v, a, &mut effects, &mut words)?;
    let fire = opportunity_offer(
        v,
        a,
        &format!("moved into contact with {}", v.info(d).id),
        &[],
    )
    .map(|mut o| {
        let spec = match cover {
            Cover::None => v.info(d).id.clone(),
            c => format!("{}:{}", v.info(d).id, c.id()),
        };
        o.params.set("assaulting", text(&spec));
        o
    });
    let cc = close_combat_offer(v, a, d, cover);
    words.push(format!(
        "then the {}: take it up to let the move go without opportunity fire",
        cc.text
    ));
    let mut out = with_offer(
        Outcome {
            summary: format!(
                "{} moves into contact with {}: opportunity fire at it comes first, then the close combat",
                v.label(a),
                v.label(d)
            ),
            resolutions,
            effects,
            prompts: words,
            offers: Vec::new(),
        },
        fire,
    );
    out.offers.push(cc);
    Ok(out)
}

/// How a close combat ended for each stand, for the log line: who won, then each stand's fate.
fn combat_words(
    v: &BattleView<'_>,
    a: usize,
    d: usize,
    cc: &combat::CloseCombat,
    end: &CcEnd,
) -> String {
    use CcResult::*;
    // The result's own lead: "Attacker wins", "Defender holds", "No winner" …
    let lead = end.result.text().split(':').next().unwrap_or_default();
    let winner = lead.to_lowercase();
    let (a_moves, d_moves): (&[&str], &[&str]) = match end.result {
        AttackerRetreats => (&["retreats 4\""], &[]),
        DefenderRetreats => (&[], &["retreats 4\""]),
        BothRetreat => (&["retreats 4\""], &["retreats 4\""]),
        BothWithdraw => (&["falls back 8\""], &["retreats 4\""]),
        AttackerFallsBack => (&["falls back 8\""], &[]),
        DefenderFallsBack => (&[], &["falls back 8\""]),
        AttackerDestroyed | DefenderDestroyed => (&[], &[]),
    };
    let a_words = end_words(cc.attacker.start, end.attacker, false, a_moves, "unharmed");
    let d_words = end_words(cc.defender.start, end.defender, false, d_moves, "unharmed");
    format!(
        "{winner}; {} {a_words}; {} {d_words}",
        v.info(a).id,
        v.info(d).id
    )
}

