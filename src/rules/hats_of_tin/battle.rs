//! Hats of Tin's battle: the orders each side rolls and gives, what each procedure does to the
//! units, the rounds of hits that wait for the owner's choice, the assault's second fire that
//! waits for the first fire's hits, Overwatch, commanders and carriers, and the badges.
//!
//! The procedures decide ([`super::shoot`], [`super::hits`], [`super::assault`],
//! [`super::rally`], [`super::orders`]); this module reads the units into their inputs, refuses
//! what the turn's order, the orders left or a marker forbid, and turns each result into effects.
//!
//! Every round of hits on one unit is either taken at once (a single hit, no commander attached:
//! there is no choice to make) or marked `pending` on the unit with a `take-hits` offer; nothing
//! else may happen until the owner's choice is entered, so no hit is ever lost.

use super::assault::{self, Assault, Party, Side};
use super::defs::*;
use super::hits::{self, Round, Taken, Taking};
use super::orders::{self, OrdersRoll};
use super::rally::{self, Rally};
use super::shoot::{self, Firer, Shooter, Shot, Target, hits_words};
use super::tables::{Armour, FirerClass, Quality, UnitType, unit_type};
use crate::declare::params::param;
use crate::declare::{Badge, ParamDef, Params, RuleError, Tone, Value};
use crate::dice::DiceSource;
use crate::model::{BattleView, Effect};
use crate::odds::OddsReport;
use crate::resolution::{Resolution, Step};
use crate::ruleset::{Offer, Outcome, PhaseChange};

// ---- reading the units ------------------------------------------------------------------------

fn refused(text: impl Into<String>) -> RuleError {
    RuleError::refused(text)
}

fn flag(v: &BattleView<'_>, u: usize, marker: &str) -> bool {
    v.marker(u, marker).is_some()
}

fn set_marker(v: &BattleView<'_>, u: usize, marker: &str, value: Option<i32>) -> Effect {
    Effect::Marker {
        unit: v.info(u).id.clone(),
        marker: marker.to_string(),
        value,
    }
}

fn counter(scope: &str, name: &str, value: Option<i32>) -> Effect {
    Effect::Counter {
        scope: scope.to_string(),
        name: name.to_string(),
        value,
    }
}

/// A unit numbered in a marker (its roster index + 1), if it is one.
fn numbered(v: &BattleView<'_>, value: Option<i32>) -> Option<usize> {
    let u = usize::try_from(value? - 1).ok()?;
    (u < v.roster.units.len()).then_some(u)
}

fn number(u: usize) -> i32 {
    u as i32 + 1
}

pub fn is_commander(v: &BattleView<'_>, u: usize) -> bool {
    v.info(u).kind == COMMANDER
}

fn is_force_commander(v: &BattleView<'_>, u: usize) -> bool {
    is_commander(v, u) && v.info(u).fields.flag(F_FORCE)
}

fn on_table(v: &BattleView<'_>, u: usize) -> bool {
    v.unit_state(u).on_table()
}

/// The unit types a commander commands, in the order the scenario lists them.
fn commanded(v: &BattleView<'_>, c: usize) -> Vec<usize> {
    v.info(c)
        .fields
        .list(F_COMMANDS)
        .iter()
        .filter_map(|id| v.roster.unit_index(id))
        .collect()
}

/// A unit's type; a commander moves and shoots as the type he commands (the first unit of his
/// command, else the unit he is with, else infantry).
pub fn type_of(v: &BattleView<'_>, u: usize) -> &'static UnitType {
    if is_commander(v, u) {
        let led = commanded(v, u)
            .into_iter()
            .chain(attached_to(v, u))
            .find(|&x| !is_commander(v, x));
        return led.map_or_else(
            || unit_type("infantry").expect("infantry is a unit type"),
            |x| type_of(v, x),
        );
    }
    unit_type(&v.info(u).kind).unwrap_or_else(|| unit_type("infantry").expect("infantry"))
}

pub fn armour(v: &BattleView<'_>, u: usize) -> Armour {
    if is_commander(v, u) {
        return Armour::None;
    }
    v.info(u)
        .fields
        .text(F_ARMOUR)
        .and_then(Armour::parse)
        .unwrap_or(type_of(v, u).armour)
}

/// A unit's firer class: the scenario's `firer_class`, else its type's (a commander shoots with
/// the class of the type he commands).
pub fn firer_class(v: &BattleView<'_>, u: usize) -> FirerClass {
    let own = (!is_commander(v, u))
        .then(|| {
            v.info(u)
                .fields
                .text(F_FIRER_CLASS)
                .and_then(FirerClass::parse)
        })
        .flatten();
    own.unwrap_or(type_of(v, u).class)
}

pub fn quality(v: &BattleView<'_>, u: usize) -> Quality {
    Quality::parse(&v.info(u).quality).unwrap_or(Quality::Regular)
}

/// The unit a commander is attached to.
/// The unit a commander is attached to (one still on the table: a commander whose unit is gone,
/// by the rules or by hand, is alone).
pub fn attached_to(v: &BattleView<'_>, c: usize) -> Option<usize> {
    numbered(v, v.marker(c, ATTACHED)).filter(|&x| on_table(v, x))
}

/// The commander attached to a unit, if one is (on the table).
pub fn commander_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    (0..v.roster.units.len())
        .find(|&c| on_table(v, c) && is_commander(v, c) && attached_to(v, c) == Some(u))
}

/// The carrier a unit is embarked on (one still on the table).
pub fn carrier_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    numbered(v, v.marker(u, EMBARKED)).filter(|&x| on_table(v, x))
}

/// The unit a carrier carries, if any (on the table).
pub fn passenger_of(v: &BattleView<'_>, c: usize) -> Option<usize> {
    (0..v.roster.units.len()).find(|&u| on_table(v, u) && carrier_of(v, u) == Some(c))
}

fn is_carrier(v: &BattleView<'_>, u: usize) -> bool {
    v.info(u).kind == "truck" || v.info(u).fields.flag(F_CARRIER)
}

fn unit_param(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
    name: &str,
) -> Result<usize, RuleError> {
    v.unit(p.require_text(param(defs, name))?)
}

fn given_unit(v: &BattleView<'_>, p: &Params, name: &str) -> Option<usize> {
    p.text(name).and_then(|id| v.roster.unit_index(id))
}

fn in_play(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(refused(format!(
            "{} is out of the fight ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

fn action_phase(v: &BattleView<'_>, what: &str) -> Result<(), RuleError> {
    if v.state.phase == PH_ACTION {
        return Ok(());
    }
    Err(refused(format!(
        "{what} belongs to the action phase; roll the orders first (next phase)"
    )))
}

fn own_turn(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if v.info(u).side == v.active_side() {
        return Ok(());
    }
    Err(refused(format!(
        "{}: {what} in its own side's turn; it is {}'s turn",
        v.label(u),
        v.roster.sides[v.active_side()].name
    )))
}

fn enemies(v: &BattleView<'_>, a: usize, b: usize) -> Result<(), RuleError> {
    if v.info(a).side == v.info(b).side {
        return Err(refused(format!(
            "{} and {} are on the same side",
            v.label(a),
            v.label(b)
        )));
    }
    Ok(())
}

/// The hits of the round waiting on `u` for its owner's choice: a `pending` marker of one hit or
/// more on a unit still on the table. A marker set to nought by hand, or left on a unit that is
/// gone, holds nothing back.
pub fn waiting(v: &BattleView<'_>, u: usize) -> Option<u32> {
    v.marker(u, PENDING)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|&n| n > 0 && on_table(v, u))
}

/// The units with a round waiting, in roster order.
fn rounds_waiting<'a>(v: &'a BattleView<'a>) -> impl Iterator<Item = (usize, u32)> + 'a {
    (0..v.roster.units.len()).filter_map(move |u| waiting(v, u).map(|n| (u, n)))
}

/// A round of hits still waiting for its owner's choice blocks everything else.
fn no_round_waiting(v: &BattleView<'_>) -> Result<(), RuleError> {
    match rounds_waiting(v).next() {
        Some((u, n)) => Err(refused(format!(
            "{} has {} waiting: take them first (take-hits)",
            v.label(u),
            hits_words(n)
        ))),
        None => Ok(()),
    }
}

/// The `take-hits` offer of the round waiting on `u`.
fn take_hits_offer(v: &BattleView<'_>, u: usize, n: u32) -> Offer {
    Offer {
        action: "take-hits".into(),
        text: format!("{} to take on {}", hits_words(n), v.info(u).id),
        actor_param: "unit".into(),
        params: Params::new().with("unit", Value::Text(v.info(u).id.clone())),
    }
}

/// Every round waiting, each offered until it is taken, whatever came since.
pub fn waiting_offers(v: &BattleView<'_>) -> Vec<Offer> {
    rounds_waiting(v)
        .map(|(u, n)| take_hits_offer(v, u, n))
        .collect()
}

/// The order `u` holds this turn: none when its marker holds no order's number (set by hand).
fn held_order(v: &BattleView<'_>, u: usize) -> Option<&'static str> {
    v.marker(u, ORDER)
        .and_then(|code| usize::try_from(code - 1).ok())
        .and_then(|i| ORDERS.get(i))
        .copied()
}

fn order_code(name: &str) -> i32 {
    ORDERS.iter().position(|o| *o == name).map_or(0, number)
}

// ---- a commander's one action ----------------------------------------------------------------

/// What the commander `c` did this turn, if anything (a marker holding no action's number, set by
/// hand, is none).
fn commander_action(v: &BattleView<'_>, c: usize) -> Option<&'static str> {
    v.marker(c, CDR_ACTION)
        .and_then(|code| usize::try_from(code - 1).ok())
        .and_then(|i| CDR_ACTIONS.get(i))
        .copied()
}

/// "moved", "shot", "joined a unit", "left his unit".
fn commander_action_words(done: &str) -> &'static str {
    match done {
        "moved" => "moved",
        "shot" => "shot",
        "attached" => "joined a unit",
        _ => "left his unit",
    }
}

/// "A commander needs no order but acts at most once in his own side's turn, like an ordered
/// unit: he moves OR shoots (1 die) on his own, or attaches to / detaches from a unit": the
/// effect that marks `what` (one of [`CDR_ACTIONS`]) done, or why he may not. A move may go on in
/// steps, as a unit's move order does; the die he adds to his unit's shot is that unit's action.
fn commander_acts(v: &BattleView<'_>, c: usize, what: &str) -> Result<Effect, RuleError> {
    if v.info(c).side != v.active_side() {
        return Err(refused(format!(
            "{}: a commander acts only in his own side's turn; it is {}'s turn",
            v.label(c),
            v.roster.sides[v.active_side()].name
        )));
    }
    let code = CDR_ACTIONS
        .iter()
        .position(|a| *a == what)
        .map_or(0, number);
    match commander_action(v, c) {
        None => Ok(set_marker(v, c, CDR_ACTION, Some(code))),
        Some("moved") if what == "moved" => Ok(set_marker(v, c, CDR_ACTION, Some(code))),
        Some(done) => Err(refused(format!(
            "{} has already {} this turn: a commander acts once in his side's turn (he moves or shoots on his own, or joins or leaves a unit)",
            v.label(c),
            commander_action_words(done)
        ))),
    }
}

// ---- orders -----------------------------------------------------------------------------------

/// `c` is a subordinate commander on the table with his one order unused (a marker set by hand
/// on a unit gives no order).
fn holds_sub_order(v: &BattleView<'_>, c: usize) -> bool {
    on_table(v, c) && is_commander(v, c) && flag(v, c, SUB_ORDER)
}

/// The orders a side has left this turn: from the roll, and each subordinate's own.
pub fn orders_left(v: &BattleView<'_>, side: usize) -> (i32, i32) {
    let pool = v.state.counter(v.side_id(side), ORDERS_LEFT).unwrap_or(0);
    let subs = (0..v.roster.units.len())
        .filter(|&c| v.info(c).side == side && holds_sub_order(v, c))
        .count() as i32;
    (pool, subs)
}

/// The subordinate whose own order may go to `u`: one of the side's with his order unused who
/// commands `u` (or commands no one in particular).
fn subordinate_for(v: &BattleView<'_>, u: usize, earlier: &[Effect]) -> Option<usize> {
    let side = v.info(u).side;
    let id = &v.info(u).id;
    let unused = |c: usize| {
        v.info(c).side == side
            && holds_sub_order(v, c)
            && !earlier.contains(&set_marker(v, c, SUB_ORDER, None))
    };
    let list = |c: usize| v.info(c).fields.list(F_COMMANDS);
    (0..v.roster.units.len())
        .find(|&c| unused(c) && list(c).contains(id))
        .or_else(|| (0..v.roster.units.len()).find(|&c| unused(c) && list(c).is_empty()))
}

/// The order `u` is given for `order`: none for a commander; refused when it already holds one
/// or none is left, counting the orders the same procedure gave before (`earlier`: its effects so
/// far). Returns the effects and, when a subordinate gives it, his name.
fn give_order(
    v: &BattleView<'_>,
    u: usize,
    order: &str,
    earlier: &[Effect],
) -> Result<(Vec<Effect>, Option<String>), RuleError> {
    if is_commander(v, u) {
        return Ok((Vec::new(), None));
    }
    if let Some(held) = held_order(v, u) {
        return Err(refused(format!(
            "{} already holds its order this turn ({held}): one order a unit a turn",
            v.label(u),
        )));
    }
    let side = v.info(u).side;
    let mut effects = vec![set_marker(v, u, ORDER, Some(order_code(order)))];
    if let Some(c) = subordinate_for(v, u, earlier) {
        effects.push(set_marker(v, c, SUB_ORDER, None));
        return Ok((effects, Some(v.label(c))));
    }
    let sid = v.side_id(side);
    let pool = earlier
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Counter { scope, name, value } if scope == sid && name == ORDERS_LEFT => {
                Some(value.unwrap_or(0))
            }
            _ => None,
        })
        .unwrap_or(orders_left(v, side).0);
    if pool <= 0 {
        let total = v.state.counter(v.side_id(side), ORDERS_TOTAL).unwrap_or(0);
        // The subordinates' own orders not yet given (none of them for this unit's command).
        let unused = (0..v.roster.units.len())
            .filter(|&c| {
                v.info(c).side == side
                    && holds_sub_order(v, c)
                    && !earlier.contains(&set_marker(v, c, SUB_ORDER, None))
            })
            .count() as i32;
        let name = &v.roster.sides[side].name;
        return Err(refused(if unused > 0 {
            format!(
                "{name} has no orders left this turn ({} of {total} given); no subordinate with his order unused commands {}",
                (total - unused).max(0),
                v.info(u).id
            )
        } else {
            format!("{name} has no orders left this turn ({total} given)")
        }));
    }
    effects.push(counter(v.side_id(side), ORDERS_LEFT, Some(pool - 1)));
    Ok((effects, None))
}

/// The refusal `give_order` would make, without its effects (for the form's early checks).
fn may_be_ordered(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    give_order(v, u, "move", &[]).map(|_| ())
}

fn order_words(by: &Option<String>) -> String {
    by.as_ref()
        .map_or_else(String::new, |c| format!(" (the order of {c})"))
}

// ---- rounds of hits ---------------------------------------------------------------------------

/// What a round did to the units: its effects, explanation and follow-ups.
#[derive(Default)]
struct Applied {
    effects: Vec<Effect>,
    lines: Vec<String>,
    prompts: Vec<String>,
    offers: Vec<Offer>,
}

/// The effects of a round taken on `u`: its hits, its removal, the commander's hit, the
/// consequences for a commander attached to it and the units it carried.
fn apply_taken(v: &BattleView<'_>, u: usize, k: &Taken, out: &mut Applied) {
    let id = v.info(u).id.clone();
    out.effects.push(Effect::Hits {
        unit: id.clone(),
        hits: k.hits_after,
    });
    if let (true, Some(c)) = (k.commander_hit, commander_of(v, u)) {
        out.effects
            .extend(destroyed(v, c, "a single hit destroys a commander"));
        out.effects.push(set_marker(v, c, ATTACHED, None));
    }
    if k.destroyed {
        out.effects.push(Effect::Removed {
            unit: id,
            cause: format!(
                "{} hits, the limit of a {} unit",
                k.hits_after,
                quality(v, u).id()
            ),
        });
        if let Some(c) = commander_of(v, u).filter(|_| !k.commander_hit) {
            out.effects.push(set_marker(v, c, ATTACHED, None));
            out.lines.push(format!(
                "{} is left alone: his unit is destroyed",
                v.label(c)
            ));
        }
        if let Some(pass) = passenger_of(v, u) {
            carrier_destroyed(v, u, pass, out);
        }
    }
    if k.retreats > 0 {
        out.prompts.push(format!(
            "{} retreats {} move{}: move it on the table",
            v.label(u),
            k.retreats,
            if k.retreats == 1 { "" } else { "s" }
        ));
    }
}

fn destroyed(v: &BattleView<'_>, u: usize, cause: &str) -> [Effect; 2] {
    let unit = v.info(u).id.clone();
    [
        Effect::Hits {
            unit: unit.clone(),
            hits: v.info(u).hit_limit,
        },
        Effect::Removed {
            unit,
            cause: cause.into(),
        },
    ]
}

/// A carrier destroyed: the unit it carried takes one hit and disembarks.
fn carrier_destroyed(v: &BattleView<'_>, carrier: usize, pass: usize, out: &mut Applied) {
    let round = Round {
        unit: v.label(pass),
        quality: quality(v, pass),
        hits_before: v.unit_state(pass).hits,
        hits: 1,
        commander: None,
        taking: Taking::default(),
    };
    out.effects.push(set_marker(v, pass, EMBARKED, None));
    let Ok(k) = hits::take(&round) else {
        return;
    };
    out.lines.push(format!(
        "{} is destroyed with {}: {}",
        v.label(carrier),
        v.label(pass),
        hits::summary(&round, &k)
    ));
    apply_taken(v, pass, &k, out);
    if !k.destroyed {
        out.prompts.push(format!(
            "{} disembarks into an adjacent empty area; if there is none it is destroyed (set its hits to {} by hand)",
            v.label(pass),
            v.info(pass).hit_limit
        ));
    }
}

/// What the rules make of `u` leaving the table by the umpire's hand (its hits set to its limit),
/// as they make of its destruction by fire: a commander removed leaves the unit he was with; a
/// unit removed leaves its commander alone; a carrier removed is destroyed with its load, which
/// takes one hit and gets off (or is destroyed with it). The effects, and the words for the log.
pub fn removal(v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
    let mut a = Applied::default();
    if is_commander(v, u) {
        if v.marker(u, ATTACHED).is_some() {
            a.effects.push(set_marker(v, u, ATTACHED, None));
        }
    } else {
        if let Some(c) = commander_of(v, u) {
            a.effects.push(set_marker(v, c, ATTACHED, None));
            a.lines.push(format!(
                "{} is left alone: his unit is destroyed",
                v.label(c)
            ));
        }
        if let Some(pass) = passenger_of(v, u) {
            carrier_destroyed(v, u, pass, &mut a);
        }
    }
    let mut words = a.lines;
    words.extend(a.prompts);
    (a.effects, words)
}

/// A round of `n` hits on the commander `c`, alone: a single hit destroys him, whatever the
/// round, and none is converted into a retreat. Its steps and lines for the umpire, and what it
/// did.
fn commander_destroyed(
    v: &BattleView<'_>,
    c: usize,
    n: u32,
    out: &mut Applied,
) -> (Vec<Step>, Vec<String>, Taken) {
    out.effects
        .extend(destroyed(v, c, "a single hit destroys a commander"));
    if attached_to(v, c).is_some() {
        out.effects.push(set_marker(v, c, ATTACHED, None));
    }
    let label = v.label(c);
    let steps = vec![Step {
        label: format!("{label}, a commander alone, takes a round of {}", hits_words(n)),
        outcome: "destroyed: a commander is destroyed by a single hit, from any round; no hit is converted into a retreat".into(),
        ..Step::default()
    }];
    let effects = vec![format!(
        "{label} is destroyed (a single hit destroys a commander): remove him"
    )];
    let k = Taken {
        taken: 1,
        hits_after: v.info(c).hit_limit,
        destroyed: true,
        ..Taken::default()
    };
    (steps, effects, k)
}

/// The round of `n` hits on `u`: taken at once when there is no choice (one hit, no commander
/// attached), else left waiting for the owner's choice with a `take-hits` offer. Returns what it
/// did when taken.
fn round_on(
    v: &BattleView<'_>,
    u: usize,
    n: u32,
    r: &mut Resolution,
    out: &mut Applied,
) -> Result<Option<Taken>, RuleError> {
    if n == 0 {
        return Ok(Some(Taken {
            hits_after: v.unit_state(u).hits,
            ..Taken::default()
        }));
    }
    // The round's one line of the shot's effects gives way to how it is taken.
    let said = shoot::round_effect(&v.label(u), n, is_commander(v, u));
    r.effects.retain(|e| !e.starts_with(&said));
    if is_commander(v, u) {
        let (steps, effects, k) = commander_destroyed(v, u, n, out);
        r.steps.extend(steps);
        r.effects.extend(effects);
        return Ok(Some(k));
    }
    let commander = commander_of(v, u);
    if n == 1 && commander.is_none() {
        let round = Round {
            unit: v.label(u),
            quality: quality(v, u),
            hits_before: v.unit_state(u).hits,
            hits: 1,
            commander: None,
            taking: Taking::default(),
        };
        let k = hits::take(&round)?;
        r.steps.extend(hits::steps(&round, &k));
        r.effects.extend(hits::effects(&round, &k));
        apply_taken(v, u, &k, out);
        return Ok(Some(k));
    }
    out.effects.push(set_marker(v, u, PENDING, Some(n as i32)));
    let why = if n > 1 {
        "the owner takes the first and may convert the rest into retreats".to_string()
    } else {
        format!(
            "{} is attached: the owner chooses where the hit goes",
            commander.map_or_else(String::new, |c| v.label(c))
        )
    };
    r.effects.push(format!(
        "the {} on {} wait for the owner's choice ({why}): take-hits",
        hits_words(n),
        v.label(u)
    ));
    out.offers.push(take_hits_offer(v, u, n));
    Ok(None)
}

// ---- shooting ---------------------------------------------------------------------------------

/// Whether `u` may shoot at all: a weapon, not carried (unless by a fighting carrier), a
/// commander only when alone.
fn may_shoot(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    in_play(v, u)?;
    if let Some(c) = attached_to(v, u).filter(|_| is_commander(v, u)) {
        return Err(refused(format!(
            "{} is attached to {}: he adds his die to its shots",
            v.label(u),
            v.label(c)
        )));
    }
    if type_of(v, u).range() == 0 {
        return Err(refused(format!("{} has no weapon", v.label(u))));
    }
    if let Some(c) = carrier_of(v, u)
        && !v.info(c).fields.flag(F_FIGHTING)
    {
        return Err(refused(format!(
            "{} is carried by {}: carried units do not shoot or assault",
            v.label(u),
            v.label(c)
        )));
    }
    Ok(())
}

/// Whether `x` may take the re-rolled misses of `f`'s shot at `t`: a unit of the firer's side
/// adjacent to the target ("friendly" is said in the firer's voice: shooting at an enemy next to
/// one's own troops risks hitting them), never the firer itself; with the option
/// `friend_of_target`, another unit of the target's side.
fn may_take_the_misses(v: &BattleView<'_>, f: usize, t: usize, x: usize) -> Result<(), RuleError> {
    may_be_shot(v, x)?;
    if v.options.bool(OPT_FRIEND_OF_TARGET) {
        if x == t || v.info(x).side != v.info(t).side {
            return Err(refused(format!(
                "{} cannot take the misses: with the option `{OPT_FRIEND_OF_TARGET}` they go to another unit of {}'s side adjacent to it",
                v.label(x),
                v.label(t)
            )));
        }
    } else if x == f || v.info(x).side != v.info(f).side {
        return Err(refused(format!(
            "{} cannot take the misses: they are re-rolled against a unit of {}'s own side adjacent to the target, not the firer itself (the risk of hitting one's own troops; the option `{OPT_FRIEND_OF_TARGET}` reads it as a friend of the target)",
            v.label(x),
            v.label(f)
        )));
    }
    Ok(())
}

/// "X is carried by Y: embarked troops are off the table; shoot at Y …".
fn carried_words(v: &BattleView<'_>, u: usize, c: usize, what: &str) -> String {
    format!(
        "{} is carried by {}: embarked troops are off the table; {what} {} (if it is destroyed, {} takes one hit and gets off)",
        v.label(u),
        v.label(c),
        v.info(c).id,
        v.info(u).id
    )
}

/// Whether `u` may be shot at on its own: in play, not carried (embarked troops are off the
/// table: the shot is at their carrier), and not a commander attached to a unit (a shot at him
/// is a shot at his unit, and its owner places the hits).
fn may_be_shot(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    in_play(v, u)?;
    if let Some(c) = carrier_of(v, u) {
        return Err(refused(carried_words(v, u, c, "shoot at")));
    }
    if let Some(x) = attached_to(v, u).filter(|_| is_commander(v, u)) {
        return Err(refused(format!(
            "{} is attached to {}: he cannot be shot at on his own; a shot at him is a shot at {}, and its owner places the hits",
            v.label(u),
            v.label(x),
            v.info(x).id
        )));
    }
    Ok(())
}

fn firer_of(v: &BattleView<'_>, f: usize, p: &Params) -> Firer {
    let ty = type_of(v, f);
    Firer {
        label: v.label(f),
        shooter: if is_commander(v, f) {
            Shooter::LoneCommander
        } else if commander_of(v, f).is_some() {
            Shooter::WithCommander
        } else {
            Shooter::Unit
        },
        weapon_range: ty.range(),
        class: firer_class(v, f),
        superior_firepower: p.flag("superior"),
        assault_class: ty.assault,
    }
}

fn target_of(v: &BattleView<'_>, t: usize, cover: bool) -> Target {
    Target {
        label: v.label(t),
        cover,
        armour: armour(v, t),
        commander: is_commander(v, t),
    }
}

/// The shot the inputs describe, with the units it names.
struct BattleShot {
    shot: Shot,
    firer: usize,
    target: usize,
    friend: Option<usize>,
    spotter: Option<usize>,
}

fn battle_shot(v: &BattleView<'_>, p: &Params) -> Result<BattleShot, RuleError> {
    let p = &prefill(v, "shoot", p)?;
    let f = unit_param(v, p, SHOOT_PARAMS, "firer")?;
    let t = unit_param(v, p, SHOOT_PARAMS, "target")?;
    may_shoot(v, f)?;
    may_be_shot(v, t)?;
    enemies(v, f, t)?;
    let friend = match given_unit(v, p, "friend") {
        Some(x) => {
            may_take_the_misses(v, f, t, x)?;
            Some(x)
        }
        None => None,
    };
    let one_die_fewer = p.flag("one-die-fewer");
    if one_die_fewer && !v.options.bool(OPT_SHOOT_AND_MOVE) {
        return Err(refused(format!(
            "one die fewer is the optional rule `{OPT_SHOOT_AND_MOVE}`, not in force"
        )));
    }
    if p.flag("friend-adjacent") && friend.is_none() {
        return Err(refused(
            "name the friendly unit adjacent to the target (friend)",
        ));
    }
    let spotter = given_unit(v, p, "spotter");
    if p.flag("indirect") && spotter.is_none() {
        return Err(refused(
            "indirect fire: name the unit that spots the target (spotter)",
        ));
    }
    if let Some(s) = spotter {
        let ty = type_of(v, f);
        if !matches!(ty.id, "mortar" | "field-artillery") {
            return Err(refused(format!(
                "{} cannot fire indirectly: only a mortar or artillery can",
                v.label(f)
            )));
        }
        in_play(v, s)?;
        if s == f || v.info(s).side != v.info(f).side {
            return Err(refused(format!(
                "{} cannot spot for {}: the spotter is another unit of its side",
                v.label(s),
                v.label(f)
            )));
        }
        for x in [f, s] {
            if !v.info(x).fields.flag(F_RADIO) {
                return Err(refused(format!(
                    "{} has no radio or telephone: indirect fire needs one for the firer and the spotter",
                    v.label(x)
                )));
            }
        }
    }
    let range = p.int("range").unwrap_or(0).max(0) as u32;
    let shot = Shot {
        firer: firer_of(v, f, p),
        target: target_of(v, t, p.flag("target-cover")),
        range,
        flank_or_rear: p.flag("flank"),
        assault: None,
        one_die_fewer,
        friend: friend.map(|x| target_of(v, x, p.flag("friend-cover"))),
    };
    Ok(BattleShot {
        shot,
        firer: f,
        target: t,
        friend,
        spotter,
    })
}

/// The enemy Overwatch units that may shoot at `u`, which has just moved or fired.
fn overwatchers(v: &BattleView<'_>, u: usize) -> Vec<usize> {
    (0..v.roster.units.len())
        .filter(|&w| {
            v.info(w).side != v.info(u).side
                && on_table(v, w)
                && flag(v, w, OVERWATCH)
                && may_shoot(v, w).is_ok()
        })
        .collect()
}

/// `u` has just entered an area or fired: the moment for the enemy's Overwatch, offered if any
/// may shoot. It comes once in the unit's turn: "if it declines at that moment it cannot go back
/// to that unit later" — not after the second step of a move, a move after shooting with one die
/// fewer, or the assault that follows a move.
fn acted(v: &BattleView<'_>, u: usize, what: &str, out: &mut Applied) {
    for x in 0..v.roster.units.len() {
        if x != u && flag(v, x, JUST_ACTED) {
            out.effects.push(set_marker(v, x, JUST_ACTED, None));
        }
    }
    let watchers = overwatchers(v, u);
    if flag(v, u, OW_MOMENT) {
        if flag(v, u, JUST_ACTED) {
            out.effects.push(set_marker(v, u, JUST_ACTED, None));
        }
        if !watchers.is_empty() {
            out.prompts.push(format!(
                "{} {what}: the enemy's Overwatch had its moment at it this turn; a unit that let it pass cannot go back to it",
                v.info(u).id
            ));
        }
        return;
    }
    out.effects.push(set_marker(v, u, JUST_ACTED, Some(1)));
    if watchers.is_empty() {
        return;
    }
    out.effects.push(set_marker(v, u, OW_MOMENT, Some(1)));
    let names: Vec<&str> = watchers.iter().map(|&w| v.info(w).id.as_str()).collect();
    out.prompts.push(format!(
        "{} {what}: Overwatch ({}) may shoot at it now, or never at this move",
        v.info(u).id,
        names.join(", ")
    ));
    out.offers.push(Offer {
        action: "shoot".into(),
        text: format!("Overwatch shot at {} after it {what}", v.info(u).id),
        actor_param: "firer".into(),
        params: Params::new()
            .with("target", Value::Text(v.info(u).id.clone()))
            .with("overwatch", Value::Bool(true)),
    });
}

/// Every other unit's moment for Overwatch passes with this procedure.
fn moment_passes(v: &BattleView<'_>, out: &mut Applied) {
    for x in 0..v.roster.units.len() {
        if flag(v, x, JUST_ACTED) {
            out.effects.push(set_marker(v, x, JUST_ACTED, None));
        }
    }
}

/// A procedure's `effects`, with every unit's moment for Overwatch passing.
fn passing(v: &BattleView<'_>, effects: Vec<Effect>) -> Applied {
    let mut a = Applied {
        effects,
        ..Applied::default()
    };
    moment_passes(v, &mut a);
    a
}

fn finish(summary: String, mut resolutions: Vec<Resolution>, a: Applied) -> Outcome {
    for r in &mut resolutions {
        r.effects.extend(a.lines.iter().cloned());
    }
    Outcome {
        summary,
        resolutions,
        effects: a.effects,
        prompts: a.prompts,
        offers: a.offers,
    }
}

fn act_shoot(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    action_phase(v, "shooting")?;
    no_round_waiting(v)?;
    let b = battle_shot(v, p)?;
    let (f, t) = (b.firer, b.target);
    let mut a = Applied::default();
    let mut order_note = String::new();
    if p.flag("overwatch") {
        if !flag(v, f, OVERWATCH) {
            return Err(refused(format!("{} is not on Overwatch", v.label(f))));
        }
        if b.spotter.is_some() {
            return Err(refused(format!(
                "{}: an Overwatch shot takes no order, and indirect fire needs an order for the firer and one for its spotter",
                v.label(f)
            )));
        }
        if v.info(f).side == v.active_side() {
            return Err(refused(format!(
                "{}: an Overwatch shot is taken in the enemy's turn",
                v.label(f)
            )));
        }
        if !flag(v, t, JUST_ACTED) {
            return Err(refused(format!(
                "{} has not just moved or fired: Overwatch shoots at a unit at that moment, or never",
                v.label(t)
            )));
        }
        a.effects.push(set_marker(v, f, OVERWATCH, None));
    } else {
        if is_commander(v, f) {
            a.effects.push(commander_acts(v, f, "shot")?);
        }
        own_turn(v, f, "a unit shoots")?;
        let (e, by) = give_order(v, f, "shoot", &[])?;
        a.effects.extend(e);
        order_note = order_words(&by);
        if let Some(s) = b.spotter {
            own_turn(v, s, "a unit spots")?;
            let (e, by) = give_order(v, s, "spot", &a.effects)?;
            a.effects.extend(e);
            order_note.push_str(&order_words(&by));
            for x in [f, s] {
                a.effects.push(set_marker(v, x, NO_MOVE, Some(1)));
            }
        }
        if b.shot.one_die_fewer {
            a.effects.push(set_marker(v, f, MOVE_ONE, Some(1)));
        }
    }
    let (mut r, result) = shoot::resolve(&b.shot, dice)?;
    round_on(v, t, result.hits, &mut r, &mut a)?;
    if let (Some(x), Some(n)) = (b.friend, result.friend_hits) {
        round_on(v, x, n, &mut r, &mut a)?;
    }
    if p.flag("overwatch") {
        r.context.insert(
            0,
            format!("{}'s Overwatch shot: the marker goes", v.label(f)),
        );
    } else {
        acted(v, f, "fired", &mut a);
    }
    if let Some(s) = b.spotter {
        r.context.insert(
            0,
            format!(
                "indirect fire spotted by {}: an order each; neither may move this turn",
                v.label(s)
            ),
        );
    }
    if b.shot.one_die_fewer {
        a.prompts.push(format!(
            "{} may now move one area (never into impassable terrain)",
            v.label(f)
        ));
    }
    let summary = format!("{}{order_note}: {}", r.title, r.result);
    Ok(finish(summary, vec![r], a))
}

// ---- taking hits --------------------------------------------------------------------------------

/// The round waiting on the unit named by `p`, taken as `p` chooses.
fn battle_round(v: &BattleView<'_>, p: &Params) -> Result<(usize, Round), RuleError> {
    let u = unit_param(v, p, TAKE_HITS_PARAMS, "unit")?;
    let n = waiting(v, u).ok_or_else(|| {
        refused(format!(
            "{} has no round of hits waiting for its owner's choice",
            v.label(u)
        ))
    })?;
    let commander = commander_of(v, u);
    let to_commander = p.flag("to-commander");
    if to_commander && commander.is_none() {
        return Err(refused(format!("{} has no commander attached", v.label(u))));
    }
    let round = Round {
        unit: v.label(u),
        quality: quality(v, u),
        hits_before: v.unit_state(u).hits,
        hits: n,
        commander: commander.map(|c| v.label(c)),
        taking: Taking {
            converted: p.int("retreats").unwrap_or(0).max(0) as u32,
            blocked: p.int("blocked").unwrap_or(0).max(0) as u32,
            to_commander: u32::from(to_commander),
        },
    };
    Ok((u, round))
}

fn act_take_hits(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    let (u, round) = battle_round(v, p)?;
    let mut a = Applied::default();
    let (r, k) = if is_commander(v, u) {
        // A round left waiting on a commander alone (by hand): it destroys him, whatever the
        // owner would choose.
        if round.taking != Taking::default() {
            return Err(refused(format!(
                "{} is a commander alone: a single hit destroys him; none is converted into a retreat or given to another",
                v.label(u)
            )));
        }
        let (steps, effects, k) = commander_destroyed(v, u, round.hits, &mut a);
        let r = Resolution {
            ruleset: super::tables::RULESET.into(),
            action: "take-hits".into(),
            title: format!("Taking hits: {} on {}", hits_words(round.hits), v.label(u)),
            context: vec!["a commander is destroyed by a single hit".into()],
            steps,
            result: format!("{} is destroyed", v.label(u)),
            effects,
            rolled_by_program: false,
        };
        (r, k)
    } else {
        hits::resolve(&round)?
    };
    a.effects.push(set_marker(v, u, PENDING, None));
    if !is_commander(v, u) {
        apply_taken(v, u, &k, &mut a);
    }
    let mut summary = format!("{} takes its hits: {}", v.label(u), r.result);
    let mut resolutions = vec![r];
    // The assault goes on: this unit's reply, and who holds the area.
    let reply = v.marker(u, SECOND_FIRE);
    if reply.is_some() {
        a.effects.push(set_marker(v, u, SECOND_FIRE, None));
    }
    let reply = reply.map(|code| (code, decode_second_fire(v, u, code)));
    if let Some((code, None)) = reply {
        a.lines.push(format!(
            "{}'s assault reply marker ({code}) names no enemy unit on the table: there is no reply",
            v.label(u)
        ));
        if flag(v, u, ASSAULTED_BY) {
            a.effects.push(set_marker(v, u, ASSAULTED_BY, None));
        }
    } else if let Some((_, Some((target, cover, superior)))) = reply {
        let (att, def) = if flag(v, u, ASSAULTED_BY) {
            (target, u)
        } else {
            (u, target)
        };
        let asl = battle_assault(
            v,
            att,
            def,
            &AssaultFlags::second(att == u, cover, superior),
        )?;
        let second = if att == u {
            Side::Attacker
        } else {
            Side::Defender
        };
        let rest = fire_second(v, &asl, [att, def], second, &k, dice, &mut a)?;
        if let Some(r2) = rest.resolution {
            summary.push_str(&format!("; {}", r2.result));
            resolutions.push(r2);
        }
        if let Some(end) = rest.end {
            summary.push_str(&format!("; {end}"));
        }
    } else if let Some(att) = numbered(v, v.marker(u, ASSAULTED_BY)) {
        let end = assault_end(v, att, u, k.left_area(), &mut a);
        summary.push_str(&format!("; {end}"));
    }
    Ok(finish(summary, resolutions, a))
}

// ---- the assault -------------------------------------------------------------------------------

/// The inputs of an assault besides the units.
struct AssaultFlags {
    outside_front_arc: bool,
    defender_cover: bool,
    attacker_cover: bool,
    attacker_superior: bool,
    defender_superior: bool,
}

impl AssaultFlags {
    fn of(p: &Params) -> Self {
        AssaultFlags {
            outside_front_arc: p.flag("outside-front-arc"),
            defender_cover: p.flag("defender-cover"),
            attacker_cover: p.flag("attacker-cover"),
            attacker_superior: p.flag("attacker-superior"),
            defender_superior: p.flag("defender-superior"),
        }
    }

    /// The flags the second fire needs: who shoots second, the defender's cover when the
    /// attacker does, and the second shooter's superior firepower.
    fn second(attacker_second: bool, cover: bool, superior: bool) -> Self {
        AssaultFlags {
            outside_front_arc: !attacker_second,
            defender_cover: cover,
            attacker_cover: false,
            attacker_superior: attacker_second && superior,
            defender_superior: !attacker_second && superior,
        }
    }
}

fn party(v: &BattleView<'_>, u: usize, cover: bool, superior: bool) -> Party {
    let ty = type_of(v, u);
    Party {
        label: v.label(u),
        weapon_range: ty.range(),
        class: firer_class(v, u),
        superior_firepower: superior,
        assault_class: ty.assault,
        commander: commander_of(v, u).map(|c| v.label(c)),
        cover,
        armour: armour(v, u),
        quality: quality(v, u),
        hits: v.unit_state(u).hits,
        friend: None,
    }
}

fn battle_assault(
    v: &BattleView<'_>,
    att: usize,
    def: usize,
    f: &AssaultFlags,
) -> Result<Assault, RuleError> {
    Ok(Assault {
        attacker: party(v, att, f.attacker_cover, f.attacker_superior),
        defender: party(v, def, f.defender_cover, f.defender_superior),
        attacker_in_front_arc: !f.outside_front_arc,
    })
}

fn encode_second_fire(target: usize, cover: bool, superior: bool) -> i32 {
    number(target) * 4 + i32::from(cover) + 2 * i32::from(superior)
}

/// The reply `u` owes in an assault: its target, the target's cover and the reply's superior
/// firepower; none when the marker (set by hand) names no enemy of `u` still on the table.
fn decode_second_fire(v: &BattleView<'_>, u: usize, code: i32) -> Option<(usize, bool, bool)> {
    let target = numbered(v, Some(code / 4))
        .filter(|&t| on_table(v, t) && v.info(t).side != v.info(u).side)?;
    Some((target, code & 1 == 1, code & 2 == 2))
}

/// The end of an assault: the attacker takes the area if the defender left it.
fn assault_end(v: &BattleView<'_>, att: usize, def: usize, left: bool, a: &mut Applied) -> String {
    a.effects.push(set_marker(v, def, ASSAULTED_BY, None));
    if left {
        a.prompts.push(format!(
            "{} occupies the area {} held: move it on the table",
            v.label(att),
            v.label(def)
        ));
        format!("{} takes the area", v.label(att))
    } else {
        format!("{} holds its area", v.label(def))
    }
}

/// What the second fire did.
struct Rest {
    resolution: Option<Resolution>,
    /// How the assault ended, when it did.
    end: Option<String>,
}

/// The second fire of an assault, once the first fire's hits on its shooter are taken (`k`).
fn fire_second(
    v: &BattleView<'_>,
    asl: &Assault,
    [att, def]: [usize; 2],
    second: Side,
    k: &Taken,
    dice: &mut dyn DiceSource,
    a: &mut Applied,
) -> Result<Rest, RuleError> {
    let (shooter, target) = match second {
        Side::Attacker => (att, def),
        Side::Defender => (def, att),
    };
    if k.left_area() {
        let why = if k.destroyed {
            "destroyed"
        } else {
            "retreated"
        };
        a.lines.push(format!(
            "{} was {why} by the first fire: it does not shoot",
            v.label(shooter)
        ));
        // A defender gone: the attacker takes the area; an attacker gone: the defender holds.
        let end = assault_end(v, att, def, second == Side::Defender, a);
        return Ok(Rest {
            resolution: None,
            end: Some(end),
        });
    }
    let Some(shot) = asl.shot(second, !k.commander_hit) else {
        a.lines.push(format!(
            "{} has no weapon: it does not shoot",
            v.label(shooter)
        ));
        let end = assault_end(v, att, def, false, a);
        return Ok(Rest {
            resolution: None,
            end: Some(end),
        });
    };
    let (mut r, result) = shoot::resolve(&shot, dice)?;
    r.title = format!("Assault, second fire: {}", r.title);
    let taken = round_on(v, target, result.hits, &mut r, a)?;
    let end = match (second, taken) {
        // The defender shot second: the assault is over and it held.
        (Side::Defender, _) => Some(assault_end(v, att, def, false, a)),
        (Side::Attacker, Some(t)) => Some(assault_end(v, att, def, t.left_area(), a)),
        // The defender's choice waits: its take-hits ends the assault.
        (Side::Attacker, None) => None,
    };
    Ok(Rest {
        resolution: Some(r),
        end,
    })
}

fn act_assault(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    action_phase(v, "an assault")?;
    no_round_waiting(v)?;
    let p = &prefill(v, "assault", p)?;
    let att = unit_param(v, p, ASSAULT_PARAMS, "attacker")?;
    let def = unit_param(v, p, ASSAULT_PARAMS, "defender")?;
    own_turn(v, att, "a unit assaults")?;
    in_play(v, def)?;
    enemies(v, att, def)?;
    if let Some(c) = carrier_of(v, def) {
        return Err(refused(carried_words(v, def, c, "assault")));
    }
    for u in [att, def] {
        if is_commander(v, u) {
            return Err(refused(format!(
                "{} is a commander: an assault is between units",
                v.label(u)
            )));
        }
    }
    may_shoot(v, att)?;
    if flag(v, att, NO_MOVE) {
        return Err(refused(format!("{} may not move this turn", v.label(att))));
    }
    let flags = AssaultFlags::of(p);
    let asl = battle_assault(v, att, def, &flags)?;
    let plan = assault::plan(&asl)?;
    let mut a = Applied::default();
    // A unit that moved adjacent under its move order goes on to assault with the same order: the
    // move and the assault are two steps, the enemy's Overwatch moment between them.
    let (e, by) = if held_order(v, att) == Some("move") {
        let code = Some(order_code("assault"));
        (vec![set_marker(v, att, ORDER, code)], None)
    } else {
        give_order(v, att, "assault", &[])?
    };
    a.effects.extend(e);
    let [first, second] = asl.order();
    let (s1, t1) = match first {
        Side::Attacker => (att, def),
        Side::Defender => (def, att),
    };
    let mut summary = format!("{}{}", plan.title, order_words(&by));
    let mut resolutions = Vec::new();
    let k1 = match asl.shot(first, true) {
        Some(shot) => {
            let (mut r, result) = shoot::resolve(&shot, dice)?;
            r.title = format!("Assault, first fire: {}", r.title);
            // The assault's own lines (who shoots first, cover lost) before the shot's.
            let shots: Vec<&String> = plan
                .fires
                .iter()
                .flatten()
                .flat_map(|f| &f.context)
                .collect();
            let own = plan.context.iter().filter(|l| !shots.contains(l)).cloned();
            r.context.splice(0..0, own);
            let k = round_on(v, t1, result.hits, &mut r, &mut a)?;
            summary.push_str(&format!(": {}", r.result));
            resolutions.push(r);
            k
        }
        None => {
            a.lines
                .push(format!("{} has no weapon: it does not shoot", v.label(s1)));
            Some(Taken {
                hits_after: v.unit_state(t1).hits,
                ..Taken::default()
            })
        }
    };
    a.effects
        .push(set_marker(v, def, ASSAULTED_BY, Some(number(att))));
    match k1 {
        Some(k) => {
            let rest = fire_second(v, &asl, [att, def], second, &k, dice, &mut a)?;
            if let Some(r2) = rest.resolution {
                summary.push_str(&format!("; {}", r2.result));
                resolutions.push(r2);
            }
            if let Some(end) = rest.end {
                summary.push_str(&format!("; {end}"));
            }
        }
        None => {
            let (cover, superior) = match second {
                Side::Attacker => (flags.defender_cover, flags.attacker_superior),
                Side::Defender => (false, flags.defender_superior),
            };
            a.effects.push(set_marker(
                v,
                t1,
                SECOND_FIRE,
                Some(encode_second_fire(s1, cover, superior)),
            ));
            summary.push_str(&format!(
                "; {}'s reply waits for its hits to be taken",
                v.info(t1).id
            ));
        }
    }
    acted(v, att, "assaulted", &mut a);
    Ok(finish(summary, resolutions, a))
}

// ---- rally, move, overwatch, commanders, carriers ------------------------------------------------

fn battle_rally(v: &BattleView<'_>, p: &Params) -> Result<(usize, Rally), RuleError> {
    let u = unit_param(v, p, RALLY_PARAMS, "unit")?;
    in_play(v, u)?;
    if is_commander(v, u) {
        return Err(refused(format!(
            "{} is a commander: only units rally",
            v.label(u)
        )));
    }
    Ok((
        u,
        Rally {
            unit: v.label(u),
            hits: v.unit_state(u).hits,
            destroyed: false,
            adjacent_to_enemy: p.flag("adjacent-enemy"),
            commander: commander_of(v, u).map(|c| v.label(c)),
        },
    ))
}

fn act_rally(
    v: &BattleView<'_>,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    action_phase(v, "rallying")?;
    no_round_waiting(v)?;
    let (u, rally) = battle_rally(v, p)?;
    own_turn(v, u, "a unit rallies")?;
    rally::check(&rally)?;
    let mut a = Applied::default();
    let (e, by) = give_order(v, u, "rally", &[])?;
    a.effects.extend(e);
    moment_passes(v, &mut a);
    let (r, out) = rally::resolve(&rally, dice)?;
    if out.removed {
        a.effects.push(Effect::Hits {
            unit: v.info(u).id.clone(),
            hits: out.hits_after,
        });
    }
    let summary = format!("{}{}: {}", r.title, order_words(&by), r.result);
    Ok(finish(summary, vec![r], a))
}

fn act_move(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "moving")?;
    no_round_waiting(v)?;
    let u = unit_param(v, p, MOVE_PARAMS, "unit")?;
    in_play(v, u)?;
    if is_commander(v, u) {
        commander_acts(v, u, "moved")?;
    }
    own_turn(v, u, "a unit moves")?;
    let areas = p.require_num(param(MOVE_PARAMS, "areas"))?;
    if let Some(c) = attached_to(v, u).filter(|_| is_commander(v, u)) {
        return Err(refused(format!(
            "{} moves with {}: detach him first",
            v.label(u),
            v.label(c)
        )));
    }
    if let Some(c) = carrier_of(v, u) {
        return Err(refused(format!(
            "{} is carried by {}: it moves with its carrier",
            v.label(u),
            v.label(c)
        )));
    }
    if flag(v, u, NO_MOVE) {
        return Err(refused(format!(
            "{} fired or spotted indirectly: it may not move this turn",
            v.label(u)
        )));
    }
    let ty = type_of(v, u);
    let entered = areas_entered(v, u, areas, p)?;
    let mut a = Applied::default();
    let note = if flag(v, u, MOVE_ONE) {
        if areas > 1.0 {
            return Err(refused(format!(
                "{} shot with one die fewer: it may move one area, not {areas}",
                v.label(u)
            )));
        }
        a.effects.push(set_marker(v, u, MOVE_ONE, None));
        " after shooting with one die fewer".to_string()
    } else {
        // One move order may be spent in steps (getting off a truck, then on foot): the half
        // areas moved so far count against the allowance.
        let spent = v.marker(u, MOVED).unwrap_or(0).max(0) as u32;
        let allowance = 2 * ty.movement.areas;
        let step = (areas * 2.0).ceil() as u32;
        if spent + step > allowance {
            return Err(refused(if spent == 0 {
                format!(
                    "{} moves at most {} areas ({}): not {areas}",
                    v.label(u),
                    ty.movement.areas,
                    ty.movement.words()
                )
            } else {
                format!(
                    "{} has moved {} of its {} areas this turn: {areas} more is too far",
                    v.label(u),
                    halves(spent),
                    ty.movement.areas
                )
            }));
        }
        let (e, by) = move_order(v, u)?;
        a.effects.extend(e);
        if is_commander(v, u) {
            a.effects.push(commander_acts(v, u, "moved")?);
        }
        a.effects
            .push(set_marker(v, u, MOVED, Some((spent + step) as i32)));
        order_words(&by)
    };
    let mut carried = String::new();
    if let Some(x) = passenger_of(v, u) {
        carried = format!(", carrying {}", v.label(x));
    }
    if let Some(c) = commander_of(v, u) {
        carried.push_str(&format!(", with {}", v.label(c)));
    }
    // "Has moved at least one area" counts areas entered, not movement cost.
    if entered >= 1 {
        acted(v, u, "moved", &mut a);
    } else {
        moment_passes(v, &mut a);
    }
    Ok(finish(
        format!(
            "{} moves {areas} area{}{carried}{note}",
            v.label(u),
            if areas == 1.0 { "" } else { "s" }
        ),
        Vec::new(),
        a,
    ))
}

/// The areas a move of `cost` entered: as the umpire says (`entered`), else as many as the cost
/// pays for (a road area ½ for the types that have roads at ½, 1 for the others); a move after
/// shooting with one die fewer enters one area at most.
fn areas_entered(v: &BattleView<'_>, u: usize, cost: f64, p: &Params) -> Result<u32, RuleError> {
    let move_one = flag(v, u, MOVE_ONE);
    let per_area = if move_one || !type_of(v, u).movement.road_half {
        1.0
    } else {
        0.5
    };
    let most = if move_one && cost > 0.0 {
        1
    } else {
        (cost / per_area).floor().max(0.0) as u32
    };
    match p.int("entered") {
        None => Ok(most),
        Some(n) if n < 0 || n as u64 > u64::from(most) => Err(refused(format!(
            "{}: a move costing {cost} enters at most {} (each area costs at least {})",
            v.label(u),
            shoot::areas(most),
            if per_area < 1.0 { "½" } else { "1" }
        ))),
        Some(n) => Ok(n as u32),
    }
}

fn act_overwatch(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "going into Overwatch")?;
    no_round_waiting(v)?;
    let u = unit_param(v, p, UNIT_PARAMS, "unit")?;
    own_turn(v, u, "a unit goes into Overwatch")?;
    if is_commander(v, u) {
        return Err(refused(format!(
            "{} is a commander: Overwatch is a unit's order",
            v.label(u)
        )));
    }
    may_shoot(v, u)?;
    let mut a = Applied::default();
    let (e, by) = give_order(v, u, "overwatch", &[])?;
    a.effects.extend(e);
    a.effects.push(set_marker(v, u, OVERWATCH, Some(1)));
    moment_passes(v, &mut a);
    Ok(finish(
        format!(
            "{} goes into Overwatch{}: one shot in the enemy's turn at a unit that moves or fires",
            v.label(u),
            order_words(&by)
        ),
        Vec::new(),
        a,
    ))
}

fn commander_param(
    v: &BattleView<'_>,
    p: &Params,
    defs: &'static [ParamDef],
) -> Result<usize, RuleError> {
    let c = unit_param(v, p, defs, "commander")?;
    in_play(v, c)?;
    if !is_commander(v, c) {
        return Err(refused(format!("{} is not a commander", v.label(c))));
    }
    Ok(c)
}

fn act_attach(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "joining a unit")?;
    no_round_waiting(v)?;
    let c = commander_param(v, p, ATTACH_PARAMS)?;
    let done = commander_acts(v, c, "attached")?;
    let u = unit_param(v, p, ATTACH_PARAMS, "unit")?;
    in_play(v, u)?;
    if v.info(u).side != v.info(c).side || is_commander(v, u) || v.info(u).kind == "truck" {
        return Err(refused(format!(
            "{} can join only a unit of his own side (not a commander or a truck)",
            v.label(c)
        )));
    }
    if let Some(now) = attached_to(v, c) {
        return Err(refused(format!(
            "{} is already with {}: detach him first",
            v.label(c),
            v.label(now)
        )));
    }
    if let Some(other) = commander_of(v, u) {
        return Err(refused(format!(
            "{} already has {} attached",
            v.label(u),
            v.label(other)
        )));
    }
    Ok(finish(
        format!(
            "{} joins {}: his die adds to its shots, +1 to its rally; the owner chooses where its hits go",
            v.label(c),
            v.label(u)
        ),
        Vec::new(),
        passing(v, vec![set_marker(v, c, ATTACHED, Some(number(u))), done]),
    ))
}

fn act_detach(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "leaving a unit")?;
    no_round_waiting(v)?;
    let c = commander_param(v, p, DETACH_PARAMS)?;
    let u = attached_to(v, c)
        .ok_or_else(|| refused(format!("{} is not attached to a unit", v.label(c))))?;
    let done = commander_acts(v, c, "detached")?;
    Ok(finish(
        format!("{} leaves {}", v.label(c), v.label(u)),
        Vec::new(),
        passing(v, vec![set_marker(v, c, ATTACHED, None), done]),
    ))
}

/// The half areas `u` may still move under its move order this turn.
fn move_left(v: &BattleView<'_>, u: usize) -> u32 {
    let spent = v.marker(u, MOVED).unwrap_or(0).max(0) as u32;
    (2 * type_of(v, u).movement.areas).saturating_sub(spent)
}

/// "1½" for 3 half areas.
fn halves(n: u32) -> String {
    match (n / 2, n % 2) {
        (0, 1) => "½".into(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// Boarding and getting off are part of a move order: given now if the unit holds none.
fn move_order(v: &BattleView<'_>, u: usize) -> Result<(Vec<Effect>, Option<String>), RuleError> {
    match held_order(v, u) {
        Some("move") => Ok((Vec::new(), None)),
        _ => give_order(v, u, "move", &[]),
    }
}

fn act_embark(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "boarding")?;
    no_round_waiting(v)?;
    let u = unit_param(v, p, EMBARK_PARAMS, "unit")?;
    let c = unit_param(v, p, EMBARK_PARAMS, "carrier")?;
    in_play(v, u)?;
    in_play(v, c)?;
    own_turn(v, u, "a unit boards")?;
    if v.info(c).side != v.info(u).side || !is_carrier(v, c) || c == u {
        return Err(refused(format!(
            "{} is not a truck or boat of {}'s side",
            v.label(c),
            v.label(u)
        )));
    }
    if is_commander(v, u) || is_carrier(v, u) {
        return Err(refused(format!("{} cannot be carried", v.label(u))));
    }
    if let Some(now) = carrier_of(v, u) {
        return Err(refused(format!(
            "{} is already on {}",
            v.label(u),
            v.label(now)
        )));
    }
    if let Some(x) = passenger_of(v, c) {
        return Err(refused(format!(
            "{} already carries {}",
            v.label(c),
            v.label(x)
        )));
    }
    let (mut effects, by) = move_order(v, u)?;
    effects.push(set_marker(v, u, EMBARKED, Some(number(c))));
    Ok(finish(
        format!(
            "{} boards {}{} (loading costs ½ area of the move)",
            v.label(u),
            v.label(c),
            order_words(&by)
        ),
        Vec::new(),
        passing(v, effects),
    ))
}

fn act_disembark(v: &BattleView<'_>, p: &Params) -> Result<Outcome, RuleError> {
    action_phase(v, "getting off")?;
    no_round_waiting(v)?;
    let u = unit_param(v, p, UNIT_PARAMS, "unit")?;
    in_play(v, u)?;
    own_turn(v, u, "a unit gets off")?;
    let c = carrier_of(v, u).ok_or_else(|| refused(format!("{} is not carried", v.label(u))))?;
    let (mut effects, by) = move_order(v, u)?;
    effects.push(set_marker(v, u, EMBARKED, None));
    let mut a = Applied {
        effects,
        ..Applied::default()
    };
    // Troops "disembark onto an empty area": they enter it, and the enemy's Overwatch has its
    // moment at them.
    acted(v, u, "got off", &mut a);
    Ok(finish(
        format!(
            "{} gets off {}{} (unloading costs ½ area of the move)",
            v.label(u),
            v.label(c),
            order_words(&by)
        ),
        Vec::new(),
        a,
    ))
}

// ---- the trait's battle entry points -------------------------------------------------------------

pub fn act(
    v: &BattleView<'_>,
    action: &str,
    p: &Params,
    dice: &mut dyn DiceSource,
) -> Result<Outcome, RuleError> {
    match action {
        "shoot" => act_shoot(v, p, dice),
        "assault" => act_assault(v, p, dice),
        "take-hits" => act_take_hits(v, p, dice),
        "rally" => act_rally(v, p, dice),
        "move" => act_move(v, p),
        "overwatch" => act_overwatch(v, p),
        "attach" => act_attach(v, p),
        "detach" => act_detach(v, p),
        "embark" => act_embark(v, p),
        "disembark" => act_disembark(v, p),
        other => Err(refused(format!(
            "`{other}` is not a battle procedure of hats-of-tin"
        ))),
    }
}

fn fill(p: &mut Params, name: &str, value: Value) {
    if p.get(name).is_none() {
        p.set(name, value);
    }
}

pub fn prefill(v: &BattleView<'_>, action: &str, params: &Params) -> Result<Params, RuleError> {
    let mut p = params.clone();
    let unit = |p: &Params, name: &str| given_unit(v, p, name);
    let text = |s: &str| Value::Text(s.to_string());
    match action {
        "shoot" => {
            if let Some(f) = unit(&p, "firer") {
                fill(
                    &mut p,
                    "superior",
                    Value::Bool(v.info(f).fields.flag(F_SUPERIOR)),
                );
                fill(
                    &mut p,
                    "commander-attached",
                    Value::Bool(commander_of(v, f).is_some()),
                );
                fill(&mut p, "lone-commander", Value::Bool(is_commander(v, f)));
                fill(&mut p, "firer-class", text(firer_class(v, f).id()));
            }
            if let Some(t) = unit(&p, "target") {
                fill(&mut p, "target-armour", text(armour(v, t).id()));
                fill(&mut p, "target-commander", Value::Bool(is_commander(v, t)));
            }
            if unit(&p, "spotter").is_some() {
                fill(&mut p, "indirect", Value::Bool(true));
            }
            if let Some(x) = unit(&p, "friend") {
                fill(&mut p, "friend-adjacent", Value::Bool(true));
                fill(&mut p, "friend-armour", text(armour(v, x).id()));
            }
        }
        "assault" => {
            for who in ["attacker", "defender"] {
                if let Some(u) = unit(&p, who) {
                    fill(&mut p, &format!("{who}-armour"), text(armour(v, u).id()));
                    fill(
                        &mut p,
                        &format!("{who}-class"),
                        text(firer_class(v, u).id()),
                    );
                    fill(&mut p, &format!("{who}-quality"), text(quality(v, u).id()));
                    fill(
                        &mut p,
                        &format!("{who}-hits"),
                        Value::Int(i64::from(v.unit_state(u).hits)),
                    );
                    fill(
                        &mut p,
                        &format!("{who}-commander"),
                        Value::Bool(commander_of(v, u).is_some()),
                    );
                    fill(
                        &mut p,
                        &format!("{who}-superior"),
                        Value::Bool(v.info(u).fields.flag(F_SUPERIOR)),
                    );
                }
            }
        }
        "rally" => {
            if let Some(u) = unit(&p, "unit") {
                fill(&mut p, "hits", Value::Int(i64::from(v.unit_state(u).hits)));
                fill(
                    &mut p,
                    "commander-attached",
                    Value::Bool(commander_of(v, u).is_some()),
                );
            }
        }
        "take-hits" => {
            if let Some(u) = unit(&p, "unit") {
                if let Some(n) = waiting(v, u) {
                    fill(&mut p, "hits", Value::Int(i64::from(n)));
                }
                fill(&mut p, "quality", text(quality(v, u).id()));
                fill(
                    &mut p,
                    "hits-before",
                    Value::Int(i64::from(v.unit_state(u).hits)),
                );
                fill(
                    &mut p,
                    "commander-attached",
                    Value::Bool(commander_of(v, u).is_some()),
                );
            }
        }
        _ => {}
    }
    Ok(p)
}

pub fn odds(v: &BattleView<'_>, action: &str, p: &Params) -> Result<OddsReport, RuleError> {
    match action {
        "shoot" => shoot::odds(&battle_shot(v, p)?.shot),
        "assault" => {
            let p = &prefill(v, "assault", p)?;
            let att = unit_param(v, p, ASSAULT_PARAMS, "attacker")?;
            let def = unit_param(v, p, ASSAULT_PARAMS, "defender")?;
            assault::odds(&battle_assault(v, att, def, &AssaultFlags::of(p))?)
        }
        "rally" => rally::odds(&battle_rally(v, p)?.1),
        "take-hits" => {
            let (_, round) = battle_round(v, p)?;
            Ok(hits::odds(&round)?)
        }
        other => Err(refused(format!("`{other}` has no odds: nothing is rolled"))),
    }
}

/// In a battle the units say what the inputs off the battle give by hand.
pub fn input_applies(v: &BattleView<'_>, action: &str, input: &ParamDef, given: &Params) -> bool {
    let unit = |name: &str| given_unit(v, given, name);
    match (action, input.name) {
        (
            _,
            "commander-attached" | "lone-commander" | "hits" | "quality" | "hits-before"
            | "first-retreats" | "second-retreats" | "target-armour" | "friend-armour"
            | "target-commander" | "firer-class",
        ) => false,
        ("assault", n) if n.ends_with("-quality") || n.ends_with("-hits") => false,
        ("assault", n)
            if n.ends_with("-commander") || n.ends_with("-armour") || n.ends_with("-class") =>
        {
            false
        }
        ("shoot", "friend" | "friend-cover") => given.flag("friend-adjacent"),
        ("shoot", "one-die-fewer") => v.options.bool(OPT_SHOOT_AND_MOVE),
        ("shoot", "spotter") => given.flag("indirect"),
        ("shoot", "indirect") => {
            unit("firer").is_none_or(|f| matches!(type_of(v, f).id, "mortar" | "field-artillery"))
        }
        ("shoot", "overwatch") => unit("firer").is_none_or(|f| flag(v, f, OVERWATCH)),
        ("take-hits", "to-commander") => unit("unit").is_none_or(|u| commander_of(v, u).is_some()),
        _ => true,
    }
}

/// The refusals that the inputs given so far already show.
pub fn check_inputs(v: &BattleView<'_>, action: &str, given: &Params) -> Result<(), RuleError> {
    let unit = |name: &str| given_unit(v, given, name);
    match action {
        "shoot" => {
            action_phase(v, "shooting")?;
            if let Some(f) = unit("firer") {
                may_shoot(v, f)?;
                if is_commander(v, f) && !given.flag("overwatch") {
                    commander_acts(v, f, "shot")?;
                } else if given.flag("overwatch") || v.info(f).side != v.active_side() {
                    if !flag(v, f, OVERWATCH) {
                        own_turn(v, f, "a unit shoots")?;
                    }
                } else {
                    may_be_ordered(v, f)?;
                }
            }
            if let Some(t) = unit("target") {
                may_be_shot(v, t)?;
                if let (Some(f), Some(x)) = (unit("firer"), unit("friend")) {
                    may_take_the_misses(v, f, t, x)?;
                }
            }
        }
        "assault" | "rally" | "move" | "overwatch" | "embark" | "disembark" => {
            action_phase(v, action)?;
            let name = if action == "assault" {
                "attacker"
            } else {
                "unit"
            };
            if let Some(u) = unit(name) {
                in_play(v, u)?;
                if is_commander(v, u) && action == "move" {
                    commander_acts(v, u, "moved")?;
                }
                own_turn(v, u, "a unit acts")?;
                let free = is_commander(v, u)
                    || action == "assault" && held_order(v, u) == Some("move")
                    || flag(v, u, MOVE_ONE) && action == "move"
                    || matches!(action, "move" | "embark" | "disembark")
                        && held_order(v, u) == Some("move");
                if !free {
                    may_be_ordered(v, u)?;
                }
            }
            if action == "assault"
                && let Some(d) = unit("defender")
                && let Some(c) = carrier_of(v, d)
            {
                return Err(refused(carried_words(v, d, c, "assault")));
            }
        }
        "attach" | "detach" => {
            action_phase(v, action)?;
            if let Some(c) = unit("commander").filter(|&c| is_commander(v, c)) {
                in_play(v, c)?;
                commander_acts(v, c, &format!("{action}ed"))?;
            }
        }
        "take-hits" => {
            if let Some(u) = unit("unit")
                && waiting(v, u).is_none()
            {
                return Err(refused(format!(
                    "{} has no round of hits waiting for its owner's choice",
                    v.label(u)
                )));
            }
        }
        _ => {}
    }
    Ok(())
}

// ---- the turn -----------------------------------------------------------------------------------

pub fn start(v: &BattleView<'_>) -> Vec<Effect> {
    let mut out = Vec::new();
    for u in 0..v.roster.units.len() {
        let f = &v.info(u).fields;
        if let Some(x) = f.text(F_ATTACHED).and_then(|id| v.roster.unit_index(id)) {
            out.push(set_marker(v, u, ATTACHED, Some(number(x))));
        }
        if let Some(x) = f.text(F_EMBARKED).and_then(|id| v.roster.unit_index(id)) {
            out.push(set_marker(v, u, EMBARKED, Some(number(x))));
        }
    }
    out
}

fn phase_effect(v: &BattleView<'_>, turn: u32, side: usize, phase: &str) -> Effect {
    Effect::Phase {
        turn,
        side: v.side_id(side).to_string(),
        phase: phase.to_string(),
    }
}

/// The start of `side`'s turn: its Overwatch markers go, and its orders are rolled.
fn orders_phase(
    v: &BattleView<'_>,
    side: usize,
    dice: &mut dyn DiceSource,
    ch: &mut PhaseChange,
) -> Result<(), RuleError> {
    let sname = &v.roster.sides[side].name;
    ch.steps.push(format!("{sname}: orders"));
    let mine = |u: usize| v.info(u).side == side && on_table(v, u);
    for u in (0..v.roster.units.len()).filter(|&u| mine(u)) {
        if flag(v, u, OVERWATCH) {
            ch.effects.push(set_marker(v, u, OVERWATCH, None));
            ch.steps.push(format!(
                "  {}: its Overwatch was not used; the marker goes at its side's turn",
                v.label(u)
            ));
        }
    }
    let force = (0..v.roster.units.len()).any(|u| mine(u) && is_force_commander(v, u));
    let subs: Vec<usize> = (0..v.roster.units.len())
        .filter(|&u| mine(u) && is_commander(v, u) && !is_force_commander(v, u))
        .collect();
    let roll = OrdersRoll {
        side: sname.clone(),
        force_commander: force,
        subordinates: subs.len() as u32,
    };
    let (r, out) = orders::resolve(&roll, dice)?;
    let pool = out.face.map_or(0, i32::from);
    ch.steps.push(format!("  {}", r.result));
    ch.effects
        .push(counter(v.side_id(side), ORDERS_LEFT, Some(pool)));
    ch.effects.push(counter(
        v.side_id(side),
        ORDERS_TOTAL,
        Some(out.orders as i32),
    ));
    for c in subs {
        ch.effects.push(set_marker(v, c, SUB_ORDER, Some(1)));
    }
    ch.resolutions.push(r);
    Ok(())
}

/// The end of `side`'s turn: its orders and what they allowed go.
fn end_of_side_turn(v: &BattleView<'_>, side: usize, ch: &mut PhaseChange) {
    let sid = v.side_id(side);
    for u in 0..v.roster.units.len() {
        if v.info(u).side == side {
            for m in [
                ORDER, MOVE_ONE, NO_MOVE, SUB_ORDER, MOVED, CDR_ACTION, OW_MOMENT,
            ] {
                if flag(v, u, m) {
                    ch.effects.push(set_marker(v, u, m, None));
                }
            }
        }
        if flag(v, u, JUST_ACTED) {
            ch.effects.push(set_marker(v, u, JUST_ACTED, None));
        }
    }
    let (pool, subs) = orders_left(v, side);
    if pool + subs > 0 {
        ch.steps.push(format!(
            "{}: {} order{} not given",
            v.roster.sides[side].name,
            pool + subs,
            if pool + subs == 1 { "" } else { "s" }
        ));
    }
    ch.effects.push(counter(sid, ORDERS_LEFT, None));
    ch.effects.push(counter(sid, ORDERS_TOTAL, None));
}

pub fn advance(v: &BattleView<'_>, dice: &mut dyn DiceSource) -> Result<PhaseChange, RuleError> {
    let mut ch = PhaseChange::default();
    let side = v.active_side();
    let turn = v.state.turn;
    if v.state.phase == PH_ORDERS {
        orders_phase(v, side, dice, &mut ch)?;
        ch.effects.push(phase_effect(v, turn, side, PH_ACTION));
        ch.steps
            .push(format!("{}: action", v.roster.sides[side].name));
        return Ok(ch);
    }
    no_round_waiting(v)?;
    end_of_side_turn(v, side, &mut ch);
    let next = (side + 1) % v.roster.sides.len();
    let new_turn = if next == v.state.first_side {
        turn + 1
    } else {
        turn
    };
    if v.state.turn_limit.is_some_and(|last| new_turn > last) {
        ch.effects.push(phase_effect(v, new_turn, next, PH_ORDERS));
        return Ok(ch);
    }
    if new_turn != turn {
        ch.steps.push(format!("Turn {new_turn}"));
    }
    orders_phase(v, next, dice, &mut ch)?;
    ch.effects.push(phase_effect(v, new_turn, next, PH_ACTION));
    ch.steps
        .push(format!("{}: action", v.roster.sides[next].name));
    Ok(ch)
}

pub fn offer_actors(v: &BattleView<'_>, offer: &Offer) -> Vec<usize> {
    let named = |name: &str| given_unit(v, &offer.params, name);
    match offer.action.as_str() {
        "take-hits" => named("unit")
            .filter(|&u| waiting(v, u).is_some())
            .into_iter()
            .collect(),
        "shoot" => match named("target") {
            Some(t) if on_table(v, t) && flag(v, t, JUST_ACTED) => overwatchers(v, t),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

// ---- what the umpire sees -------------------------------------------------------------------------

fn badge(text: impl Into<String>, tone: Tone, help: impl Into<String>) -> Badge {
    Badge {
        text: text.into(),
        tone,
        help: help.into(),
    }
}

/// A unit's line of its type's table: "Move 2 areas; difficult terrain counts as 2 · range 3 ·
/// …", with the firer class and armour the unit has, each said when the scenario set it over its
/// type's.
pub fn type_summary(ty: &UnitType, armour: Armour, class: FirerClass) -> String {
    let weapon = ty.weapon.map_or_else(
        || "no weapon".to_string(),
        |w| format!("{} range {}", w.name, w.range),
    );
    let class_words = if class == ty.class {
        class.words().to_string()
    } else {
        format!(
            "{} (the scenario's, over the {} type's {})",
            class.words(),
            ty.name,
            ty.class.words()
        )
    };
    let armour_words = if armour == ty.armour {
        format!("armour {}", armour.id())
    } else {
        format!(
            "armour {} (the scenario's, over the {} type's {})",
            armour.id(),
            ty.name,
            ty.armour.id()
        )
    };
    format!(
        "Move {} · {weapon} · {class_words} · {armour_words}",
        ty.movement.words()
    )
}

pub fn badges(v: &BattleView<'_>, u: usize) -> Vec<Badge> {
    let mut out = Vec::new();
    let ty = type_of(v, u);
    if is_commander(v, u) {
        let (text, what) = if is_force_commander(v, u) {
            ("FC", "Force Commander: rolls 1d6 for the side's orders")
        } else {
            (
                "CDR",
                "Subordinate commander: one order a turn for a unit of his command",
            )
        };
        out.push(badge(
            text,
            Tone::Info,
            format!(
                "{what}; needs no orders, destroyed by a single hit; alone he moves and shoots (1 die) as {}",
                ty.name
            ),
        ));
        if flag(v, u, SUB_ORDER) {
            out.push(badge(
                "ORDER UNUSED",
                Tone::Info,
                "His one order this turn is not given yet",
            ));
        }
        if let Some(done) = commander_action(v, u) {
            out.push(badge(
                done.to_uppercase(),
                Tone::Muted,
                format!(
                    "He has {} this turn: a commander acts once in his side's turn",
                    commander_action_words(done)
                ),
            ));
        }
        if let Some(x) = attached_to(v, u) {
            out.push(badge(
                format!("WITH {}", v.info(x).id),
                Tone::Info,
                format!("Attached to {}", v.label(x)),
            ));
        }
    } else {
        out.push(badge(
            ty.name,
            Tone::Muted,
            type_summary(ty, armour(v, u), firer_class(v, u)),
        ));
        if let Some(c) = commander_of(v, u) {
            out.push(badge(
                format!("+{}", v.info(c).id),
                Tone::Info,
                format!(
                    "{} is attached: +1 die to its shots, +1 to its rally; the owner chooses where its hits go",
                    v.label(c)
                ),
            ));
        }
    }
    if let Some(order) = held_order(v, u).filter(|_| !flag(v, u, OVERWATCH)) {
        out.push(badge(
            order.to_uppercase(),
            Tone::Muted,
            format!("Its order this turn: {order}"),
        ));
    }
    if let Some(n) = v.marker(u, MOVED).filter(|&n| n > 0) {
        out.push(badge(
            format!("{}/{}", halves(n as u32), ty.movement.areas),
            Tone::Muted,
            format!(
                "Moved {} of its {} areas this turn",
                halves(n as u32),
                ty.movement.areas
            ),
        ));
    }
    if let Some(n) = waiting(v, u) {
        out.push(badge(
            format!("TAKE {n}"),
            Tone::Danger,
            format!(
                "{} waiting for the owner's choice of retreats and the commander's share: take-hits",
                hits_words(n)
            ),
        ));
    }
    if let Some(c) = carrier_of(v, u) {
        out.push(badge(
            format!("ON {}", v.info(c).id),
            Tone::Info,
            format!("Carried by {}", v.label(c)),
        ));
    }
    if let Some(x) = passenger_of(v, u) {
        out.push(badge(
            format!("CARRIES {}", v.info(x).id),
            Tone::Info,
            format!("Carries {}", v.label(x)),
        ));
    }
    for m in [
        OVERWATCH,
        SECOND_FIRE,
        ASSAULTED_BY,
        JUST_ACTED,
        MOVE_ONE,
        NO_MOVE,
    ] {
        if flag(v, u, m)
            && let Some(def) = MARKERS.iter().find(|d| d.id == m)
        {
            out.push(badge(def.badge, def.tone, def.help));
        }
    }
    out
}

/// "orders 3 of 5 left" for the side whose turn it is.
pub fn side_badges(v: &BattleView<'_>, side: usize) -> Vec<Badge> {
    let Some(total) = v.state.counter(v.side_id(side), ORDERS_TOTAL) else {
        return Vec::new();
    };
    let (pool, subs) = orders_left(v, side);
    vec![badge(
        format!("orders {} of {total} left", pool + subs),
        if pool + subs == 0 {
            Tone::Muted
        } else {
            Tone::Info
        },
        format!(
            "Orders this turn: {pool} of the Force Commander's roll left, {subs} of the subordinates' own (one each, for a unit of his command)"
        ),
    )]
}

pub fn may_still_act(v: &BattleView<'_>, u: usize) -> bool {
    if !on_table(v, u) {
        return false;
    }
    if waiting(v, u).is_some() {
        return true;
    }
    if v.state.phase != PH_ACTION {
        return false;
    }
    if v.info(u).side != v.active_side() {
        return flag(v, u, OVERWATCH)
            && (0..v.roster.units.len())
                .any(|t| flag(v, t, JUST_ACTED) && v.info(t).side != v.info(u).side);
    }
    if is_commander(v, u) || carrier_of(v, u).is_some() {
        return flag(v, u, MOVE_ONE);
    }
    if let Some(order) = held_order(v, u) {
        return flag(v, u, MOVE_ONE) || order == "move" && move_left(v, u) > 0;
    }
    let (pool, _) = orders_left(v, v.info(u).side);
    pool > 0 || subordinate_for(v, u, &[]).is_some()
}

/// The hits that remove a unit: its quality's limit; a commander's is one.
pub fn hit_limit(kind: &str, quality: &str) -> u32 {
    if kind == COMMANDER {
        1
    } else {
        Quality::parse(quality).unwrap_or(Quality::Regular).limit()
    }
}
