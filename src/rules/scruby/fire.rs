//! Rifle fire: from the umpire's inputs to the rifle table's row (read in its order of
//! precedence) or the gun-crew table, then thrown with its explanation or counted into exact odds.
//!
//! [`RifleFire`] holds plain values; [`RifleFire::shot`] says what the fire needs, and both
//! [`resolve`] and [`odds`] read that one answer.

use super::defs::{Formation, Kind, Position, Settings};
use super::inputs;
use super::tables::{
    self, CrewRow, Need, RifleCase, RifleReading, crew_row, refuse_inner_village, rifle_need,
    rifle_row, throw, throw_words,
};
use crate::declare::{Params, RuleError, Value};
use crate::dice::DiceSource;
use crate::odds::{Deferred, OddsReport, Words, Written};
use crate::odds::exact::{self, Exact, Prob};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// A rifle fire, in plain values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RifleFire {
    pub case: RifleCase,
    /// The target's type, when given.
    pub target: Option<Kind>,
    /// Fire at a gun's crew.
    pub at_crew: bool,
    pub range: Option<f64>,
}

/// What a rifle fire needs, decided without its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RiflePlan {
    Row {
        number: u8,
        need: Need,
        fires_as: Formation,
    },
    Crew(&'static CrewRow),
    Harmless,
}

impl RiflePlan {
    fn need(self) -> Need {
        match self {
            RiflePlan::Row { need, .. } => need,
            RiflePlan::Crew(c) => c.need,
            RiflePlan::Harmless => Need::Never,
        }
    }
}

/// What a rifle fire needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RifleShot {
    /// A row of the rifle fire table.
    Row(RifleReading),
    /// A row of the gun-crew table.
    Crew(&'static CrewRow),
    /// The fire cannot kill (Line fire at light cavalry under the concealment rules): why.
    Harmless(String),
}

impl RifleShot {
    pub fn need(&self) -> Need {
        match self {
            RifleShot::Row(r) => r.need,
            RifleShot::Crew(c) => c.need,
            RifleShot::Harmless(_) => Need::Never,
        }
    }
}

/// Reads a typed input that is one of a known set of words.
pub(crate) fn word<T>(
    p: &Params,
    defs: &'static [crate::declare::ParamDef],
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, RuleError> {
    word_of(p.text(name), p, defs, name, parse)
}

/// [`word`] of the text already read of input `name` (`None`: not given as a text).
pub(crate) fn word_of<T>(
    text: Option<&str>,
    p: &Params,
    defs: &'static [crate::declare::ParamDef],
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, RuleError> {
    let text = match text {
        Some(text) => text,
        None => p.require_text(inputs::param(defs, name))?,
    };
    parse(text).ok_or_else(|| RuleError::refused(format!("--{name} {text:?} is not known")))
}

/// Reads a whole-number input as figures.
pub(crate) fn figures(
    p: &Params,
    defs: &'static [crate::declare::ParamDef],
    name: &str,
) -> Result<u8, RuleError> {
    let n = p
        .int(name)
        .ok_or_else(|| crate::declare::ParamError::Missing {
            param: name.to_string(),
            help: inputs::param(defs, name).help.to_string(),
        })?;
    Ok(u8::try_from(n).unwrap_or(u8::MAX))
}

/// Checks a range against musket range: the refusal beyond it.
pub fn check_musket_range(range: Option<f64>, s: &Settings, what: &str) -> Result<(), RuleError> {
    match range {
        Some(r) if r > s.musket_range => Err(RuleError::refused(format!(
            "--range {r}: beyond musket range ({}\", option musket_range): no {what} possible, nothing is rolled",
            s.musket_range
        ))),
        _ => Ok(()),
    }
}

/// Checks a range against musket range: the context line, or the refusal.
pub fn musket_range(range: Option<f64>, s: &Settings, what: &str) -> Result<String, RuleError> {
    check_musket_range(range, s, what)?;
    match range {
        Some(r) => Ok(format!(
            "range {r}\": within musket range ({}\")",
            s.musket_range
        )),
        None => Ok(format!(
            "within musket range ({}\", option musket_range)",
            s.musket_range
        )),
    }
}

impl RifleFire {
    /// The fire from its inputs, read in one pass over them.
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let d = inputs::RIFLE_PARAMS;
        let (mut firer, mut formation, mut from, mut target_in, mut target) =
            (None, None, None, None, None);
        let (mut figures_left, mut at_crew, mut range) = (None, false, None);
        for (name, value) in p.iter() {
            let text = value.as_text();
            match (name, value) {
                ("firer", _) => firer = text,
                ("formation", _) => formation = text,
                ("from", _) => from = text,
                ("target-in", _) => target_in = text,
                ("target", _) => target = text,
                ("at-crew", v) => at_crew = *v == Value::Bool(true),
                ("range", Value::Num(x)) => range = Some(*x),
                ("range", Value::Int(n)) => range = Some(*n as f64),
                ("figures", Value::Int(n)) => figures_left = Some(u8::try_from(*n).unwrap_or(u8::MAX)),
                _ => {}
            }
        }
        Ok(RifleFire {
            case: RifleCase {
                firer: word_of(firer, p, d, "firer", Kind::parse)?,
                figures: match figures_left {
                    Some(n) => n,
                    None => figures(p, d, "figures")?,
                },
                formation: word_of(formation, p, d, "formation", Formation::parse)?,
                from: word_of(from, p, d, "from", Position::parse)?,
                target_in: word_of(target_in, p, d, "target-in", Position::parse)?,
            },
            target: target.and_then(Kind::parse),
            at_crew,
            range,
        })
    }

    /// The fire at a gun's crew: asked for, or the target is a gun.
    pub fn at_gun(&self) -> bool {
        self.at_crew || self.target.is_some_and(Kind::is_gun)
    }

    /// What the fire needs, with the context lines of the explanation; or why it cannot be fired.
    pub fn shot(&self, s: &Settings) -> Result<(RifleShot, Vec<String>), RuleError> {
        let plan = self.plan(s)?;
        let c = self.case;
        let mut context = vec![musket_range(self.range, s, "rifle fire")?];
        match plan {
            RiflePlan::Crew(row) => {
                context.push(
                    "fire at a gun crew: the crew table depends only on the firer's type and figures (decision)"
                        .into(),
                );
                Ok((RifleShot::Crew(row), context))
            }
            RiflePlan::Harmless => Ok((
                RifleShot::Harmless(
                    "concealment rules: Line infantry's rifle fire cannot kill light cavalry (only Light infantry's and Grenadiers' can)"
                        .into(),
                ),
                context,
            )),
            RiflePlan::Row { fires_as, .. } => {
                let reading = rifle_row(c, s)?;
                context.push(
                    "the rows are read in order: row 7 first, then row 5, then rows 1–4 and 6"
                        .into(),
                );
                if c.formation == Formation::CrossCountry {
                    context.push(format!(
                        "a cross-country column fights as one regiment: the regiment facing the target fires, as a {} (option cross_country_fires_as)",
                        if fires_as == Formation::Line {
                            "line"
                        } else {
                            "road column"
                        }
                    ));
                }
                if c.from == Position::ForestInner || c.target_in == Position::ForestInner {
                    context.push(
                        "inside a forest: fire only to the square directly in front, between adjacent squares"
                            .into(),
                    );
                }
                Ok((RifleShot::Row(reading), context))
            }
        }
    }

    /// What the fire needs, without the words; or why it cannot be fired.
    fn plan(&self, s: &Settings) -> Result<RiflePlan, RuleError> {
        let c = self.case;
        if self.target.is_some_and(Kind::is_works) {
            return Err(RuleError::refused(format!(
                "--target works: rifle fire cannot damage walls, a fortress or a ship: {}",
                tables::ONLY_ARTILLERY
            )));
        }
        check_musket_range(self.range, s, "rifle fire")?;
        if self.at_crew
            && let Some(t) = self.target.filter(|t| !t.is_gun())
        {
            return Err(RuleError::refused(format!(
                "--at-crew fires at a gun's crew, but --target is {}: give --target cannon or horse-artillery, or leave it out",
                t.id()
            )));
        }
        if let Some(t) = self.target {
            c.target_in.admits(t).map_err(|e| {
                RuleError::refused(format!("--target-in {}: {e}", c.target_in.id()))
            })?;
        }
        if self.at_gun() {
            if !c.firer.is_infantry() {
                return Err(RuleError::refused("--firer: only infantry fire rifles"));
            }
            tables::check_figures(c.firer, c.figures, "figures")?;
            refuse_inner_village(c.from, c.target_in)?;
            return Ok(RiflePlan::Crew(crew_row(c.firer, c.figures)));
        }
        let (number, need, fires_as) = rifle_need(c, s)?;
        if s.concealment && c.firer == Kind::Line && self.target == Some(Kind::LightCavalry) {
            return Ok(RiflePlan::Harmless);
        }
        Ok(RiflePlan::Row {
            number,
            need,
            fires_as,
        })
    }

    fn title(&self) -> String {
        let c = self.case;
        let strength = tables::figs(c.figures);
        let at = if self.at_gun() {
            format!("at a gun's crew {}", c.target_in.words())
        } else {
            match self.target {
                Some(t) => format!("at {} {}", t.name(), c.target_in.words()),
                None => format!("at a target {}", c.target_in.words()),
            }
        };
        format!(
            "Rifle fire: {} ({strength}, {}) {} {at}",
            c.firer.name(),
            c.formation.id(),
            c.from.from_words()
        )
    }
}

/// What the fire does, in words for the result.
fn result_words(shot: &RifleShot, kill: bool) -> &'static str {
    match (shot, kill) {
        (RifleShot::Crew(_), true) => "The crew is killed",
        (RifleShot::Crew(_), false) => "The crew survives",
        (_, true) => "One figure killed",
        (_, false) => "No kill",
    }
}

/// A rifle fire with dice: the explanation and whether it killed (a figure, or the crew).
pub fn resolve(
    fire: &RifleFire,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, bool), RuleError> {
    let (shot, context) = fire.shot(s)?;
    let need = shot.need();
    let (step, kill) = match &shot {
        RifleShot::Row(r) => {
            let purpose = format!(
                "rifle fire, row {} ({}): {} kills one figure",
                r.row.number,
                r.row.firer,
                need.faces_words(s.three_six)
            );
            let (roll, kill) = throw(need, s.three_six, dice, &purpose)?;
            let mut notes = vec![r.why.clone()];
            notes.extend(r.passed_over.iter().cloned());
            (
                Step {
                    label: "Rifle fire".into(),
                    table: Some("Rifle fire table".into()),
                    outcome: throw_words(
                        need,
                        s.three_six,
                        roll.as_ref(),
                        kill,
                        "one figure killed",
                        "no kill",
                    ),
                    dice: roll.into_iter().collect(),
                    row: Some(r.row.words()),
                    notes,
                    ..Step::default()
                },
                kill,
            )
        }
        RifleShot::Crew(c) => {
            let purpose = format!(
                "rifle fire at the gun crew, row {} ({}): {} kills the crew",
                c.letter,
                c.firer,
                need.faces_words(s.three_six)
            );
            let (roll, kill) = throw(need, s.three_six, dice, &purpose)?;
            (
                Step {
                    label: "Rifle fire at the gun crew".into(),
                    table: Some("Rifle fire at a gun crew".into()),
                    outcome: throw_words(
                        need,
                        s.three_six,
                        roll.as_ref(),
                        kill,
                        "the crew is killed",
                        "the crew survives",
                    ),
                    dice: roll.into_iter().collect(),
                    row: Some(format!(
                        "{} — {} | kills the crew {}",
                        c.letter,
                        c.firer,
                        c.need.published()
                    )),
                    notes: vec![format!(
                        "{}, {}, firing at a gun's crew: row {}, kills the crew {}",
                        fire.case.firer.name(),
                        tables::figs(fire.case.figures),
                        c.letter,
                        c.need.published()
                    )],
                    ..Step::default()
                },
                kill,
            )
        }
        RifleShot::Harmless(why) => (
            Step {
                label: "Rifle fire".into(),
                table: Some("Rifle fire table".into()),
                outcome: "no kill (no die thrown)".into(),
                notes: vec![why.clone()],
                ..Step::default()
            },
            false,
        ),
    };
    let effects = match (&shot, kill) {
        (RifleShot::Crew(_), true) => vec![
            "the gun can neither fire nor move; whoever holds it for 3 moves re-mans it".into(),
        ],
        (RifleShot::Crew(_), false) => vec!["the gun keeps its crew".into()],
        (_, true) => vec!["the target loses one figure: take it off the tray".into()],
        (_, false) => vec!["no effect".into()],
    };
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "rifle".into(),
            title: fire.title(),
            context,
            steps: vec![step],
            result: result_words(&shot, kill).into(),
            effects,
            rolled_by_program: dice.is_generated(),
        },
        kill,
    ))
}

/// The exact chance that the fire kills.
pub fn kill_odds(shot: &RifleShot, s: &Settings) -> Exact<bool> {
    let p = shot.need().chance(s.three_six);
    let mut d = Exact::new();
    d.add(true, p);
    d.add(false, Prob::from_integer(1) - p);
    d
}

/// Exact odds of a rifle fire: the chance of a kill from what the fire needs; the title and the
/// notes written when shown.
pub fn odds(fire: &RifleFire, s: &Settings) -> Result<OddsReport, RuleError> {
    let plan = fire.plan(s)?;
    let p = plan.need().chance(s.three_six);
    let crew = matches!(plan, RiflePlan::Crew(_));
    let key = if crew { "p_crew_killed" } else { "p_kill" };
    let (kill, no_kill) = if crew {
        ("The crew is killed", "The crew survives")
    } else {
        ("One figure killed", "No kill")
    };
    let words = Deferred::new(RifleWords {
        fire: *fire,
        settings: *s,
    });
    Ok(OddsReport {
        title: words.title(),
        results: vec![
            exact::odds_line(kill, p),
            exact::odds_line(no_kill, Prob::from_integer(1) - p),
        ],
        notes: words.notes(),
        extra: Figures::from([(key.into(), exact::to_f64(p))]),
    })
}

/// The title and notes of a rifle fire's odds, written from the fire and the settings.
struct RifleWords {
    fire: RifleFire,
    settings: Settings,
}

impl Words for RifleWords {
    fn write(&self) -> Written {
        let s = &self.settings;
        let notes = match self.fire.shot(s) {
            Err(e) => vec![e.to_string()],
            Ok((shot, mut notes)) => {
                match &shot {
                    RifleShot::Row(r) => {
                        notes.push(r.row.words());
                        notes.push(r.why.clone());
                    }
                    RifleShot::Crew(c) => notes.push(format!(
                        "row {} — {} | kills the crew {}",
                        c.letter,
                        c.firer,
                        c.need.published()
                    )),
                    RifleShot::Harmless(why) => notes.push(why.clone()),
                }
                if shot.need().needs_die() {
                    notes.push(format!(
                        "kills on a roll of {} (one d6)",
                        shot.need().faces_words(s.three_six)
                    ));
                }
                notes
            }
        };
        Written {
            title: self.fire.title(),
            notes,
            ..Written::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::enumerate;
    use crate::rules::scruby::defs::RoadColumnRow;
    use crate::rules::scruby::test_settings;
    use Formation::*;
    use Position::*;

    fn case(
        firer: Kind,
        figures: u8,
        formation: Formation,
        from: Position,
        target_in: Position,
    ) -> RifleCase {
        RifleCase {
            firer,
            figures,
            formation,
            from,
            target_in,
        }
    }

    /// The row number and the need a case reads.
    fn row(c: RifleCase, s: &Settings) -> (u8, Need) {
        let r = rifle_row(c, s).unwrap();
        (r.row.number, r.need)
    }

    const STRONG: [Position; 5] = [Town, Hill, VillageOuter, ForestOuter, ForestInner];
    const TARGETS: [Position; 6] = [Open, Town, Hill, VillageOuter, ForestOuter, ForestInner];

    #[test]
    fn rows_1_to_4_line_from_the_open_at_the_open() {
        let s = Settings::default();
        for n in 2..=4 {
            assert_eq!(
                row(case(Kind::Line, n, Line, Open, Open), &s),
                (1, Need::Always)
            );
            assert_eq!(
                row(case(Kind::Line, n, RoadColumn, Open, Open), &s),
                (3, Need::OneThreeSix)
            );
        }
        assert_eq!(
            row(case(Kind::Line, 1, Line, Open, Open), &s),
            (2, Need::OneThreeSix)
        );
        assert_eq!(
            row(case(Kind::Line, 1, RoadColumn, Open, Open), &s),
            (4, Need::Six)
        );
    }

    #[test]
    fn row_5_from_a_strong_position() {
        let s = Settings::default();
        for from in STRONG {
            for n in 1..=4 {
                for f in [Line, RoadColumn, CrossCountry] {
                    assert_eq!(
                        row(case(Kind::Line, n, f, from, Open), &s),
                        (5, Need::Always),
                        "{from:?} {n} {f:?}"
                    );
                    for target in STRONG {
                        assert_eq!(
                            row(case(Kind::Line, n, f, from, target), &s),
                            (5, Need::OneThreeSix),
                            "both in position: {from:?} at {target:?}"
                        );
                    }
                }
            }
        }
    }

    /// Digest, rifle fire, "Decision (changed)": row 6 reads "Any 4-3-2 Unit Regiment,
    /// ATTACKING from the open against a village, hill or forest" — any formation, so Line in road
    /// column firing from the open at such a position uses row 6 (1-3-6; a 1-figure regiment on a
    /// 6). The harsher "on a 6 at any strength" reading stays an option, off by default.
    #[test]
    fn row_6_holds_for_any_formation_and_row_8_is_the_option() {
        let s = Settings::default();
        for target in STRONG {
            for formation in [Line, RoadColumn, CrossCountry] {
                for n in 2..=4 {
                    assert_eq!(
                        row(case(Kind::Line, n, formation, Open, target), &s),
                        (6, Need::OneThreeSix),
                        "{formation:?} {n} at {target:?}"
                    );
                }
                assert_eq!(
                    row(case(Kind::Line, 1, formation, Open, target), &s),
                    (6, Need::Six)
                );
            }
        }
        // The other reading, for groups who read it so: a road column kills on a 6 at any
        // strength.
        let s8 = Settings {
            road_column_against_position: RoadColumnRow::Row8,
            ..s
        };
        for n in 1..=4 {
            assert_eq!(
                row(case(Kind::Line, n, RoadColumn, Open, Hill), &s8),
                (8, Need::Six)
            );
        }
        assert_eq!(
            row(case(Kind::Line, 3, Line, Open, Hill), &s8),
            (6, Need::OneThreeSix),
            "a line still reads row 6"
        );
    }

    #[test]
    fn row_7_light_and_grenadiers_always_kill() {
        let s = Settings::default();
        for firer in [Kind::Light, Kind::Grenadier] {
            for n in 1..=4 {
                for f in [Line, RoadColumn, CrossCountry] {
                    for from in [Open, Town, Hill, VillageOuter, ForestOuter, ForestInner] {
                        for target in TARGETS {
                            assert_eq!(row(case(firer, n, f, from, target), &s), (7, Need::Always));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn precedence() {
        let s = Settings::default();
        // Row 7 over row 5: Light infantry in a town at a target in a town kill automatically,
        // where row 5 would roll 1-3-6.
        assert_eq!(
            row(case(Kind::Light, 2, Line, Town, Town), &s),
            (7, Need::Always)
        );
        // Row 5 over row 6: a 1-figure Line regiment on a hill at a village needs 1-3-6 (row 5),
        // not a 6 (row 6).
        assert_eq!(
            row(case(Kind::Line, 1, Line, Hill, VillageOuter), &s),
            (5, Need::OneThreeSix)
        );
        // Row 5 over row 6: a road column in a town at a forest.
        assert_eq!(
            row(case(Kind::Line, 4, RoadColumn, Town, ForestOuter), &s),
            (5, Need::OneThreeSix)
        );
        // Both in position: the exchange rolls both ways.
        assert_eq!(
            row(case(Kind::Line, 4, Line, VillageOuter, Hill), &s).1,
            Need::OneThreeSix
        );
        assert_eq!(
            row(case(Kind::Line, 4, Line, Hill, VillageOuter), &s).1,
            Need::OneThreeSix
        );
    }

    #[test]
    fn cross_country_columns_fire_on_the_road_column_rows() {
        let s = Settings::default();
        assert_eq!(row(case(Kind::Line, 4, CrossCountry, Open, Open), &s).0, 3);
        assert_eq!(row(case(Kind::Line, 1, CrossCountry, Open, Open), &s).0, 4);
        assert_eq!(row(case(Kind::Line, 4, CrossCountry, Open, Hill), &s).0, 6);
        let as_line = Settings {
            cross_country_fires_as: Line,
            ..s
        };
        assert_eq!(
            row(case(Kind::Line, 4, CrossCountry, Open, Open), &as_line).0,
            1
        );
        assert_eq!(
            row(case(Kind::Line, 1, CrossCountry, Open, Hill), &as_line),
            (6, Need::Six)
        );
    }

    #[test]
    fn the_inner_area_of_a_village_is_refused() {
        let s = Settings::default();
        let e = rifle_row(case(Kind::Light, 4, Line, Open, VillageInner), &s)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--target-in village-inner") && e.contains("cannot be fired on"),
            "{e}"
        );
        let e = rifle_row(case(Kind::Line, 4, Line, VillageInner, Open), &s)
            .unwrap_err()
            .to_string();
        assert!(e.contains("--from village-inner"), "{e}");
    }

    #[test]
    fn the_why_names_the_row_and_its_faces() {
        let s = Settings::default();
        let r = rifle_row(case(Kind::Line, 1, Line, Open, Open), &s).unwrap();
        assert_eq!(
            r.why,
            "Line infantry, 1 figure, in line, from the open, target in the open: row 2, kills on 1-3-6"
        );
        assert_eq!(r.passed_over.len(), 2);
    }

    fn fire(c: RifleCase) -> RifleFire {
        RifleFire {
            case: c,
            target: None,
            at_crew: false,
            range: None,
        }
    }

    fn kills(f: &RifleFire, s: &Settings, faces: &str) -> bool {
        let mut d = if faces.is_empty() {
            TypedDice::new([])
        } else {
            TypedDice::parse(faces).unwrap()
        };
        let (_, k) = resolve(f, s, &mut d).unwrap();
        d.finish().unwrap();
        k
    }

    #[test]
    fn kill_faces_of_each_row() {
        let s = Settings::default();
        let row2 = fire(case(Kind::Line, 1, Line, Open, Open));
        let got: Vec<bool> = (1..=6).map(|f| kills(&row2, &s, &f.to_string())).collect();
        assert_eq!(got, [true, false, true, false, false, true]);
        let row4 = fire(case(Kind::Line, 1, RoadColumn, Open, Open));
        let got: Vec<bool> = (1..=6).map(|f| kills(&row4, &s, &f.to_string())).collect();
        assert_eq!(got, [false, false, false, false, false, true]);
        // Automatic: no die may be typed.
        let row1 = fire(case(Kind::Line, 4, Line, Open, Open));
        let mut d = TypedDice::parse("3").unwrap();
        assert!(resolve(&row1, &s, &mut d).unwrap().1);
        assert!(d.finish().is_err(), "an automatic kill throws no die");
    }

    /// The row and kill faces every combination should read, written out from the digest's table
    /// and its order of precedence (an oracle apart from [`rifle_row`]).
    fn expected(c: RifleCase, row8: bool) -> (u8, &'static [u8]) {
        const ALL: &[u8] = &[1, 2, 3, 4, 5, 6];
        const OTS: &[u8] = &[1, 3, 6];
        const SIX: &[u8] = &[6];
        let strong = |p: Position| !matches!(p, Open | VillageInner);
        let column = c.formation != Line;
        match (c.firer, c.figures) {
            (Kind::Light | Kind::Grenadier, _) => (7, ALL),
            _ if strong(c.from) && strong(c.target_in) => (5, OTS),
            _ if strong(c.from) => (5, ALL),
            (_, n) if c.target_in == Open => match (column, n) {
                (false, 1) => (2, OTS),
                (false, _) => (1, ALL),
                (true, 1) => (4, SIX),
                (true, _) => (3, OTS),
            },
            _ if column && row8 => (8, SIX),
            (_, 1) => (6, SIX),
            _ => (6, OTS),
        }
    }

    #[test]
    fn every_combination_reads_its_row_and_kills_on_its_faces() {
        for row8 in [false, true] {
            every_combination(row8);
        }
    }

    fn every_combination(row8: bool) {
        let s = if row8 {
            test_settings(&["road_column_against_position=row-8"])
        } else {
            Settings::default()
        };
        let mut rows_seen = std::collections::BTreeSet::new();
        for firer in [Kind::Line, Kind::Light, Kind::Grenadier] {
            for n in 1..=4 {
                for formation in [Line, RoadColumn, CrossCountry] {
                    for from in TARGETS {
                        for target_in in TARGETS {
                            let c = case(firer, n, formation, from, target_in);
                            let (row, faces) = expected(c, row8);
                            rows_seen.insert(row);
                            let f = fire(c);
                            let auto = faces.len() == 6;
                            for face in 1..=6u8 {
                                let typed = if auto {
                                    String::new()
                                } else {
                                    face.to_string()
                                };
                                let mut d = if auto {
                                    TypedDice::new([])
                                } else {
                                    TypedDice::parse(&typed).unwrap()
                                };
                                let (r, kill) = resolve(&f, &s, &mut d).unwrap();
                                d.finish().unwrap();
                                let said = r.steps[0].row.as_deref().unwrap();
                                assert!(said.starts_with(&format!("row {row} —")), "{c:?}: {said}");
                                assert_eq!(kill, faces.contains(&face), "{c:?} face {face}");
                                assert_eq!(r.steps[0].dice.len(), usize::from(!auto), "{c:?}");
                            }
                        }
                    }
                }
            }
        }
        let mut want = vec![1, 2, 3, 4, 5, 6, 7];
        if row8 {
            want.push(8);
        }
        assert_eq!(rows_seen.into_iter().collect::<Vec<_>>(), want);
    }

    /// Digest, rifle fire at a gun crew: "Line 4/3/2 kill the crew on 3-6" — a 3 or a 6, one
    /// third (the winning-faces convention); 3 to 6 only under the option.
    #[test]
    fn crew_table() {
        let s = Settings::default();
        let mut f = fire(case(Kind::Line, 3, Line, Open, Open));
        f.at_crew = true;
        let got: Vec<bool> = (1..=6).map(|x| kills(&f, &s, &x.to_string())).collect();
        assert_eq!(got, [false, false, true, false, false, true]);
        let (shot, _) = f.shot(&s).unwrap();
        assert_eq!(kill_odds(&shot, &s).p(&true), Prob::new(1, 3));
        let to6 = test_settings(&["three_six=3-to-6"]);
        let got: Vec<bool> = (1..=6).map(|x| kills(&f, &to6, &x.to_string())).collect();
        assert_eq!(got, [false, false, true, true, true, true]);
        f.case.figures = 1;
        let got: Vec<bool> = (1..=6).map(|x| kills(&f, &s, &x.to_string())).collect();
        assert_eq!(got, [false, false, false, false, false, true]);
        f.case.firer = Kind::Grenadier;
        let got: Vec<bool> = (1..=6).map(|x| kills(&f, &s, &x.to_string())).collect();
        assert_eq!(got, [true, false, true, false, false, true]);
        // A gun as the target is fire at its crew.
        let mut g = fire(case(Kind::Line, 1, Line, Open, Open));
        g.target = Some(Kind::Cannon);
        assert!(matches!(g.shot(&s).unwrap().0, RifleShot::Crew(_)));
        g.at_crew = true;
        g.target = Some(Kind::Line);
        assert!(g.shot(&s).is_err());
    }

    #[test]
    fn concealment_protects_light_cavalry_from_line_fire() {
        let s = Settings::default();
        let mut f = fire(case(Kind::Line, 4, Line, Open, Open));
        f.target = Some(Kind::LightCavalry);
        assert!(kills(&f, &s, ""), "without concealment: row 1");
        let c = test_settings(&["concealment=true"]);
        let mut d = TypedDice::new([]);
        let (r, k) = resolve(&f, &c, &mut d).unwrap();
        assert!(!k);
        assert!(r.steps[0].notes[0].contains("cannot kill light cavalry"));
        f.case.firer = Kind::Light;
        assert!(kills(&f, &c, ""), "Light infantry's fire still kills");
    }

    #[test]
    fn musket_range_refuses_beyond() {
        let s = Settings::default();
        let mut f = fire(case(Kind::Line, 4, Line, Open, Open));
        f.range = Some(6.0);
        assert!(f.shot(&s).is_ok());
        f.range = Some(6.5);
        let e = f.shot(&s).unwrap_err().to_string();
        assert!(e.contains("beyond musket range (6\""), "{e}");
        let nine = test_settings(&["musket_range=9"]);
        assert!(f.shot(&nine).is_ok());
    }

    #[test]
    fn odds_equal_brute_force() {
        let settings = [
            Settings::default(),
            test_settings(&["three_six=3-to-6", "concealment=true"]),
        ];
        for s in &settings {
            for firer in [Kind::Line, Kind::Light] {
                for n in [1, 3] {
                    for formation in [Line, RoadColumn, CrossCountry] {
                        for from in [Open, Hill] {
                            for target_in in [Open, VillageOuter] {
                                for (at_crew, target) in [
                                    (false, None),
                                    (true, None),
                                    (false, Some(Kind::LightCavalry)),
                                ] {
                                    let f = RifleFire {
                                        case: case(firer, n, formation, from, target_in),
                                        target,
                                        at_crew,
                                        range: None,
                                    };
                                    let (shot, _) = f.shot(s).unwrap();
                                    let exact = kill_odds(&shot, s);
                                    let brute =
                                        enumerate(|d| resolve(&f, s, d).map(|(_, k)| k)).unwrap();
                                    for k in [true, false] {
                                        assert!(
                                            (exact::to_f64(exact.p(&k)) - brute.p(&k)).abs()
                                                < 1e-12,
                                            "{f:?}"
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
