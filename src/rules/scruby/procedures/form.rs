//! An infantry regiment's change of formation in a battle: line, road column, or a cross-country
//! column of 3 or more regiments named together (a concealed regiment only in its column, or
//! dispersed in a forest).

use crate::ruleset::kit::refuse;
use crate::declare::{ActionDef, ParamDef, Params, RuleError};
use crate::dice::DiceSource;
use crate::model::BattleView;
use crate::rules::scruby::battle::*;
use crate::rules::scruby::defs::*;
use crate::rules::scruby::inputs;
use crate::ruleset::{ActResult, Outcome, Procedure, kit};

/// An infantry regiment changes formation.
pub struct Form;

impl Procedure for Form {
    fn def(&self) -> &'static ActionDef {
        &inputs::FORM
    }
    fn prefill(&self, _: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        with_defaults(self.def(), params)
    }
    /// `--with` names a cross-country column's regiments: it is not asked for another formation.
    fn input_applies(&self, _: &BattleView<'_>, input: &ParamDef, given: &Params) -> bool {
        input.name != "with"
            || given
                .text("formation")
                .is_none_or(|f| f == Formation::CrossCountry.id())
    }
    fn check_inputs(&self, _: &BattleView<'_>, _: &Params) -> Result<(), RuleError> {
        Ok(())
    }
    /// Changes the regiment's formation: into line or road column here, a concealed regiment's in
    /// [`form_concealed`], a cross-country column in [`form_column`].
    fn act(&self, v: &BattleView<'_>, p: &Params, _: &mut dyn DiceSource) -> ActResult {
        in_phase(v, "A change of formation", &[PH_MOVEMENT])?;
        let u = unit_param(v, p, "unit")?;
        on_table(v, u)?;
        if !kind_of(v, u)?.is_infantry() {
            return Err(refuse::refused(v, u, "is not an infantry regiment: only regiments change formation"));
        }
        let to = p
            .text("formation")
            .and_then(Formation::parse)
            .ok_or_else(|| crate::declare::ParamError::Missing {
                param: "formation".into(),
                help: "line, road-column or cross-country".into(),
            })?;
        if v.unit_state(u).concealed {
            return form_concealed(v, u, to);
        }
        if to == Formation::CrossCountry {
            return form_column(v, p, u);
        }
        if !p.list("with").is_empty() {
            return Err(RuleError::refused(
                "--with names the other regiments of a cross-country column: only with --formation cross-country",
            ));
        }
        let from = formation(v, u);
        if from == to {
            return Err(RuleError::refused(format!(
                "{} is already {}",
                v.label(u),
                to.words()
            )));
        }
        if from == Formation::CrossCountry && v.marker(u, EXPOSED_ON) == Some(v.state.turn as i32) {
            return Err(refuse::refused(v, u, "was exposed this move and placed in cross-country column: it may deploy from the following move"));
        }
        let mut out = Outcome::default();
        let mut lines = Vec::new();
        if let Some(id) = v.marker(u, CROSS_COUNTRY) {
            out.effects.push(kit::marker(v, u, CROSS_COUNTRY, None));
            // Fewer than 3 regiments left are no cross-country column: they stand in line.
            let rest: Vec<usize> = column_members(v, id)
                .into_iter()
                .filter(|&o| o != u)
                .collect();
            if !rest.is_empty() && rest.len() < 3 {
                for &o in &rest {
                    out.effects.push(kit::marker(v, o, CROSS_COUNTRY, None));
                }
                let ids: Vec<&str> = rest.iter().map(|&o| v.info(o).id.as_str()).collect();
                lines.push(format!(
                    "{} {} no cross-country column without it (3 or more regiments are one): in line",
                    ids.join(" and "),
                    if rest.len() == 1 { "is" } else { "are" }
                ));
            }
        }
        if kit::has(v, u, ROAD_COLUMN) != (to == Formation::RoadColumn) {
            out.effects.push(kit::marker(
                v,
                u,
                ROAD_COLUMN,
                (to == Formation::RoadColumn).then_some(1),
            ));
        }
        out.summary = format!("{}: {} → {}", v.info(u).id, from.words(), to.words());
        if !lines.is_empty() {
            out.summary = format!("{}; {}", out.summary, lines.join("; "));
        }
        Ok(out)
    }
}

/// A concealed regiment moves in its column, or dispersed in a forest while still concealed;
/// never in road column. Its column is its stand's (exposure places the stand's regiments in
/// column, or in line when fewer than 3, whatever they were).
fn form_concealed(v: &BattleView<'_>, u: usize, to: Formation) -> Result<Outcome, RuleError> {
    let number = column_number(v, u);
    if to == Formation::RoadColumn {
        return Err(RuleError::refused(format!(
            "{} is concealed behind stand {number}: a concealed column never moves in road column (only in cross-country column, or dispersed in a forest)",
            v.label(u)
        )));
    }
    let from = if kit::has(v, u, CROSS_COUNTRY) {
        Formation::CrossCountry
    } else {
        Formation::Line
    };
    if from == to {
        return Err(RuleError::refused(format!(
            "{} is already {}",
            v.label(u),
            to.words()
        )));
    }
    let mut out = Outcome::default();
    let value = match to {
        Formation::CrossCountry => {
            let stand = v.roster.column_of(u);
            let mate = (0..v.roster.units.len())
                .filter(|&o| o != u && v.roster.column_of(o) == stand && v.unit_state(o).concealed)
                .find_map(|o| v.marker(o, CROSS_COUNTRY));
            Some(mate.unwrap_or_else(|| new_column_id(v, &[])))
        }
        _ => None,
    };
    out.effects.push(kit::marker(v, u, CROSS_COUNTRY, value));
    out.summary = format!(
        "{}: {} → {} (concealed behind stand {number}: {})",
        v.info(u).id,
        from.words(),
        to.words(),
        if to == Formation::Line {
            "dispersed, in a forest"
        } else {
            "in its column again"
        }
    );
    Ok(out)
}

/// `u` and the regiments `--with` names (with every regiment of a column among them) form one
/// cross-country column: 3 or more regiments of one side, stand to stand.
fn form_column(v: &BattleView<'_>, p: &Params, u: usize) -> Result<Outcome, RuleError> {
    let mut named = vec![u];
    for id in p.list("with") {
        let o = v.unit(id)?;
        if named.contains(&o) {
            continue;
        }
        on_table(v, o)?;
        if !kind_of(v, o)?.is_infantry() {
            return Err(refuse::refused(v, o, "is not an infantry regiment: only regiments form a cross-country column"));
        }
        if v.info(o).side != v.info(u).side {
            return Err(RuleError::refused(format!(
                "{} is not on {}'s side",
                v.label(o),
                v.info(u).id
            )));
        }
        if v.unit_state(o).concealed {
            return Err(RuleError::refused(format!(
                "{} is concealed behind stand {}: it joins a column on the table only once exposed",
                v.label(o),
                column_number(v, o)
            )));
        }
        named.push(o);
    }
    // A regiment already in a column brings its column.
    let mut members = named.clone();
    let mut ids: Vec<i32> = Vec::new();
    for &o in &named {
        if let Some(id) = v.marker(o, CROSS_COUNTRY) {
            if !ids.contains(&id) {
                ids.push(id);
            }
            for m in column_members(v, id) {
                if !members.contains(&m) {
                    members.push(m);
                }
            }
        }
    }
    if members.len() < 3 {
        return Err(RuleError::refused(format!(
            "a cross-country column is 3 or more regiments stand to stand: name the others with --with ({} named)",
            members.len()
        )));
    }
    let id = ids
        .first()
        .copied()
        .unwrap_or_else(|| new_column_id(v, &[]));
    if members
        .iter()
        .all(|&m| v.marker(m, CROSS_COUNTRY) == Some(id))
    {
        return Err(RuleError::refused(format!(
            "{} {} already in cross-country column {id}",
            members
                .iter()
                .map(|&m| v.info(m).id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            if members.len() == 1 { "is" } else { "are" }
        )));
    }
    let mut out = Outcome::default();
    for &m in &members {
        if v.marker(m, CROSS_COUNTRY) != Some(id) {
            out.effects.push(kit::marker(v, m, CROSS_COUNTRY, Some(id)));
        }
        if kit::has(v, m, ROAD_COLUMN) {
            out.effects.push(kit::marker(v, m, ROAD_COLUMN, None));
        }
    }
    let names: Vec<&str> = members.iter().map(|&m| v.info(m).id.as_str()).collect();
    out.summary = format!(
        "{} form cross-country column {id}: {} regiments stand to stand, fighting as one regiment",
        names.join(", "),
        members.len()
    );
    Ok(out)
}
