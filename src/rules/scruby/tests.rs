//! Tests of the scruby rule set as a whole: every procedure resolves and has odds, inputs are
//! named, and the declarations hang together.

use super::*;
use crate::declare::{Options, ParamKind, Params, RuleError, Scope};
use crate::dice::TypedDice;
use crate::resolution::Resolution;
use crate::ruleset::{Ruleset, find_action};

fn resolve(action: &str, args: &[(&str, &str)], faces: &[i64]) -> Result<Resolution, RuleError> {
    let def = find_action(&Scruby, action)?;
    let p = Params::parse(def.params, args.iter().copied())?;
    let mut d = TypedDice::new(faces.iter().copied());
    let r =
        (&Scruby as &dyn Ruleset).resolve(action, &p, &Options::defaults(defs::OPTIONS), &mut d)?;
    d.finish()?;
    Ok(r)
}

#[test]
fn every_procedure_resolves_and_has_odds() {
    /// A procedure, its inputs and the faces typed.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [i64]);
    let cases: &[Case] = &[
        (
            "rifle",
            &[("firer", "line"), ("figures", "1"), ("target-in", "open")],
            &[3],
        ),
        ("artillery", &[("target", "line"), ("range", "12")], &[2]),
        (
            "canister",
            &[
                ("target", "line"),
                ("target-figures", "3"),
                ("return-fire", ""),
            ],
            &[4],
        ),
        (
            "melee",
            &[
                ("attacker", "grenadier"),
                ("attacker-figures", "4"),
                ("defender", "heavy-cavalry"),
                ("defender-figures", "3"),
            ],
            &[2, 5],
        ),
        (
            "reinforced-melee",
            &[
                ("attacker", "line"),
                ("attacker-figures", "4"),
                ("defender", "line"),
                ("defender-figures", "4"),
                ("reinforcement", "grenadier"),
                ("reinforcement-figures", "4"),
            ],
            &[6, 1],
        ),
        ("melee-crew", &[("attacked-from", "flank")], &[3]),
        (
            "lc-morale",
            &[
                ("cavalry-figures", "3"),
                ("opponent", "line"),
                ("opponent-figures", "4"),
            ],
            &[4, 4],
        ),
    ];
    assert_eq!(
        cases.len(),
        inputs::ACTIONS.iter().filter(|a| a.standalone).count()
    );
    for (action, args, faces) in cases {
        let r = resolve(action, args, faces).unwrap_or_else(|e| panic!("{action}: {e}"));
        assert_eq!(r.ruleset, "scruby");
        assert_eq!(r.action, *action);
        assert!(!r.rolled_by_program);
        let def = find_action(&Scruby, action).unwrap();
        let p = Params::parse(def.params, args.iter().copied()).unwrap();
        let o = (&Scruby as &dyn Ruleset)
            .odds(action, &p, &Options::defaults(defs::OPTIONS))
            .unwrap();
        let total: f64 = o.results.iter().map(|l| l.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{action}: {total}");
    }
}

#[test]
fn required_inputs_are_named() {
    let e = resolve("rifle", &[("figures", "2")], &[])
        .unwrap_err()
        .to_string();
    assert_eq!(e, "--firer is required: the firing regiment's type");
    let e = resolve("artillery", &[("target", "line")], &[])
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("--range is required"), "{e}");
}

#[test]
fn the_declarations_hang_together() {
    let r: &dyn Ruleset = &Scruby;
    assert_eq!(r.die(), Die::D6);
    assert_eq!(r.qualities(), ["regular"]);
    let kinds: Vec<&str> = r.unit_kinds().iter().map(|k| k.id).collect();
    assert_eq!(
        kinds,
        defs::Kind::ALL.iter().map(|k| k.id()).collect::<Vec<_>>()
    );
    for a in r.actions() {
        assert!(a.in_battle, "{}", a.id);
        // A table procedure names units only in a battle; a battle-only one names nothing else.
        for p in a.params {
            if p.kind == ParamKind::Unit || p.kind == ParamKind::List {
                assert_eq!(p.scope, Scope::Battle, "{} --{}", a.id, p.name);
            }
            if !a.standalone {
                assert_eq!(p.scope, Scope::Battle, "{} --{}", a.id, p.name);
            }
            if let (ParamKind::Choice(c), Some(d)) = (p.kind, p.default) {
                assert!(c.contains(&d), "{} --{} default {d}", a.id, p.name);
            }
        }
    }
    assert_eq!(r.tables().len(), 6);
}
