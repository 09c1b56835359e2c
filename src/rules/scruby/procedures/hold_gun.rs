//! Who holds a crewless gun in a battle: the side of the regiment or squadron on it, or nobody.
//! The side holding it 3 consecutive moves re-mans it (the count runs at the end of the move).

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::inputs;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// Who holds a crewless gun, or that nobody does.
pub struct HoldGun;

impl Procedure for HoldGun {
    fn def(&self) -> &'static ActionDef {
        &inputs::HOLD_GUN
    }
    fn prefill(&self, _: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params)
    }
    /// A crewless gun is held `--by` a unit or by `--nobody`, not both.
    fn input_applies(&self, _: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        match input.name {
            "by" => !given.flag("nobody"),
            "nobody" => given.text("by").is_none(),
            _ => true,
        }
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Who holds a crewless gun: the side of the regiment or squadron on it, or nobody. A new holder
    /// starts the count again; nobody holding it stops the count.
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        let g = unit_param(v, p, "gun-unit")?;
        on_table(v, g)?;
        if !kind_of(v, g)?.is_gun() {
            return Err(refuse::refused(v, g, "is not a gun"));
        }
        if !kit::has(v, g, CREW_KILLED) {
            return Err(refuse::refused(v, g, "has its crew: only a crewless gun is held (attack its crew with melee-crew)"));
        }
        let now = v
            .marker(g, CAPTURED)
            .and_then(|h| usize::try_from(h - 1).ok())
            .filter(|&h| h < v.roster.sides.len());
        let by = p.text("by");
        let nobody = p.flag("nobody");
        let mut out = Outcome::default();
        match (by, nobody) {
            (Some(_), true) => Err(RuleError::refused(
                "--by and --nobody contradict each other: name the regiment or squadron holding the gun, or say that nobody does",
            )),
            (None, false) => Err(crate::declare::ParamError::Missing {
                param: "by".into(),
                help: "the regiment or squadron holding the gun (or --nobody)".into(),
            }
            .into()),
            (None, true) => {
                let Some(h) = now else {
                    return Err(RuleError::refused(format!(
                        "nobody holds {} already",
                        v.label(g)
                    )));
                };
                held_by_nobody(v, g, &mut out.effects);
                out.summary = format!(
                    "{} is held by nobody now ({} let it go): its hold count stops",
                    v.label(g),
                    v.roster.sides[h].name
                );
                Ok(out)
            }
            (Some(_), false) => {
                let u = unit_param(v, p, "by")?;
                on_table(v, u)?;
                regiment_or_squadron(v, u, "holds a gun")?;
                if v.unit_state(u).concealed {
                    return Err(RuleError::refused(format!(
                        "{} is concealed behind stand {}: expose its column first",
                        v.label(u),
                        column_number(v, u)
                    )));
                }
                let side = v.info(u).side;
                if now == Some(side) {
                    return Err(RuleError::refused(format!(
                        "{} holds {} already: its count runs on",
                        v.roster.sides[side].name,
                        v.label(g)
                    )));
                }
                out.effects
                    .push(kit::marker(v, g, CAPTURED, Some(roster_number(side))));
                out.effects.push(kit::marker(v, g, HELD, Some(0)));
                out.effects
                    .push(kit::marker(v, g, CAPTURED_ON, Some(v.state.turn as i32)));
                out.summary = format!(
                    "{} holds {} for {}: {}; re-manned once held {HOLD_TO_REMAN} consecutive moves (this move not counted)",
                    v.info(u).id,
                    v.label(g),
                    v.roster.sides[side].name,
                    match now {
                        Some(h) => format!(
                            "taken from {}, the count starts again",
                            v.roster.sides[h].name
                        ),
                        None => "the count starts".to_string(),
                    }
                );
                Ok(out)
            }
        }
    }
}

