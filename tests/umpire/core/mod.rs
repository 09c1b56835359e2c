//! What every rule set stands on: the program's layers, the core's offers beyond one rule set's
//! needs, who may see each event, and scenarios checked.

mod audience;
mod generality;
mod layers;
mod scenario_check;
