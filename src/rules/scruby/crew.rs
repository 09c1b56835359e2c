//! A melee against a gun's crew: from the front or a flank the crew fires and saves its gun on
//! 1-3-6, hurling the attackers back 3 moves; from the rear it gets no roll and the gun is
//! captured. Thrown with its explanation, or counted into exact odds.

use super::defs::{Kind, Settings};
use super::fire::word;
use super::inputs;
use super::tables::{self, Need, throw, throw_words};
use crate::declare::{Params, RuleError};
use crate::dice::DiceSource;
use crate::odds::{Notes, OddsReport};
use crate::odds::exact::{self, Prob};
use crate::resolution::{Resolution, Step};
use crate::odds::Figures;

/// The side of the gun the attackers reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    Front,
    Flank,
    Rear,
}

/// A melee against a gun's crew, in plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrewMelee {
    pub from: Approach,
    pub attacker: Option<Kind>,
}

/// How it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrewMeleeResult {
    /// The attackers are hurled back 3 moves; the gun is saved.
    Saved,
    /// The crew is killed and the gun captured.
    Captured,
}

impl CrewMeleeResult {
    pub fn words(self) -> &'static str {
        match self {
            CrewMeleeResult::Saved => "The attackers are hurled back 3 moves; the gun is saved",
            CrewMeleeResult::Captured => "The crew is killed and the gun captured",
        }
    }
}

impl CrewMelee {
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let d = inputs::MELEE_CREW_PARAMS;
        Ok(CrewMelee {
            from: word(p, d, "attacked-from", |t| match t {
                "front" => Some(Approach::Front),
                "flank" => Some(Approach::Flank),
                "rear" => Some(Approach::Rear),
                _ => None,
            })?,
            attacker: p.text("attacker").and_then(Kind::parse),
        })
    }

    /// What the crew needs to save the gun, and the context lines.
    pub fn plan(&self, s: &Settings) -> Result<(Need, Vec<String>), RuleError> {
        Ok((self.need(s)?, self.context()))
    }

    /// What the crew needs to save the gun; or why the melee cannot be fought.
    fn need(&self, s: &Settings) -> Result<Need, RuleError> {
        if s.concealment && self.attacker == Some(Kind::LightCavalry) {
            return Err(RuleError::refused(
                "--attacker light-cavalry: under the concealment rules light cavalry can never attack a cannon",
            ));
        }
        Ok(match self.from {
            Approach::Front | Approach::Flank => tables::CREW_DEFENCE,
            Approach::Rear => Need::Never,
        })
    }

    /// The context lines.
    fn context(&self) -> Vec<String> {
        vec![
            "the attackers must reach the gun's axle; a reinforcement of the crew enters only after this melee is decided"
                .to_string(),
            match self.from {
                Approach::Front | Approach::Flank => format!(
                    "attacked from front or flank: the crew fires and saves the gun {}",
                    tables::CREW_DEFENCE.published()
                ),
                Approach::Rear => "attacked from the rear: the crew gets no roll".into(),
            },
        ]
    }

    fn result(saved: bool) -> CrewMeleeResult {
        if saved {
            CrewMeleeResult::Saved
        } else {
            CrewMeleeResult::Captured
        }
    }
}

/// A melee against a gun crew with dice.
pub fn resolve_crew(
    c: &CrewMelee,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, CrewMeleeResult), RuleError> {
    let (need, context) = c.plan(s)?;
    let purpose = format!(
        "the gun crew fires at its attackers: {} hurls them back",
        need.faces_words(s.three_six)
    );
    let (roll, saved) = throw(need, s.three_six, dice, &purpose)?;
    let result = CrewMelee::result(saved);
    let step = Step {
        label: "The crew fires".into(),
        table: Some("Melee against a gun crew".into()),
        outcome: match roll.as_ref() {
            Some(_) => throw_words(
                need,
                s.three_six,
                roll.as_ref(),
                saved,
                "the attackers are hurled back 3 moves",
                "the crew is killed",
            ),
            None => "no roll from the rear: the crew is killed".into(),
        },
        dice: roll.into_iter().collect(),
        row: Some(match c.from {
            Approach::Rear => "attacked from the rear: no roll, captured".into(),
            _ => format!(
                "attacked from front or flank: the attackers are hurled back 3 moves {}",
                tables::CREW_DEFENCE.published()
            ),
        }),
        ..Step::default()
    };
    let effects = match result {
        CrewMeleeResult::Saved => vec!["the attackers retire 3 moves; the gun keeps its crew".into()],
        CrewMeleeResult::Captured => vec![
            "the gun is captured: it neither moves nor fires until its holder re-mans it after 3 moves"
                .into(),
        ],
    };
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "melee-crew".into(),
            title: format!(
                "Melee against a gun crew, from the {}",
                match c.from {
                    Approach::Front => "front",
                    Approach::Flank => "flank",
                    Approach::Rear => "rear",
                }
            ),
            context,
            steps: vec![step],
            result: result.words().into(),
            effects,
            rolled_by_program: dice.is_generated(),
        },
        result,
    ))
}

/// Exact odds of a melee against a gun crew; the notes written when shown.
pub fn crew_odds(c: &CrewMelee, s: &Settings) -> Result<OddsReport, RuleError> {
    let p = c.need(s)?.chance(s.three_six);
    let melee = *c;
    Ok(OddsReport {
        title: "Melee against a gun crew".into(),
        results: vec![
            exact::odds_line(CrewMeleeResult::Saved.words(), p),
            exact::odds_line(CrewMeleeResult::Captured.words(), Prob::from_integer(1) - p),
        ],
        notes: Notes::later(move || melee.context()),
        extra: Figures::from([(
            "p_captured".into(),
            exact::to_f64(Prob::from_integer(1) - p),
        )]),
    })
}
