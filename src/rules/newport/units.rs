//! Facts about Newport's stands in a battle (leader, HQ, off-table asset, morale, hit limit, the
//! side's command method) and what befalls a stand that is hit, shaken or removed: the effects and
//! the words of the log that every procedure shares.

use super::close_combat::kind_hit_limit;
use super::defs::*;
use super::fire::{self, is_vehicle};
use super::tables::{Morale, MoraleBlow, ShotEffect, Target};
use crate::declare::Options;
use super::Newport;
use crate::model::{BattleView, Effect, OrderOfBattle, Problem, UnitInfo};
use crate::ruleset::{Units, kit};

/// A leader: of kind `leader`, or marked `leader = true` in its scenario.
pub fn is_leader(u: &UnitInfo) -> bool {
    u.kind == "leader" || u.leader
}

/// An HQ: of kind `hq`, or marked `hq = true` in its scenario.
pub fn is_hq(u: &UnitInfo) -> bool {
    u.kind == "hq" || u.hq
}

/// An off-table asset (air, artillery, mortars): never targeted, never removed by hits.
pub fn is_asset(u: &UnitInfo) -> bool {
    ASSET_KINDS.contains(&u.kind.as_str())
}

impl Units for Newport {
    fn is_leader(&self, u: &UnitInfo) -> bool {
        is_leader(u)
    }

    /// The hits that remove a stand: none for an off-table asset, else its kind's limit.
    fn hit_limit(&self, u: &UnitInfo, options: &Options) -> u32 {
        if is_asset(u) {
            0
        } else {
            kind_hit_limit(&u.kind, options)
        }
    }

    /// What a stand's leaving the table brings with it, besides its removal, with the words for the
    /// log: a company-game leader's replacement turn, a battalion HQ's saved command points lost.
    fn removal_effects(&self, v: &BattleView<'_>, u: usize) -> (Vec<Effect>, Vec<String>) {
        let info = v.info(u);
        let mut effects = Vec::new();
        let mut said = Vec::new();
        if is_leader(info) && !is_hq(info) && company_scale(v) {
            // Its side's N-th turn after the turn it died: one game turn sooner when its side has
            // yet to move in this game turn (killed in an earlier side's turn).
            let n = v.sides_in_order();
            let yet_to_move =
                n.iter().position(|&x| x == info.side) > n.iter().position(|&x| x == v.active_side());
            let back =
                v.state.turn + v.options.int("leader_return_turns") as u32 - u32::from(yet_to_move);
            effects.push(kit::marker(v, u, RETURNS, Some(back as i32)));
            said.push(format!("a replacement returns on turn {back}"));
        }
        if is_hq(info)
            && let Some(bn) = v.roster.enclosing(u, "battalion")
        {
            let bid = &v.roster.formations[bn].id;
            if v.state.counter(bid, SAVED).unwrap_or(0) > 0 {
                said.push(format!("{bid}'s saved command points are lost"));
            }
            effects.push(kit::counter(bid, SAVED, Some(0)));
        }
        (effects, said)
    }

    fn validate(&self, order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
        super::validate::validate(order, options)
    }
}

/// A stand's morale, from its markers.
pub(super) fn morale(v: &BattleView<'_>, u: usize) -> Morale {
    fire::morale_of(kit::has(v, u, SUPPRESSED), kit::has(v, u, PARALYZED))
}

/// A stand as a shot sees it: its hits and limit, its morale, whether it is a vehicle.
pub(super) fn target_of(v: &BattleView<'_>, u: usize) -> Target {
    let info = v.info(u);
    Target {
        hits: v.unit_state(u).hits,
        limit: info.hit_limit,
        morale: morale(v, u),
        vehicle: is_vehicle(&info.kind),
    }
}

/// The command method `side` plays (1, 2 or 3).
pub(super) fn method(v: &BattleView<'_>, side: usize) -> i64 {
    v.options.int_for("command_method", Some(v.side_id(side)))
}

/// True in a company game (the default scale), false in a battalion game.
pub(super) fn company_scale(v: &BattleView<'_>) -> bool {
    v.options.text("scale") != "battalion"
}

/// The marker changes that take a stand from one morale state to another.
pub(super) fn morale_effects(
    v: &BattleView<'_>,
    u: usize,
    from: Morale,
    to: Morale,
) -> Vec<Effect> {
    let mut out = Vec::new();
    for (marker, state) in [
        (SUPPRESSED, Morale::Suppressed),
        (PARALYZED, Morale::Paralyzed),
    ] {
        if (from == state) != (to == state) {
            out.push(kit::flag(v, u, marker, to == state));
        }
    }
    out
}

/// The effects and words of a stand going from `before` to `after`.
pub(super) fn damage(
    v: &BattleView<'_>,
    u: usize,
    before: Target,
    after: Target,
    cause: &str,
    effects: &mut Vec<Effect>,
    words: &mut Vec<String>,
) {
    let info = v.info(u);
    let mut said = Vec::new();
    if after.hits != before.hits {
        effects.push(Effect::Hits {
            unit: info.id.clone(),
            hits: after.hits,
        });
        said.push(format!(
            "{} → {} of {} hits",
            before.hits, after.hits, after.limit
        ));
    }
    if after.morale != before.morale {
        effects.extend(morale_effects(v, u, before.morale, after.morale));
        said.push(after.morale.name().to_string());
    }
    if after.destroyed() && !before.destroyed() {
        effects.push(Effect::Removed {
            unit: info.id.clone(),
            cause: cause.to_string(),
        });
        said.push("removed".into());
        let (more, words) = Newport.removal_effects(v, u);
        effects.extend(more);
        said.extend(words);
    }
    if said.is_empty() {
        said.push("no change".into());
    }
    words.push(format!("{}: {}", v.label(u), said.join(", ")));
}

/// How a stand ends up, in the words of the log line: `destroyed`; or its morale and hits
/// (`Paralyzed, 1 hit (2 of 3)`), `stays Paralyzed` when a morale blow could make it no worse, and
/// the `extra` words (`Forced Back 8"`); `none` when nothing changed.
pub(super) fn end_words(
    before: Target,
    after: Target,
    blow: bool,
    extra: &[&str],
    none: &str,
) -> String {
    if after.destroyed() && !before.destroyed() {
        return "destroyed".into();
    }
    let mut words = Vec::new();
    if after.morale != before.morale {
        words.push(after.morale.name().to_string());
    } else if blow && after.morale != Morale::Steady {
        words.push(format!("stays {}", after.morale.name()));
    }
    if after.hits > before.hits {
        let n = after.hits - before.hits;
        words.push(format!(
            "{n} hit{} ({} of {})",
            if n == 1 { "" } else { "s" },
            after.hits,
            after.limit
        ));
    }
    words.extend(extra.iter().map(|w| w.to_string()));
    if words.is_empty() {
        none.into()
    } else {
        words.join(", ")
    }
}

/// How the target of one shot ends up (see [`end_words`]).
pub(super) fn shot_words(before: Target, after: Target, e: ShotEffect) -> String {
    let back: &[&str] = if e.forced_back && !after.destroyed() {
        &["Forced Back 8\""]
    } else {
        &[]
    };
    end_words(
        before,
        after,
        e.morale != MoraleBlow::None,
        back,
        "no effect",
    )
}
