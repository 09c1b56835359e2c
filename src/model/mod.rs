//! The battle as the rules read it: the roster built from a scenario file ([`roster`]), the
//! state and the effects that change it ([`state`]), the read-only view handed to the rule sets
//! ([`view`]), timers ([`timers`]), what a scenario file declares ([`file`]), and the order of
//! battle a rule set checks at load, with the place of everything in it ([`order`]). It knows the
//! declarations and nothing above them: neither the rule sets' interface, nor the battle's
//! history, journal or screens.

pub mod file;
pub mod order;
pub mod roster;
pub mod state;
pub mod timers;
pub mod view;

pub use file::{
    ConcealedDef, DataTables, FormationDef, Problem, ScenarioError, ScenarioFile, SideDef, Spanned,
    UNIT_KEYS, UnitDef,
};
pub use order::{
    DataRow, Field, FormationPlace, Listed, OrderOfBattle, SidePlace, Stand, UnitPlace,
};
pub use roster::{FormationInfo, Roster, SideInfo, UnitInfo};
pub use state::{AreaMarker, Arrival, BattleState, Effect, EffectError, Prior, UnitState};
pub use view::{BattleView, MarkerValue, Viewer};
