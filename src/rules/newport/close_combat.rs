//! Close combat: alternate fire on the tables until one side is Paralyzed or destroyed.
//!
//! The combat is a small state machine ([`CloseCombat::shot`] says who fires with which
//! [`Shot`]; [`CloseCombat::after`] applies the effect and says what comes next). Rolling walks
//! the machine with dice; the exact odds are the absorbing probabilities of the same machine:
//! each round either ends the combat, moves to a strictly worse state for somebody, or (both shots
//! without effect) returns to the same state, so `P(s) = Σ p·P(next) / (1 − p_same)` solves it
//! exactly, with memoisation over the few reachable states.

use super::defs;
use super::fire::{Cover, cover_modifier, has_vehicle_ranges, is_vehicle};
use super::tables::{Morale, Shot, ShotEffect, Table, Target};
use crate::declare::{Options, Params, RuleError};
use crate::dice::DiceSource;
use crate::odds::{Deferred, Distribution, OddsLine, OddsReport, Words, Written};
use crate::resolution::{Modifier, Resolution};
use crate::odds::Figures;
use std::collections::HashMap;

/// One side of the combat, as the table sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Fighter {
    /// How the dice's purposes name the stand: its id in a battle, "the attacker" or "the
    /// defender" outside one.
    pub name: String,
    pub kind: String,
    pub green: bool,
    pub hmg: bool,
    pub gun: i32,
    pub armour: i32,
    pub start: Target,
}

/// How the combat ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CcResult {
    AttackerDestroyed,
    /// Paralyzed: retreats 4" with an extra hit.
    AttackerRetreats,
    /// A vehicle attacker that did not win (or was Forced Back) falls back 8".
    AttackerFallsBack,
    /// A Paralyzed defender's shot Paralyzed the attacker: both retreat 4" with the extra hit.
    BothRetreat,
    /// A Paralyzed defender's shot Forced Back the attacking vehicle: it falls back 8" and the
    /// defender still retreats 4" with the extra hit.
    BothWithdraw,
    /// A vehicle defender that did not win falls back 8".
    DefenderFallsBack,
    /// Paralyzed: retreats 4" with an extra hit.
    DefenderRetreats,
    DefenderDestroyed,
}

impl CcResult {
    pub const ALL: [CcResult; 8] = [
        CcResult::AttackerDestroyed,
        CcResult::AttackerRetreats,
        CcResult::AttackerFallsBack,
        CcResult::BothRetreat,
        CcResult::BothWithdraw,
        CcResult::DefenderFallsBack,
        CcResult::DefenderRetreats,
        CcResult::DefenderDestroyed,
    ];

    pub fn text(self) -> &'static str {
        match self {
            CcResult::AttackerDestroyed => "Defender wins: the attacker is destroyed",
            CcResult::AttackerRetreats => {
                "Defender wins: the attacker is Paralyzed, retreats 4\" and takes an extra hit"
            }
            CcResult::AttackerFallsBack => {
                "Defender holds: the attacking vehicle falls back 8\" in its current morale state"
            }
            CcResult::BothRetreat => {
                "No winner: both stands are Paralyzed and retreat 4\" with an extra hit"
            }
            CcResult::BothWithdraw => {
                "No winner: the attacking vehicle falls back 8\"; the Paralyzed defender retreats 4\" with an extra hit"
            }
            CcResult::DefenderFallsBack => {
                "Attacker wins: the defending vehicle falls back 8\" in its current morale state"
            }
            CcResult::DefenderRetreats => {
                "Attacker wins: the defender is Paralyzed, retreats 4\" and takes an extra hit"
            }
            CcResult::DefenderDestroyed => "Attacker wins: the defender is destroyed",
        }
    }

    pub fn attacker_wins(self) -> bool {
        matches!(
            self,
            CcResult::DefenderFallsBack | CcResult::DefenderRetreats | CcResult::DefenderDestroyed
        )
    }

    pub fn defender_wins(self) -> bool {
        matches!(
            self,
            CcResult::AttackerDestroyed | CcResult::AttackerRetreats | CcResult::AttackerFallsBack
        )
    }
}

/// The end of a combat: the result and both stands as they finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CcEnd {
    pub result: CcResult,
    pub attacker: Target,
    pub defender: Target,
    /// The attacker was Forced Back 8" by an anti-tank hit.
    pub attacker_forced_back: bool,
    /// The defender was Forced Back 8" by an anti-tank hit.
    pub defender_forced_back: bool,
}

/// Who fires next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    DefenderFires,
    AttackerFires,
}

/// Where the combat stands between shots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CcState {
    pub attacker: Target,
    pub defender: Target,
    pub stage: Stage,
    pub attacker_forced_back: bool,
}

/// What follows a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Shot(CcState),
    End(CcEnd),
}

/// A close combat ready to fight.
#[derive(Clone, Debug, PartialEq)]
pub struct CloseCombat {
    pub attacker: Fighter,
    pub defender: Fighter,
    /// The defender's cover (the attacker never has any).
    pub cover: Cover,
    pub hmg_two_dice: bool,
    /// Option `paralyzing_shot_stops_attacker`.
    pub paralyzing_shot_stops: bool,
}

impl CloseCombat {
    /// The combat begins (the attacker starts without a morale marker: a Suppressed or Paralyzed
    /// stand may not move into contact).
    pub fn begin(&self) -> CcState {
        CcState {
            attacker: self.attacker.start,
            defender: self.defender.start,
            stage: Stage::DefenderFires,
            attacker_forced_back: false,
        }
    }

    fn paralyzed_start(&self) -> bool {
        self.defender.start.morale == Morale::Paralyzed
    }

    fn vehicle_involved(&self) -> bool {
        self.attacker.start.vehicle || self.defender.start.vehicle
    }

    /// Infantry (any non-vehicle) assaulting a vehicle: no modifiers but a Suppressed vehicle's +1.
    fn infantry_assaults_vehicle(&self) -> bool {
        !self.attacker.start.vehicle && self.defender.start.vehicle
    }

    /// Who fires and the shot they take.
    pub fn shot(&self, st: &CcState) -> (&'static str, Shot) {
        let (who, firer, firer_now, target, target_now, cover) = match st.stage {
            Stage::DefenderFires => (
                "defender",
                &self.defender,
                st.defender,
                &self.attacker,
                st.attacker,
                Cover::None,
            ),
            Stage::AttackerFires => (
                "attacker",
                &self.attacker,
                st.attacker,
                &self.defender,
                st.defender,
                self.cover,
            ),
        };
        let table = if target_now.vehicle {
            Table::AntiTank
        } else {
            Table::Infantry
        };
        let mut mods = Vec::new();
        if self.infantry_assaults_vehicle() {
            if firer_now.vehicle && firer_now.morale == Morale::Suppressed {
                mods.push(Modifier::new(1, "Suppressed vehicle's own fire"));
            }
        } else {
            mods.extend(cover_modifier(table, cover, false));
            match firer_now.morale {
                Morale::Suppressed => mods.push(Modifier::new(1, "firing stand Suppressed")),
                Morale::Paralyzed => mods.push(Modifier::new(
                    2,
                    "firing stand Paralyzed (close combat only)",
                )),
                Morale::Steady => {}
            }
            if table == Table::AntiTank {
                if has_vehicle_ranges(&firer.kind) && firer.gun != 0 {
                    mods.push(Modifier::new(firer.gun, "firer's gun"));
                }
                if target.armour != 0 {
                    mods.push(Modifier::new(target.armour, "target's armour"));
                }
            }
        }
        let dice = if firer.hmg && self.hmg_two_dice && table == Table::Infantry {
            2
        } else {
            1
        };
        (
            who,
            Shot {
                table,
                modifiers: mods,
                dice,
                target_green: target.green,
            },
        )
    }

    fn end(&self, result: CcResult, a: Target, d: Target, afb: bool, dfb: bool) -> Next {
        // A retreat's extra hit can destroy a stand: say so in the result.
        let result = match result {
            CcResult::AttackerRetreats if a.destroyed() => CcResult::AttackerDestroyed,
            CcResult::DefenderRetreats | CcResult::BothWithdraw if d.destroyed() => {
                CcResult::DefenderDestroyed
            }
            r => r,
        };
        Next::End(CcEnd {
            result,
            attacker: a,
            defender: d,
            attacker_forced_back: afb,
            defender_forced_back: dfb,
        })
    }

    /// Applies a shot's effect and says what comes next.
    pub fn after(&self, st: &CcState, e: ShotEffect) -> Next {
        match st.stage {
            Stage::DefenderFires => {
                let a = st.attacker.after(e);
                let d = st.defender;
                if a.destroyed() {
                    return self.end(CcResult::AttackerDestroyed, a, d, e.forced_back, false);
                }
                let a_paralyzed = a.morale == Morale::Paralyzed;
                if self.paralyzed_start() {
                    if a_paralyzed && self.paralyzing_shot_stops {
                        return self.end(
                            CcResult::BothRetreat,
                            a.extra_hit(),
                            d.extra_hit(),
                            false,
                            false,
                        );
                    }
                    if e.forced_back {
                        // The vehicle falls back; the Paralyzed defender still retreats.
                        return self.end(CcResult::BothWithdraw, a, d.extra_hit(), true, false);
                    }
                } else {
                    if a_paralyzed {
                        return self.end(
                            CcResult::AttackerRetreats,
                            a.extra_hit(),
                            d,
                            false,
                            false,
                        );
                    }
                    if e.forced_back {
                        return self.end(CcResult::AttackerFallsBack, a, d, true, false);
                    }
                }
                Next::Shot(CcState {
                    attacker: a,
                    defender: d,
                    stage: Stage::AttackerFires,
                    attacker_forced_back: e.forced_back,
                })
            }
            Stage::AttackerFires => {
                let a = st.attacker;
                let d = st.defender.after(e);
                let afb = st.attacker_forced_back;
                if d.destroyed() {
                    return self.end(CcResult::DefenderDestroyed, a, d, afb, e.forced_back);
                }
                if self.paralyzed_start() {
                    if a.morale == Morale::Paralyzed {
                        return self.end(
                            CcResult::BothRetreat,
                            a.extra_hit(),
                            d.extra_hit(),
                            afb,
                            e.forced_back,
                        );
                    }
                    return self.end(
                        CcResult::DefenderRetreats,
                        a,
                        d.extra_hit(),
                        afb,
                        e.forced_back,
                    );
                }
                if d.morale == Morale::Paralyzed {
                    return self.end(
                        CcResult::DefenderRetreats,
                        a,
                        d.extra_hit(),
                        afb,
                        e.forced_back,
                    );
                }
                if self.vehicle_involved() {
                    let result = if self.attacker.start.vehicle {
                        CcResult::AttackerFallsBack
                    } else {
                        CcResult::DefenderFallsBack
                    };
                    return self.end(result, a, d, afb, e.forced_back);
                }
                Next::Shot(CcState {
                    attacker: a,
                    defender: d,
                    stage: Stage::DefenderFires,
                    attacker_forced_back: false,
                })
            }
        }
    }

    /// The exact distribution of how the combat ends.
    pub fn odds(&self) -> Distribution<CcEnd> {
        let mut memo = HashMap::new();
        self.solve(self.begin(), &mut memo)
    }

    /// Absorbing probabilities from a round's start.
    fn solve(
        &self,
        s: CcState,
        memo: &mut HashMap<CcState, Distribution<CcEnd>>,
    ) -> Distribution<CcEnd> {
        if let Some(d) = memo.get(&s) {
            return d.clone();
        }
        // Expand shots until the combat ends or a new round starts.
        let mut ends = Distribution::new();
        let mut rounds: Vec<(CcState, f64)> = Vec::new();
        let mut frontier = vec![(s, 1.0)];
        while let Some((st, p)) = frontier.pop() {
            let (_, shot) = self.shot(&st);
            for (e, q) in shot.odds().iter() {
                match self.after(&st, *e) {
                    Next::End(end) => ends.add(end, p * q),
                    Next::Shot(n) if n.stage == Stage::DefenderFires => rounds.push((n, p * q)),
                    Next::Shot(n) => frontier.push((n, p * q)),
                }
            }
        }
        let p_same: f64 = rounds.iter().filter(|(n, _)| *n == s).map(|(_, p)| p).sum();
        let mut out = Distribution::new();
        for (n, p) in rounds.into_iter().filter(|(n, _)| *n != s) {
            for (end, q) in self.solve(n, memo).iter() {
                out.add(*end, p * q);
            }
        }
        for (end, p) in ends.iter() {
            out.add(*end, p);
        }
        let scale = 1.0 / (1.0 - p_same);
        let mut scaled = Distribution::new();
        for (end, p) in out.iter() {
            scaled.add(*end, p * scale);
        }
        memo.insert(s, scaled.clone());
        scaled
    }

    /// Fights the combat with dice, explaining every shot.
    pub fn fight(
        &self,
        dice: &mut dyn DiceSource,
    ) -> Result<(Vec<crate::resolution::Step>, CcEnd), RuleError> {
        let mut st = self.begin();
        let mut steps = Vec::new();
        let mut round = 1;
        loop {
            let (who, shot) = self.shot(&st);
            let label = format!("Round {round}: {who} fires");
            let (mut step, e) = shot.roll(dice, label, &self.shot_words(round, &st))?;
            let next = self.after(&st, e);
            match next {
                Next::Shot(n) => {
                    step.notes.push(state_note(&n.attacker, &n.defender));
                    steps.push(step);
                    if n.stage == Stage::DefenderFires {
                        round += 1;
                    }
                    st = n;
                }
                Next::End(end) => {
                    step.notes.push(state_note(&end.attacker, &end.defender));
                    steps.push(step);
                    return Ok((steps, end));
                }
            }
        }
    }

    /// Who fires at whom in a shot's purpose, with what the fight has done so far: "round 2, g12
    /// fires at 1-2 (so far: 1-2 1 hit, Suppressed)".
    fn shot_words(&self, round: u32, st: &CcState) -> String {
        let (firer, target) = match st.stage {
            Stage::DefenderFires => (&self.defender, &self.attacker),
            Stage::AttackerFires => (&self.attacker, &self.defender),
        };
        let first = round == 1 && st.stage == Stage::DefenderFires;
        let so_far = if first {
            String::new()
        } else {
            let changes: Vec<String> = [
                change(&self.attacker, &st.attacker, st.attacker_forced_back),
                change(&self.defender, &st.defender, false),
            ]
            .into_iter()
            .flatten()
            .collect();
            if changes.is_empty() {
                " (so far: no effect)".to_string()
            } else {
                format!(" (so far: {})", changes.join("; "))
            }
        };
        format!(
            "round {round}, {} fires at {}{so_far}",
            firer.name, target.name
        )
    }
}

/// What the fight has done to `f` (now `now`): "1-2 1 hit, Suppressed", or nothing.
fn change(f: &Fighter, now: &Target, forced_back: bool) -> Option<String> {
    let mut said = Vec::new();
    let hits = now.hits.saturating_sub(f.start.hits);
    if hits > 0 {
        said.push(format!("{hits} hit{}", if hits == 1 { "" } else { "s" }));
    }
    if now.morale != f.start.morale {
        said.push(now.morale.name().to_string());
    }
    if forced_back {
        said.push("Forced Back".to_string());
    }
    (!said.is_empty()).then(|| format!("{} {}", f.name, said.join(", ")))
}

fn target_words(t: &Target) -> String {
    if t.destroyed() {
        format!("destroyed ({} hits)", t.hits)
    } else {
        format!("{}/{} hits, {}", t.hits, t.limit, t.morale.name())
    }
}

fn state_note(a: &Target, d: &Target) -> String {
    format!("attacker {}; defender {}", target_words(a), target_words(d))
}

/// Hits that remove a stand of `kind` (Newport's limits, with the scale and weapons-stand options).
pub fn kind_hit_limit(kind: &str, options: &Options) -> u32 {
    match kind {
        "leader" | "hq" => 1,
        "weapons" | "gun" if options.bool("weapons_stand_two_hits") => 2,
        "vehicle" if options.text("scale") != "battalion" => 1,
        _ => 3,
    }
}

fn fighter(p: &Params, who: &str, options: &Options, morale: Morale) -> Result<Fighter, RuleError> {
    let kind = p
        .text(&format!("{who}-kind"))
        .unwrap_or("infantry")
        .to_string();
    let limit = kind_hit_limit(&kind, options);
    let hits = p.int(&format!("{who}-hits")).unwrap_or(0) as u32;
    if hits >= limit {
        return Err(RuleError::refused(format!(
            "the {who} ({kind}) is removed at {limit} hit(s); it cannot already have {hits}"
        )));
    }
    let vehicle = is_vehicle(&kind);
    let gun = p.int(&format!("{who}-gun")).unwrap_or(0) as i32;
    let armour = p.int(&format!("{who}-armour")).unwrap_or(0) as i32;
    if !vehicle && armour != 0 {
        return Err(RuleError::refused(format!(
            "{who}-armour applies only to a vehicle"
        )));
    }
    if !has_vehicle_ranges(&kind) && gun != 0 {
        return Err(RuleError::refused(format!(
            "{who}-gun applies only to a vehicle or gun"
        )));
    }
    if vehicle && morale == Morale::Paralyzed {
        return Err(RuleError::refused("a vehicle is never Paralyzed"));
    }
    Ok(Fighter {
        name: format!("the {who}"),
        green: p.text(&format!("{who}-quality")) == Some("green"),
        hmg: p.flag(&format!("{who}-hmg")),
        gun,
        armour,
        start: Target {
            hits,
            limit,
            morale,
            vehicle,
        },
        kind,
    })
}

/// Builds the combat from table-only inputs.
pub fn from_params(p: &Params, options: &Options) -> Result<CloseCombat, RuleError> {
    for who in ["attacker", "defender"] {
        let kind = p.text(&format!("{who}-kind")).unwrap_or("infantry");
        if defs::ASSET_KINDS.contains(&kind) {
            return Err(RuleError::refused(format!(
                "an off-table {kind} unit cannot fight a close combat"
            )));
        }
    }
    let morale = Morale::parse(p.text("defender-state").unwrap_or("none"));
    Ok(CloseCombat {
        attacker: fighter(p, "attacker", options, Morale::Steady)?,
        defender: fighter(p, "defender", options, morale)?,
        cover: Cover::parse(p.text("cover").unwrap_or("none"))?,
        hmg_two_dice: options.bool("hmg_two_dice"),
        paralyzing_shot_stops: options.bool("paralyzing_shot_stops_attacker"),
    })
}

/// Words for the mode of the combat.
pub fn context(cc: &CloseCombat) -> Vec<String> {
    let mut c = vec![format!(
        "{} attacks {} ({}{})",
        cc.attacker.kind,
        cc.defender.kind,
        cc.defender.start.morale.name(),
        match cc.cover {
            Cover::None => String::new(),
            Cover::Soft => ", in cover".into(),
            Cover::Hard => ", in hard cover".into(),
        }
    )];
    c.push("the attacker never has cover; the defender fires first".into());
    if cc.vehicle_involved() {
        c.push("a vehicle fights one round only and wins only by destroying or Paralyzing the other stand".into());
    }
    if cc.infantry_assaults_vehicle() {
        c.push("infantry assaulting a vehicle: no modifiers except +1 on a Suppressed vehicle's own fire".into());
    }
    if cc.paralyzed_start() {
        c.push("the defender starts Paralyzed: it fires once at +2, the attacker fires once, then the defender retreats 4\" with an extra hit".into());
    }
    c
}

/// Words for what an ending does to the stands.
pub fn end_words(end: &CcEnd) -> Vec<String> {
    let mut out = vec![
        format!("attacker: {}", target_words(&end.attacker)),
        format!("defender: {}", target_words(&end.defender)),
    ];
    if end.attacker_forced_back {
        out.push("the attacking vehicle was Forced Back 8\"".into());
    }
    if end.defender_forced_back {
        out.push("the defending vehicle was Forced Back 8\"".into());
    }
    out.push("the attacker is marked Finished; the defender is not".into());
    out
}

/// A close combat outside a battle.
pub fn resolve(
    p: &Params,
    options: &Options,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, CcEnd), RuleError> {
    let cc = from_params(p, options)?;
    resolve_combat(&cc, dice)
}

/// Fights `cc` and explains it.
pub fn resolve_combat(
    cc: &CloseCombat,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, CcEnd), RuleError> {
    let (steps, end) = cc.fight(dice)?;
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "close-combat".into(),
            title: "Close combat".into(),
            context: context(cc),
            steps,
            result: end.result.text().to_string(),
            effects: end_words(&end),
            rolled_by_program: dice.is_generated(),
        },
        end,
    ))
}

/// The odds report of a combat.
pub fn report(cc: &CloseCombat) -> OddsReport {
    let dist = cc.odds();
    let by_result = dist.map(|e| e.result);
    let results = CcResult::ALL
        .iter()
        .filter(|r| by_result.p(r) > 0.0)
        .map(|r| OddsLine {
            result: r.text().into(),
            probability: by_result.p(r),
        })
        .collect();
    let mut extra = Figures::new();
    extra.insert(
        "p_attacker_wins".into(),
        by_result.p_where(|r| r.attacker_wins()),
    );
    extra.insert(
        "p_defender_wins".into(),
        by_result.p_where(|r| r.defender_wins()),
    );
    extra.insert(
        "expected_attacker_hits".into(),
        dist.iter()
            .map(|(e, p)| f64::from(e.attacker.hits - cc.attacker.start.hits) * p)
            .sum(),
    );
    extra.insert(
        "expected_defender_hits".into(),
        dist.iter()
            .map(|(e, p)| f64::from(e.defender.hits - cc.defender.start.hits) * p)
            .sum(),
    );
    OddsReport {
        title: "Close combat".into(),
        results,
        notes: Deferred::new(CombatNotes(cc.clone())).notes(),
        extra,
    }
}

/// The notes of a combat's odds: its context ([`context`]).
struct CombatNotes(CloseCombat);

impl Words for CombatNotes {
    fn write(&self) -> Written {
        Written {
            notes: context(&self.0),
            ..Written::default()
        }
    }
}

/// Exact odds of a close combat from table-only inputs.
pub fn odds(p: &Params, options: &Options) -> Result<OddsReport, RuleError> {
    Ok(report(&from_params(p, options)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{DiceError, TypedDice};
    use crate::odds::enumerate;

    use crate::rules::newport::test_options as opts;

    fn cc(args: &[(&str, &str)], o: &Options) -> CloseCombat {
        let p = Params::parse(defs::CLOSE_COMBAT_PARAMS, args.iter().copied()).unwrap();
        from_params(&p, o).unwrap()
    }

    fn fight(c: &CloseCombat, faces: &str) -> CcEnd {
        let mut d = TypedDice::parse(faces).unwrap();
        let end = c.fight(&mut d).unwrap().1;
        d.finish().unwrap();
        end
    }

    /// Brute force with a round limit: every face sequence up to `depth` shots; sequences still
    /// running are dropped, so the totals agree to within the dropped mass.
    fn brute(c: &CloseCombat, max_shots: usize) -> (Distribution<CcEnd>, f64) {
        #[derive(PartialEq)]
        enum Out {
            End(CcEnd),
            Running,
        }
        let d = enumerate(|dice| {
            let mut st = c.begin();
            for _ in 0..max_shots {
                let (_, shot) = c.shot(&st);
                let mut kept = 10;
                for _ in 0..shot.dice {
                    kept = kept.min(dice.roll(crate::dice::Die::D10, "x")?);
                }
                match c.after(&st, shot.effect_of(kept)) {
                    Next::End(e) => return Ok::<_, DiceError>(Out::End(e)),
                    Next::Shot(n) => st = n,
                }
            }
            Ok(Out::Running)
        })
        .unwrap();
        let running = d.p(&Out::Running);
        let mut ends = Distribution::new();
        for (o, p) in d.iter() {
            if let Out::End(e) = o {
                ends.add(*e, p);
            }
        }
        (ends, running)
    }

    #[test]
    fn defender_first_then_attacker_then_repeat() {
        let o = opts(&[]);
        let c = cc(&[], &o);
        // Round 1: 8, 9 no effect; round 2: defender 4 (attacker Suppressed), attacker 1 (+1 → 2: hit and Suppressed).
        // Round 3: defender 9, attacker 2 (+1 → 3: hit and Suppressed → defender Paralyzed).
        let end = fight(&c, "8 9 4 1 9 2");
        assert_eq!(
            end.result,
            CcResult::DefenderDestroyed,
            "the extra hit was its third"
        );
        assert_eq!(end.attacker.morale, Morale::Suppressed);
        assert_eq!(end.defender.morale, Morale::Paralyzed);
        assert_eq!(
            end.defender.hits, 3,
            "two fire hits + the retreat's extra hit"
        );
        assert!(end.defender.destroyed());
    }

    #[test]
    fn retreat_extra_hit_can_destroy() {
        let o = opts(&[]);
        let c = cc(&[("defender-hits", "2")], &o);
        // Defender 9; attacker 1 → Hit and Paralyzed: 3 hits → destroyed.
        assert_eq!(fight(&c, "9 1").result, CcResult::DefenderDestroyed);
        let c = cc(&[("defender-hits", "1")], &o);
        // Attacker 4 → Suppressed; second round attacker 5 → Suppressed again → Paralyzed, extra hit → 2.
        let end = fight(&c, "9 4 9 5");
        assert_eq!(end.result, CcResult::DefenderRetreats);
        assert_eq!(end.defender.hits, 2);
    }

    #[test]
    fn attacker_paralyzed_by_defender_retreats() {
        let o = opts(&[]);
        let c = cc(&[("cover", "hard")], &o);
        let end = fight(&c, "1");
        assert_eq!(end.result, CcResult::AttackerRetreats);
        assert_eq!(end.attacker.hits, 2, "the fire's hit and the extra hit");
        assert_eq!(end.defender.hits, 0);
    }

    #[test]
    fn attacker_never_has_cover_defender_keeps_it() {
        let o = opts(&[]);
        let c = cc(&[("cover", "hard")], &o);
        let s = c.begin();
        assert!(c.shot(&s).1.modifiers.is_empty(), "attacker never in cover");
        let s2 = CcState {
            stage: Stage::AttackerFires,
            ..s
        };
        assert_eq!(c.shot(&s2).1.modifier_total(), 2);
    }

    #[test]
    fn paralyzed_defender_one_shot_each() {
        let o = opts(&[]);
        let c = cc(&[("defender-state", "paralyzed")], &o);
        // Defender fires at +2: 9 → 11 no effect; attacker 9 no effect; defender retreats with a hit.
        let end = fight(&c, "9 9");
        assert_eq!(end.result, CcResult::DefenderRetreats);
        assert_eq!(end.defender.hits, 1);
        assert_eq!(c.shot(&c.begin()).1.modifier_total(), 2);
        // Its shot Paralyzes the attacker (1 + 2 = 3: hit and Suppressed... needs ≤ 1): face 1 with +2 = 3 → Hit and Suppressed, not Paralyzed.
        let end = fight(&c, "1 9");
        assert_eq!(end.result, CcResult::DefenderRetreats);
        assert_eq!(end.attacker.hits, 1);
    }

    #[test]
    fn paralyzed_defender_paralyzes_attacker_both_retreat() {
        // Suppressed attacker? It cannot attack; reach Paralyzed via modifiers ≤ 1: impossible at +2
        // on a d10 (min 3), so use the option path with a fabricated state.
        let o = opts(&[]);
        let c = cc(&[("defender-state", "paralyzed")], &o);
        let s = c.begin();
        let par = ShotEffect {
            hit: false,
            morale: super::super::tables::MoraleBlow::Paralyze,
            forced_back: false,
        };
        match c.after(&s, par) {
            Next::End(e) => {
                assert_eq!(e.result, CcResult::BothRetreat);
                assert_eq!((e.attacker.hits, e.defender.hits), (1, 1));
            }
            n => panic!("{n:?}"),
        }
        let o2 = opts(&["paralyzing_shot_stops_attacker=false"]);
        let c2 = cc(&[("defender-state", "paralyzed")], &o2);
        match c2.after(&c2.begin(), par) {
            Next::Shot(n) => {
                assert_eq!(n.stage, Stage::AttackerFires);
                assert_eq!(
                    c2.shot(&n).1.modifier_total(),
                    2,
                    "Paralyzed attacker fires at +2"
                );
                match c2.after(&n, ShotEffect::NONE) {
                    Next::End(e) => assert_eq!(e.result, CcResult::BothRetreat),
                    n => panic!("{n:?}"),
                }
            }
            n => panic!("{n:?}"),
        }
    }

    #[test]
    fn suppressed_defender_fires_at_plus_one_and_second_suppression_paralyzes() {
        let o = opts(&[]);
        let c = cc(&[("defender-state", "suppressed")], &o);
        assert_eq!(c.shot(&c.begin()).1.modifier_total(), 1);
        // Defender 9+1 no effect; attacker 5 → Suppressed on a Suppressed defender → Paralyzed.
        let end = fight(&c, "9 5");
        assert_eq!(end.result, CcResult::DefenderRetreats);
    }

    #[test]
    fn vehicle_attacker_one_round() {
        let o = opts(&[]);
        let c = cc(
            &[("attacker-kind", "vehicle"), ("attacker-armour", "1")],
            &o,
        );
        // Infantry defender fires on the anti-tank table at the vehicle (+1 armour): 9 no effect;
        // the vehicle fires on the infantry table: 9 no effect → falls back.
        let end = fight(&c, "9 9");
        assert_eq!(end.result, CcResult::AttackerFallsBack);
        assert_eq!(c.shot(&c.begin()).1.table, Table::AntiTank);
        assert_eq!(c.shot(&c.begin()).1.modifier_total(), 1);
        // Defender 2+1 = 3: hit (destroyed at 1 hit in a company game).
        assert_eq!(fight(&c, "2").result, CcResult::AttackerDestroyed);
        // Battalion scale: the vehicle takes 3 hits; hit + Forced Back: it does not fire.
        let ob = opts(&["scale=\"battalion\""]);
        let c = cc(&[("attacker-kind", "vehicle")], &ob);
        let end = fight(&c, "3");
        assert_eq!(end.result, CcResult::AttackerFallsBack);
        assert!(end.attacker_forced_back);
        assert_eq!(end.attacker.hits, 1);
        // The vehicle Paralyzes the defender: it wins.
        assert_eq!(fight(&c, "9 1").result, CcResult::DefenderRetreats);
    }

    #[test]
    fn a_vehicle_forced_back_by_a_paralyzed_defender_is_not_called_paralyzed() {
        let o = opts(&["scale=\"battalion\""]);
        let c = cc(
            &[
                ("attacker-kind", "vehicle"),
                ("defender-state", "paralyzed"),
            ],
            &o,
        );
        // The defender's one shot at +2 on the anti-tank table: 1 + 2 = 3, hit and Forced Back.
        let end = fight(&c, "1");
        assert_eq!(end.result, CcResult::BothWithdraw);
        assert!(end.attacker_forced_back);
        assert_eq!(end.attacker.morale, Morale::Suppressed);
        assert_eq!(
            end.defender.hits, 1,
            "the Paralyzed defender still retreats with its hit"
        );
        assert!(CcResult::BothWithdraw.text().contains("falls back 8"));
        let c = cc(
            &[
                ("attacker-kind", "vehicle"),
                ("defender-state", "paralyzed"),
                ("defender-hits", "2"),
            ],
            &o,
        );
        assert_eq!(fight(&c, "1").result, CcResult::DefenderDestroyed);
    }

    #[test]
    fn hmg_options_stay_off_the_anti_tank_table() {
        let o = opts(&["hmg_two_dice=true"]);
        let c = cc(&[("defender-kind", "vehicle"), ("attacker-hmg", "")], &o);
        let at = CcState {
            stage: Stage::AttackerFires,
            ..c.begin()
        };
        assert_eq!(
            c.shot(&at).1.dice,
            1,
            "an HMG assaulting a vehicle rolls one die"
        );
    }

    #[test]
    fn infantry_assaulting_vehicle_has_no_modifiers() {
        let o = opts(&[]);
        let c = cc(
            &[
                ("defender-kind", "vehicle"),
                ("defender-state", "suppressed"),
                ("defender-armour", "2"),
                ("cover", "hard"),
            ],
            &o,
        );
        let s = c.begin();
        let (_, d_shot) = c.shot(&s);
        assert_eq!(
            d_shot.modifier_total(),
            1,
            "only the Suppressed vehicle's +1"
        );
        let s2 = CcState {
            stage: Stage::AttackerFires,
            ..s
        };
        assert_eq!(c.shot(&s2).1.modifier_total(), 0, "no cover, no armour");
        // Vehicle misses, infantry misses: the vehicle falls back.
        assert_eq!(fight(&c, "9 9").result, CcResult::DefenderFallsBack);
        // Infantry hits (3 or less on the anti-tank table): destroyed at 1 hit.
        assert_eq!(fight(&c, "9 3").result, CcResult::DefenderDestroyed);
    }

    #[test]
    fn vehicle_against_vehicle() {
        let o = opts(&[]);
        let c = cc(
            &[
                ("attacker-kind", "vehicle"),
                ("defender-kind", "vehicle"),
                ("attacker-gun", "-1"),
                ("defender-armour", "1"),
                ("cover", "soft"),
            ],
            &o,
        );
        let s = c.begin();
        let s2 = CcState {
            stage: Stage::AttackerFires,
            ..s
        };
        assert_eq!(
            c.shot(&s2).1.modifier_total(),
            1,
            "cover +1, gun −1, armour +1"
        );
        assert_eq!(fight(&c, "9 9").result, CcResult::AttackerFallsBack);
        assert_eq!(fight(&c, "9 1").result, CcResult::DefenderDestroyed);
    }

    #[test]
    fn hmg_rolls_two_dice_in_close_combat() {
        let o = opts(&["hmg_two_dice=true"]);
        let c = cc(&[("defender-hmg", "")], &o);
        assert_eq!(c.shot(&c.begin()).1.dice, 2);
        let end = fight(&c, "9 1");
        assert_eq!(end.result, CcResult::AttackerRetreats);
    }

    #[test]
    fn refuses_impossible_inputs() {
        let o = opts(&[]);
        let p = Params::parse(
            defs::CLOSE_COMBAT_PARAMS,
            [("defender-kind", "leader"), ("defender-hits", "1")],
        )
        .unwrap();
        assert!(from_params(&p, &o).is_err());
        let p = Params::parse(
            defs::CLOSE_COMBAT_PARAMS,
            [
                ("defender-kind", "vehicle"),
                ("defender-state", "paralyzed"),
            ],
        )
        .unwrap();
        assert!(from_params(&p, &o).is_err());
        let p = Params::parse(defs::CLOSE_COMBAT_PARAMS, [("attacker-armour", "1")]).unwrap();
        assert!(from_params(&p, &o).is_err());
    }

    /// Propagates the whole distribution shot by shot (an independent method: no memo, no
    /// self-loop division) until almost nothing is still fighting.
    fn propagate(c: &CloseCombat, shots: usize) -> (Distribution<CcEnd>, f64) {
        let mut live: Vec<(CcState, f64)> = vec![(c.begin(), 1.0)];
        let mut ends = Distribution::new();
        for _ in 0..shots {
            let mut next: Vec<(CcState, f64)> = Vec::new();
            for (st, p) in live {
                for (e, q) in c.shot(&st).1.odds().iter() {
                    match c.after(&st, *e) {
                        Next::End(end) => ends.add(end, p * q),
                        Next::Shot(n) => match next.iter_mut().find(|(s, _)| *s == n) {
                            Some(slot) => slot.1 += p * q,
                            None => next.push((n, p * q)),
                        },
                    }
                }
            }
            live = next;
        }
        let running = live.iter().map(|(_, p)| p).sum();
        (ends, running)
    }

    #[test]
    fn odds_are_the_absorbing_probabilities() {
        let o = opts(&["hmg_two_dice=true"]);
        let cases: Vec<Vec<(&str, &str)>> = vec![
            vec![],
            vec![("cover", "hard")],
            vec![
                ("cover", "soft"),
                ("defender-state", "suppressed"),
                ("attacker-quality", "green"),
            ],
            vec![("defender-state", "paralyzed"), ("defender-hits", "1")],
            vec![("attacker-kind", "vehicle"), ("defender-hmg", "")],
            vec![
                ("defender-kind", "vehicle"),
                ("defender-state", "suppressed"),
            ],
            vec![
                ("attacker-kind", "leader"),
                ("defender-kind", "weapons"),
                ("defender-hmg", ""),
            ],
        ];
        for args in cases {
            let c = cc(&args, &o);
            let exact = c.odds();
            assert!((exact.total() - 1.0).abs() < 1e-12, "{args:?}");
            let (iterated, running) = propagate(&c, 400);
            assert!(running < 1e-12, "{args:?}: {running}");
            for (e, p) in exact.iter() {
                assert!((iterated.p(e) - p).abs() < 1e-9, "{args:?} {e:?}");
            }
            assert_eq!(iterated.len(), exact.len(), "{args:?}");
        }
    }

    #[test]
    fn odds_agree_with_dice_enumeration() {
        // Every face sequence of up to six shots: what has ended by then can only be less likely
        // than the exact odds say, by at most the mass still fighting.
        let o = opts(&[]);
        for args in [
            vec![],
            vec![("cover", "hard"), ("defender-state", "suppressed")],
        ] {
            let c = cc(&args, &o);
            let exact = c.odds();
            let (brute, running) = brute(&c, 6);
            assert!(running < 0.3, "{running}");
            for (e, p) in brute.iter() {
                let q = exact.p(e);
                assert!(p <= q + 1e-12 && q - p <= running + 1e-12, "{args:?} {e:?}");
            }
        }
    }

    #[test]
    fn single_round_combats_match_brute_force_exactly() {
        let o = opts(&[]);
        for args in [
            vec![("attacker-kind", "vehicle")],
            vec![("defender-kind", "vehicle")],
            vec![("defender-state", "paralyzed")],
        ] {
            let c = cc(&args, &o);
            let (brute, running) = brute(&c, 4);
            assert_eq!(running, 0.0);
            let exact = c.odds();
            for (e, p) in exact.iter() {
                assert!((brute.p(e) - p).abs() < 1e-12, "{args:?} {e:?}");
            }
        }
    }

    #[test]
    fn plain_infantry_odds_by_hand() {
        // Two steady regular infantry stands in the open: each shot is Hit+Paralyzed 1/10,
        // Hit+Suppressed 2/10, Suppressed 2/10, nothing 5/10. The first round ends with the
        // attacker Paralyzed with probability 1/10 (defender's 1).
        let o = opts(&[]);
        let c = cc(&[], &o);
        let d = c.odds().map(|e| e.result);
        let p_att = d.p_where(|r| r.defender_wins());
        let p_def = d.p_where(|r| r.attacker_wins());
        assert!((p_att + p_def - 1.0).abs() < 1e-12);
        // The defender fires first, so it has the edge.
        assert!(p_att > p_def);
    }
}
