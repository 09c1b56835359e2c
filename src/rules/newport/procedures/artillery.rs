//! The `artillery` procedure: artillery or a heavy mortar of the side moving attacks every stand
//! under its template, a light mortar one stand within its range; a spotter must see the target.
//! Here also the spotting and the checks that smoke, artillery fire too, shares.

use super::{text, with_defaults};
use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::odds::{OddsLine, OddsReport};
use crate::resolution::Resolution;
use crate::rules::newport::checks::{
    Acting, contact_of, enemy_target, in_action_phase, named, on_table, own_ready_stand,
    ready_asset,
};
use crate::rules::newport::defs::*;
use crate::rules::newport::fire::{self, Cover, Strike, is_vehicle};
use crate::rules::newport::units::{
    company_scale, damage, is_asset, is_leader, shot_words, target_of,
};
use crate::ruleset::kit::prefill::fill;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// The off-table assets that fire artillery or lay smoke.
pub(super) const ARTILLERY: &[&str] = &["artillery", "heavy-mortar", "light-mortar"];

/// An artillery or mortar attack.
pub struct Artillery;

impl Procedure for Artillery {
    fn def(&self) -> &'static ActionDef {
        &ARTILLERY_DEF
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        fire::artillery_odds(params, options)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(fire::resolve_artillery(params, options, dice)?.0)
    }

    /// The weapon, from the asset's kind.
    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        let a = kit::unit(v, &p, "asset")?;
        let kind = &v.info(a).kind;
        if ARTILLERY.contains(&kind.as_str()) {
            fill(&mut p, "weapon", text(kind));
        }
        with_defaults(self.def(), p)
    }

    fn input_applies(&self, _v: &BattleView<'_>, input: &ParamDef, p: &Params) -> bool {
        // A range limits only the light mortar.
        input.name != "range" || p.text("weapon").is_none_or(|w| w == "light-mortar")
    }

    fn check_inputs(&self, v: &BattleView<'_>, p: &Params) -> Result<(), RuleError> {
        check_support(v, p, "artillery")
    }

    /// Each stand's shot under the template, a leader sheltered by a stand weighed by the chance
    /// that this template destroys that stand first.
    fn battle_odds(&self, v: &BattleView<'_>, p: &Params) -> Result<OddsReport, RuleError> {
        let (_, weapon, targets, notes) = artillery_allowed(v, p)?;
        spotter_allowed(v, p)?;
        let mut report = OddsReport {
            title: format!("{} attack", weapon.replace('-', " ")).into(),
            results: Vec::new(),
            notes: notes.into(),
            extra: Default::default(),
        };
        let mut expected = 0.0;
        // The chance that each stand attacked so far is destroyed by this template.
        let mut destroyed: Vec<(usize, f64)> = Vec::new();
        for t in targets {
            let shot = strike_of(v, t.unit, t.cover, false, 1).shot();
            let prefix = format!("{}: ", v.label(t.unit));
            // A leader in contact with a stand still standing is attacked only if this
            // template destroys that stand first: its lines are weighed by that chance, as
            // the strike resolves it.
            let attacked = match t.contact {
                Some(c) if v.unit_state(c).on_table() => destroyed
                    .iter()
                    .find(|(u, _)| *u == c)
                    .map_or(0.0, |&(_, p)| p),
                _ => 1.0,
            };
            if let Some(c) = t.contact.filter(|_| attacked < 1.0) {
                report.notes.push(if attacked > 0.0 {
                    format!(
                        "{} is attacked only if {} is destroyed first by this template",
                        v.label(t.unit),
                        v.label(c)
                    )
                } else {
                    format!(
                        "{} is not attacked: it is in contact with {}, which still stands",
                        v.label(t.unit),
                        v.label(c)
                    )
                });
                report.results.push(OddsLine {
                    result: format!("{prefix}not attacked ({} still stands)", v.info(c).id)
                        .into(),
                    probability: 1.0 - attacked,
                });
            }
            let odds = shot.odds();
            let before = target_of(v, t.unit);
            destroyed.push((
                t.unit,
                attacked * odds.p_where(|&e| before.after(e).destroyed()),
            ));
            if attacked > 0.0 {
                expected += attacked * odds.p_where(|e| e.hit);
                report
                    .results
                    .extend(fire::shot_lines(&shot, &prefix).into_iter().map(|mut l| {
                        l.probability *= attacked;
                        l
                    }));
            }
        }
        report.extra.insert("expected_hits".into(), expected);
        Ok(report)
    }

    /// Carries out an artillery attack with its inputs filled in: one shot at each stand under the
    /// template, a sheltered leader only once the stand it is with is gone.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let (a, weapon, targets, mut context) = artillery_allowed(v, p)?;
        let mut effects = vec![kit::flag(v, a, FINISHED, true)];
        let mut words = Vec::new();
        spotter_check(v, p, &mut effects, &mut words)?;
        let mut steps = Vec::new();
        let mut affected = 0;
        let mut fates = Vec::new();
        let mut destroyed_here = Vec::new();
        for UnderTemplate {
            unit: t,
            cover,
            contact,
        } in targets.iter().copied()
        {
            if let Some(c) = contact
                && v.unit_state(c).on_table()
                && !destroyed_here.contains(&c)
            {
                words.push(format!(
                    "{}: not attacked, it is in contact with {}, which still stands",
                    v.label(t),
                    v.label(c)
                ));
                continue;
            }
            let shot = strike_of(v, t, cover, false, 1).shot();
            let (step, e) = shot.roll(
                dice,
                format!("{} under the {}", v.label(t), weapon.replace('-', " ")),
                &format!(
                    "{} ({}) at {}",
                    v.info(a).id,
                    weapon.replace('-', " "),
                    v.info(t).id
                ),
            )?;
            let before = target_of(v, t);
            let after = before.after(e);
            damage(
                v,
                t,
                before,
                after,
                &format!("{} from {}", weapon.replace('-', " "), v.info(a).id),
                &mut effects,
                &mut words,
            );
            if after.destroyed() {
                destroyed_here.push(t);
            }
            if e.forced_back && !after.destroyed() {
                words.push(format!("{} is Forced Back 8\"", v.label(t)));
            }
            affected += usize::from(!e.is_none());
            if !e.is_none() {
                fates.push(format!("{} {}", v.info(t).id, shot_words(before, after, e)));
            }
            steps.push(step);
        }
        context.insert(0, format!("{} fires", v.label(a)));
        let mut result = format!("{affected} of {} stand(s) affected", targets.len());
        if !fates.is_empty() {
            result.push_str(&format!(": {}", fates.join("; ")));
        }
        let r = Resolution {
            ruleset: crate::rules::newport::ID.into(),
            action: ARTILLERY_DEF.id.into(),
            title: format!("{} attack", weapon.replace('-', " ")),
            context,
            steps,
            result: result.clone(),
            effects: words,
            rolled_by_program: dice.is_generated(),
        };
        Ok(Outcome {
            summary: format!("{}: {result}", r.context[0]),
            resolutions: vec![r],
            effects,
            prompts: Vec::new(),
            offers: Vec::new(),
        })
    }
}

/// What artillery fire (`what`: artillery or smoke) refuses from the inputs so far: the phase,
/// then the asset, then the spotter.
pub(super) fn check_support(v: &BattleView<'_>, p: &Params, what: &str) -> Result<(), RuleError> {
    in_action_phase(v, what)?;
    if let Some(a) = named(v, p, "asset") {
        ready_asset(v, a, ARTILLERY)?;
    }
    if named(v, p, "spotter").is_some() {
        spotter_allowed(v, p)?;
    }
    Ok(())
}

/// The shot at stand `t` of an air or artillery attack: its kind, quality and armour from the
/// battle.
fn strike_of(v: &BattleView<'_>, t: usize, cover: Cover, smoke: bool, dice: u32) -> Strike {
    let i = v.info(t);
    Strike {
        kind: i.kind.clone(),
        cover,
        smoke,
        green: i.quality == "green",
        armour: if is_vehicle(&i.kind) {
            i.fields.int("armour").unwrap_or(0) as i32
        } else {
            0
        },
        dice,
    }
}

/// A stand under a template: which, its cover, and for a leader the stand it is in contact with.
#[derive(Clone, Copy, Debug)]
struct UnderTemplate {
    unit: usize,
    cover: Cover,
    contact: Option<usize>,
}

/// Parses the `ID[:COVER][@CONTACT]` items of an artillery target list; leaders in contact go
/// last, so that the stand they are with has taken its attack first.
fn template_targets(v: &BattleView<'_>, p: &Params) -> Result<Vec<UnderTemplate>, RuleError> {
    let mut out = p
        .list("targets")
        .iter()
        .map(|item| {
            let (rest, contact) = match item.split_once('@') {
                Some((r, c)) => (r, Some(c)),
                None => (item.as_str(), None),
            };
            let (id, cover) = rest.split_once(':').unwrap_or((rest, "none"));
            let unit = v.unit(id)?;
            let contact = contact.map(|c| contact_of(v, unit, c)).transpose()?;
            Ok(UnderTemplate {
                unit,
                cover: Cover::parse(cover)?,
                contact,
            })
        })
        .collect::<Result<Vec<_>, RuleError>>()?;
    out.sort_by_key(|t| t.contact.is_some());
    Ok(out)
}

/// The spotter, or why it cannot spot: in a company game a ready leader, in a battalion game any
/// stand of the firing side.
fn spotter_allowed(v: &BattleView<'_>, p: &Params) -> Result<usize, RuleError> {
    let s = kit::unit(v, p, "spotter")?;
    on_table(v, s)?;
    if v.info(s).side != v.active_side() || is_asset(v.info(s)) {
        return Err(refuse::refused(v, s, "cannot spot: the spotter is a stand of the side firing, on the table"));
    }
    if company_scale(v) {
        if !is_leader(v.info(s)) {
            return Err(RuleError::refused(format!(
                "in a company game a leader must spot; {} is not a leader",
                v.label(s)
            )));
        }
        own_ready_stand(v, s, Acting::Other)?;
    }
    Ok(s)
}

/// The spotter checked, with what spotting does to it: in a company game the leader is marked
/// Finished.
pub(super) fn spotter_check(
    v: &BattleView<'_>,
    p: &Params,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) -> Result<usize, RuleError> {
    let s = spotter_allowed(v, p)?;
    if company_scale(v) {
        effects.push(kit::flag(v, s, FINISHED, true));
        words.push(format!("{}: spotted, marked Finished", v.label(s)));
    } else {
        words.push(format!(
            "{}: spotted (not marked in a battalion game)",
            v.label(s)
        ));
    }
    Ok(s)
}

/// The firing unit, its weapon, the stands under the template and the range words.
type Template = (usize, String, Vec<UnderTemplate>, Vec<String>);

/// The attack's template, or why the attack is not allowed.
fn artillery_allowed(v: &BattleView<'_>, p: &Params) -> Result<Template, RuleError> {
    in_action_phase(v, "artillery")?;
    let a = kit::unit(v, p, "asset")?;
    ready_asset(v, a, ARTILLERY)?;
    let weapon = v.info(a).kind.clone();
    // In a battle the asset is the weapon: a `weapon` given otherwise is a mistake, not an order.
    if let Some(given) = p.text("weapon")
        && given != weapon
    {
        return Err(RuleError::refused(format!(
            "weapon {given}: {} is a{} {weapon}; in a battle the asset fires as what it is",
            v.label(a),
            if weapon.starts_with('a') { "n" } else { "" }
        )));
    }
    let targets = template_targets(v, p)?;
    for t in &targets {
        enemy_target(v, a, t.unit)?;
    }
    let context = fire::check_artillery(&weapon, p.num("range"), targets.len(), v.options)?;
    Ok((a, weapon, targets, context))
}

