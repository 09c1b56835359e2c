//! A moving stand touching a template still on the table (the `template` procedure): it is
//! attacked at once, as under a template just placed, by the template's owner.

use crate::ruleset::kit;
use super::super::artillery::{self, Template};
use super::super::defs::{self, PH_MOVEMENT, TEMPLATE};
use super::super::stands::{in_phase, own_side};
use super::super::templates::{TEMPLATE_ID, Under, template_effects, template_id, template_stands};
use crate::declare::{ActionDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::odds::OddsReport;
use crate::ruleset::{ActResult, Outcome, Procedure};

/// A moving stand touches a template still on the table.
pub struct Touch;

impl Procedure for Touch {
    fn def(&self) -> &'static ActionDef {
        &defs::TOUCH_TEMPLATE
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        super::moving(v, given)
    }

    fn battle_odds(&self, v: &BattleView<'_>, params: &Params) -> Result<OddsReport, RuleError> {
        artillery::odds(touching(v, params)?.template)
    }

    /// The stand attacked under the template touched.
    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        let Touching {
            stand: u,
            id,
            number,
            owner,
            place,
            template,
            who,
        } = touching(v, p)?;
        let (mut r, results) = artillery::resolve(&template, dice)?;
        let mut out = Outcome::default();
        let lines = template_effects(v, owner, number, &who, &results, dice, &mut out)?;
        r.effects = lines;
        let rest = std::mem::take(&mut out.resolutions);
        out.resolutions = vec![r];
        out.resolutions.extend(rest);
        out.summary = format!(
            "{} touches {id} (on {place}) while moving: {}",
            v.label(u),
            out.resolutions[0].result
        );
        Ok(out)
    }
}

/// A template still on the table that a moving stand touches: the stand, the template's id,
/// number, owner and place, and the stand under it as the artillery procedure takes it.
struct Touching<'v> {
    stand: usize,
    id: &'v str,
    number: i32,
    owner: usize,
    place: &'v str,
    template: Template,
    who: Vec<Under>,
}

/// The template touched and the stand under it, or why it cannot be.
fn touching<'v>(v: &BattleView<'v>, p: &Params) -> Result<Touching<'v>, RuleError> {
    in_phase(v, "touching a template while moving", &[PH_MOVEMENT])?;
    let u = kit::input_unit(v, p, defs::TOUCH_PARAMS, "stand")?;
    own_side(v, u, "a stand moves")?;
    let number = p.int("template").unwrap_or(0) as i32;
    let (id, marker) = v
        .state
        .areas
        .iter()
        .find(|(id, m)| m.kind == TEMPLATE && **id == template_id(number))
        .ok_or_else(|| {
            let standing: Vec<String> = v
                .state
                .areas
                .iter()
                .filter(|(_, m)| m.kind == TEMPLATE)
                .map(|(id, m)| format!("{id}, on {}", m.label))
                .collect();
            RuleError::refused(format!(
                "no {TEMPLATE_ID}{number} on the table{}",
                if standing.is_empty() {
                    " (none is)".to_string()
                } else {
                    format!(" (on the table: {})", standing.join("; "))
                }
            ))
        })?;
    let owner = v.roster.side_index(&marker.side).unwrap_or(0);
    let mut item = v.info(u).id.clone();
    if p.text("terrain") == Some("difficult") {
        item.push_str(":difficult");
    }
    let (mut template, who) = template_stands(v, &[item], owner)?;
    template.touched_while_moving = true;
    Ok(Touching {
        stand: u,
        id,
        number,
        owner,
        place: &marker.label,
        template,
        who,
    })
}

