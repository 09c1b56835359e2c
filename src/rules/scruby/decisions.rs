//! The readings of Scruby's text that this program applies where the text is silent or unclear
//! (`umpire rulesets scruby` lists them): each says what is done, and names the option that
//! changes it, if any.

use crate::declare::Decision;

/// Every decision, as `umpire rulesets scruby` lists them.
pub const DECISIONS: &[Decision] = &[
    Decision {
        topic: "retiring for 3 moves",
        text: "the timer starts at 3 and drops by one at the end of each later move; while it runs the unit moves away from the enemy, may not fire, charge or start a melee, takes no part in a light-cavalry morale combat it did not start and may not reinforce a melee; if meleed it fights and throws morale normally. A timer the umpire sets by hand counts from the move it is set in",
        option: None,
    },
    Decision {
        topic: "re-manning a crewless gun",
        text: "every crewless gun, however its crew died (rifle fire, canister's return fire, melee), is re-manned by whichever side holds it 3 moves, its own side as much as the enemy; the umpire says who holds it, or that nobody does (hold-gun; a crew killed in melee leaves the gun held by the attacker's side). The count is of consecutive moves held by one side (the move the holding begins is not counted); it restarts when the holder changes and does not run while nobody holds the gun; at 3 the holder's side re-mans and owns the gun, and it fires in that side's cannon fire",
        option: None,
    },
    Decision {
        topic: "initiative",
        text: "when both sides roll the same, the dice are thrown again",
        option: None,
    },
    Decision {
        topic: "rifle table, row 6 (changed)",
        text: "row 6 reads \"Any 4-3-2 Unit Regiment, ATTACKING from the open against a village, hill or forest\": any formation, so Line in road column (or a cross-country column) firing from the open at such a position reads row 6 (1-3-6; a 1-figure regiment on a 6). The harsher reading, a kill on a 6 at any strength (\"row 8\"), is the option",
        option: Some("road_column_against_position"),
    },
    Decision {
        topic: "rifle table, order of precedence",
        text: "row 7 is read first, then row 5, then rows 1–4 and 6 (row 8 only under its option). A town and a village's outer area are the same kind of position; \"such a position\" of row 5 is a town or village's outer area, a forest (either area) or a hill",
        option: None,
    },
    Decision {
        topic: "cross-country column",
        text: "only 3 or more regiments stand to stand are a cross-country column (one or two regiments are not: they stand in line); the column is formed by naming its regiments together, and it fights as one regiment: the regiment facing the attacker (front or flank) fires, on the road-column rows (3, 4 and 6), and only one regiment of the column fires in a move",
        option: Some("cross_country_fires_as"),
    },
    Decision {
        topic: "\"3-6\"",
        text: "the text's \"3-6\" (artillery and canister into an outer area, Line of 4/3/2 figures firing at a gun crew, a 1-figure light cavalry squadron in melee) is a roll of 3 or 6 (one third), never 3 to 6: the text always gives the weaker unit or the better cover the harder throw, which only this reading keeps",
        option: Some("three_six"),
    },
    Decision {
        topic: "firing from a village's inner area",
        text: "a regiment fires out of a village only from its outer area (the published Figure 2); from the inner area it does not fire (refused)",
        option: None,
    },
    Decision {
        topic: "rifle fire at a gun crew",
        text: "the crew table depends only on the firer's type and figures: its formation and where the firer and the gun stand do not change it (a gun in a village's inner area cannot be fired on)",
        option: None,
    },
    Decision {
        topic: "flank fire",
        text: "a unit fired on from its flank may not fire at that firer this move (refused); flank fire at a unit that has already fired at the firer this move is refused until that fire is taken back",
        option: None,
    },
    Decision {
        topic: "canister",
        text: "a gun within musket range of infantry or cavalry fires canister at them, not ordinary fire (artillery refused); canister is the gun's one shot this move; the target's return fire at the crew is that regiment's rifle fire for the move (only infantry fire back: cavalry have no rifles)",
        option: None,
    },
    Decision {
        topic: "canister into an outer area",
        text: "against troops in a village's or forest's outer area canister kills on 3-6, like other artillery",
        option: Some("canister_in_outer_area"),
    },
    Decision {
        topic: "counter-battery at a gun in an outer area",
        text: "a gun in a village's outer area (its gate) is hit on 3-6, as troops there are killed on 3-6",
        option: None,
    },
    Decision {
        topic: "walls, fortresses and ships",
        text: "only artillery damages them (rifles, canister and melee cannot, and they never fire or fight); 1-3-6 is a hit and a 2 has no effect on them; the scenario sets the hits that destroy them (a works unit's hits_to_destroy), and this program keeps the count; they stand in their own terrain and are never concealed",
        option: None,
    },
    Decision {
        topic: "horse artillery",
        text: "horse artillery that moved (a half-move) may still fire; a cannon that moved may not",
        option: None,
    },
    Decision {
        topic: "melee: equal morale totals",
        text: "a tie is thrown again, both sides throwing again",
        option: Some("morale_tie"),
    },
    Decision {
        topic: "melee: a side wiped out",
        text: "a side with no figures left has lost and no morale is thrown; when both sides are wiped out at once, both are destroyed and nobody holds",
        option: None,
    },
    Decision {
        topic: "melee: the order of the dice",
        text: "the kill dice are thrown attacker first, then defender (only those that need one); then the morale throws, attacker then defender, again for each tie",
        option: None,
    },
    Decision {
        topic: "reinforced melee",
        text: "the original pair fights first; then the reinforcing stand fights the remnant, which strikes back with the figures it has left; then morale is thrown once, with every stand's remaining combat points on each side",
        option: None,
    },
    Decision {
        topic: "light cavalry under the concealment rules",
        text: "in melee only heavy cavalry kill light cavalry (other stands' kills on them count for nothing); Line infantry's rifles cannot kill them",
        option: None,
    },
    Decision {
        topic: "light-cavalry morale combat",
        text: "against Light infantry or Grenadiers the light cavalry first lose one figure (row 7: those troops kill automatically), then throw; against Line infantry or light cavalry they throw at once. Equal totals are thrown again",
        option: Some("morale_tie"),
    },
    Decision {
        topic: "the order of the move",
        text: "initiative, then movement (both sides), then the high roller's cannon fire, then the other side's guns still manned and standing, then rifle fire (both sides), then melee (both sides), then the end of the move; canister is fired in its gun's cannon fire, before any rifle",
        option: None,
    },
    Decision {
        topic: "simultaneous rifle fire",
        text: "a regiment fires with the figures it had when rifle fire began: one that loses figures, or its last figure, to rifle fire in the same phase still fires with them",
        option: None,
    },
    Decision {
        topic: "march order of an exposed column",
        text: "Light infantry in front; the cannons in the centre of the whole column; heavy cavalry in the rear; the other regiments in their list order before and after the guns",
        option: None,
    },
    Decision {
        topic: "an exposed column",
        text: "its infantry regiments are placed in cross-country column (firing and fighting as one regiment) and may deploy, or change formation, from the following move; an exposed column of fewer than 3 regiments is no cross-country column, and its regiments stand in line",
        option: None,
    },
    Decision {
        topic: "concealed units",
        text: "a unit still behind its stand may not fire or start a melee (a screened column cannot fire; an unscreened one that acts is seen); a concealed regiment moves in its column, or dispersed in a forest, never in road column; fired on or meleed, its whole column is exposed before the result applies; only infantry regiments deploy into line",
        option: None,
    },
    Decision {
        topic: "firing into a melee",
        text: "the umpire names the firer's own stand fighting the target (--friend-in-melee, on rifle fire, artillery and canister); each figure the fire kills of the enemy, or a crew it kills, costs that stand a figure; a 2's confusion kills nobody, and counter-battery or works are no melee of men (refused)",
        option: None,
    },
    Decision {
        topic: "headquarters",
        text: "a headquarters is an objective, not a fighting unit: it has no figures, is never fired on (rifle, canister or cannon) nor meleed, and never retires; it is lost when an enemy regiment or squadron reaches it (not a gun or another headquarters), and its own side retakes it the same way",
        option: None,
    },
];
