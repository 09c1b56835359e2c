//! The stands of a battle as FFT3's procedures read them: a stand's type and nationality in the
//! data in force, the carrier it rides and the rider it carries, the refusals of the turn's order
//! (the phase, the side, a stand out of the fight), and a stand's removal with what it brings with
//! it (its rider gets off, and may have to pass a quality check to survive).

use super::check::{self, Check};
use super::defs::{OUT_OF_COHESION, OVERWATCH, PH_MOVEMENT, PHASES, RIDING, TYPE};
use super::inputs;
use super::tables::{Class, Data, Nationality, StandType};
use crate::ruleset::kit::refuse;
use crate::declare::{Params, RuleError, Value};
use crate::dice::DiceSource;
use super::Fft3;
use crate::declare::Options;
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::resolution::Resolution;
use crate::ruleset::{Units, kit};

/// A stand's type in the data in force.
pub fn stand_type<'d>(
    data: &'d Data,
    v: &BattleView<'_>,
    u: usize,
) -> Result<StandType<'d>, RuleError> {
    let info = v.info(u);
    let id = info.fields.text(TYPE).unwrap_or_default();
    data.stand_type(id).ok_or_else(|| {
        RuleError::refused(format!(
            "{} has no known type ({id:?}): the scenario's check should have refused it",
            v.label(u)
        ))
    })
}

/// A stand's nationality: its side's, else its type's.
pub fn nationality<'d>(
    data: &'d Data,
    v: &BattleView<'_>,
    u: usize,
) -> Result<&'d Nationality, RuleError> {
    let ty = stand_type(data, v, u)?;
    let side = &v.roster.sides[v.info(u).side];
    let id = side.nationality.as_deref().or(ty.nationality());
    id.and_then(|id| data.nationality(id)).ok_or_else(|| {
        refuse::refused(v, u, "has no nationality: set the side's nationality in the scenario")
    })
}

/// The carrier an infantry stand rides, if it rides one (its `riding` marker names it).
pub fn carrier_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    v.marker_unit(u, RIDING)
}

/// The infantry stand a vehicle carries, if any (on the table).
pub fn rider_of(v: &BattleView<'_>, carrier: usize) -> Option<usize> {
    (0..v.roster.units.len())
        .find(|&u| v.unit_state(u).on_table() && carrier_of(v, u) == Some(carrier))
}

/// Refuses a stand that is out of the fight.
pub fn on_table(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(RuleError::refused(format!(
            "{} is out of the fight ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

fn phase_name(id: &str) -> &'static str {
    PHASES.iter().find(|p| p.id == id).map_or("?", |p| p.name)
}

/// Refuses `what` outside the `phases` it belongs to.
pub fn in_phase(v: &BattleView<'_>, what: &str, phases: &[&str]) -> Result<(), RuleError> {
    if phases.contains(&v.state.phase.as_str()) {
        return Ok(());
    }
    let names: Vec<&str> = phases.iter().map(|p| phase_name(p)).collect();
    Err(RuleError::refused(format!(
        "{what} belongs to the {} phase; it is now the {} phase",
        names.join(" or "),
        phase_name(&v.state.phase)
    )))
}

/// Refuses `what` of a stand outside its own side's turn.
pub fn own_side(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if v.info(u).side == v.active_side() {
        return Ok(());
    }
    Err(RuleError::refused(format!(
        "{}: {what} in its own side's turn; it is {}'s turn",
        v.label(u),
        v.roster.sides[v.active_side()].name
    )))
}

/// The suppression value of `side`'s artillery (the side's number, 1 for the first listed).
pub fn suppressor(side: usize) -> i32 {
    side as i32 + 1
}

/// A derived flag as given (the umpire may override what the battle says), else the battle's.
pub fn given_or(p: &Params, name: &str, battle: bool) -> bool {
    match p.get(name) {
        Some(Value::Bool(b)) => *b,
        _ => battle,
    }
}

/// Whether a fire of `u` now is its Overwatch attack: the opponent's movement phase, with the
/// marker on.
pub fn overwatch_attack(v: &BattleView<'_>, u: usize) -> bool {
    v.state.phase == PH_MOVEMENT && v.info(u).side != v.active_side() && kit::has(v, u, OVERWATCH)
}

/// A stand out of the fight: its one loss taken (so the side's losses count it) and off the
/// table, since a stand's limit is one loss; a rider leaves its carrier with it (no stand is left
/// aboard a vehicle it is no longer on).
pub fn removed(v: &BattleView<'_>, u: usize, cause: impl Into<String>) -> Vec<Effect> {
    let mut out = kit::losses(v, u, 1, &cause.into());
    if kit::has(v, u, RIDING) {
        out.push(kit::unit_marker(v, u, RIDING, None));
    }
    out
}

impl Units for Fft3 {
    /// A stand is in the fight or out of it: one loss removes it.
    fn hit_limit(&self, _unit: &UnitInfo, _options: &Options) -> u32 {
        1
    }

    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        super::validate::validate(order, options)
    }

    /// What a stand's leaving the table by the umpire's hand (its one loss set by hand) brings with
    /// it, with the words for the log: a rider leaves its carrier, and the riders of a carrier get off
    /// — never left aboard a lost vehicle. A halftrack's riders (and a truck's, under the option)
    /// survive only on a passed quality check; a hand edit throws no dice, so the check is the
    /// umpire's to call, and the words name the command that throws it.
    fn removal_effects(&self, v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
        let mut effects = Vec::new();
        let mut words = Vec::new();
        if kit::has(v, u, RIDING) {
            effects.push(kit::unit_marker(v, u, RIDING, None));
        }
        if let Some(r) = rider_of(v, u) {
            effects.push(kit::unit_marker(v, r, RIDING, None));
            let data = Data::from_options(v.options);
            let class = stand_type(&data, v, u).ok().and_then(StandType::class);
            words.push(if inputs::lost_carrier_riders_check(class, v.options) {
                let what = class.map_or("vehicle", Class::id);
                format!(
                    "{} gets off: the rider of a destroyed {what} survives only on a passed quality check, the umpire's to call since a hand edit throws no dice (quality-check --stand {} --reason \"rider of a destroyed {what}\")",
                    v.label(r),
                    v.info(r).id
                )
            } else {
                format!("{} gets off on foot", v.label(r))
            });
        }
        (effects, words)
    }
}

/// What an event records: its effects, its resolutions, its lines of explanation.
pub struct Record<'a> {
    pub effects: &'a mut Vec<Effect>,
    pub resolutions: &'a mut Vec<Resolution>,
    pub lines: &'a mut Vec<String>,
}

/// The infantry a lost halftrack (or truck, under the option) carried survive only on a passed
/// quality check, whatever destroyed the carrier — fire, artillery, a failed quality or casualty
/// check; survivors, and the riders of a lost tank, are dismounted. Riders already in `gone` (out
/// of the fight in the same event) are left alone. Returns the rider if it is eliminated.
pub fn carried_infantry_check(
    v: &BattleView<'_>,
    carrier: usize,
    why: &str,
    gone: &[usize],
    dice: &mut dyn DiceSource,
    rec: Record<'_>,
) -> Result<Option<usize>, RuleError> {
    let data = Data::from_options(v.options);
    let Some(r) = rider_of(v, carrier).filter(|r| !gone.contains(r)) else {
        return Ok(None);
    };
    let class = stand_type(&data, v, carrier)?.class();
    if !inputs::lost_carrier_riders_check(class, v.options) {
        rec.effects.push(kit::unit_marker(v, r, RIDING, None));
        rec.lines.push(format!("{}: on foot", v.label(r)));
        return Ok(None);
    }
    let mut c = inputs::stand_check(
        &v.label(r),
        nationality(&data, v, r)?,
        kit::has(v, r, OUT_OF_COHESION),
    );
    c.reason = format!(
        "rider of a destroyed {} ({why})",
        class.map_or("vehicle", Class::id)
    );
    let res = check::resolve(&c, dice)?;
    let lost = if passed(&res, &c) {
        rec.effects.push(kit::unit_marker(v, r, RIDING, None));
        rec.lines
            .push(format!("{}: passed its quality check: on foot", v.label(r)));
        None
    } else {
        rec.effects.extend(removed(
            v,
            r,
            "failed its quality check when its carrier was destroyed",
        ));
        rec.lines.push(format!(
            "{}: failed its quality check: out of the fight",
            v.label(r)
        ));
        Some(r)
    };
    rec.resolutions.push(res);
    Ok(lost)
}

/// Whether a quality check's resolution passed: its modified roll against the rating.
pub fn passed(r: &Resolution, c: &Check) -> bool {
    r.steps
        .first()
        .and_then(|s| s.total)
        .is_some_and(|t| t >= i32::from(c.rating))
}
