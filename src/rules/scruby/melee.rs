//! Melee: stand against stand on the kill table, casualties removed from both sides at once, then
//! morale (each side's remaining combat points × one d6; the higher holds, the lower retires 3
//! moves); and the reinforced melee. The morale throw serves the light cavalry's morale combat too
//! ([`super::scouts`]); the melee against a gun's crew is [`super::crew`].
//!
//! Every strike reads [`strike`]; every morale throw reads [`compare`]. The rolled path walks them
//! with dice; the exact odds count the same faces. A morale tie thrown again is counted exactly:
//! the chance of each winner is P(win) / (1 − P(tie)).

use super::defs::{Formation, Kind, Position, Settings, TieRule};
use super::fire::{figures, word};
use super::inputs;
use super::tables::{self, KillCell, Need, melee_kills, throw, throw_words};
use crate::declare::{Params, RuleError};
use crate::dice::{DiceError, DiceSource, Die, Roll};
use crate::odds::{Deferred, OddsLine, OddsReport, Written, WrittenBy};
use crate::odds::exact::{self, Exact, Prob};
use crate::resolution::{Resolution, Step};
use std::cmp::Ordering;
use crate::odds::Figures;

/// A stand in a melee: its type and the figures on its tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stand {
    pub kind: Kind,
    pub figures: u8,
}

impl Stand {
    /// Combat points of its figures.
    pub fn points(self) -> u32 {
        u32::from(self.figures) * self.kind.points_per_figure().unwrap_or(0)
    }

    fn with(self, figures: u8) -> Stand {
        Stand { figures, ..self }
    }
}

/// What one stand's blow does to another: the kill table's cell, read for this victim.
pub fn strike(striker: Stand, victim: Stand, s: &Settings) -> (KillCell, Option<String>) {
    let cell = melee_kills(striker.kind, striker.figures, "attacker").unwrap_or(KillCell {
        kills: 0,
        need: Need::Never,
    });
    if s.concealment && victim.kind == Kind::LightCavalry && striker.kind != Kind::HeavyCavalry {
        return (
            KillCell {
                kills: 0,
                need: Need::Never,
            },
            Some(format!(
                "concealment rules: in melee only heavy cavalry kill light cavalry ({} kill none)",
                striker.kind.name()
            )),
        );
    }
    (cell, None)
}

/// "2 killed automatically", "1 killed on 1-3-6".
fn cell_text(c: KillCell) -> String {
    format!("{} killed {}", c.kills, c.need.published())
}

/// A blow with dice: the step and the figures it killed.
fn strike_step(
    striker: Stand,
    striker_name: &str,
    victim: Stand,
    victim_name: &str,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Step, u8), DiceError> {
    let (cell, note) = strike(striker, victim, s);
    let purpose = format!(
        "melee, kills by {striker_name} ({}, {}): {} kills {}",
        striker.kind.name(),
        tables::figs(striker.figures),
        cell.need.faces_words(s.three_six),
        cell.kills
    );
    let (roll, hit) = throw(cell.need, s.three_six, dice, &purpose)?;
    let kills = if hit {
        cell.kills.min(victim.figures)
    } else {
        0
    };
    let killed_words = format!(
        "{} of {victim_name} killed",
        tables::figs(if hit { cell.kills } else { 0 })
    );
    let mut notes: Vec<String> = note.into_iter().collect();
    if hit && cell.kills > victim.figures {
        notes.push(format!(
            "{victim_name} had only {} to lose",
            tables::figs(victim.figures)
        ));
    }
    Ok((
        Step {
            label: format!("Kills by {striker_name}"),
            table: Some("Melee kill table".into()),
            outcome: throw_words(
                cell.need,
                s.three_six,
                roll.as_ref(),
                hit,
                &killed_words,
                &format!("no figure of {victim_name} killed"),
            ),
            dice: roll.into_iter().collect(),
            row: Some(format!(
                "{}, {}: {}",
                striker.kind.name(),
                tables::figs(striker.figures),
                cell_text(cell)
            )),
            notes,
            ..Step::default()
        },
        kills,
    ))
}

/// The exact chance of the figures each of two stands kills of the other.
fn bout_odds(a: Stand, d: Stand, s: &Settings) -> Exact<(u8, u8)> {
    let one = |striker: Stand, victim: Stand| {
        let (cell, _) = strike(striker, victim, s);
        let p = cell.need.chance(s.three_six);
        let mut e = Exact::new();
        e.add(cell.kills.min(victim.figures), p);
        e.add(0, Prob::from_integer(1) - p);
        e
    };
    let by_d = one(d, a);
    one(a, d).then(|&ka| by_d.map(|&kd| (ka, kd)))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

// ---- morale -------------------------------------------------------------------------------------

/// How a morale throw (or the whole morale) ends, first side against second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoraleEnd {
    FirstHolds,
    SecondHolds,
    /// Equal totals under `morale_tie = "both-hold"`.
    BothHold,
}

/// One morale throw: the first side's total against the second's.
pub fn compare(first_points: u32, second_points: u32, first_face: u8, second_face: u8) -> Ordering {
    (u32::from(first_face) * first_points).cmp(&(u32::from(second_face) * second_points))
}

/// The exact chance of each morale ending, ties thrown again (P(win) / (1 − P(tie))) or both
/// holding, per `tie`.
pub fn morale_odds(first_points: u32, second_points: u32, tie: TieRule) -> Exact<MoraleEnd> {
    let (mut win, mut lose, mut ties) = (0u64, 0u64, 0u64);
    for a in 1..=6 {
        for b in 1..=6 {
            match compare(first_points, second_points, a, b) {
                Ordering::Greater => win += 1,
                Ordering::Less => lose += 1,
                Ordering::Equal => ties += 1,
            }
        }
    }
    let mut d = Exact::new();
    match tie {
        TieRule::ThrowAgain => {
            let decided = 36 - ties;
            d.add(MoraleEnd::FirstHolds, Prob::new(win, decided));
            d.add(MoraleEnd::SecondHolds, Prob::new(lose, decided));
        }
        TieRule::BothHold => {
            d.add(MoraleEnd::FirstHolds, Prob::new(win, 36));
            d.add(MoraleEnd::SecondHolds, Prob::new(lose, 36));
            d.add(MoraleEnd::BothHold, Prob::new(ties, 36));
        }
    }
    d
}

/// A side in a morale throw: its name and combat points.
#[derive(Clone, Debug)]
pub struct MoraleSide {
    pub name: String,
    pub points: u32,
}

/// Throws morale, first side then second, again for each tie (or both hold), at most
/// `max_throws` times (None: not ended yet, for exhaustive tests).
pub fn throw_morale(
    first: &MoraleSide,
    second: &MoraleSide,
    tie: TieRule,
    dice: &mut dyn DiceSource,
    max_throws: usize,
) -> Result<(Vec<Step>, Option<MoraleEnd>), DiceError> {
    let mut steps = Vec::new();
    for n in 1..=max_throws {
        let mut rolls = Vec::new();
        for side in [first, second] {
            let purpose = format!(
                "morale, {} ({} combat points × the face){}",
                side.name,
                side.points,
                if n > 1 { ": a tie: throw again" } else { "" }
            );
            let face = dice.roll(Die::D6, &purpose)?;
            rolls.push(Roll {
                die: Die::D6,
                face,
                purpose,
            });
        }
        let (fa, fb) = (rolls[0].face, rolls[1].face);
        let totals = format!(
            "{} {fa} × {} = {}, {} {fb} × {} = {}",
            first.name,
            first.points,
            u32::from(fa) * first.points,
            second.name,
            second.points,
            u32::from(fb) * second.points
        );
        let (end, said) = match (compare(first.points, second.points, fa, fb), tie) {
            (Ordering::Greater, _) => (
                Some(MoraleEnd::FirstHolds),
                format!("{} holds, {} retires 3 moves", first.name, second.name),
            ),
            (Ordering::Less, _) => (
                Some(MoraleEnd::SecondHolds),
                format!("{} holds, {} retires 3 moves", second.name, first.name),
            ),
            (Ordering::Equal, TieRule::BothHold) => (
                Some(MoraleEnd::BothHold),
                "a tie: both hold (option morale_tie)".to_string(),
            ),
            (Ordering::Equal, TieRule::ThrowAgain) => (None, "a tie: thrown again".to_string()),
        };
        steps.push(Step {
            label: if n == 1 {
                "Morale".to_string()
            } else {
                format!("Morale, thrown again ({n})")
            },
            table: Some("Morale: combat points × one d6".into()),
            dice: rolls,
            row: Some("the higher total holds, the lower retires 3 moves".into()),
            outcome: format!("{totals}: {said}"),
            ..Step::default()
        });
        if end.is_some() {
            return Ok((steps, end));
        }
    }
    Ok((steps, None))
}

pub(super) fn morale_step_without_throw(why: String) -> Step {
    Step {
        label: "Morale".into(),
        table: Some("Morale: combat points × one d6".into()),
        outcome: format!("{why}: no morale throw is needed"),
        ..Step::default()
    }
}

// ---- melee --------------------------------------------------------------------------------------

/// Which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Attacker,
    Defender,
}

/// A stand that comes in on the enemy's flank or rear after the original pair has fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reinforcement {
    pub side: Side,
    pub stand: Stand,
}

/// A melee, in plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Melee {
    pub attacker: Stand,
    pub defender: Stand,
    pub defender_in: Position,
    pub defender_formation: Formation,
    /// Cavalry charge through the village's gate.
    pub gate: bool,
    pub reinforcement: Option<Reinforcement>,
}

/// How a melee ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeleeResult {
    AttackerHolds,
    DefenderHolds,
    /// Equal totals under `morale_tie = "both-hold"`.
    BothHold,
    AttackerWipedOut,
    DefenderWipedOut,
    BothWipedOut,
}

impl MeleeResult {
    pub const ALL: [MeleeResult; 6] = [
        MeleeResult::AttackerHolds,
        MeleeResult::DefenderWipedOut,
        MeleeResult::DefenderHolds,
        MeleeResult::AttackerWipedOut,
        MeleeResult::BothHold,
        MeleeResult::BothWipedOut,
    ];

    /// In words, naming each side, as a sentence.
    pub fn words(self, attacker: &str, defender: &str) -> String {
        capitalised(&self.phrase(attacker, defender))
    }

    /// In words, naming each side as given (a unit's id stays as it is written).
    pub fn phrase(self, attacker: &str, defender: &str) -> String {
        match self {
            MeleeResult::AttackerHolds => format!("{attacker} holds; {defender} retires 3 moves"),
            MeleeResult::DefenderHolds => format!("{defender} holds; {attacker} retires 3 moves"),
            MeleeResult::BothHold => "equal totals: both sides hold".to_string(),
            MeleeResult::AttackerWipedOut => {
                format!("{attacker} is wiped out; {defender} holds")
            }
            MeleeResult::DefenderWipedOut => {
                format!("{defender} is wiped out; {attacker} holds")
            }
            MeleeResult::BothWipedOut => "both sides are wiped out".to_string(),
        }
    }

    pub fn attacker_holds(self) -> bool {
        matches!(
            self,
            MeleeResult::AttackerHolds | MeleeResult::DefenderWipedOut
        )
    }

    pub fn defender_holds(self) -> bool {
        matches!(
            self,
            MeleeResult::DefenderHolds | MeleeResult::AttackerWipedOut
        )
    }
}

/// The end of a melee: the result and the figures left on each stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MeleeEnd {
    pub result: MeleeResult,
    pub attacker_left: u8,
    pub defender_left: u8,
    /// The reinforcing stand's figures left.
    pub reinforcement_left: Option<u8>,
}

/// Figures left on each stand after the kills: attacker, defender, reinforcement.
type Left = (u8, u8, Option<u8>);

impl Melee {
    pub fn from_params(p: &Params, reinforced: bool) -> Result<Self, RuleError> {
        let d = if reinforced {
            inputs::REINFORCED_PARAMS
        } else {
            inputs::MELEE_PARAMS
        };
        let stand = |who: &str| -> Result<Stand, RuleError> {
            Ok(Stand {
                kind: word(p, d, who, Kind::parse)?,
                figures: figures(p, d, &format!("{who}-figures"))?,
            })
        };
        Ok(Melee {
            attacker: stand("attacker")?,
            defender: stand("defender")?,
            defender_in: word(p, d, "defender-in", Position::parse)?,
            defender_formation: if reinforced {
                Formation::Line
            } else {
                word(p, d, "defender-formation", Formation::parse)?
            },
            gate: p.flag("gate"),
            reinforcement: if reinforced {
                Some(Reinforcement {
                    side: if p.text("reinforcing-side") == Some("attacker") {
                        Side::Attacker
                    } else {
                        Side::Defender
                    },
                    stand: stand("reinforcement")?,
                })
            } else {
                None
            },
        })
    }

    /// Checks the melee may be fought; the context lines.
    pub fn plan(&self, s: &Settings) -> Result<Vec<String>, RuleError> {
        self.check()?;
        Ok(self.context(s))
    }

    /// Why the melee may not be fought, if it may not.
    fn check(&self) -> Result<(), RuleError> {
        melee_kills(self.attacker.kind, self.attacker.figures, "attacker")?;
        melee_kills(self.defender.kind, self.defender.figures, "defender")?;
        if let Some(r) = self.reinforcement {
            melee_kills(r.stand.kind, r.stand.figures, "reinforcement")?;
        }
        self.defender_in.admits(self.defender.kind).map_err(|e| {
            RuleError::refused(format!("--defender-in {}: {e}", self.defender_in.id()))
        })?;
        let mut attackers = vec![("attacker", self.attacker.kind)];
        if let Some(r) = self.reinforcement.filter(|r| r.side == Side::Attacker) {
            attackers.push(("reinforcement", r.stand.kind));
        }
        for (who, kind) in attackers {
            if !kind.is_cavalry() {
                continue;
            }
            if matches!(self.defender_in, Position::Town | Position::VillageOuter) {
                return Err(RuleError::refused(format!(
                    "--{who} {}: only infantry may enter a village's outer area and melee its defenders (--defender-in {}): the defenders are in the buildings, and cavalry may not attack them there",
                    kind.id(),
                    self.defender_in.id()
                )));
            }
            if self.defender_in == Position::VillageInner && !self.gate {
                return Err(RuleError::refused(format!(
                    "--{who} {}: cavalry reach a village's inner area only by charging through its gate (add --gate)",
                    kind.id()
                )));
            }
            self.defender_in
                .admits(kind)
                .map_err(|e| RuleError::refused(format!("--{who} {}: {e}", kind.id())))?;
        }
        Ok(())
    }

    /// The context lines of a melee [`Melee::check`] allows.
    fn context(&self, s: &Settings) -> Vec<String> {
        let mut context = vec![
            "fought stand against stand: casualties are removed from both sides at once, then morale"
                .to_string(),
        ];
        if self.defender_formation == Formation::CrossCountry {
            context.push(
                "a cross-country column defends with the power of one regiment: only its regiment in contact fights (give that regiment's figures)"
                    .into(),
            );
        }
        if [self.attacker.kind, self.defender.kind]
            .iter()
            .chain(self.reinforcement.iter().map(|r| &r.stand.kind))
            .any(|k| k.is_cavalry())
        {
            context.push(
                "cavalry squadrons always fight as separate squadrons: each squadron is its own stand"
                    .into(),
            );
        }
        if let Some(r) = self.reinforcement {
            context.push(format!(
                "the {} reinforces on the enemy's flank or rear (never by a charge move): it fights the remnant after the original pair, then one morale throw counts every stand's combat points",
                if r.side == Side::Attacker {
                    "attacker"
                } else {
                    "defender"
                }
            ));
        }
        if s.concealment
            && [self.attacker, self.defender]
                .iter()
                .chain(self.reinforcement.iter().map(|r| &r.stand))
                .any(|st| st.kind == Kind::LightCavalry)
        {
            context
                .push("concealment rules: in melee only heavy cavalry kill light cavalry".into());
        }
        context
    }

    fn names(&self) -> (String, String) {
        if self.reinforcement.is_some() {
            ("the attacking side".into(), "the defending side".into())
        } else {
            (
                format!("the attacker ({})", self.attacker.kind.name()),
                format!("the defender ({})", self.defender.kind.name()),
            )
        }
    }

    fn title(&self) -> String {
        let mut t = format!(
            "{}: {} ({}) against {} ({}) {}",
            if self.reinforcement.is_some() {
                "Reinforced melee"
            } else {
                "Melee"
            },
            self.attacker.kind.name(),
            tables::figs(self.attacker.figures),
            self.defender.kind.name(),
            tables::figs(self.defender.figures),
            self.defender_in.words()
        );
        if let Some(r) = self.reinforcement {
            t.push_str(&format!(
                ", reinforced by {} ({}) on the {}'s side",
                r.stand.kind.name(),
                tables::figs(r.stand.figures),
                if r.side == Side::Attacker {
                    "attacker"
                } else {
                    "defender"
                }
            ));
        }
        t
    }

    /// The second bout of a reinforced melee, if one is fought after the first left `left`:
    /// (attacking-side stand, defending-side stand).
    fn second_bout(&self, left: Left) -> Option<(Stand, Stand)> {
        let r = self.reinforcement?;
        match r.side {
            Side::Defender if left.0 > 0 => Some((self.attacker.with(left.0), r.stand)),
            Side::Attacker if left.1 > 0 => Some((r.stand, self.defender.with(left.1))),
            _ => None,
        }
    }

    /// Applies the second bout's kills (`ka` by the attacking side, `kd` by the defending side).
    fn after_second(&self, left: Left, ka: u8, kd: u8) -> Left {
        match self.reinforcement.map(|r| r.side) {
            Some(Side::Defender) => (left.0 - kd, left.1, left.2.map(|r| r - ka)),
            Some(Side::Attacker) => (left.0, left.1 - ka, left.2.map(|r| r - kd)),
            None => left,
        }
    }

    /// Each side's morale: (attacking side's points, defending side's points).
    fn points(&self, left: Left) -> (u32, u32) {
        let mut a = self.attacker.with(left.0).points();
        let mut d = self.defender.with(left.1).points();
        if let (Some(r), Some(n)) = (self.reinforcement, left.2) {
            let p = r.stand.with(n).points();
            match r.side {
                Side::Attacker => a += p,
                Side::Defender => d += p,
            }
        }
        (a, d)
    }

    fn start(&self) -> Left {
        (
            self.attacker.figures,
            self.defender.figures,
            self.reinforcement.map(|r| r.stand.figures),
        )
    }

    /// The result before any throw when a side has no figures left.
    fn wiped_out(&self, left: Left) -> Option<MeleeResult> {
        match self.points(left) {
            (0, 0) => Some(MeleeResult::BothWipedOut),
            (0, _) => Some(MeleeResult::AttackerWipedOut),
            (_, 0) => Some(MeleeResult::DefenderWipedOut),
            _ => None,
        }
    }

    fn end(left: Left, result: MeleeResult) -> MeleeEnd {
        MeleeEnd {
            result,
            attacker_left: left.0,
            defender_left: left.1,
            reinforcement_left: left.2,
        }
    }

    /// Fights the melee with dice: the steps and the end (None if the morale was still tied after
    /// `max_throws` throws, for exhaustive tests).
    pub fn fight(
        &self,
        s: &Settings,
        dice: &mut dyn DiceSource,
        max_throws: usize,
    ) -> Result<(Vec<Step>, Option<MeleeEnd>), RuleError> {
        let (an, dn) = self.names();
        let (a_name, d_name) = if self.reinforcement.is_some() {
            ("the attacker".to_string(), "the defender".to_string())
        } else {
            (an.clone(), dn.clone())
        };
        let mut steps = Vec::new();
        let (s1, ka) = strike_step(self.attacker, &a_name, self.defender, &d_name, s, dice)?;
        let (s2, kd) = strike_step(self.defender, &d_name, self.attacker, &a_name, s, dice)?;
        steps.push(s1);
        steps.push(s2);
        let start = self.start();
        let mut left = (start.0 - kd, start.1 - ka, start.2);
        steps.push(self.casualty_step("Casualties removed", left));
        if let Some(r) = self.reinforcement {
            match self.second_bout(left) {
                Some((a, d)) => {
                    let (r_name, e_name) = ("the reinforcement", "the remnant");
                    let (an2, dn2) = if r.side == Side::Attacker {
                        (r_name, e_name)
                    } else {
                        (e_name, r_name)
                    };
                    let (s1, ka) = strike_step(a, an2, d, dn2, s, dice)?;
                    let (s2, kd) = strike_step(d, dn2, a, an2, s, dice)?;
                    steps.push(s1);
                    steps.push(s2);
                    left = self.after_second(left, ka, kd);
                    steps.push(
                        self.casualty_step("Casualties removed after the second fight", left),
                    );
                }
                None => steps.push(Step {
                    label: "The reinforcement".into(),
                    outcome: "the enemy stand is wiped out: the reinforcement has nobody to fight"
                        .into(),
                    ..Step::default()
                }),
            }
        }
        if let Some(result) = self.wiped_out(left) {
            let why = match result {
                MeleeResult::BothWipedOut => "both sides have no figures left".to_string(),
                MeleeResult::AttackerWipedOut => format!("{an} has no figures left and has lost"),
                _ => format!("{dn} has no figures left and has lost"),
            };
            steps.push(morale_step_without_throw(why));
            return Ok((steps, Some(Self::end(left, result))));
        }
        let (pa, pd) = self.points(left);
        let (morale, end) = throw_morale(
            &MoraleSide {
                name: an,
                points: pa,
            },
            &MoraleSide {
                name: dn,
                points: pd,
            },
            s.morale_tie,
            dice,
            max_throws,
        )?;
        steps.extend(morale);
        let result = end.map(|e| match e {
            MoraleEnd::FirstHolds => MeleeResult::AttackerHolds,
            MoraleEnd::SecondHolds => MeleeResult::DefenderHolds,
            MoraleEnd::BothHold => MeleeResult::BothHold,
        });
        Ok((steps, result.map(|r| Self::end(left, r))))
    }

    /// The figures and combat points left, as a step without dice.
    fn casualty_step(&self, label: &str, left: Left) -> Step {
        let mut parts = vec![
            stand_left("attacker", self.attacker, left.0),
            stand_left("defender", self.defender, left.1),
        ];
        if let (Some(r), Some(n)) = (self.reinforcement, left.2) {
            parts.push(stand_left("reinforcement", r.stand, n));
        }
        Step {
            label: label.into(),
            outcome: parts.join("; "),
            ..Step::default()
        }
    }

    /// The exact chance of each ending, from the same strikes and morale throws.
    pub fn distribution(&self, s: &Settings) -> Result<Exact<MeleeEnd>, RuleError> {
        self.check()?;
        let start = self.start();
        let first = bout_odds(self.attacker, self.defender, s)
            .map(|&(ka, kd)| (start.0 - kd, start.1 - ka, start.2));
        let after = first.then(|&left| match self.second_bout(left) {
            None => Exact::certain(left),
            Some((a, d)) => bout_odds(a, d, s).map(|&(ka, kd)| self.after_second(left, ka, kd)),
        });
        Ok(after.then(|&left| {
            if let Some(result) = self.wiped_out(left) {
                return Exact::certain(Self::end(left, result));
            }
            let (pa, pd) = self.points(left);
            morale_odds(pa, pd, s.morale_tie).map(|e| {
                Self::end(
                    left,
                    match e {
                        MoraleEnd::FirstHolds => MeleeResult::AttackerHolds,
                        MoraleEnd::SecondHolds => MeleeResult::DefenderHolds,
                        MoraleEnd::BothHold => MeleeResult::BothHold,
                    },
                )
            })
        }))
    }
}

/// "attacker (Grenadiers) 4 − 2 = 2 figures, 2 × 6 = 12 combat points".
fn stand_left(who: &str, st: Stand, left: u8) -> String {
    format!(
        "{who} ({}) {} − {} = {}, {left} × {} = {} combat points",
        st.kind.name(),
        st.figures,
        st.figures - left,
        tables::figs(left),
        st.kind.points_per_figure().unwrap_or(0),
        st.with(left).points()
    )
}

/// The effects of a melee's end, stand by stand.
fn melee_effects(m: &Melee, end: &MeleeEnd) -> Vec<String> {
    let retires_attacker = matches!(end.result, MeleeResult::DefenderHolds);
    let retires_defender = matches!(end.result, MeleeResult::AttackerHolds);
    let line = |who: &str, st: Stand, left: u8, retires: bool| {
        let fate = if left == 0 {
            "is wiped out".to_string()
        } else if retires {
            format!("{} left; retires 3 moves", tables::figs(left))
        } else {
            format!("{} left; holds", tables::figs(left))
        };
        format!(
            "{who} ({}): loses {}, {fate}",
            st.kind.name(),
            tables::figs(st.figures - left)
        )
    };
    let mut out = vec![
        line("attacker", m.attacker, end.attacker_left, retires_attacker),
        line("defender", m.defender, end.defender_left, retires_defender),
    ];
    if let (Some(r), Some(n)) = (m.reinforcement, end.reinforcement_left) {
        let retires = match r.side {
            Side::Attacker => retires_attacker,
            Side::Defender => retires_defender,
        };
        out.push(line("reinforcement", r.stand, n, retires));
    }
    out
}

/// A melee (or reinforced melee) with dice.
pub fn resolve(
    m: &Melee,
    s: &Settings,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, MeleeEnd), RuleError> {
    let context = m.plan(s)?;
    let (steps, end) = m.fight(s, dice, usize::MAX)?;
    let end = end.expect("morale is thrown until it ends");
    let (an, dn) = m.names();
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: if m.reinforcement.is_some() {
                "reinforced-melee".into()
            } else {
                "melee".into()
            },
            title: m.title(),
            context,
            steps,
            result: end.result.words(&an, &dn),
            effects: melee_effects(m, &end),
            rolled_by_program: dice.is_generated(),
        },
        end,
    ))
}

/// Exact odds of a melee; the words written when shown.
pub fn odds(m: &Melee, s: &Settings) -> Result<OddsReport, RuleError> {
    let d = m.distribution(s)?;
    let by_result = d.map(|e| e.result);
    let (melee, settings) = (*m, *s);
    let words = Deferred::new(WrittenBy(move || {
        let by_result = melee
            .distribution(&settings)
            .map(|d| d.map(|e| e.result))
            .unwrap_or_default();
        let (an, dn) = melee.names();
        Written {
            title: melee.title(),
            results: MeleeResult::ALL
                .iter()
                .filter(|r| by_result.p(r) > Prob::from_integer(0))
                .map(|r| exact::label(&r.words(&an, &dn), by_result.p(r)))
                .collect(),
            notes: melee.context(&settings),
        }
    }));
    let results = MeleeResult::ALL
        .iter()
        .filter(|r| by_result.p(r) > Prob::from_integer(0))
        .enumerate()
        .map(|(i, r)| OddsLine {
            result: words.result(i),
            probability: exact::to_f64(by_result.p(r)),
        })
        .collect();
    let mut extra = Figures::new();
    extra.insert(
        "p_attacker_holds".into(),
        exact::to_f64(by_result.p_where(|r| r.attacker_holds())),
    );
    extra.insert(
        "p_defender_holds".into(),
        exact::to_f64(by_result.p_where(|r| r.defender_holds())),
    );
    extra.insert(
        "expected_attacker_losses".into(),
        d.expected(|e| u64::from(m.attacker.figures - e.attacker_left)),
    );
    extra.insert(
        "expected_defender_losses".into(),
        d.expected(|e| u64::from(m.defender.figures - e.defender_left)),
    );
    Ok(OddsReport {
        title: words.title(),
        results,
        notes: words.notes(),
        extra,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::TypedDice;
    use crate::odds::{Distribution, enumerate};
    use crate::rules::scruby::crew::*;
    use crate::rules::scruby::scouts::*;
    use crate::rules::scruby::test_settings;

    fn st(kind: Kind, figures: u8) -> Stand {
        Stand { kind, figures }
    }

    fn melee(a: Stand, d: Stand) -> Melee {
        Melee {
            attacker: a,
            defender: d,
            defender_in: Position::Open,
            defender_formation: Formation::Line,
            gate: false,
            reinforcement: None,
        }
    }

    fn fight(m: &Melee, s: &Settings, faces: &[i64]) -> (Resolution, MeleeEnd) {
        let mut d = TypedDice::new(faces.iter().copied());
        let r = resolve(m, s, &mut d).unwrap();
        d.finish().unwrap();
        r
    }

    #[test]
    fn grenadiers_against_heavy_cavalry() {
        let s = Settings::default();
        let m = melee(st(Kind::Grenadier, 4), st(Kind::HeavyCavalry, 3));
        let (r, end) = fight(&m, &s, &[2, 5]);
        assert_eq!(end.result, MeleeResult::DefenderHolds);
        assert_eq!((end.attacker_left, end.defender_left), (2, 1));
        assert!(r.steps[0].dice.is_empty() && r.steps[1].dice.is_empty());
        assert!(
            r.steps[2].outcome.contains("2 × 6 = 12 combat points"),
            "{}",
            r.steps[2].outcome
        );
        assert!(r.steps[2].outcome.contains("1 × 6 = 6 combat points"));
        assert!(
            r.steps[3].outcome.contains("2 × 12 = 24"),
            "{}",
            r.steps[3].outcome
        );
        assert!(r.steps[3].outcome.contains("5 × 6 = 30"));
        assert_eq!(
            r.result,
            "The defender (Heavy cavalry) holds; the attacker (Grenadiers) retires 3 moves"
        );
    }

    #[test]
    fn ties_are_thrown_again() {
        let s = Settings::default();
        let m = melee(st(Kind::Line, 4), st(Kind::Line, 4));
        // 3 left a side, 12 points each: 3,3 is a tie, then 2,5.
        let (r, end) = fight(&m, &s, &[3, 3, 2, 5]);
        assert_eq!(end.result, MeleeResult::DefenderHolds);
        assert!(r.steps[3].outcome.contains("a tie: thrown again"));
        assert_eq!(r.steps[4].label, "Morale, thrown again (2)");
        let both = test_settings(&["morale_tie=both-hold"]);
        let (_, end) = fight(&m, &both, &[3, 3]);
        assert_eq!(end.result, MeleeResult::BothHold);
    }

    #[test]
    fn kill_dice_only_where_needed_attacker_first() {
        let s = Settings::default();
        // 1-figure Line (needs a 6) against a 1-figure heavy cavalry (needs 1-3-6).
        let m = melee(st(Kind::Line, 1), st(Kind::HeavyCavalry, 1));
        let (r, end) = fight(&m, &s, &[6, 1]);
        assert_eq!(end.result, MeleeResult::BothWipedOut);
        assert_eq!(r.steps[0].dice[0].face, 6);
        assert_eq!(r.steps[1].dice[0].face, 1);
        assert!(
            r.steps
                .last()
                .unwrap()
                .outcome
                .contains("no morale throw is needed")
        );
        // Neither kills: then morale 4 × 4 against 6 × 1.
        let (_, end) = fight(&m, &s, &[5, 2, 1, 1]);
        assert_eq!(end.result, MeleeResult::DefenderHolds);
        // The attacker wipes out the defender: no morale throw.
        let (_, end) = fight(&m, &s, &[6, 2]);
        assert_eq!(end.result, MeleeResult::DefenderWipedOut);
        assert_eq!(end.defender_left, 0);
    }

    /// Digest, melee kill table: a 1-figure light cavalry squadron kills "1 on 3-6" — a 3 or a 6,
    /// where a 2-figure one needs 1-3-6 (the weaker unit, the harder throw).
    #[test]
    fn light_cavalry_one_figure_kills_on_three_six() {
        let s = Settings::default();
        let m = melee(st(Kind::LightCavalry, 1), st(Kind::Line, 4));
        for (face, killed) in [
            (1, false),
            (2, false),
            (3, true),
            (4, false),
            (5, false),
            (6, true),
        ] {
            let (_, end) = fight(&m, &s, &[face]);
            assert_eq!(end.defender_left, 4 - u8::from(killed), "face {face}");
        }
        let one = strike(st(Kind::LightCavalry, 1), st(Kind::Line, 4), &s).0;
        let two = strike(st(Kind::LightCavalry, 2), st(Kind::Line, 4), &s).0;
        assert_eq!(one.need.chance(s.three_six), Prob::new(1, 3));
        assert!(one.need.chance(s.three_six) < two.need.chance(s.three_six));
        // The other reading, 3 to 6, for groups who read it so.
        let to6 = test_settings(&["three_six=3-to-6"]);
        let (_, end) = fight(&m, &to6, &[4]);
        assert_eq!(end.defender_left, 3);
    }

    #[test]
    fn concealment_only_heavy_cavalry_kill_light_cavalry() {
        let c = test_settings(&["concealment=true"]);
        let m = melee(st(Kind::Grenadier, 4), st(Kind::LightCavalry, 3));
        let (r, end) = fight(&m, &c, &[1, 6]);
        assert_eq!(end.defender_left, 3, "Grenadiers kill no light cavalry");
        assert_eq!(end.attacker_left, 3);
        assert!(r.steps[0].notes[0].contains("only heavy cavalry"));
        let m = melee(st(Kind::HeavyCavalry, 3), st(Kind::LightCavalry, 3));
        let (_, end) = fight(&m, &c, &[6, 1]);
        assert_eq!(end.defender_left, 1);
    }

    /// Digest, melee: "Only enemy infantry may enter a village's outer area and melee its
    /// defenders (cavalry may not)" — whoever the defenders are.
    #[test]
    fn where_cavalry_may_not_melee() {
        let s = Settings::default();
        let mut m = melee(st(Kind::HeavyCavalry, 3), st(Kind::Line, 4));
        for defender in [
            st(Kind::Line, 4),
            st(Kind::LightCavalry, 3),
            st(Kind::HeavyCavalry, 2),
        ] {
            for attacker in [st(Kind::HeavyCavalry, 3), st(Kind::LightCavalry, 3)] {
                for p in [Position::Town, Position::VillageOuter] {
                    let m = Melee {
                        attacker,
                        defender,
                        defender_in: p,
                        ..m
                    };
                    let e = m.plan(&s).unwrap_err().to_string();
                    assert!(
                        e.contains("only infantry may enter a village's outer area"),
                        "{e}"
                    );
                    let by_foot = Melee {
                        attacker: st(Kind::Line, 4),
                        ..m
                    };
                    assert!(by_foot.plan(&s).is_ok(), "{by_foot:?}");
                }
            }
        }
        m.defender_in = Position::VillageInner;
        assert!(m.plan(&s).unwrap_err().to_string().contains("--gate"));
        m.gate = true;
        assert!(m.plan(&s).is_ok());
        m.defender_in = Position::ForestOuter;
        assert!(m.plan(&s).is_err(), "heavy cavalry never enter a forest");
        m.attacker = st(Kind::Line, 4);
        assert!(m.plan(&s).is_ok());
        m.attacker = st(Kind::HeavyCavalry, 4);
        m.defender_in = Position::Open;
        assert!(m.plan(&s).unwrap_err().to_string().contains("at most 3"));
    }

    #[test]
    fn the_issue_odds_with_ties_thrown_again() {
        let s = Settings::default();
        let m = melee(st(Kind::Grenadier, 4), st(Kind::Line, 4));
        let d = m.distribution(&s).unwrap().map(|e| e.result);
        // Grenadiers kill 2, Line 1: 3 Grenadiers (18 points) against 2 Line (8 points).
        let mut win = 0;
        let mut tie = 0;
        for a in 1..=6u32 {
            for b in 1..=6u32 {
                match (18 * a).cmp(&(8 * b)) {
                    Ordering::Greater => win += 1,
                    Ordering::Equal => tie += 1,
                    Ordering::Less => {}
                }
            }
        }
        assert_eq!(
            d.p(&MeleeResult::AttackerHolds),
            Prob::new(win, 36 - tie),
            "P(win) / (1 − P(tie))"
        );
        assert_eq!(d.total(), Prob::from_integer(1));
    }

    /// Brute force over every face, morale thrown at most `throws` times: the endings reached and
    /// the mass still tied.
    fn brute<T: PartialEq + Clone>(
        run: impl Fn(&mut dyn DiceSource) -> Result<Option<T>, RuleError>,
    ) -> (Distribution<T>, f64) {
        #[derive(PartialEq)]
        enum Out<T> {
            End(T),
            Running,
        }
        let d = enumerate(|dice| Ok::<_, RuleError>(run(dice)?.map_or(Out::Running, Out::End)))
            .unwrap();
        let running = d.p(&Out::Running);
        let mut ends = Distribution::new();
        for (o, p) in d.iter() {
            if let Out::End(e) = o {
                ends.add(e.clone(), p);
            }
        }
        (ends, running)
    }

    fn assert_close<T: PartialEq + Clone + std::fmt::Debug>(
        exact: &Exact<T>,
        brute: &Distribution<T>,
        running: f64,
        what: &str,
    ) {
        assert_eq!(exact.total(), Prob::from_integer(1), "{what}");
        for (e, p) in exact.iter() {
            let b = brute.p(e);
            let q = exact::to_f64(p);
            assert!(
                b <= q + 1e-12 && q - b <= running + 1e-12,
                "{what}: {e:?} {q} {b}"
            );
        }
        for (e, _) in brute.iter() {
            assert!(exact.p(e) > Prob::from_integer(0), "{what}: {e:?}");
        }
    }

    #[test]
    fn melee_odds_equal_brute_force() {
        let settings = [
            Settings::default(),
            test_settings(&["morale_tie=both-hold"]),
            test_settings(&["concealment=true", "three_six=3-to-6"]),
        ];
        let pairs = [
            (st(Kind::Grenadier, 4), st(Kind::Line, 4)),
            (st(Kind::Line, 1), st(Kind::HeavyCavalry, 1)),
            (st(Kind::LightCavalry, 1), st(Kind::LightCavalry, 2)),
            (st(Kind::Light, 2), st(Kind::LightCavalry, 3)),
            (st(Kind::HeavyCavalry, 3), st(Kind::Grenadier, 1)),
        ];
        for s in &settings {
            for (a, d) in pairs {
                let m = melee(a, d);
                let exact = m.distribution(s).unwrap();
                let (b, running) = brute(|dice| Ok(m.fight(s, dice, 4)?.1));
                assert!(running < 0.01, "{running}");
                if s.morale_tie == TieRule::BothHold {
                    assert_eq!(running, 0.0);
                }
                assert_close(&exact, &b, running, &format!("{a:?} {d:?}"));
            }
        }
    }

    fn reinforced(a: Stand, d: Stand, side: Side, r: Stand) -> Melee {
        Melee {
            reinforcement: Some(Reinforcement { side, stand: r }),
            ..melee(a, d)
        }
    }

    #[test]
    fn reinforced_melee_fights_the_remnant_then_one_morale() {
        let s = Settings::default();
        // Line 4 attacks Line 4 (1 and 1 killed: 3 and 3); Grenadiers 4 reinforce the defender,
        // kill 2 of the attacker's remnant of 3, which kills 1 back: attacker 1 (4 points);
        // defending side 3 Line (12) + 3 Grenadiers (18) = 30.
        let m = reinforced(
            st(Kind::Line, 4),
            st(Kind::Line, 4),
            Side::Defender,
            st(Kind::Grenadier, 4),
        );
        let (r, end) = fight(&m, &s, &[6, 1]);
        assert_eq!(
            (end.attacker_left, end.defender_left, end.reinforcement_left),
            (1, 3, Some(3))
        );
        let morale = r.steps.iter().find(|st| st.label == "Morale").unwrap();
        assert!(morale.outcome.contains("6 × 4 = 24"), "{}", morale.outcome);
        assert!(morale.outcome.contains("1 × 30 = 30"), "{}", morale.outcome);
        assert_eq!(end.result, MeleeResult::DefenderHolds);
        assert_eq!(
            r.result,
            "The defending side holds; the attacking side retires 3 moves"
        );
        // The first fight wipes the enemy out: the reinforcement has nobody to fight.
        let m = reinforced(
            st(Kind::Line, 1),
            st(Kind::Grenadier, 4),
            Side::Defender,
            st(Kind::Line, 4),
        );
        let (r, end) = fight(&m, &s, &[2]);
        assert_eq!(end.result, MeleeResult::AttackerWipedOut);
        assert!(
            r.steps
                .iter()
                .any(|st| st.outcome.contains("nobody to fight"))
        );
        // The attacker reinforces: the reinforcement strikes first in the second fight.
        let m = reinforced(
            st(Kind::Line, 4),
            st(Kind::Line, 2),
            Side::Attacker,
            st(Kind::LightCavalry, 2),
        );
        let (r, end) = fight(&m, &s, &[3, 1]);
        assert_eq!(
            (end.attacker_left, end.defender_left, end.reinforcement_left),
            (3, 0, Some(2)),
            "the light cavalry's 3 kills the Line's last figure, which needs a 6 to strike back"
        );
        assert_eq!(end.result, MeleeResult::DefenderWipedOut);
        assert!(
            r.steps
                .iter()
                .any(|st| st.label == "Kills by the reinforcement")
        );
    }

    #[test]
    fn reinforced_odds_equal_brute_force() {
        let s = Settings::default();
        for m in [
            reinforced(
                st(Kind::Line, 4),
                st(Kind::Line, 4),
                Side::Defender,
                st(Kind::Grenadier, 4),
            ),
            reinforced(
                st(Kind::Line, 2),
                st(Kind::Light, 1),
                Side::Attacker,
                st(Kind::HeavyCavalry, 1),
            ),
            reinforced(
                st(Kind::LightCavalry, 1),
                st(Kind::Line, 1),
                Side::Defender,
                st(Kind::LightCavalry, 1),
            ),
        ] {
            let exact = m.distribution(&s).unwrap();
            let (b, running) = brute(|dice| Ok(m.fight(&s, dice, 3)?.1));
            assert!(running < 0.05, "{running}");
            assert_close(&exact, &b, running, &format!("{m:?}"));
        }
    }

    #[test]
    fn melee_against_a_gun_crew() {
        let s = Settings::default();
        let front = CrewMelee {
            from: Approach::Front,
            attacker: Some(Kind::Line),
        };
        let got: Vec<CrewMeleeResult> = (1..=6)
            .map(|f| {
                let mut d = TypedDice::new([f]);
                resolve_crew(&front, &s, &mut d).unwrap().1
            })
            .collect();
        use CrewMeleeResult::*;
        assert_eq!(got, [Saved, Captured, Saved, Captured, Captured, Saved]);
        let rear = CrewMelee {
            from: Approach::Rear,
            attacker: None,
        };
        let mut d = TypedDice::new([]);
        assert_eq!(resolve_crew(&rear, &s, &mut d).unwrap().1, Captured);
        let c = test_settings(&["concealment=true"]);
        let lc = CrewMelee {
            from: Approach::Flank,
            attacker: Some(Kind::LightCavalry),
        };
        assert!(lc.plan(&c).is_err());
        assert!(lc.plan(&s).is_ok());
        for m in [front, rear] {
            let brute = enumerate(|d| resolve_crew(&m, &s, d).map(|r| r.1)).unwrap();
            let (need, _) = m.plan(&s).unwrap();
            let p = exact::to_f64(need.chance(s.three_six));
            assert!((brute.p(&Saved) - p).abs() < 1e-12);
        }
    }

    #[test]
    fn light_cavalry_morale_combat() {
        let s = Settings::default();
        let lc = |n, kind, f| LcMorale {
            cavalry_figures: n,
            opponent: st(kind, f),
        };
        // Against Line: no fire first. 3 × 5 = 15 points against 4 × 4 = 16.
        let m = lc(3, Kind::Line, 4);
        let mut d = TypedDice::new([4, 4]);
        let (r, end) = resolve_lc(&m, &s, &mut d).unwrap();
        assert_eq!(end.result, LcResult::OpponentHolds, "60 against 64");
        assert_eq!(end.cavalry_left, 3);
        assert!(r.steps[0].outcome.contains("4 × 15 = 60"));
        // Against Grenadiers: one figure lost first (row 7), then 2 × 5 = 10 against 6 × 1.
        let m = lc(3, Kind::Grenadier, 1);
        let mut d = TypedDice::new([2, 5]);
        let (r, end) = resolve_lc(&m, &s, &mut d).unwrap();
        assert_eq!(
            end,
            LcEnd {
                result: LcResult::OpponentHolds,
                cavalry_left: 2
            }
        );
        assert!(r.steps[0].row.as_deref().unwrap().starts_with("row 7"));
        // A tie thrown again: 10 × 3 = 30 against 6 × 5 = 30, then 6 against 1.
        let mut d = TypedDice::new([3, 5, 6, 1]);
        assert_eq!(
            resolve_lc(&m, &s, &mut d).unwrap().1.result,
            LcResult::CavalryHold
        );
        // A one-figure squadron against Light infantry is wiped out before the throw.
        let m = lc(1, Kind::Light, 4);
        let mut d = TypedDice::new([]);
        assert_eq!(
            resolve_lc(&m, &s, &mut d).unwrap().1.result,
            LcResult::CavalryWipedOut
        );
        assert!(lc(2, Kind::HeavyCavalry, 3).plan(&s).is_err());
        assert!(lc(2, Kind::LightCavalry, 4).plan(&s).is_err());
        for m in [
            lc(3, Kind::Line, 4),
            lc(2, Kind::Grenadier, 2),
            lc(1, Kind::LightCavalry, 1),
        ] {
            let exact = m.distribution(&s).unwrap();
            let (b, running) = brute(|dice| Ok(m.fight(&s, dice, 4)?.1));
            assert_close(&exact, &b, running, &format!("{m:?}"));
        }
    }

    #[test]
    fn morale_odds_count_every_pair() {
        let d = morale_odds(12, 12, TieRule::ThrowAgain);
        assert_eq!(d.p(&MoraleEnd::FirstHolds), Prob::new(1, 2));
        let d = morale_odds(12, 12, TieRule::BothHold);
        assert_eq!(d.p(&MoraleEnd::BothHold), Prob::new(1, 6));
        assert_eq!(d.p(&MoraleEnd::FirstHolds), Prob::new(15, 36));
        let d = morale_odds(24, 4, TieRule::ThrowAgain);
        assert_eq!(
            d.p(&MoraleEnd::FirstHolds),
            Prob::from_integer(1),
            "6 × the points always wins"
        );
    }
}
