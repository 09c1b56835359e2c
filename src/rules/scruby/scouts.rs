//! Light cavalry's morale combat under the concealment rules: scouts within 9" of Line infantry or
//! light cavalry (or, after taking their fire, Light infantry or Grenadiers) throw combat points ×
//! one d6 against the enemy's, and the lower retires 3 moves. The morale throw is the melee's
//! ([`super::melee::throw_morale`], [`super::melee::morale_odds`]).

use super::defs::{Kind, Settings};
use super::fire::{figures, word};
use super::inputs;
use super::melee::{
    MoraleEnd, MoraleSide, Stand, morale_odds, morale_step_without_throw, throw_morale,
};
use super::tables::{self, rifle_table_row};
use crate::declare::{Params, RuleError};
use crate::dice::DiceSource;
use crate::odds::{Deferred, OddsLine, OddsReport, Written, WrittenBy};
use crate::odds::exact::{self, Exact, Prob};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// Light cavalry meeting an enemy within 9" under the concealment rules, in plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LcMorale {
    pub cavalry_figures: u8,
    pub opponent: Stand,
}

/// How it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LcResult {
    CavalryHold,
    OpponentHolds,
    BothHold,
    CavalryWipedOut,
}

/// The end: the result and the light cavalry's figures left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LcEnd {
    pub result: LcResult,
    pub cavalry_left: u8,
}

impl LcMorale {
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let d = inputs::LC_MORALE_PARAMS;
        Ok(LcMorale {
            cavalry_figures: figures(p, d, "cavalry-figures")?,
            opponent: Stand {
                kind: word(p, d, "opponent", Kind::parse)?,
                figures: figures(p, d, "opponent-figures")?,
            },
        })
    }

    /// Figures the light cavalry lose before the throw: Light infantry and Grenadiers fire
    /// first (row 7: automatically one figure).
    pub fn casualties(&self) -> u8 {
        u8::from(matches!(self.opponent.kind, Kind::Light | Kind::Grenadier))
    }

    /// The context lines; or why the throw cannot be made.
    pub fn plan(&self, s: &Settings) -> Result<Vec<String>, RuleError> {
        self.check()?;
        Ok(self.context(s))
    }

    /// Why the throw cannot be made, if it cannot.
    fn check(&self) -> Result<(), RuleError> {
        tables::check_figures(Kind::LightCavalry, self.cavalry_figures, "cavalry-figures")?;
        if !matches!(
            self.opponent.kind,
            Kind::Line | Kind::Light | Kind::Grenadier | Kind::LightCavalry
        ) {
            return Err(RuleError::refused(format!(
                "--opponent {}: light cavalry met by heavy cavalry fight a melee (umpire resolve scruby melee)",
                self.opponent.kind.id()
            )));
        }
        tables::check_figures(
            self.opponent.kind,
            self.opponent.figures,
            "opponent-figures",
        )?;
        Ok(())
    }

    /// The context lines of a throw [`LcMorale::check`] allows.
    fn context(&self, s: &Settings) -> Vec<String> {
        let mut context = vec![
            "light cavalry within 9\" of the enemy: each side's combat points × one d6; the lower total retires 3 moves"
                .to_string(),
        ];
        if !s.concealment {
            context.push(
                "this is the concealment rules' morale combat (option concealment is off: without it light cavalry fight melees)"
                    .into(),
            );
        }
        if self.casualties() > 0 {
            context.push(format!(
                "against {} the light cavalry first take their fire, then throw",
                self.opponent.kind.name()
            ));
        }
        context.push(
            "winning this throw is how scouts drive off a screen and expose the column behind it"
                .into(),
        );
        context
    }

    fn names(&self) -> (String, String) {
        (
            "the light cavalry".to_string(),
            format!("the {}", self.opponent.kind.name()),
        )
    }

    /// Throws it with dice (None: still tied after `max_throws`).
    pub fn fight(
        &self,
        s: &Settings,
        dice: &mut dyn DiceSource,
        max_throws: usize,
    ) -> Result<(Vec<Step>, Option<LcEnd>), RuleError> {
        self.check()?;
        let (cn, on) = self.names();
        let mut steps = Vec::new();
        let lost = self.casualties().min(self.cavalry_figures);
        let left = self.cavalry_figures - lost;
        if lost > 0 {
            let row = rifle_table_row(7);
            steps.push(Step {
                label: format!("{} fire at the light cavalry", self.opponent.kind.name()),
                table: Some("Rifle fire table".into()),
                row: Some(row.words()),
                outcome: format!(
                    "one figure killed (automatic: no die thrown); the light cavalry have {} left",
                    tables::figs(left)
                ),
                ..Step::default()
            });
        }
        if left == 0 {
            steps.push(morale_step_without_throw(format!(
                "{cn} have no figures left and have lost"
            )));
            return Ok((
                steps,
                Some(LcEnd {
                    result: LcResult::CavalryWipedOut,
                    cavalry_left: 0,
                }),
            ));
        }
        let cav = Stand {
            kind: Kind::LightCavalry,
            figures: left,
        };
        let (morale, end) = throw_morale(
            &MoraleSide {
                name: cn,
                points: cav.points(),
            },
            &MoraleSide {
                name: on,
                points: self.opponent.points(),
            },
            s.morale_tie,
            dice,
            max_throws,
        )?;
        steps.extend(morale);
        Ok((
            steps,
            end.map(|e| LcEnd {
                result: match e {
                    MoraleEnd::FirstHolds => LcResult::CavalryHold,
                    MoraleEnd::SecondHolds => LcResult::OpponentHolds,
                    MoraleEnd::BothHold => LcResult::BothHold,
                },
                cavalry_left: left,
            }),
        ))
    }

    fn words(&self, r: LcResult) -> String {
        let o = self.opponent.kind.name();
        match r {
            LcResult::CavalryHold => format!("The light cavalry hold; the {o} retire 3 moves"),
            LcResult::OpponentHolds => format!("The {o} hold; the light cavalry retire 3 moves"),
            LcResult::BothHold => "Equal totals: both hold".into(),
            LcResult::CavalryWipedOut => format!("The light cavalry are wiped out; the {o} hold"),
        }
    }

    /// The exact chance of each ending.
    pub fn distribution(&self, s: &Settings) -> Result<Exact<LcEnd>, RuleError> {
        self.check()?;
        let left = self.cavalry_figures - self.casualties().min(self.cavalry_figures);
        if left == 0 {
            return Ok(Exact::certain(LcEnd {
                result: LcResult::CavalryWipedOut,
                cavalry_left: 0,
            }));
        }
        let cav = Stand {
            kind: Kind::LightCavalry,
            figures: left,
        };
        Ok(
            morale_odds(cav.points(), self.opponent.points(), s.morale_tie).map(|e| LcEnd {
                result: match e {
                    MoraleEnd::FirstHolds => LcResult::CavalryHold,
                    MoraleEnd::SecondHolds => LcResult::OpponentHolds,
                    MoraleEnd::BothHold => LcResult::BothHold,
                },
                cavalry_left: left,
            }),
        )
    }
}

/// Light cavalry's morale combat with dice.
pub fn resolve_lc(
    m: &LcMorale,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, LcEnd), RuleError> {
    let context = m.plan(s)?;
    let (steps, end) = m.fight(s, dice, usize::MAX)?;
    let end = end.expect("morale is thrown until it ends");
    let mut effects = Vec::new();
    if end.cavalry_left < m.cavalry_figures {
        effects.push(format!(
            "the light cavalry lose {}: {} left",
            tables::figs(m.cavalry_figures - end.cavalry_left),
            end.cavalry_left
        ));
    }
    effects.push(match end.result {
        LcResult::CavalryHold => format!(
            "the {} retire 3 moves: a screen driven off exposes the column behind it",
            m.opponent.kind.name()
        ),
        LcResult::OpponentHolds => "the light cavalry retire 3 moves".into(),
        LcResult::BothHold => "both hold their ground".into(),
        LcResult::CavalryWipedOut => "the squadron is gone".into(),
    });
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "lc-morale".into(),
            title: format!(
                "Light cavalry morale combat: light cavalry ({}) against {} ({})",
                tables::figs(m.cavalry_figures),
                m.opponent.kind.name(),
                tables::figs(m.opponent.figures)
            ),
            context,
            steps,
            result: m.words(end.result),
            effects,
            rolled_by_program: dice.is_generated(),
        },
        end,
    ))
}

/// The results of light cavalry's morale combat, in the order a report lists them.
const LC_RESULTS: [LcResult; 4] = [
    LcResult::CavalryHold,
    LcResult::OpponentHolds,
    LcResult::BothHold,
    LcResult::CavalryWipedOut,
];

/// Exact odds of light cavalry's morale combat; the words written when shown.
pub fn lc_odds(m: &LcMorale, s: &Settings) -> Result<OddsReport, RuleError> {
    let d = m.distribution(s)?.map(|e| e.result);
    let (morale, settings) = (*m, *s);
    let words = Deferred::new(WrittenBy(move || {
        let d = results_of(&morale, &settings);
        Written {
            results: LC_RESULTS
                .iter()
                .filter(|r| d.p(r) > Prob::from_integer(0))
                .map(|r| exact::label(&morale.words(*r), d.p(r)))
                .collect(),
            notes: morale.context(&settings),
            ..Written::default()
        }
    }));
    let results = LC_RESULTS
        .iter()
        .filter(|r| d.p(r) > Prob::from_integer(0))
        .enumerate()
        .map(|(i, r)| OddsLine {
            result: words.result(i),
            probability: exact::to_f64(d.p(r)),
        })
        .collect();
    Ok(OddsReport {
        title: "Light cavalry morale combat".into(),
        results,
        notes: words.notes(),
        extra: Figures::from([(
            "p_cavalry_hold".into(),
            exact::to_f64(d.p(&LcResult::CavalryHold)),
        )]),
    })
}

/// The chance of each result (the throw already allowed).
fn results_of(m: &LcMorale, s: &Settings) -> Exact<LcResult> {
    m.distribution(s)
        .map(|d| d.map(|e| e.result))
        .unwrap_or_default()
}
