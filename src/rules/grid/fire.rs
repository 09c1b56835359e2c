//! Fire: a unit's dice at an enemy unit, with the exact chance of each number of hits.

use super::defs::{FIRE, FIRE_DEF, FIRED, KINDS, LONG_RANGE};
use crate::declare::params::param;
use crate::declare::{ActionDef, Losses, Options, ParamDef, Params, RuleError, TableDoc, Value};
use crate::dice::{DiceSource, Die, Roll};
use crate::model::BattleView;
use crate::odds::{self, Deferred, OddsLine, OddsReport, Written, WrittenBy};
use crate::resolution::{Resolution, Step};
use crate::ruleset::kit::{self, refuse};
use crate::ruleset::{ActResult, Outcome, Procedure};

/// The one published table, for `umpire rulesets` and the help screen.
pub fn table_docs() -> Vec<TableDoc> {
    let row = |a: &str, b: &str| vec![a.to_string(), b.to_string()];
    vec![TableDoc {
        name: "To hit (each die)".into(),
        columns: vec!["Fire".into(), "Hits on".into()],
        rows: vec![
            row("Within long range", "4+"),
            row("Beyond long range", "5+"),
            row("Target in cover", "one more (a 6 always hits)"),
        ],
        notes: vec!["Infantry throws 2 dice, a tank 3; each hit is a loss".into()],
    }]
}

/// The fire procedure.
pub struct Fire;

/// What one fire needs: the dice and the face each must reach, and what decides them.
#[derive(Clone, Copy)]
struct Shot {
    kind: &'static str,
    dice: u32,
    need: u8,
    range: i64,
    long: i64,
    cover: bool,
}

impl Shot {
    fn of(params: &Params, options: &Options) -> Result<Shot, RuleError> {
        let kind = params.require_text(param(FIRE_DEF.params, "firer-kind"))?;
        let (kind, dice, _) = KINDS.iter().find(|(k, _, _)| *k == kind).ok_or_else(|| {
            RuleError::refused(format!("--firer-kind: `{kind}` is not infantry or tank"))
        })?;
        let range = params.require_num(param(FIRE_DEF.params, "range"))? as i64;
        let long = options.int(LONG_RANGE);
        let cover = params.flag("cover");
        let need = 4 + u8::from(range > long) + u8::from(cover);
        Ok(Shot {
            kind,
            dice: *dice,
            need: need.min(6),
            range,
            long,
            cover,
        })
    }

    /// The reasons, in words.
    fn why(&self) -> Vec<String> {
        let (kind, dice, range, long) = (self.kind, self.dice, self.range, self.long);
        let mut why = vec![format!("{kind}: {dice} dice, each hits on 4+")];
        if range > long {
            why.push(format!("range {range} beyond long range {long}: 5+"));
        }
        if self.cover {
            why.push("target in cover: one more".into());
        }
        why
    }

    fn hits(&self, face: u8) -> bool {
        face >= self.need
    }
}

fn resolve(shot: &Shot, who: &str, dice: &mut dyn DiceSource) -> Result<Resolution, RuleError> {
    let purpose = format!("{who} fires: hits on {}+", shot.need);
    let rolls = (0..shot.dice)
        .map(|_| {
            dice.roll(Die::D6, &purpose).map(|face| Roll {
                die: Die::D6,
                face,
                purpose: purpose.clone(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let hits = rolls.iter().filter(|r| r.face >= shot.need).count() as u32;
    Ok(Resolution {
        ruleset: "grid".into(),
        action: FIRE.into(),
        title: format!("{who} fires"),
        context: shot.why(),
        steps: vec![Step {
            label: format!("{who} fires {} dice", shot.dice),
            table: Some("To hit".into()),
            dice: rolls,
            row: Some(format!("{}+", shot.need)),
            outcome: Losses::HITS.count(hits),
            ..Step::default()
        }],
        result: Losses::HITS.count(hits),
        effects: Vec::new(),
        rolled_by_program: dice.is_generated(),
    })
}

impl Procedure for Fire {
    fn def(&self) -> &'static ActionDef {
        &FIRE_DEF
    }

    /// The chance of each number of hits, counted over the dice's faces; the words written
    /// when shown.
    fn table_odds(&self, params: &Params, options: &Options) -> Result<OddsReport, RuleError> {
        let shot = Shot::of(params, options)?;
        let hit_faces = Die::D6.faces().filter(|f| shot.hits(*f)).count() as u32;
        let words = Deferred::new(WrittenBy(move || Written {
            title: format!("{} dice hitting on {}+", shot.dice, shot.need),
            results: (0..=shot.dice).map(|n| Losses::HITS.count(n)).collect(),
            notes: shot.why(),
        }));
        Ok(OddsReport {
            title: words.title(),
            results: odds::binomial_faces(shot.dice, hit_faces, Die::D6)
                .into_iter()
                .enumerate()
                .map(|(n, probability)| OddsLine {
                    result: words.result(n),
                    probability,
                })
                .collect(),
            notes: words.notes(),
            extra: Default::default(),
        })
    }

    fn table_resolve(
        &self,
        params: &Params,
        options: &Options,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, RuleError> {
        resolve(&Shot::of(params, options)?, "The firer", dice)
    }

    fn prefill(&self, v: &BattleView<'_>, params: &Params) -> Result<Params, RuleError> {
        let mut p = params.clone();
        if let Some(f) = kit::named(v, params, "firer") {
            kit::prefill::fill(&mut p, "firer-kind", Value::Text(v.info(f).kind.clone()));
        }
        Ok(p)
    }

    fn input_applies(&self, _v: &BattleView<'_>, input: &ParamDef, _given: &Params) -> bool {
        input.name != "firer-kind"
    }

    fn check_inputs(&self, v: &BattleView<'_>, given: &Params) -> Result<(), RuleError> {
        kit::check_units(v, &FIRE_DEF, given)?;
        if v.state.phase != FIRE {
            return Err(RuleError::refused("units fire only in their side's fire phase"));
        }
        if let Some(f) = kit::named(v, given, "firer") {
            refuse::on_table(v, f)?;
            let turn = v.info(f).side == v.active_side();
            refuse::unless(!turn, v, f, "is not of the side whose turn it is")?;
            refuse::unless(kit::has(v, f, FIRED), v, f, "has fired this turn")?;
            if let Some(t) = kit::named(v, given, "target") {
                let friend = v.info(t).side == v.info(f).side;
                refuse::unless(friend, v, t, "is a friend: fire at the enemy")?;
                refuse::on_table(v, t)?;
            }
        }
        Ok(())
    }

    fn act(&self, v: &BattleView<'_>, p: &Params, dice: &mut dyn DiceSource) -> ActResult {
        self.check_inputs(v, p)?;
        let firer = kit::unit(v, p, "firer")?;
        let target = kit::unit(v, p, "target")?;
        let shot = Shot::of(p, v.options)?;
        let mut r = resolve(&shot, &v.info(firer).id, dice)?;
        let hits = r.faces().iter().filter(|f| f.face >= shot.need).count() as u32;
        let mut effects = vec![kit::flag(v, firer, FIRED, true)];
        if hits > 0 {
            let limit = v.info(target).hit_limit;
            let after = (v.unit_state(target).hits + hits).min(limit);
            effects.extend(kit::losses(v, target, after, "destroyed by fire"));
            r.effects.push(if after >= limit {
                format!("{} is destroyed", v.label(target))
            } else {
                format!("{}: {}", v.label(target), Losses::HITS.strength(after, limit))
            });
        }
        Ok(Outcome {
            summary: format!(
                "{} fires at {}: {}",
                v.info(firer).id,
                v.info(target).id,
                Losses::HITS.count(hits)
            ),
            resolutions: vec![r],
            effects,
            ..Outcome::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{Battle, Command};
    use crate::dice::TypedDice;
    use crate::ruleset::Turn;

    fn params(kind: &str, range: &str, cover: bool) -> Params {
        let mut given = vec![("firer-kind", kind), ("range", range)];
        if cover {
            given.push(("cover", ""));
        }
        Params::parse(FIRE_DEF.params, given).unwrap()
    }

    #[test]
    fn every_row_and_kind_gives_its_dice_and_need_and_odds_match_enumeration() {
        let options = Options::defaults(super::super::defs::DEFINITION.declaration.options); // per row: dice, need
        for (kind, range, cover, dice, need) in [
            ("infantry", "6", false, 2, 4),
            ("infantry", "7", false, 2, 5),
            ("tank", "3", true, 3, 5),
            ("tank", "9", true, 3, 6),
        ] {
            let p = params(kind, range, cover);
            let shot = Shot::of(&p, &options).unwrap();
            assert_eq!((shot.dice, shot.need), (dice, need), "{kind} {range} {cover}");
            let report = Fire.table_odds(&p, &options).unwrap();
            let brute = odds::enumerate(|d| {
                resolve(&shot, "t", d).map(|r| r.faces().iter().filter(|f| f.face >= need).count())
            })
            .unwrap();
            for (n, line) in report.results.iter().enumerate() {
                assert!((line.probability - brute.p(&n)).abs() < 1e-12, "{kind} {n} hits");
            }
        }
        let mut wide = options.clone();
        wide.set_text(super::super::defs::DEFINITION.declaration.options, "long_range=8")
            .unwrap();
        assert_eq!(Shot::of(&params("tank", "8", false), &wide).unwrap().need, 4);
    }

    #[test]
    fn a_battle_fires_once_a_turn_removes_at_the_limit_and_clears_the_marker() {
        let source = include_str!("../../../rosters/grid-crossroads.toml");
        let mut b = Battle::new(crate::scenario::parse("crossroads", source).unwrap());
        b.apply(b.start_event()).unwrap();
        let run = |b: &mut Battle, cmd: &Command, faces: &str| {
            let mut dice = TypedDice::parse(faces).unwrap_or_default();
            let entry = b.handle(cmd, &mut dice).unwrap();
            b.apply(entry).unwrap();
        };
        let fire = |firer: &str, target: &str| Command::Act {
            action: FIRE.into(),
            params: Params::parse(
                FIRE_DEF.params,
                [("firer", firer), ("target", target), ("range", "2")],
            )
            .unwrap(),
        };
        let mut dice = TypedDice::parse("6,6").unwrap();
        let why = b.handle(&fire("b1", "r1"), &mut dice).unwrap_err();
        assert!(why.to_string().contains("fire phase"), "{why}");
        run(&mut b, &Command::Advance, "");
        let why = b.handle(&fire("b1", "b2"), &mut dice).unwrap_err();
        assert!(why.to_string().contains("friend"), "{why}");
        assert!(b.handle(&fire("r1", "b1"), &mut dice).is_err(), "not its turn");
        let fire_odds: &dyn Procedure = &Fire;
        let odds = |f| fire_odds.odds_in(&b.view(), &Params::parse(FIRE_DEF.params, f).unwrap());
        let given = [("firer", "bt"), ("target", "rt1"), ("range", "2")];
        assert_eq!(odds(given).unwrap().results.len(), 4, "the tank's kind gives 3 dice");
        run(&mut b, &fire("b1", "r1"), "6,6");
        let r1 = b.roster.unit_index("r1").unwrap();
        assert!(!b.state().units[r1].on_table(), "removed at its limit of 2");
        let why = b.handle(&fire("b1", "rt1"), &mut TypedDice::parse("1,1").unwrap());
        assert!(why.unwrap_err().to_string().contains("has fired"));
        let b1 = b.roster.unit_index("b1").unwrap();
        let view = b.view();
        assert!(!crate::rules::grid::Grid.may_still_act(&view, b1));
        let bt = b.roster.unit_index("bt").unwrap();
        assert!(crate::rules::grid::Grid.may_still_act(&view, bt));
        // Red's turn, then Blue's again: Blue's marker comes off as its turn begins.
        for _ in 0..3 {
            run(&mut b, &Command::Advance, "");
        }
        assert_eq!((b.state().turn, b.state().phase.as_str()), (2, "move"));
        assert_eq!(b.state().units[b1].marker(super::FIRED), None);
    }
}
