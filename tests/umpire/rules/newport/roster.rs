//! What Newport tells the roster: a unit's badges (a removed one shows that it is out and when it
//! returns, not its old markers), which units may still act, and the panel of a formation.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::Battle;
use umpire::rules::newport::defs::*;

fn badges(b: &Battle, id: &str) -> Vec<String> {
    let u = b.roster.unit_index(id).unwrap();
    b.ruleset
        .badges(&b.view(), u)
        .into_iter()
        .map(|x| x.text)
        .collect()
}

fn may_act(b: &Battle, id: &str) -> bool {
    b.ruleset
        .may_still_act(&b.view(), b.roster.unit_index(id).unwrap())
}

/// The formation panel's entries as `text: help`.
fn details(b: &Battle, formation: &str) -> Vec<String> {
    let f = b.roster.formation_index(formation).unwrap();
    b.ruleset
        .formation_details(&b.view(), f)
        .into_iter()
        .map(|x| format!("{}: {}", x.text, x.help))
        .collect()
}

#[test]
fn a_removed_leader_shows_that_it_is_out_and_when_it_returns_not_its_old_markers() {
    let mut b = battle(&company(""));
    advance(&mut b, "");
    mark(&mut b, "g-ldr", SUPPRESSED);
    mark(&mut b, "g-ldr", FINISHED);
    assert_eq!(badges(&b, "g-ldr"), ["SUP", "FIN"]);
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g-ldr"), ("range", "3")],
        "1",
    );
    assert!(unit(&b, "g-ldr").removed.is_some());
    assert_eq!(badges(&b, "g-ldr"), ["OUT", "BACK T2"]);
}

#[test]
fn a_unit_may_still_act_while_its_side_moves_until_it_is_finished_or_gone() {
    let mut b = battle(&company(""));
    advance(&mut b, "");
    assert!(may_act(&b, "1-1"));
    assert!(!may_act(&b, "g1"), "not the German turn");
    // A Paralyzed stand may still act: a panic move.
    mark(&mut b, "1-2", PARALYZED);
    assert!(may_act(&b, "1-2"));
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "3")],
        "5",
    );
    assert!(!may_act(&b, "1-1"), "Finished");
    act(
        &mut b,
        "fire",
        &[("firer", "1-3"), ("target", "g-ldr"), ("range", "3")],
        "1",
    );
    assert!(!may_act(&b, "g-ldr"), "removed, and not its side's turn");
}

#[test]
fn under_method_three_a_battalion_without_points_has_no_stand_left_to_act() {
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "3");
    assert_eq!(b.state().counter("bn", "cp"), Some(3));
    for id in ["p1", "p2", "p3"] {
        assert!(may_act(&b, id));
        act(&mut b, "move", &[("unit", id)], "");
    }
    assert_eq!(b.state().counter("bn", "cp"), Some(0));
    assert!(!may_act(&b, "tk"), "no points left");
    assert!(!may_act(&b, "hq"));
}

#[test]
fn a_battalion_panel_shows_its_points_and_its_hq() {
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "7");
    act(&mut b, "move", &[("unit", "p1")], "");
    assert_eq!(
        details(&b, "bn"),
        [
            "CP 6: command points this turn (a stand that moves or fires spends one)",
            "saved 0: points saved with the HQ, spent after this turn's",
            "HQ hq: in play: Bn HQ",
        ]
    );
    // The German turn: the US HQ killed, its saved points gone.
    advance(&mut b, "5");
    act(
        &mut b,
        "fire",
        &[("firer", "k1"), ("target", "hq"), ("range", "4")],
        "1",
    );
    assert_eq!(
        details(&b, "bn"),
        [
            "CP 0: command points this turn (a stand that moves or fires spends one)",
            "saved 0: HQ lost: nothing is saved; unspent points vanish at the turn's end",
            "HQ hq: out (fire from k1): Bn HQ",
        ]
    );
}

#[test]
fn a_company_panel_shows_its_leader_and_when_a_replacement_returns() {
    let mut b = battle(&company(""));
    advance(&mut b, "");
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g-ldr"), ("range", "3")],
        "1",
    );
    let f = b.roster.units[b.roster.unit_index("g-ldr").unwrap()]
        .formation
        .unwrap();
    let id = b.roster.formations[f].id.clone();
    let panel = details(&b, &id);
    assert!(
        panel
            .iter()
            .any(|l| l
                .starts_with("leader g-ldr: out (fire from 1-1); a replacement returns on turn 2")),
        "{panel:?}"
    );
}
