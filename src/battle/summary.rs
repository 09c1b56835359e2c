//! How a battle stands, side by side: what the end-of-battle screen, `umpire state` and the
//! report show. Counted from the roster and the state alone, so it serves every rule set; the rule
//! set says only which units are its leaders ([`crate::ruleset::Ruleset::is_leader`]).

use super::Battle;
use serde::Serialize;

/// One side's account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideSummary {
    /// The side's id and name.
    pub id: String,
    pub name: String,
    /// Units on the roster, still on the table, and removed (leaders among them only where the
    /// rule set counts them as units).
    pub units: usize,
    pub in_play: usize,
    pub lost: usize,
    /// Hits taken (figures lost …) in the battle, by the units still in play and by those removed;
    /// a leader's only where leaders are units;
    /// what a unit had already lost when the battle began (a regiment starting short of a full
    /// tray) is not counted.
    pub hits: u32,
    /// Leaders on the roster, and those removed (and not back).
    pub leaders: usize,
    pub leaders_lost: usize,
}

/// The battle's account: each side's, and where the battle stands in its turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub sides: Vec<SideSummary>,
    /// Whole turns played.
    pub turns_played: u32,
    /// The battle's last turn, if it has one.
    pub last_turn: Option<u32>,
    /// True once the last turn is over.
    pub over: bool,
}

impl Battle {
    /// Whether the roster's unit `u` counts among its side's units (not a leader of a rule set
    /// whose leaders are not units).
    pub fn counts_as_unit(&self, u: usize) -> bool {
        self.ruleset.leaders_are_units() || !self.ruleset.is_leader(&self.roster.units[u])
    }

    /// Each unit's hits as it started with them: as the start event set them, or the event
    /// that added it ([`super::EventKind::opens`]): losses it began with, not losses.
    pub fn opening_hits(&self) -> Vec<u32> {
        let mut hits = vec![0; self.roster.units.len()];
        for event in self.history().in_force().filter(|e| e.kind.opens()) {
            self.opening_hits_of(event, &mut hits);
        }
        hits
    }

    /// Sets in `hits` (by the roster's place, grown to it) each unit's hits as `event`, one that
    /// opens units ([`super::EventKind::opens`]), sets them: what [`Battle::opening_hits`]
    /// reads, for a reader that keeps no events ([`Battle::fold_in`]).
    pub fn opening_hits_of(&self, event: &super::Event, hits: &mut Vec<u32>) {
        hits.resize(hits.len().max(self.roster.units.len()), 0);
        for effect in &event.effects {
            if let crate::model::Effect::Hits { unit, hits: h } = effect
                && let Some(u) = self.roster.unit_index(unit)
            {
                hits[u] = *h;
            }
        }
    }

    /// The battle's account as it stands.
    pub fn summary(&self) -> Summary {
        self.summary_for(crate::model::Viewer::Umpire)
    }

    /// The battle's account as `viewer` may know it: only the units `viewer` may see now are
    /// counted (for the public, none still concealed), leaders too.
    pub fn summary_for(&self, viewer: crate::model::Viewer) -> Summary {
        let state = self.state();
        let opening = self.opening_hits();
        let view = self.view();
        let sides = self
            .roster
            .sides
            .iter()
            .enumerate()
            .map(|(s, side)| {
                let mut acc = SideSummary {
                    id: side.id.clone(),
                    name: side.name.clone(),
                    units: 0,
                    in_play: 0,
                    lost: 0,
                    hits: 0,
                    leaders: 0,
                    leaders_lost: 0,
                };
                for (u, info) in self.roster.units.iter().enumerate() {
                    let st = &state.units[u];
                    // A unit still to arrive is not yet the side's: neither in play nor lost.
                    if info.side != s || !view.visible_to(u, viewer) || !st.arrived() {
                        continue;
                    }
                    let leader = self.ruleset.is_leader(info);
                    acc.leaders += usize::from(leader);
                    acc.leaders_lost += usize::from(leader && !st.on_table());
                    if !self.counts_as_unit(u) {
                        continue;
                    }
                    acc.units += 1;
                    acc.hits += st.hits.saturating_sub(opening[u]);
                    if st.on_table() {
                        acc.in_play += 1;
                    } else {
                        acc.lost += 1;
                    }
                }
                acc
            })
            .collect();
        Summary {
            sides,
            turns_played: state.turn.saturating_sub(1),
            last_turn: state.turn_limit,
            over: state.is_over(),
        }
    }
}
