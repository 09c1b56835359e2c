//! Hats of Tin's units read off the battle: a unit's type, armour, firer class and quality (a
//! commander's from the type he commands), who is attached to or carried by whom, the refusals
//! every procedure shares (out of the fight, not the action phase, not its side's turn, not an
//! enemy), whether a unit may shoot or be shot at, and how far it may still move.

use crate::declare::RuleError;
use crate::model::BattleView;
use crate::rules::hats_of_tin::defs::*;
use crate::rules::hats_of_tin::tables::{Armour, FirerClass, Quality, UnitType, unit_type};

/// A refusal in the rules' words.
pub fn refused(text: impl Into<String>) -> RuleError {
    RuleError::refused(text)
}

/// True for a commander (the Force Commander or a subordinate).
pub fn is_commander(v: &BattleView<'_>, u: usize) -> bool {
    v.info(u).kind == COMMANDER
}

/// True for the Force Commander, who rolls the side's orders.
pub fn is_force_commander(v: &BattleView<'_>, u: usize) -> bool {
    is_commander(v, u) && v.info(u).fields.flag(F_FORCE)
}

/// True while `u` is on the table.
pub fn on_table(v: &BattleView<'_>, u: usize) -> bool {
    v.unit_state(u).on_table()
}

/// The units a commander commands, in the order the scenario lists them.
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

/// A unit's armour: the scenario's `armour`, else its type's; a commander has none.
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

/// A unit's quality (regular when the roster's is none of the rules').
pub fn quality(v: &BattleView<'_>, u: usize) -> Quality {
    Quality::parse(&v.info(u).quality).unwrap_or(Quality::Regular)
}

/// The unit a commander is attached to (one still on the table: a commander whose unit is gone,
/// by the rules or by hand, is alone).
pub fn attached_to(v: &BattleView<'_>, c: usize) -> Option<usize> {
    v.marker_unit(c, ATTACHED).filter(|&x| on_table(v, x))
}

/// The commander attached to a unit, if one is (on the table).
pub fn commander_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    (0..v.roster.units.len())
        .find(|&c| on_table(v, c) && is_commander(v, c) && attached_to(v, c) == Some(u))
}

/// The carrier a unit is embarked on (one still on the table).
pub fn carrier_of(v: &BattleView<'_>, u: usize) -> Option<usize> {
    v.marker_unit(u, EMBARKED).filter(|&x| on_table(v, x))
}

/// The unit a carrier carries, if any (on the table).
pub fn passenger_of(v: &BattleView<'_>, c: usize) -> Option<usize> {
    (0..v.roster.units.len()).find(|&u| on_table(v, u) && carrier_of(v, u) == Some(c))
}

/// True for a unit that carries others: a truck, or one the scenario marks a carrier.
pub fn is_carrier(v: &BattleView<'_>, u: usize) -> bool {
    v.info(u).kind == TRUCK || v.info(u).fields.flag(F_CARRIER)
}

// ---- the refusals every procedure shares ---------------------------------------------------

/// Refuses a unit out of the fight.
pub fn in_play(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
    match &v.unit_state(u).removed {
        Some(cause) => Err(refused(format!(
            "{} is out of the fight ({cause})",
            v.label(u)
        ))),
        None => Ok(()),
    }
}

/// Refuses `what` outside the action phase.
pub fn action_phase(v: &BattleView<'_>, what: &str) -> Result<(), RuleError> {
    if v.state.phase == PH_ACTION {
        return Ok(());
    }
    Err(refused(format!(
        "{what} belongs to the action phase; roll the orders first (next phase)"
    )))
}

/// Refuses `what` by `u` outside its own side's turn.
pub fn own_turn(v: &BattleView<'_>, u: usize, what: &str) -> Result<(), RuleError> {
    if v.info(u).side == v.active_side() {
        return Ok(());
    }
    Err(refused(format!(
        "{}: {what} in its own side's turn; it is {}'s turn",
        v.label(u),
        v.roster.sides[v.active_side()].name
    )))
}

/// Refuses two units of the same side.
pub fn enemies(v: &BattleView<'_>, a: usize, b: usize) -> Result<(), RuleError> {
    if v.info(a).side == v.info(b).side {
        return Err(refused(format!(
            "{} and {} are on the same side",
            v.label(a),
            v.label(b)
        )));
    }
    Ok(())
}

// ---- shooting and being shot at -----------------------------------------------------------

/// Whether `u` may shoot at all: a weapon, not carried (unless by a fighting carrier), a
/// commander only when alone.
pub fn may_shoot(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
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

/// "X is carried by Y: embarked troops are off the table; shoot at Y …".
pub fn carried_words(v: &BattleView<'_>, u: usize, c: usize, what: &str) -> String {
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
pub fn may_be_shot(v: &BattleView<'_>, u: usize) -> Result<(), RuleError> {
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

/// True for a mortar or artillery: the types that may fire indirectly.
pub fn fires_indirectly(v: &BattleView<'_>, u: usize) -> bool {
    matches!(type_of(v, u).id, "mortar" | "field-artillery")
}

// ---- moves ----------------------------------------------------------------------------------

/// The half areas `u` has moved under its move order this turn.
pub fn moved(v: &BattleView<'_>, u: usize) -> u32 {
    v.marker(u, MOVED).unwrap_or(0).max(0) as u32
}

/// The half areas `u` may still move under its move order this turn.
pub fn move_left(v: &BattleView<'_>, u: usize) -> u32 {
    (2 * type_of(v, u).movement.areas).saturating_sub(moved(v, u))
}

/// "1½" for 3 half areas.
pub fn halves(n: u32) -> String {
    match (n / 2, n % 2) {
        (0, 1) => "½".into(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}
