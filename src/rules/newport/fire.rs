//! Direct fire, air support and artillery: from the umpire's inputs to a [`Shot`] with every
//! modifier and its reason, then rolled (with the explanation) or turned into exact odds.

use super::defs;
use super::tables::{
    MAX_ROWS, Morale, MoraleBlow, Row, RowChances, RowEffect, Shot, ShotEffect, Table,
};
use crate::declare::{Options, Params, RuleError, TableDoc, Value};
use crate::dice::DiceSource;
use crate::odds::{Deferred, OddsLine, OddsReport, Text, Words, Written};
use crate::odds::Figures;
use crate::resolution::{Modifier, Resolution, Step};

/// Target cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    None,
    Soft,
    Hard,
}

impl Cover {
    /// The word for it, as typed (`none`, `soft`, `hard`).
    pub fn id(self) -> &'static str {
        match self {
            Cover::None => "none",
            Cover::Soft => "soft",
            Cover::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Result<Cover, RuleError> {
        match s {
            "none" | "" => Ok(Cover::None),
            "soft" => Ok(Cover::Soft),
            "hard" => Ok(Cover::Hard),
            other => Err(RuleError::refused(format!(
                "cover {other:?}: expected none, soft or hard{}",
                crate::text::did_you_mean(other, ["none", "soft", "hard"])
            ))),
        }
    }
}

/// The cover modifier of a shot: on the infantry table +1 soft, +2 hard; on the anti-tank table
/// +1 for any cover. Smoke is +1 cover and is not added to other cover: the larger applies.
pub fn cover_modifier(table: Table, cover: Cover, smoke: bool) -> Option<Modifier> {
    cover_mod(table, cover, smoke).map(|(value, why)| Modifier::new(value, why.words()))
}

/// [`cover_modifier`]'s value and reason.
fn cover_mod(table: Table, cover: Cover, smoke: bool) -> Option<Mod> {
    match (table, cover, smoke) {
        (_, Cover::None, false) => None,
        (_, Cover::None, true) => Some((1, Why::Smoke)),
        (Table::Infantry, Cover::Hard, false) => Some((2, Why::HardCover)),
        (Table::Infantry, Cover::Hard, true) => Some((2, Why::HardCoverSmoke)),
        (_, _, false) => Some((1, Why::Cover)),
        (_, _, true) => Some((1, Why::CoverSmoke)),
    }
}

/// Why a modifier of a shot applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    Flank,
    Road,
    Smoke,
    HardCover,
    HardCoverSmoke,
    Cover,
    CoverSmoke,
    Suppressed,
    LongRange,
    Gun,
    Armour,
}

impl Why {
    fn words(self) -> &'static str {
        match self {
            Why::Flank => "flank shot",
            Why::Road => "target moved along a road this turn",
            Why::Smoke => "fire through smoke (counts as cover)",
            Why::HardCover => "target in a building or other hard cover",
            Why::HardCoverSmoke => {
                "target in a building or other hard cover (smoke not added to other cover)"
            }
            Why::Cover => "target in cover",
            Why::CoverSmoke => "target in cover (smoke not added to other cover)",
            Why::Suppressed => "firing stand Suppressed",
            Why::LongRange => "long range",
            Why::Gun => "firer's gun",
            Why::Armour => "target's armour",
        }
    }
}

/// A modifier of a shot and why it applies.
type Mod = (i32, Why);

/// A shot's modifiers, in the order they are said (at most seven: flank, road, cover, Suppressed,
/// long range, gun, armour).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mods {
    list: [Mod; 7],
    len: usize,
}

impl Mods {
    fn new() -> Mods {
        Mods {
            list: [(0, Why::Cover); 7],
            len: 0,
        }
    }

    fn push(&mut self, m: Mod) {
        self.list[self.len] = m;
        self.len += 1;
    }

    fn extend(&mut self, m: Option<Mod>) {
        if let Some(m) = m {
            self.push(m);
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Mod> {
        self.list[..self.len].iter()
    }

    fn total(&self) -> i32 {
        self.iter().map(|(v, _)| v).sum()
    }
}

/// A shot as planned, in values: the table, its modifiers, the dice and whether the target is
/// green. [`ShotPlan::shot`] is the [`Shot`] it rolls.
#[derive(Clone, Copy, Debug, PartialEq)]
struct ShotPlan {
    table: Table,
    mods: Mods,
    dice: u32,
    green: bool,
}

impl ShotPlan {
    fn shot(&self) -> Shot {
        Shot {
            table: self.table,
            modifiers: self
                .mods
                .iter()
                .map(|&(value, why)| Modifier::new(value, why.words()))
                .collect(),
            dice: self.dice,
            target_green: self.green,
        }
    }

    fn row_chances(&self) -> RowChances {
        RowChances::of(self.table, self.mods.total(), self.dice, self.green)
    }
}

/// True for kinds fired at on the anti-tank table.
pub fn is_vehicle(kind: &str) -> bool {
    kind == "vehicle"
}

/// True for kinds that fire with vehicle ranges.
pub fn has_vehicle_ranges(kind: &str) -> bool {
    matches!(kind, "vehicle" | "gun")
}

/// Everything a direct fire needs, parsed from inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct FireInput {
    pub range: f64,
    pub cover: Cover,
    pub smoke: bool,
    pub flank: bool,
    pub road: bool,
    pub table: Table,
    pub firer_kind: String,
    pub firer_suppressed: bool,
    pub target_green: bool,
    pub hmg: bool,
    pub gun: i32,
    pub armour: i32,
    pub opportunity: bool,
}

impl FireInput {
    /// The inputs, read in one pass over them (the odds are recomputed at every keystroke of a
    /// form); one not given reads as its default.
    pub fn from_params(p: &Params) -> Result<Self, RuleError> {
        let mut range = None;
        let (mut cover, mut table, mut firer_kind, mut quality) = (None, None, None, None);
        let mut input = FireInput {
            range: 0.0,
            cover: Cover::None,
            smoke: false,
            flank: false,
            road: false,
            table: Table::Infantry,
            firer_kind: String::new(),
            firer_suppressed: false,
            target_green: false,
            hmg: false,
            gun: 0,
            armour: 0,
            opportunity: false,
        };
        for (name, value) in p.iter() {
            let yes = matches!(value, Value::Bool(true));
            let int = match value {
                Value::Int(n) => *n as i32,
                _ => 0,
            };
            let text = value.as_text();
            match name {
                "range" => {
                    range = match value {
                        Value::Num(x) => Some(*x),
                        Value::Int(n) => Some(*n as f64),
                        _ => None,
                    }
                }
                "cover" => cover = text,
                "table" => table = text,
                "firer-kind" => firer_kind = text,
                "target-quality" => quality = text,
                "smoke" => input.smoke = yes,
                "flank" => input.flank = yes,
                "road" => input.road = yes,
                "firer-suppressed" => input.firer_suppressed = yes,
                "hmg" => input.hmg = yes,
                "opportunity" => input.opportunity = yes,
                "gun" => input.gun = int,
                "armour" => input.armour = int,
                _ => {}
            }
        }
        input.range = match range {
            Some(range) => range,
            None => p.require_num(defs::param(defs::FIRE_PARAMS, "range"))?,
        };
        input.cover = Cover::parse(cover.unwrap_or("none"))?;
        input.table = match table.unwrap_or("infantry") {
            "anti-tank" => Table::AntiTank,
            _ => Table::Infantry,
        };
        input.firer_kind = firer_kind.unwrap_or("infantry").to_string();
        input.target_green = quality == Some("green");
        Ok(input)
    }
}

/// The range band of a direct fire, as its context line says it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Band {
    /// Infantry at a vehicle: within `normal`, no long-range band.
    InfantryAtVehicle { normal: f64 },
    Long { who: &'static str, normal: f64, long: f64 },
    Normal { who: &'static str, normal: f64 },
}

/// What a direct fire's context says, in values: written as its lines by [`FireContext::lines`].
#[derive(Clone, Copy, Debug, PartialEq)]
struct FireContext {
    range: f64,
    band: Band,
    /// A heavy machine gun at long range takes no +1 (option `hmg_no_long_range`).
    hmg_no_long_range: bool,
    /// Infantry fire at a vehicle uses gun modifier 0.
    infantry_gun_zero: bool,
    /// A heavy machine gun rolls two dice (option `hmg_two_dice`).
    hmg_two_dice: bool,
}

impl FireContext {
    fn lines(&self) -> Vec<String> {
        let range = self.range;
        let mut context = vec![match self.band {
            Band::InfantryAtVehicle { normal } => format!(
                "range {range}\": infantry at a vehicle, within {normal}\" (no long-range band)"
            ),
            Band::Long { who, normal, long } => {
                format!("range {range}\": long range for {who} ({normal}–{long}\")")
            }
            Band::Normal { who, normal } => {
                format!("range {range}\": normal range for {who} (up to {normal}\")")
            }
        }];
        if self.hmg_no_long_range {
            context.push("heavy machine gun: no long-range penalty (hmg_no_long_range)".into());
        }
        if self.infantry_gun_zero {
            context.push("infantry fire at a vehicle uses gun modifier 0 (decision)".into());
        }
        if self.hmg_two_dice {
            context.push(
                "heavy machine gun rolls two dice and keeps the better (hmg_two_dice)".into(),
            );
        }
        context
    }
}

/// The options a direct fire reads: each firer's normal and long ranges, infantry's range at a
/// vehicle, and the heavy machine gun's two options; read once for the options in force.
#[derive(Clone, Copy, Debug, PartialEq)]
struct FireOptions {
    infantry: (f64, f64),
    vehicle: (f64, f64),
    infantry_at_vehicle: f64,
    hmg_no_long_range: bool,
    hmg_two_dice: bool,
}

impl FireOptions {
    fn of(options: &Options) -> FireOptions {
        options.read_once(|o| FireOptions {
            infantry: (
                o.int("infantry_range") as f64,
                o.int("infantry_long_range") as f64,
            ),
            vehicle: (
                o.int("vehicle_range") as f64,
                o.int("vehicle_long_range") as f64,
            ),
            infantry_at_vehicle: o.int("infantry_antitank_range") as f64,
            hmg_no_long_range: o.bool("hmg_no_long_range"),
            hmg_two_dice: o.bool("hmg_two_dice"),
        })
    }
}

/// Builds the shot of a direct fire, or refuses it (beyond range, flags that do not apply).
pub fn fire_shot(input: &FireInput, options: &Options) -> Result<(Shot, Vec<String>), RuleError> {
    let (shot, context) = plan_shot(input, options)?;
    Ok((shot.shot(), context.lines()))
}

/// The shot of a direct fire with what its context says, or the refusal.
fn plan_shot(input: &FireInput, options: &Options) -> Result<(ShotPlan, FireContext), RuleError> {
    if input.opportunity && input.firer_suppressed {
        // As the battle refuses it: opportunity fire is for stands not Finished, Suppressed or
        // Paralyzed.
        return Err(RuleError::refused(
            "a Suppressed stand may not fire opportunity fire: only stands not Finished, Suppressed or Paralyzed may (--opportunity with --firer-suppressed)",
        ));
    }
    let vehicle_firer = has_vehicle_ranges(&input.firer_kind);
    if input.table == Table::Infantry && (input.flank || input.road) {
        return Err(RuleError::refused(
            "flank and road apply only on the anti-tank table (fire at a vehicle)",
        ));
    }
    let at_vehicle_by_infantry = input.table == Table::AntiTank && !vehicle_firer;
    let fo = FireOptions::of(options);
    let (normal, long) = if at_vehicle_by_infantry {
        (fo.infantry_at_vehicle, fo.infantry_at_vehicle)
    } else if vehicle_firer {
        fo.vehicle
    } else {
        fo.infantry
    };
    let who = if vehicle_firer {
        "vehicle/gun"
    } else {
        "infantry"
    };
    if input.range > long {
        return Err(RuleError::refused(if at_vehicle_by_infantry {
            format!(
                "infantry may fire at a vehicle only at {normal}\" or less; the target is {}\" away: no fire possible, nothing is rolled",
                input.range
            )
        } else {
            format!(
                "{}\" is beyond {who} long range ({long}\"): no fire possible, nothing is rolled",
                input.range
            )
        }));
    }
    let long_range = input.range > normal;
    let mut context = FireContext {
        range: input.range,
        band: if at_vehicle_by_infantry {
            Band::InfantryAtVehicle { normal }
        } else if long_range {
            Band::Long { who, normal, long }
        } else {
            Band::Normal { who, normal }
        },
        hmg_no_long_range: false,
        infantry_gun_zero: false,
        hmg_two_dice: false,
    };

    let mut mods = Mods::new();
    if input.table == Table::AntiTank {
        if input.flank {
            mods.push((-3, Why::Flank));
        }
        if input.road {
            mods.push((-2, Why::Road));
        }
    }
    mods.extend(cover_mod(input.table, input.cover, input.smoke));
    if input.firer_suppressed {
        mods.push((1, Why::Suppressed));
    }
    if long_range {
        if input.hmg && input.table == Table::Infantry && fo.hmg_no_long_range {
            context.hmg_no_long_range = true;
        } else {
            mods.push((1, Why::LongRange));
        }
    }
    if input.table == Table::AntiTank {
        let gun = if vehicle_firer { input.gun } else { 0 };
        if !vehicle_firer && input.gun != 0 {
            context.infantry_gun_zero = true;
        }
        if gun != 0 {
            mods.push((gun, Why::Gun));
        }
        if input.armour != 0 {
            mods.push((input.armour, Why::Armour));
        }
    } else if input.gun != 0 || input.armour != 0 {
        return Err(RuleError::refused(
            "gun and armour apply only on the anti-tank table (fire at a vehicle)",
        ));
    }
    // The HMG options belong to the infantry table (the anti-tank table has its own modifiers).
    let dice = if input.hmg && input.table == Table::Infantry && fo.hmg_two_dice {
        context.hmg_two_dice = true;
        2
    } else {
        1
    };
    Ok((
        ShotPlan {
            table: input.table,
            mods,
            dice,
            green: input.target_green,
        },
        context,
    ))
}

/// What a shot result means at the table, in words (used outside a battle).
pub fn effect_words(e: ShotEffect, vehicle: bool) -> Vec<String> {
    let mut out = Vec::new();
    if e.hit {
        out.push("the target takes 1 hit (removed at its limit)".to_string());
    }
    if e.forced_back {
        out.push("the vehicle is Forced Back 8\" away from the enemy".to_string());
    }
    match (e.morale, vehicle) {
        (MoraleBlow::None, _) => {}
        (_, true) => out.push("the vehicle is Suppressed (vehicles are never Paralyzed)".into()),
        (MoraleBlow::Paralyze, false) => out.push("the target is Paralyzed".into()),
        (MoraleBlow::Suppress, false) => out.push(
            "the target is Suppressed (if already Suppressed or Paralyzed, it becomes Paralyzed)"
                .into(),
        ),
    }
    if out.is_empty() {
        out.push("no effect".into());
    }
    out
}

fn result_words(step: &Step) -> String {
    step.outcome.clone()
}

/// A direct fire outside a battle.
pub fn resolve_fire(
    p: &Params,
    options: &Options,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, ShotEffect), RuleError> {
    let input = FireInput::from_params(p)?;
    let (shot, context) = fire_shot(&input, options)?;
    let (step, effect) = shot.roll(
        dice,
        if input.opportunity {
            "Opportunity fire"
        } else {
            "Fire"
        },
        if input.opportunity {
            "opportunity fire"
        } else {
            "fire"
        },
    )?;
    let mut effects = effect_words(effect, input.table == Table::AntiTank);
    if input.opportunity {
        effects.push(if effect.is_none() {
            "no effect: the opportunity firer is marked Finished".into()
        } else {
            "a result: the opportunity firer stays ready".into()
        });
    }
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "fire".into(),
            title: format!(
                "{} on the {}",
                if input.opportunity {
                    "Opportunity fire"
                } else {
                    "Fire"
                },
                shot.table.name().to_lowercase()
            ),
            context,
            result: result_words(&step),
            steps: vec![step],
            effects,
            rolled_by_program: dice.is_generated(),
        },
        effect,
    ))
}

/// The words of a row on an odds line, the green row said for this target: "Hit and
/// Suppressed", "Suppressed (green target)".
fn row_text(row: &Row, green: bool) -> &'static str {
    match row.effect {
        RowEffect::SuppressedIfGreen if green => "Suppressed (green target)",
        RowEffect::SuppressedIfGreen => "No effect (target not green)",
        _ => row.text,
    }
}

/// The odds line of row `i` of `table`, the green row said for a green target or not: "2–3 — Hit
/// and Suppressed" (each row's label and [`row_text`]).
fn row_line(table: Table, i: usize, green: bool) -> &'static str {
    match (table, i, green) {
        (Table::Infantry, 0, _) => "1 or less — Hit and Paralyzed",
        (Table::Infantry, 1, _) => "2–3 — Hit and Suppressed",
        (Table::Infantry, 2, _) => "4–5 — Suppressed",
        (Table::Infantry, 3, true) => "6 — Suppressed (green target)",
        (Table::Infantry, 3, false) => "6 — No effect (target not green)",
        (Table::Infantry, _, _) => "7 or more — No effect",
        (Table::AntiTank, 0, _) => "3 or less — Hit, Forced Back 8\", Suppressed",
        (Table::AntiTank, 1, _) => "4–5 — Suppressed",
        (Table::AntiTank, 2, true) => "6 — Suppressed (green target)",
        (Table::AntiTank, 2, false) => "6 — No effect (target not green)",
        (Table::AntiTank, _, _) => "7 or more — No effect",
    }
}

/// Odds lines of one shot, in table order.
pub fn shot_lines(shot: &Shot, prefix: &str) -> Vec<OddsLine> {
    shot.row_chances()
        .each()
        .map(|(row, p)| OddsLine {
            result: format!("{prefix}{} — {}", row.label, row_text(row, shot.target_green)).into(),
            probability: p,
        })
        .collect()
}

/// What is said before a shot's modifiers in the notes of its odds.
enum ShotContext {
    Fire(FireContext),
    Air(Strike),
}

/// The notes of a shot's odds: its context, then each modifier.
struct ShotNotes {
    context: ShotContext,
    mods: Mods,
}

impl Words for ShotNotes {
    fn write(&self) -> Written {
        let mut notes = match &self.context {
            ShotContext::Fire(c) => c.lines(),
            ShotContext::Air(s) => strike_context(s, "air support"),
        };
        for (value, why) in self.mods.iter() {
            notes.push(format!("{value:+} {}", why.words()));
        }
        Written {
            notes,
            ..Written::default()
        }
    }
}

/// The odds of one shot: each row of its table (the lines' words fixed), the chance of a hit and
/// of any effect; the notes written when shown.
fn shot_report(title: &'static str, context: ShotContext, shot: ShotPlan) -> OddsReport {
    let chances = shot.row_chances();
    let results = (0..shot.table.rows().len())
        .map(|i| OddsLine {
            result: row_line(shot.table, i, shot.green).into(),
            probability: chances.p(i),
        })
        .collect();
    let extra = Figures::from([
        ("p_hit".into(), chances.p_where(|e| e.hit)),
        ("p_any_effect".into(), chances.p_where(|e| !e.is_none())),
    ]);
    OddsReport {
        title: title.into(),
        results,
        notes: Deferred::new(ShotNotes {
            context,
            mods: shot.mods,
        })
        .notes(),
        extra,
    }
}

/// Exact odds of a direct fire.
pub fn fire_odds(p: &Params, options: &Options) -> Result<OddsReport, RuleError> {
    let input = FireInput::from_params(p)?;
    let (shot, context) = plan_shot(&input, options)?;
    let title = match shot.table {
        Table::Infantry => "Fire on the infantry combat table",
        Table::AntiTank => "Fire on the anti-tank table",
    };
    Ok(shot_report(title, ShotContext::Fire(context), shot))
}

/// An air or artillery shot at one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Strike {
    pub kind: String,
    pub cover: Cover,
    pub smoke: bool,
    pub green: bool,
    pub armour: i32,
    pub dice: u32,
}

impl Strike {
    pub fn shot(&self) -> Shot {
        self.plan().shot()
    }

    /// The shot, in values.
    fn plan(&self) -> ShotPlan {
        Strike::plan_of(
            is_vehicle(&self.kind),
            self.cover,
            self.smoke,
            self.armour,
            self.dice,
            self.green,
        )
    }

    /// The shot at a target (a vehicle or not) in `cover`, through smoke or not, of `armour`,
    /// with `dice`.
    fn plan_of(
        vehicle: bool,
        cover: Cover,
        smoke: bool,
        armour: i32,
        dice: u32,
        green: bool,
    ) -> ShotPlan {
        let table = if vehicle {
            Table::AntiTank
        } else {
            Table::Infantry
        };
        let mut mods = Mods::new();
        mods.extend(cover_mod(table, cover, smoke));
        if table == Table::AntiTank && armour != 0 {
            mods.push((armour, Why::Armour));
        }
        ShotPlan {
            table,
            mods,
            dice,
            green,
        }
    }
}

fn air_strike(p: &Params) -> Result<Strike, RuleError> {
    let kind = p.text("target-kind").unwrap_or("infantry").to_string();
    let armour = p.int("armour").unwrap_or(0) as i32;
    if !is_vehicle(&kind) && armour != 0 {
        return Err(RuleError::refused(
            "armour applies only to a vehicle target",
        ));
    }
    Ok(Strike {
        kind,
        cover: Cover::parse(p.text("cover").unwrap_or("none"))?,
        smoke: p.flag("smoke"),
        green: p.text("target-quality") == Some("green"),
        armour,
        dice: p.int("best-of").unwrap_or(1) as u32,
    })
}

fn strike_context(s: &Strike, what: &str) -> Vec<String> {
    let mut c = vec![format!("{what} at a target of kind `{}`", s.kind)];
    if is_vehicle(&s.kind) {
        c.push("at a vehicle: anti-tank table with gun modifier 0 (decision)".into());
    }
    if s.dice > 1 {
        c.push(format!("{} dice, the best (lowest) kept", s.dice));
    }
    c
}

/// An air attack; `what` says who attacks whom in the dice's purposes ("air attack" outside a
/// battle).
pub fn resolve_air(
    p: &Params,
    _options: &Options,
    what: &str,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, ShotEffect), RuleError> {
    let s = air_strike(p)?;
    let shot = s.shot();
    let (step, effect) = shot.roll(dice, "Air attack", what)?;
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "air".into(),
            title: format!("Air attack on the {}", shot.table.name().to_lowercase()),
            context: strike_context(&s, "air support"),
            result: result_words(&step),
            steps: vec![step],
            effects: effect_words(effect, is_vehicle(&s.kind)),
            rolled_by_program: dice.is_generated(),
        },
        effect,
    ))
}

/// Exact odds of an air attack.
pub fn air_odds(p: &Params, _options: &Options) -> Result<OddsReport, RuleError> {
    let s = air_strike(p)?;
    let shot = s.plan();
    let title = match shot.table {
        Table::Infantry => "Air attack on the infantry combat table",
        Table::AntiTank => "Air attack on the anti-tank table",
    };
    Ok(shot_report(title, ShotContext::Air(s), shot))
}

/// Parses a table-only target description `KIND[:COVER[:QUALITY[:ARMOUR]]]`.
pub fn parse_target_spec(spec: &str) -> Result<Strike, RuleError> {
    let t = parse_target(spec)?;
    Ok(Strike {
        kind: t.kind.to_string(),
        cover: t.cover,
        smoke: false,
        green: t.green,
        armour: t.armour,
        dice: 1,
    })
}

/// A target description read, its kind a slice of the description.
struct TargetSpec<'a> {
    kind: &'a str,
    cover: Cover,
    green: bool,
    armour: i32,
}

impl TargetSpec<'_> {
    /// The shot at this target (as [`Strike::plan`]).
    fn plan(&self) -> ShotPlan {
        Strike::plan_of(is_vehicle(self.kind), self.cover, false, self.armour, 1, self.green)
    }
}

fn parse_target(spec: &str) -> Result<TargetSpec<'_>, RuleError> {
    let bad = |expected: String| {
        RuleError::Param(crate::declare::ParamError::Invalid {
            param: "targets".into(),
            value: spec.to_string(),
            expected,
        })
    };
    let mut parts = spec.split(':');
    let kind = parts.next().unwrap_or("").trim();
    if !defs::KINDS.iter().any(|k| k.id == kind) || defs::ASSET_KINDS.contains(&kind) {
        let stands = ["infantry", "weapons", "leader", "hq", "vehicle", "gun"];
        return Err(bad(format!(
            "KIND[:COVER[:QUALITY[:ARMOUR]]] with a stand kind ({}){}",
            stands.join(", "),
            crate::text::did_you_mean(kind, stands)
        )));
    }
    let cover_text = parts.next().unwrap_or("none").trim();
    let cover = Cover::parse(cover_text).map_err(|_| {
        bad(format!(
            "cover none, soft or hard{}",
            crate::text::did_you_mean(cover_text, ["none", "soft", "hard"])
        ))
    })?;
    let quality = parts.next().unwrap_or("regular").trim();
    let quality = if quality.is_empty() {
        "regular"
    } else {
        quality
    };
    if !defs::QUALITIES.contains(&quality) {
        return Err(bad(format!(
            "quality green, regular or elite{}",
            crate::text::did_you_mean(quality, defs::QUALITIES.iter().copied())
        )));
    }
    let armour_text = parts.next().unwrap_or("0").trim();
    let armour: i32 = armour_text
        .trim_start_matches('+')
        .parse()
        .ok()
        .filter(|a: &i32| (defs::MOD_MIN..=defs::MOD_MAX).contains(&i64::from(*a)))
        .ok_or_else(|| {
            bad(format!(
                "an armour modifier from {} to +{}",
                defs::MOD_MIN,
                defs::MOD_MAX
            ))
        })?;
    if parts.next().is_some() {
        return Err(bad("KIND[:COVER[:QUALITY[:ARMOUR]]]".into()));
    }
    Ok(TargetSpec {
        kind,
        cover,
        green: quality == "green",
        armour,
    })
}

/// Checks the weapon's range and number of targets.
pub fn check_artillery(
    weapon: &str,
    range: Option<f64>,
    targets: usize,
    options: &Options,
) -> Result<Vec<String>, RuleError> {
    Ok(vec![plan_artillery(weapon, range, targets, options)?.line()])
}

/// What an artillery or mortar attack's context line says, in values.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ArtilleryContext {
    LightMortar { range: f64, limit: f64 },
    Template { heavy_mortar: bool, targets: usize },
}

impl ArtilleryContext {
    fn line(&self) -> String {
        match *self {
            ArtilleryContext::LightMortar { range, limit } => {
                format!("light mortar at {range}\" (limit {limit}\"), one stand")
            }
            ArtilleryContext::Template {
                heavy_mortar,
                targets,
            } => format!(
                "{}: template, no range limit; one attack on each of {targets} stand(s)",
                if heavy_mortar {
                    "heavy mortar"
                } else {
                    "artillery"
                }
            ),
        }
    }
}

/// The weapon's range and number of targets checked, with what its context line says.
fn plan_artillery(
    weapon: &str,
    range: Option<f64>,
    targets: usize,
    options: &Options,
) -> Result<ArtilleryContext, RuleError> {
    if targets == 0 {
        return Err(RuleError::refused(
            "targets: list at least one stand under the template",
        ));
    }
    match weapon {
        "light-mortar" => {
            let limit = options.int("light_mortar_range") as f64;
            let r = range.ok_or_else(|| {
                RuleError::refused("a light mortar needs --range (it obeys the 16\" limit)")
            })?;
            if r > limit {
                return Err(RuleError::refused(format!(
                    "{r}\" is beyond a light mortar's {limit}\": no fire possible, nothing is rolled"
                )));
            }
            if targets > 1 {
                return Err(RuleError::refused(
                    "a light mortar affects a single stand: list one target",
                ));
            }
            Ok(ArtilleryContext::LightMortar { range: r, limit })
        }
        _ => Ok(ArtilleryContext::Template {
            heavy_mortar: weapon == "heavy-mortar",
            targets,
        }),
    }
}

/// An artillery or mortar attack outside a battle: one roll per listed target.
pub fn resolve_artillery(
    p: &Params,
    options: &Options,
    dice: &mut dyn DiceSource,
) -> Result<(Resolution, Vec<ShotEffect>), RuleError> {
    let specs = p.list("targets");
    let strikes = specs
        .iter()
        .map(|s| parse_target_spec(s))
        .collect::<Result<Vec<_>, _>>()?;
    let weapon = p.text("weapon").unwrap_or("artillery");
    let context = check_artillery(weapon, p.num("range"), strikes.len(), options)?;
    let mut steps = Vec::new();
    let mut results = Vec::new();
    let mut effects = Vec::new();
    for (i, (s, spec)) in strikes.iter().zip(specs).enumerate() {
        let (step, e) = s.shot().roll(
            dice,
            format!("Target {} ({spec})", i + 1),
            &format!("{} at target {} ({spec})", weapon.replace('-', " "), i + 1),
        )?;
        effects.push(format!(
            "target {}: {}",
            i + 1,
            effect_words(e, is_vehicle(&s.kind)).join("; ")
        ));
        steps.push(step);
        results.push(e);
    }
    let hits = results.iter().filter(|e| e.hit).count();
    let any = results.iter().filter(|e| !e.is_none()).count();
    Ok((
        Resolution {
            ruleset: super::ID.into(),
            action: "artillery".into(),
            title: format!("{} attack", weapon.replace('-', " ")),
            context,
            steps,
            result: format!(
                "{any} of {} stand(s) affected, {hits} hit(s)",
                results.len()
            ),
            effects,
            rolled_by_program: dice.is_generated(),
        },
        results,
    ))
}

/// The words of an artillery attack's odds: each target's lines, named by its place and spec (the
/// specs kept in one text, each ending where `ends` says), and the notes.
struct ArtilleryWords {
    context: ArtilleryContext,
    specs: String,
    ends: Vec<usize>,
    shots: Vec<ShotPlan>,
}

impl Words for ArtilleryWords {
    fn write(&self) -> Written {
        let mut notes = vec![self.context.line()];
        let mut results = Vec::new();
        let mut start = 0;
        for (i, (shot, &end)) in self.shots.iter().zip(&self.ends).enumerate() {
            let spec = &self.specs[start..end];
            start = end;
            for (value, why) in shot.mods.iter() {
                notes.push(format!("target {}: {value:+} {}", i + 1, why.words()));
            }
            for row in shot.table.rows() {
                results.push(format!(
                    "target {} ({spec}): {} — {}",
                    i + 1,
                    row.label,
                    row_text(row, shot.green)
                ));
            }
        }
        Written {
            results,
            notes,
            ..Written::default()
        }
    }
}

/// Exact odds of an artillery attack: each target's own distribution.
pub fn artillery_odds(p: &Params, options: &Options) -> Result<OddsReport, RuleError> {
    let list = p.list("targets");
    let mut shots = Vec::with_capacity(list.len());
    for spec in list {
        shots.push(parse_target(spec)?.plan());
    }
    let weapon = p.text("weapon").unwrap_or("artillery");
    let context = plan_artillery(weapon, p.num("range"), shots.len(), options)?;
    let mut probabilities = Vec::with_capacity(shots.len() * MAX_ROWS);
    let mut expected_hits = 0.0;
    for shot in &shots {
        let chances = shot.row_chances();
        expected_hits += chances.p_where(|e| e.hit);
        probabilities.extend((0..shot.table.rows().len()).map(|i| chances.p(i)));
    }
    let title: Text = match weapon {
        "artillery" => "artillery attack".into(),
        "heavy-mortar" => "heavy mortar attack".into(),
        "light-mortar" => "light mortar attack".into(),
        other => format!("{} attack", other.replace('-', " ")).into(),
    };
    let mut specs = String::with_capacity(list.iter().map(String::len).sum());
    let ends = list
        .iter()
        .map(|s| {
            specs.push_str(s);
            specs.len()
        })
        .collect();
    let words = Deferred::new(ArtilleryWords {
        context,
        specs,
        ends,
        shots,
    });
    Ok(OddsReport {
        title,
        results: probabilities
            .into_iter()
            .enumerate()
            .map(|(i, probability)| OddsLine {
                result: words.result(i),
                probability,
            })
            .collect(),
        notes: words.notes(),
        extra: Figures::from([("expected_hits".into(), expected_hits)]),
    })
}

/// The published tables and their modifiers, for `umpire rulesets`.
pub fn table_docs() -> Vec<TableDoc> {
    let doc = |t: Table, notes: Vec<&str>| TableDoc {
        name: t.name().to_string(),
        columns: vec!["modified d10".into(), "result".into()],
        rows: t
            .rows()
            .iter()
            .map(|r| vec![r.label.to_string(), r.text.to_string()])
            .collect(),
        notes: notes.into_iter().map(str::to_string).collect(),
    };
    vec![
        doc(
            Table::Infantry,
            vec![
                "+2 target in a building or other hard cover",
                "+1 target in (soft) cover; smoke +1, not added to other cover",
                "+1 firing stand Suppressed",
                "+2 firing stand Paralyzed (close combat only)",
                "+1 long range (infantry 8–16\"; vehicles and guns 16–24\")",
                "options: an HMG rolls two dice and keeps the lower; an HMG takes no long-range +1",
            ],
        ),
        doc(
            Table::AntiTank,
            vec![
                "−3 flank shot",
                "−2 target moved along a road this turn",
                "+1 target in cover",
                "+1 firer Suppressed",
                "+1 long range",
                "+ the firer's gun modifier (heavier −1/−2, lighter +1/+2; infantry, air and artillery 0)",
                "+ the target's armour modifier (tougher +1/+2, thinner −1/−2)",
                "infantry may fire at a vehicle only within 2\" (no long-range band)",
            ],
        ),
        TableDoc {
            name: "Command (method 2) and morale checks".into(),
            columns: vec![
                "quality".into(),
                "command roll to act".into(),
                "morale check to improve".into(),
                "method 3 minimum points".into(),
            ],
            rows: vec![
                vec![
                    "green".into(),
                    "4 or less".into(),
                    "6 or more".into(),
                    "2".into(),
                ],
                vec![
                    "regular".into(),
                    "6 or less".into(),
                    "5 or more".into(),
                    "3".into(),
                ],
                vec![
                    "elite".into(),
                    "8 or less".into(),
                    "4 or more".into(),
                    "4".into(),
                ],
            ],
            notes: vec!["all numbers are options of the scenario".into()],
        },
    ]
}

/// The morale a stand has, from its markers.
pub fn morale_of(suppressed: bool, paralyzed: bool) -> Morale {
    if paralyzed {
        Morale::Paralyzed
    } else if suppressed {
        Morale::Suppressed
    } else {
        Morale::Steady
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::declare::params::Params;
    use crate::dice::TypedDice;
    use crate::rules::newport::Newport;
    use crate::ruleset::Ruleset;

    use crate::rules::newport::test_options as opts;

    fn fire(args: &[(&str, &str)], o: &Options) -> Result<Shot, RuleError> {
        let mut p = Params::parse(defs::FIRE_PARAMS, args.iter().copied())?;
        p.fill_defaults(defs::FIRE_PARAMS)?;
        Ok(fire_shot(&FireInput::from_params(&p)?, o)?.0)
    }

    fn mods(s: &Shot) -> Vec<i32> {
        s.modifiers.iter().map(|m| m.value).collect()
    }

    #[test]
    fn the_issue_example() {
        // umpire resolve newport fire --table infantry --range 12 --cover hard --firer-suppressed
        //   --target-quality green --dice 3
        let o = opts(&[]);
        let p = Params::parse(
            defs::FIRE_PARAMS,
            [
                ("table", "infantry"),
                ("range", "12"),
                ("cover", "hard"),
                ("firer-suppressed", ""),
                ("target-quality", "green"),
            ],
        )
        .unwrap();
        let mut d = TypedDice::parse("3").unwrap();
        let r = (&Newport as &dyn Ruleset)
            .resolve("fire", &p, &o, &mut d)
            .unwrap();
        let step = &r.steps[0];
        assert_eq!(step.modifier_total(), 4, "+2 hard, +1 suppressed, +1 long");
        assert_eq!(step.total, Some(7));
        assert_eq!(r.result, "No effect");
    }

    #[test]
    fn infantry_table_modifiers() {
        let o = opts(&[]);
        assert_eq!(
            mods(&fire(&[("range", "8")], &o).unwrap()),
            Vec::<i32>::new()
        );
        assert_eq!(mods(&fire(&[("range", "8.5")], &o).unwrap()), [1]);
        assert_eq!(
            mods(&fire(&[("range", "3"), ("cover", "soft")], &o).unwrap()),
            [1]
        );
        assert_eq!(
            mods(&fire(&[("range", "3"), ("cover", "hard")], &o).unwrap()),
            [2]
        );
        assert_eq!(
            mods(&fire(&[("range", "3"), ("smoke", "")], &o).unwrap()),
            [1]
        );
        assert_eq!(
            mods(&fire(&[("range", "3"), ("smoke", ""), ("cover", "hard")], &o).unwrap()),
            [2],
            "smoke is not added to other cover"
        );
        assert_eq!(
            mods(&fire(&[("range", "3"), ("smoke", ""), ("cover", "soft")], &o).unwrap()),
            [1]
        );
        assert_eq!(
            mods(&fire(&[("range", "3"), ("firer-suppressed", "")], &o).unwrap()),
            [1]
        );
    }

    #[test]
    fn refusals_beyond_range() {
        let o = opts(&[]);
        assert!(fire(&[("range", "16")], &o).is_ok());
        let e = fire(&[("range", "16.5")], &o).unwrap_err().to_string();
        assert!(
            e.contains("beyond infantry long range") && e.contains("nothing is rolled"),
            "{e}"
        );
        assert!(fire(&[("range", "24"), ("firer-kind", "vehicle")], &o).is_ok());
        assert!(fire(&[("range", "25"), ("firer-kind", "vehicle")], &o).is_err());
        assert!(fire(&[("range", "24"), ("firer-kind", "gun")], &o).is_ok());
        // Infantry at a vehicle: 2" only.
        assert!(fire(&[("range", "2"), ("table", "anti-tank")], &o).is_ok());
        let e = fire(&[("range", "3"), ("table", "anti-tank")], &o)
            .unwrap_err()
            .to_string();
        assert!(e.contains("only at 2\" or less"), "{e}");
    }

    #[test]
    fn vehicle_ranges_and_long_band() {
        let o = opts(&[]);
        assert!(mods(&fire(&[("range", "16"), ("firer-kind", "vehicle")], &o).unwrap()).is_empty());
        assert_eq!(
            mods(&fire(&[("range", "17"), ("firer-kind", "vehicle")], &o).unwrap()),
            [1]
        );
    }

    #[test]
    fn anti_tank_modifiers() {
        let o = opts(&[]);
        let s = fire(
            &[
                ("range", "20"),
                ("table", "anti-tank"),
                ("firer-kind", "vehicle"),
                ("flank", ""),
                ("road", ""),
                ("cover", "hard"),
                ("firer-suppressed", ""),
                ("gun", "-1"),
                ("armour", "+2"),
            ],
            &o,
        )
        .unwrap();
        assert_eq!(mods(&s), [-3, -2, 1, 1, 1, -1, 2]);
        assert_eq!(s.table, Table::AntiTank);
        // Soft cover is the same +1 on the anti-tank table; smoke too, not added.
        let s = fire(
            &[
                ("range", "5"),
                ("table", "anti-tank"),
                ("firer-kind", "vehicle"),
                ("cover", "soft"),
                ("smoke", ""),
            ],
            &o,
        )
        .unwrap();
        assert_eq!(mods(&s), [1]);
        // Infantry at a vehicle: gun modifier ignored (0).
        let s = fire(&[("range", "2"), ("table", "anti-tank"), ("gun", "-2")], &o).unwrap();
        assert!(mods(&s).is_empty());
    }

    #[test]
    fn flank_refused_on_infantry_table() {
        let o = opts(&[]);
        assert!(fire(&[("range", "3"), ("flank", "")], &o).is_err());
        assert!(fire(&[("range", "3"), ("armour", "1")], &o).is_err());
    }

    #[test]
    fn hmg_options() {
        let plain = opts(&[]);
        let s = fire(&[("range", "12"), ("hmg", "")], &plain).unwrap();
        assert_eq!((s.dice, mods(&s)), (1, vec![1]));
        let two = opts(&["hmg_two_dice=true"]);
        let s = fire(&[("range", "12"), ("hmg", "")], &two).unwrap();
        assert_eq!((s.dice, mods(&s)), (2, vec![1]));
        let s = fire(&[("range", "12")], &two).unwrap();
        assert_eq!(s.dice, 1, "only an HMG rolls two dice");
        let nolong = opts(&["hmg_no_long_range=true"]);
        let s = fire(&[("range", "12"), ("hmg", "")], &nolong).unwrap();
        assert!(mods(&s).is_empty());
        let s = fire(&[("range", "12")], &nolong).unwrap();
        assert_eq!(mods(&s), [1], "other stands still take long range");
    }

    #[test]
    fn hmg_options_belong_to_the_infantry_table() {
        let o = opts(&["hmg_two_dice=true", "hmg_no_long_range=true"]);
        let s = fire(
            &[
                ("range", "20"),
                ("table", "anti-tank"),
                ("firer-kind", "vehicle"),
                ("hmg", ""),
            ],
            &o,
        )
        .unwrap();
        assert_eq!((s.dice, mods(&s)), (1, vec![1]), "one die, long range +1");
    }

    #[test]
    fn range_options_change_bands() {
        let o = opts(&["infantry_range=16", "infantry_long_range=32"]);
        assert!(mods(&fire(&[("range", "16")], &o).unwrap()).is_empty());
        assert!(fire(&[("range", "30")], &o).is_ok());
    }

    #[test]
    fn air_and_artillery_targets() {
        let s = parse_target_spec("vehicle:soft:green:+1").unwrap();
        let shot = s.shot();
        assert_eq!(shot.table, Table::AntiTank);
        assert_eq!(mods(&shot), [1, 1]);
        assert!(shot.target_green);
        let s = parse_target_spec("infantry:hard").unwrap().shot();
        assert_eq!((s.table, mods(&s)), (Table::Infantry, vec![2]));
        assert!(
            parse_target_spec("infantery")
                .unwrap_err()
                .to_string()
                .contains("did you mean `infantry`")
        );
        assert!(parse_target_spec("infantry:hard:green:5").is_err());
        assert!(parse_target_spec("air").is_err());
        let o = opts(&[]);
        assert!(check_artillery("light-mortar", Some(17.0), 1, &o).is_err());
        assert!(check_artillery("light-mortar", Some(16.0), 2, &o).is_err());
        assert!(check_artillery("light-mortar", None, 1, &o).is_err());
        assert!(check_artillery("artillery", None, 5, &o).is_ok());
        assert!(check_artillery("artillery", None, 0, &o).is_err());
    }

    #[test]
    fn each_rows_odds_line_is_its_label_and_what_it_does() {
        for table in [Table::Infantry, Table::AntiTank] {
            for (i, row) in table.rows().iter().enumerate() {
                for green in [false, true] {
                    assert_eq!(
                        row_line(table, i, green),
                        format!("{} — {}", row.label, row_text(row, green))
                    );
                }
            }
        }
    }

    #[test]
    fn odds_rows_sum_to_one() {
        let o = opts(&["hmg_two_dice=true"]);
        let p = Params::parse(defs::FIRE_PARAMS, [("range", "4"), ("hmg", "")]).unwrap();
        let r = (&Newport as &dyn Ruleset).odds("fire", &p, &o).unwrap();
        let total: f64 = r.results.iter().map(|l| l.probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Two dice keep the lowest: P(kept = 1) = 19/100.
        assert!((r.results[0].probability - 0.19).abs() < 1e-12);
    }
}
