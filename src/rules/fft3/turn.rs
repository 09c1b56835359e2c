//! FFT3's turn sequence: each side's turn in turn (artillery, movement, fire, quality checks) with
//! its automatic steps — templates counted and lifted, Suppression lifting at its owner's next
//! artillery phase, Overwatch unused at the end of a movement phase, the turn's limits lifting,
//! and the casualty checks of the quality-check phase — and what ending a phase leaves undone.

use super::check::{self, Check};
use super::defs::*;
use super::stands::{
    Record, carried_infantry_check, carrier_of, nationality, removed, stand_type,
    suppressor,
};
use super::tables::Data;
use super::templates::{fft3_units, side_counter, template_number, templates_due};
use crate::declare::RuleError;
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::resolution::Resolution;
use super::Fft3;
use crate::ruleset::{PhaseChange, Turn, kit};

impl Turn for Fft3 {
    /// The state at the start of the battle: infantry aboard the vehicles their scenario says they
    /// ride, and the first side's templates for its first artillery phase.
    fn start(&self, v: &BattleView<'_>) -> Vec<Effect> {
        let mut out = Vec::new();
        for u in 0..v.roster.units.len() {
            if let Some(c) = v
                .info(u)
                .fields
                .text(RIDES)
                .and_then(|id| v.roster.unit_index(id))
            {
                out.push(kit::unit_marker(v, u, RIDING, Some(c)));
            }
        }
        let side = v.active_side();
        out.push(kit::counter(
            v.side_id(side),
            TEMPLATES,
            Some(templates_due(v, side, &[])),
        ));
        out
    }

    /// Leaves the current phase for the next: templates not placed are lost, unused Overwatch goes at
    /// the end of the opponent's movement phase, and the quality-check phase throws the casualty
    /// checks, ends the side's turn and starts the next side's artillery phase.
    fn advance(&self, v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut ch = PhaseChange::default();
        let side = v.active_side();
        let sname = v.roster.sides[side].name.clone();
        let turn = v.state.turn;
        match v.state.phase.as_str() {
            PH_ARTILLERY => {
                let left = side_counter(v, side, TEMPLATES);
                if left > 0 {
                    ch.steps.push(format!(
                        "{sname}: {left} template{} not placed",
                        if left == 1 { "" } else { "s" }
                    ));
                    ch.effects
                        .push(kit::counter(v.side_id(side), TEMPLATES, Some(0)));
                }
                ch.effects.push(kit::phase(v, turn, side, PH_MOVEMENT));
                ch.steps.push(format!("{sname}: movement"));
            }
            PH_MOVEMENT => {
                for u in 0..v.roster.units.len() {
                    if v.info(u).side != side && kit::has(v, u, OVERWATCH) {
                        ch.effects.push(kit::marker(v, u, OVERWATCH, None));
                        ch.steps.push(format!(
                            "  {}: Overwatch not used; the marker goes at the end of the movement phase",
                            v.label(u)
                        ));
                    }
                }
                ch.effects.push(kit::phase(v, turn, side, PH_FIRE));
                ch.steps.push(format!("{sname}: fire"));
            }
            _ => {
                ch.steps.push(format!("{sname}: quality checks"));
                let gone = casualty_checks(v, dice, &mut ch)?;
                let (next, new_turn) = kit::next_side(v, side, turn);
                if kit::past_last_turn(v, new_turn) {
                    ch.effects.push(kit::phase(v, new_turn, next, PH_ARTILLERY));
                    return Ok(ch);
                }
                // "Turn" in the limits is one side's turn: they lift at the end of every side's turn.
                end_of_turn(v, &sname, &mut ch);
                ch.effects.push(kit::phase(v, new_turn, next, PH_ARTILLERY));
                if new_turn != turn {
                    // The new turn's first artillery phase begins once its reinforcements are
                    // on (`turn_begins`).
                    ch.steps.push(format!("Turn {new_turn}"));
                    return Ok(ch);
                }
                artillery_phase(v, next, &gone, &mut ch);
            }
        }
        Ok(ch)
    }

    /// The first side's artillery phase: its templates lift and it is given this turn's.
    fn turn_begins(&self, v: &BattleView<'_>, _dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
        let mut ch = PhaseChange::default();
        artillery_phase(v, v.active_side(), &[], &mut ch);
        Ok(ch)
    }

    /// The templates the side has not placed yet in its artillery phase.
    fn left_undone(&self, v: &BattleView<'_>) -> Vec<String> {
        let left = side_counter(v, v.active_side(), TEMPLATES);
        if v.state.phase != PH_ARTILLERY || v.state.is_over() || left <= 0 {
            return Vec::new();
        }
        vec![format!(
            "{left} artillery template{} not placed",
            if left == 1 { "" } else { "s" }
        )]
    }

    /// Whether `u` may still carry out a procedure the phase offers: in the movement phase only the
    /// other side's Overwatch stands (their one attack); the moving side's movement is not recorded,
    /// so none of its stands is still to act. In the fire phase, a stand of the side that has not
    /// fired all it may.
    fn may_still_act(&self, v: &BattleView<'_>, u: usize) -> bool {
        if !v.unit_state(u).on_table() {
            return false;
        }
        let mine = v.info(u).side == v.active_side();
        match v.state.phase.as_str() {
            PH_MOVEMENT => !mine && kit::has(v, u, OVERWATCH),
            PH_FIRE => {
                mine && !kit::has(v, u, STRATEGIC)
                    && !kit::has(v, u, OVERWATCH)
                    && carrier_of(v, u).is_none()
                    && !(kit::has(v, u, FIRED_AV) && kit::has(v, u, FIRED_AI))
                    && {
                        let data = Data::from_options(v.options);
                        match stand_type(&data, v, u) {
                            Ok(t) if t.is_infantry() => true,
                            Ok(t) => {
                                (t.ai_weapon().is_some() || !t.av_weapons().is_empty())
                                    && !kit::has(v, u, FIRED_AV)
                                    && !kit::has(v, u, FIRED_AI)
                            }
                            Err(_) => false,
                        }
                    }
            }
            _ => false,
        }
    }
}

/// The end of a side's turn: the turn's limits lift — attacks made, strategic movement, quality
/// checks taken — for every stand (an Overwatch marker stays for the opponent's movement phase).
fn end_of_turn(v: &BattleView<'_>, side_name: &str, ch: &mut PhaseChange) {
    let mut lifted = 0;
    for u in 0..v.roster.units.len() {
        for m in [STRATEGIC, FIRED_AV, FIRED_AI, FIRE_CHECK, ARTILLERY_CHECK] {
            if kit::has(v, u, m) {
                ch.effects.push(kit::marker(v, u, m, None));
                lifted += 1;
            }
        }
    }
    if lifted > 0 {
        ch.steps.push(format!(
            "  {side_name}'s turn ends: the turn's limits lift (attacks made, strategic movement, quality checks taken)"
        ));
    }
}

/// The start of `side`'s artillery phase: its old templates and the Suppressed markers its
/// artillery caused come off; its templates for this phase are counted after every loss so far
/// (`gone`: the stands the same phase change has just put out of the fight).
fn artillery_phase(v: &BattleView<'_>, side: usize, gone: &[usize], ch: &mut PhaseChange) {
    let sid = v.side_id(side);
    ch.side_step(v, side, "artillery");
    let sname = &v.roster.sides[side].name;
    let mut numbers = Vec::new();
    for (id, m) in &v.state.areas {
        if m.kind == TEMPLATE && m.side == sid {
            ch.effects.push(Effect::Area {
                id: id.clone(),
                marker: None,
            });
            ch.steps.push(format!("  {id} lifts (on {})", m.label));
            if let Some(n) = template_number(id) {
                numbers.push(n);
            }
        }
    }
    for u in 0..v.roster.units.len() {
        if v.marker(u, SUPPRESSED) == Some(suppressor(side)) {
            ch.effects.push(kit::marker(v, u, SUPPRESSED, None));
            if v.unit_state(u).on_table() && !gone.contains(&u) {
                ch.steps
                    .push(format!("  {}: no longer Suppressed", v.label(u)));
            }
        }
        if let Some(n) = v.marker(u, UNDER_TEMPLATE)
            && numbers.contains(&n)
        {
            ch.effects.push(kit::marker(v, u, UNDER_TEMPLATE, None));
        }
    }
    let due = templates_due(v, side, gone);
    ch.effects.push(kit::counter(sid, TEMPLATES, Some(due)));
    ch.steps.push(format!(
        "  {sname} has {due} template{} to place (one per 3 units still in play)",
        if due == 1 { "" } else { "s" }
    ));
}

/// A unit's stands at the start and lost so far.
pub fn unit_losses(v: &BattleView<'_>, f: usize) -> (usize, usize) {
    unit_losses_after(v, f, &[])
}

/// A unit's stands at the start and lost so far, `gone` (out of the fight in an event not yet
/// applied) counted as lost.
fn unit_losses_after(v: &BattleView<'_>, f: usize, gone: &[usize]) -> (usize, usize) {
    // A stand not yet arrived is not yet the unit's: neither at its start nor lost.
    let stands: Vec<usize> = (v.roster.formation_units(f).iter())
        .copied()
        .filter(|&u| v.unit_state(u).arrived())
        .collect();
    let lost = stands
        .iter()
        .filter(|&&u| v.unit_state(u).is_removed() || gone.contains(&u))
        .count();
    (stands.len(), lost)
}

/// The losses that first call for a unit's casualty check.
pub fn casualty_threshold(v: &BattleView<'_>, start: usize) -> usize {
    let thirds = v.options.int(OPT_CASUALTY_THIRDS).clamp(1, 3) as usize;
    (start * thirds).div_ceil(3)
}

/// The quality-check phase at the end of a side's turn: every unit that lost a stand in the turn
/// and has reached two thirds lost takes one casualty check (one a turn: the phase comes once).
/// The riders of a carrier lost in the check take their own check, and a stand lost that way
/// counts towards its own unit's check in the same phase. Returns every stand put out of the
/// fight.
fn casualty_checks(
    v: &BattleView<'_>,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<Vec<usize>, RuleError> {
    let data = Data::from_options(v.options);
    let turn = v.state.turn as i32;
    let units = fft3_units(v);
    let mut gone: Vec<usize> = Vec::new();
    let mut checked: Vec<usize> = Vec::new();
    // A rider lost at the end of the turn may call for its own unit's check: go round again
    // until no unit is left to check.
    loop {
        let mut any = false;
        for &f in &units {
            if checked.contains(&f) {
                continue;
            }
            let fid = v.roster.formations[f].id.clone();
            let fname = v.roster.formations[f].name.clone();
            let (start, lost) = unit_losses_after(v, f, &gone);
            let seen = v.state.counter(&fid, LOST_SEEN).unwrap_or(0).max(0) as usize;
            let reached = v.state.counter(&fid, CASUALTY_REACHED) == Some(1);
            let left: Vec<usize> = v
                .roster
                .formation_units(f)
                .iter()
                .copied()
                .filter(|&u| v.unit_state(u).on_table() && !gone.contains(&u))
                .collect();
            if lost <= seen || !(reached || lost >= casualty_threshold(v, start)) || left.is_empty()
            {
                continue;
            }
            checked.push(f);
            any = true;
            let nat = nationality(&data, v, left[0])?;
            let mut c = Check::new(format!("{fname} ({fid})"), nat.name.clone(), nat.quality);
            c.reason = format!(
                "unit casualties: {lost} of {start} stands lost{}",
                if reached {
                    ", a stand lost this turn"
                } else {
                    " (two thirds reached)"
                }
            );
            let (step, _) = check::roll(&c, dice)?;
            let face = step.dice.first().map_or(0, |r| r.face);
            let mut r = Resolution {
                ruleset: super::ID.into(),
                action: "casualty-check".into(),
                title: format!("Casualty check: {fname} ({lost} of {start} stands lost)"),
                context: vec![
                    format!(
                        "one roll for the whole unit: {} passes on {}+; a stand out of cohesion reads it 1 lower",
                        nat.name, nat.quality
                    ),
                    c.reason.clone(),
                ],
                steps: vec![step],
                result: String::new(),
                effects: Vec::new(),
                rolled_by_program: dice.is_generated(),
            };
            let mut failed = Vec::new();
            for &u in &left {
                let cohesion = kit::has(v, u, OUT_OF_COHESION);
                let modified = i32::from(face) - i32::from(cohesion);
                if modified < i32::from(nat.quality) {
                    failed.push(u);
                    ch.effects
                        .extend(removed(v, u, "failed its unit's casualty check"));
                    r.effects.push(format!(
                        "{}: {modified}{} against {}+: out of the fight",
                        v.label(u),
                        if cohesion { " (out of cohesion)" } else { "" },
                        nat.quality
                    ));
                } else {
                    r.effects.push(format!("{}: stays", v.label(u)));
                }
            }
            gone.extend(&failed);
            r.result = if failed.is_empty() {
                format!("{face} against {}+: the unit passes", nat.quality)
            } else if failed.len() == left.len() {
                format!(
                    "{face} against {}+: the unit fails, its stands are eliminated",
                    nat.quality
                )
            } else {
                format!(
                    "{face}: {} stand{} out of cohesion fail",
                    failed.len(),
                    if failed.len() == 1 { "" } else { "s" }
                )
            };
            ch.steps
                .push(format!("  {fname}: casualty check — {}", r.result));
            ch.effects
                .push(kit::counter(&fid, CASUALTY_TURN, Some(turn)));
            ch.resolutions.push(r);
            // The riders of a carrier the check put out of the fight.
            let at = ch.resolutions.len() - 1;
            for &u in &failed {
                let mut lines = Vec::new();
                let mut more = Vec::new();
                let lost_rider = carried_infantry_check(
                    v,
                    u,
                    "its carrier failed its unit's casualty check",
                    &gone,
                    dice,
                    Record {
                        effects: &mut ch.effects,
                        resolutions: &mut more,
                        lines: &mut lines,
                    },
                )?;
                gone.extend(lost_rider);
                ch.resolutions[at].effects.extend(lines.iter().cloned());
                ch.steps.extend(lines.iter().map(|l| format!("    {l}")));
                ch.resolutions.extend(more);
            }
        }
        if !any {
            break;
        }
    }
    // What each unit has lost, this phase's losses included: a later turn's loss is a new one.
    for f in units {
        let fid = &v.roster.formations[f].id;
        let (start, lost) = unit_losses_after(v, f, &gone);
        let seen = v.state.counter(fid, LOST_SEEN).unwrap_or(0).max(0) as usize;
        if lost == seen {
            continue;
        }
        if lost >= casualty_threshold(v, start) && v.state.counter(fid, CASUALTY_REACHED) != Some(1)
        {
            ch.effects
                .push(kit::counter(fid, CASUALTY_REACHED, Some(1)));
        }
        ch.effects
            .push(kit::counter(fid, LOST_SEEN, Some(lost as i32)));
    }
    Ok(gone)
}

