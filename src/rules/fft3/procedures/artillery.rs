//! Placing an artillery template in the side's artillery phase: one of the templates it has
//! left, numbered in the battle, a d6 for every stand under it ([`super::super::artillery`]), and
//! the template left on the table until its owner's next artillery phase.

use super::super::artillery;
use super::super::defs::{self, PH_ARTILLERY, TEMPLATE, TEMPLATES, TEMPLATES_PLACED};
use super::super::inputs;
use super::super::stands::in_phase;
use super::super::templates::{
    next_template, side_counter, template_effects, template_id, template_stands, templates_due,
};
use crate::declare::{ActionDef, Options, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::{AreaMarker, BattleView, Effect};
use crate::odds::OddsReport;
use crate::resolution::Resolution;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Places an artillery template and rolls a d6 for every stand under it.
pub struct Artillery;

impl Procedure for Artillery {
    fn def(&self) -> &'static ActionDef {
        &defs::ARTILLERY
    }

    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        artillery::odds(inputs::template(params, options)?)
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        Ok(artillery::resolve(&inputs::template(params, options)?, dice)?.0)
    }

    /// The stands say their nationalities and the checks they took.
    fn input_applies(&self, _v: &BattleView<'_>, input: &ParamDef, _given: &Params) -> bool {
        super::asked_in_battle(input)
    }

    fn check_inputs(&self, v: &BattleView<'_>, _given: &Params) -> Result<(), RuleError> {
        in_phase(v, "placing a template", &[PH_ARTILLERY])
    }

    fn battle_odds(&self, v: &BattleView<'_>, params: &Params) -> Result<OddsReport, RuleError> {
        let (t, _) = template_stands(v, params.list("stands"), v.active_side())?;
        artillery::odds(t)
    }

    /// The template placed: the side's templates counted down, the template numbered and left on the
    /// table, and what its dice do to the stands under it.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        in_phase(v, "placing a template", &[PH_ARTILLERY])?;
        let side = v.active_side();
        let left = side_counter(v, side, TEMPLATES);
        if left <= 0 {
            return Err(RuleError::refused(format!(
                "{} has no template left this artillery phase (one per 3 units still in play: {})",
                v.roster.sides[side].name,
                templates_due(v, side, &[])
            )));
        }
        let (template, who) = template_stands(v, p.list("stands"), side)?;
        let number = next_template(v);
        let (mut r, results) = artillery::resolve(&template, dice)?;
        let at = p.text("at").unwrap_or("").trim().to_string();
        let mut out = Outcome::default();
        let sid = v.side_id(side).to_string();
        out.effects
            .push(kit::counter(&sid, TEMPLATES, Some(left - 1)));
        let placed = side_counter(v, side, TEMPLATES_PLACED);
        out.effects
            .push(kit::counter(&sid, TEMPLATES_PLACED, Some(placed + 1)));
        let under: Vec<&str> = who.iter().map(|&(u, _)| v.info(u).id.as_str()).collect();
        out.effects.push(Effect::Area {
            id: template_id(number),
            marker: Some(Box::new(AreaMarker {
                kind: TEMPLATE.into(),
                label: if at.is_empty() {
                    format!("the stands {}", under.join(", "))
                } else {
                    format!("{at}, over {}", under.join(", "))
                },
                side: sid.clone(),
                turn: v.state.turn,
            })),
        });
        let mut resolutions = Vec::new();
        std::mem::swap(&mut resolutions, &mut out.resolutions);
        let lines = template_effects(v, side, number, &who, &results, dice, &mut out)?;
        r.effects = lines;
        let rest = std::mem::take(&mut out.resolutions);
        out.resolutions = vec![r];
        out.resolutions.extend(rest);
        out.summary = format!(
            "{} places {}{} over {} stand{}: {}",
            v.roster.sides[side].name,
            template_id(number),
            if at.is_empty() {
                String::new()
            } else {
                format!(" ({at})")
            },
            who.len(),
            if who.len() == 1 { "" } else { "s" },
            out.resolutions[0].result
        );
        out.prompts.push(format!(
            "{} stays until {}'s next artillery phase; a stand that touches it while moving is attacked at once (the `template` procedure)",
            template_id(number),
            v.roster.sides[side].name
        ));
        Ok(out)
    }
}

