//! The inputs of each of Scruby's procedures and the procedures' declarations ([`ACTIONS`]): what
//! the umpire types or the battle fills in, with their help, defaults and where they may be used.

use super::defs::{FIGHTING_KINDS, Formation, GUN_KINDS, INFANTRY_KINDS, Position, TARGET_KINDS};
use crate::declare::{ActionDef, ParamDef, ParamKind};

pub use crate::declare::params::param;

const FIGURES: ParamKind = ParamKind::Int { min: 1, max: 4 };
const POSITIONS: ParamKind = ParamKind::Choice(Position::IDS);
const FIGHTERS: ParamKind = ParamKind::Choice(FIGHTING_KINDS);

/// Fire into a melee: the firer's own stand fighting in it, which loses as many figures as the
/// fire kills of the enemy. A unit's id as text: left empty, the fire is into no melee.
const FRIEND_IN_MELEE: ParamDef = ParamDef::new(
    "friend-in-melee",
    "if the target is in a melee with a stand of the firer's own side: that stand's id (firing into the melee kills as many of its figures as of the enemy's)",
    ParamKind::Text,
)
.battle();

/// Rifle fire: its inputs.
pub const RIFLE_PARAMS: &[ParamDef] = &[
    ParamDef::new("firer-unit", "the firing regiment", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment, squadron or gun fired at (a gun: its crew)",
        ParamKind::Unit,
    ).enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new(
        "firer",
        "the firing regiment's type",
        ParamKind::Choice(INFANTRY_KINDS),
    )
    .derived(),
    ParamDef::new("figures", "figures left on the firing regiment's tray", FIGURES).derived(),
    ParamDef::new(
        "formation",
        "the firer's formation (cross-country: the column's regiment facing the target fires)",
        ParamKind::Choice(Formation::IDS),
    )
    .default("line")
    .derived(),
    ParamDef::new("from", "where the firer stands", POSITIONS)
        .default("open")
        .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (town = a village's outer area; the inner area cannot be fired on)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "target",
        "the target's type, when it matters: light-cavalry under the concealment rules, or a gun (fire at its crew)",
        ParamKind::Choice(TARGET_KINDS),
    )
    .derived(),
    ParamDef::flag(
        "flank",
        "the target is fired on from its flank (a road column unless fired on along the road at its head): it gets no return fire at this firer this move (refused)",
    )
    .battle(),
    ParamDef::flag(
        "at-crew",
        "fire at a gun's crew (the cannon's axle within musket range): the crew table",
    ),
    ParamDef::new(
        "range",
        "range to the target in inches (refused beyond musket range)",
        ParamKind::Distance,
    ),
];

/// A gun's fire: its inputs.
pub const ARTILLERY_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the firing gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment, squadron, gun (counter-battery) or works fired at",
        ParamKind::Unit,
    ).enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new(
        "gun",
        "the firing gun: a cannon, or horse artillery (may half-move and fire)",
        ParamKind::Choice(GUN_KINDS),
    )
    .default("cannon")
    .derived(),
    ParamDef::new(
        "target",
        "the target's type (a gun: counter-battery, and with counter-battery it may be left out; works: walls, a fortress or a ship)",
        ParamKind::Choice(TARGET_KINDS),
    )
    .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (outer areas: kills on 3-6; inner areas cannot be hit; works are their own terrain: open)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "range",
        "range to the target in inches (16\" on the flat, 18\" from a hill or fortress wall)",
        ParamKind::Distance,
    ),
    ParamDef::new(
        "gun-on",
        "where the gun stands: flat (a village counts as flat), hill or fortress (its wall)",
        ParamKind::Choice(&["flat", "hill", "fortress"]),
    )
    .default("flat")
    .derived(),
    ParamDef::flag(
        "moved",
        "the gun moved this move (a cannon that moved cannot fire)",
    )
    .derived(),
    ParamDef::flag(
        "counter-battery",
        "fire at an enemy gun (the same as target cannon)",
    ),
    ParamDef::new(
        "gun-hits",
        "counter-battery: hits the target gun already has (the third destroys it)",
        ParamKind::Int { min: 0, max: 2 },
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "works-hits",
        "works (walls, a fortress or a ship): hits they already have, fewer than hits-to-destroy",
        ParamKind::Int { min: 0, max: 98 },
    )
    .default("0")
    .derived(),
    ParamDef::new(
        "hits-to-destroy",
        "works: the hits that destroy them, as the scenario sets (the unit's hits_to_destroy)",
        ParamKind::Int { min: 1, max: 99 },
    )
    .derived(),
];

/// Canister: its inputs.
pub const CANISTER_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the firing gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "target-unit",
        "the regiment or squadron within musket range",
        ParamKind::Unit,
    )
    .enemy()
    .battle(),
    FRIEND_IN_MELEE,
    ParamDef::new("gun", "the firing gun", ParamKind::Choice(GUN_KINDS))
        .default("cannon")
        .derived(),
    ParamDef::new(
        "target",
        "the target regiment's or squadron's type (canister is only against troops)",
        FIGHTERS,
    )
    .derived(),
    ParamDef::new(
        "target-figures",
        "figures on the target before the canister",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "target-in",
        "where the target stands (outer areas: kills on 3-6; inner areas cannot be hit)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "range",
        "range to the target in inches (canister reaches musket range only)",
        ParamKind::Distance,
    ),
    ParamDef::flag("moved", "the gun moved this move").derived(),
    ParamDef::flag(
        "return-fire",
        "the target fires back at the crew at the same moment, with its figures after the canister (infantry only)",
    ),
];

/// A melee: its inputs.
pub const MELEE_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new(
        "defender-unit",
        "the defending stand (a cross-country column: its regiment in contact)",
        ParamKind::Unit,
    )
    .enemy()
    .battle(),
    ParamDef::new("attacker", "the attacking stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "attacker-figures",
        "figures left on the attacking stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new("defender", "the defending stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "defender-figures",
        "figures left on the defending stand (a cross-country column: its regiment in contact)",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "defender-in",
        "where the defender stands (only infantry may melee defenders in a village's outer area)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::new(
        "defender-formation",
        "the defender's formation (a cross-country column defends with the power of one regiment)",
        ParamKind::Choice(Formation::IDS),
    )
    .default("line")
    .derived(),
    ParamDef::flag(
        "gate",
        "cavalry charge through the village's gate (needed to reach its inner area)",
    ),
];

/// A reinforced melee: its inputs.
pub const REINFORCED_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new("defender-unit", "the defending stand", ParamKind::Unit).enemy().battle(),
    ParamDef::new(
        "reinforcement-unit",
        "the stand that comes in on the enemy's flank or rear (its side is the reinforcing side)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new("attacker", "the attacking stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "attacker-figures",
        "figures left on the attacking stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new("defender", "the defending stand's type", FIGHTERS).derived(),
    ParamDef::new(
        "defender-figures",
        "figures left on the defending stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "reinforcing-side",
        "whose stand comes in to the enemy's flank or rear",
        ParamKind::Choice(&["defender", "attacker"]),
    )
    .default("defender"),
    ParamDef::new(
        "reinforcement",
        "the reinforcing stand's type (it must reach the enemy's flank or rear, never by a charge move)",
        FIGHTERS,
    )
    .derived(),
    ParamDef::new(
        "reinforcement-figures",
        "figures on the reinforcing stand",
        FIGURES,
    )
    .derived(),
    ParamDef::new(
        "defender-in",
        "where the defender stands (only infantry may melee defenders in a village's outer area)",
        POSITIONS,
    )
    .default("open")
    .derived(),
    ParamDef::flag(
        "gate",
        "cavalry charge through the village's gate (needed to reach its inner area)",
    ),
];

/// A melee against a gun crew: its inputs.
pub const MELEE_CREW_PARAMS: &[ParamDef] = &[
    ParamDef::new("attacker-unit", "the attacking stand", ParamKind::Unit).battle(),
    ParamDef::new("gun-unit", "the gun whose crew is attacked", ParamKind::Unit)
        .battle()
        .enemy(),
    ParamDef::new(
        "attacked-from",
        "the side of the gun the attackers reach (front or flank: the crew fires; rear: no roll)",
        ParamKind::Choice(&["front", "flank", "rear"]),
    )
    .default("front"),
    ParamDef::new(
        "attacker",
        "the attacking stand's type (light cavalry may not attack a gun under the concealment rules)",
        FIGHTERS,
    )
    .derived(),
];

/// Light cavalry's morale combat: its inputs.
pub const LC_MORALE_PARAMS: &[ParamDef] = &[
    ParamDef::new(
        "cavalry-unit",
        "the light cavalry squadron (a scout)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "opponent-unit",
        "the enemy met within 9\": Line, Light infantry, Grenadiers or light cavalry",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::new(
        "cavalry-figures",
        "figures of the light cavalry squadron",
        ParamKind::Int { min: 1, max: 3 },
    )
    .derived(),
    ParamDef::new(
        "opponent",
        "the enemy met within 9\": Line, Light infantry, Grenadiers or light cavalry",
        ParamKind::Choice(&["line", "light", "grenadier", "light-cavalry"]),
    )
    .derived(),
    ParamDef::new("opponent-figures", "figures of the enemy stand", FIGURES).derived(),
];

/// The causes of an exposure the rules name.
pub const EXPOSE_CAUSES: &[&str] = &["vision", "cannon", "rifle", "melee", "scouting"];

const STAND: ParamDef = ParamDef::new(
    "stand",
    "the concealment stand's number",
    ParamKind::Int { min: 1, max: 999 },
)
.battle();
const STAND_SIDE: ParamDef = ParamDef::new(
    "side",
    "the side whose stand it is (needed only when both sides have a stand of that number)",
    ParamKind::Text,
)
.battle();

/// Exposing a concealed column: its inputs.
pub const EXPOSE_PARAMS: &[ParamDef] = &[
    STAND,
    STAND_SIDE,
    ParamDef::new(
        "cause",
        "why: vision (an enemy within 16\" of the unscreened stand), cannon, rifle, melee (attacked while unscreened), scouting (light cavalry drove off its screen or reached it)",
        ParamKind::Choice(EXPOSE_CAUSES),
    )
    .battle(),
    ParamDef::new(
        "scout",
        "the light cavalry squadron that exposed it: it leaves the table afterwards",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "scout-stays",
        "the scout has other columns to expose: it stays on the table",
    )
    .battle(),
];

/// Deploying from a concealed column: its inputs.
pub const DEPLOY_PARAMS: &[ParamDef] = &[
    STAND,
    STAND_SIDE,
    ParamDef::new(
        "units",
        "the regiments placed in the line (at least 3): they are exposed, the rest stay concealed behind them",
        ParamKind::List,
    )
    .battle(),
];

/// A change of formation: its inputs.
pub const FORM_PARAMS: &[ParamDef] = &[
    ParamDef::new("unit", "the infantry regiment", ParamKind::Unit).battle(),
    ParamDef::new(
        "formation",
        "its new formation: line, road-column (only on a road) or cross-country (3+ regiments stand to stand)",
        ParamKind::Choice(Formation::IDS),
    )
    .battle(),
    ParamDef::new(
        "with",
        "cross-country: the other regiments of the column, stand to stand (3 or more regiments in all); a regiment already in a column brings its column",
        ParamKind::List,
    )
    .battle(),
];

/// Taking a headquarters: its inputs.
pub const TAKE_HQ_PARAMS: &[ParamDef] = &[
    ParamDef::new("hq", "the headquarters", ParamKind::Unit).battle(),
    ParamDef::new(
        "by",
        "the regiment or squadron that reaches it (the enemy's: the headquarters is lost; its own side's: retaken)",
        ParamKind::Unit,
    )
    .battle(),
];

/// Holding a crewless gun: its inputs.
pub const HOLD_GUN_PARAMS: &[ParamDef] = &[
    ParamDef::new("gun-unit", "the crewless gun", ParamKind::Unit).battle(),
    ParamDef::new(
        "by",
        "the regiment or squadron holding it: its side holds the gun (its own side or the enemy)",
        ParamKind::Unit,
    )
    .battle(),
    ParamDef::flag(
        "nobody",
        "nobody holds the gun (it stands in no-man's land): its hold count stops",
    )
    .battle(),
];

/// Rifle fire: a regiment's rifles, or its fire at a gun's crew.
pub const RIFLE: ActionDef = ActionDef {
    id: "rifle",
    help: "a regiment's rifle fire (or fire at a gun's crew): the rifle fire table, read in its order of precedence",
    params: RIFLE_PARAMS,
    key: Some('f'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// A gun's fire: at troops, at a gun (counter-battery) or at works.
pub const ARTILLERY: ActionDef = ActionDef {
    id: "artillery",
    help: "a gun fires one d6: 1-3-6 kills a figure, 2 drives the target back in confusion 3 moves; counter-battery: 1-3-6 is a hit, the third destroys the gun; at walls, a fortress or a ship 1-3-6 is a hit, and the scenario's count destroys them",
    params: ARTILLERY_PARAMS,
    key: Some('a'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// Canister at troops within musket range, with the target's return fire at the crew.
pub const CANISTER: ActionDef = ActionDef {
    id: "canister",
    help: "a gun fires canister at troops within musket range: one figure killed; the target may fire back at the crew at the same moment",
    params: CANISTER_PARAMS,
    key: Some('c'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// Melee, stand against stand.
pub const MELEE: ActionDef = ActionDef {
    id: "melee",
    help: "stand against stand: each side's kills by type and figures, removed at once, then morale (combat points × one d6; the lower retires 3 moves)",
    params: MELEE_PARAMS,
    key: Some('m'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// A melee reinforced on the enemy's flank or rear.
pub const REINFORCED_MELEE: ActionDef = ActionDef {
    id: "reinforced-melee",
    help: "a melee reinforced on the enemy's flank or rear: the original pair fights, then the reinforcing stand fights the remnant, then one morale throw",
    params: REINFORCED_PARAMS,
    key: Some('r'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// A melee against a gun's crew.
pub const MELEE_CREW: ActionDef = ActionDef {
    id: "melee-crew",
    help: "a melee against a gun's crew: from front or flank the crew saves the gun on 1-3-6; from the rear it is captured",
    params: MELEE_CREW_PARAMS,
    key: Some('C'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// Light cavalry's morale combat (the concealment rules).
pub const LC_MORALE: ActionDef = ActionDef {
    id: "lc-morale",
    help: "concealment rules: light cavalry within 9\" of Line infantry or light cavalry (or, after taking their fire, Light infantry or Grenadiers) throw combat points × one d6; the lower retires 3 moves",
    params: LC_MORALE_PARAMS,
    key: Some('s'),
    standalone: true,
    in_battle: true,
    rolls: true,
};

/// A concealed column exposed (the concealment rules).
pub const EXPOSE: ActionDef = ActionDef {
    id: "expose",
    help: "concealment rules: expose a whole concealed column, naming the cause; its units are laid out in march order (Light infantry in front, cannons in the centre, heavy cavalry in the rear), its infantry in cross-country column until they deploy from the following move",
    params: EXPOSE_PARAMS,
    key: Some('e'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Part of a concealed column deployed into line (the concealment rules).
pub const DEPLOY: ActionDef = ActionDef {
    id: "deploy",
    help: "concealment rules: deploy part of a concealed column into line; every regiment placed in the line (at least 3) is exposed, the rest stay concealed behind them",
    params: DEPLOY_PARAMS,
    key: Some('D'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// An infantry regiment's change of formation.
pub const FORM: ActionDef = ActionDef {
    id: "form",
    help: "an infantry regiment changes formation: line, road column, or a cross-country column of 3 or more regiments named together",
    params: FORM_PARAMS,
    key: Some('F'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// A headquarters taken, or retaken.
pub const TAKE_HQ: ActionDef = ActionDef {
    id: "take-hq",
    help: "a headquarters is taken by an enemy regiment or squadron reaching it (lost), or retaken by its own side (held)",
    params: TAKE_HQ_PARAMS,
    key: Some('H'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Who holds a crewless gun.
pub const HOLD_GUN: ActionDef = ActionDef {
    id: "hold-gun",
    help: "who holds a crewless gun (a side, by the regiment or squadron on it), or that nobody does: the side holding it 3 consecutive moves re-mans it",
    params: HOLD_GUN_PARAMS,
    key: Some('T'),
    standalone: false,
    in_battle: true,
    rolls: false,
};

/// Every procedure's declaration, in the order they are listed.
pub const ACTIONS: &[ActionDef] = &[
    RIFLE,
    ARTILLERY,
    CANISTER,
    MELEE,
    REINFORCED_MELEE,
    MELEE_CREW,
    LC_MORALE,
    EXPOSE,
    DEPLOY,
    FORM,
    TAKE_HQ,
    HOLD_GUN,
];
