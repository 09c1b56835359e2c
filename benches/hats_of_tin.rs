//! How long Hats of Tin's exact odds take, from plain values to the finished report. Target: every
//! one under 100 µs. The worst shot is three dice (a commander attached) with a friend adjacent
//! to the target, whose re-rolled misses make a second throw; the worst assault is both parties
//! with commanders, the second fire conditioned on every end of the first. Run with
//! `cargo bench --bench hats_of_tin`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use umpire::rules::hats_of_tin::assault::{self, Assault, Party};
use umpire::rules::hats_of_tin::orders::{self, OrdersRoll};
use umpire::rules::hats_of_tin::shoot::{self, Firer, Shooter, Shot, Target};
use umpire::rules::hats_of_tin::tables::{Armour, Quality, unit_type};

fn party(label: &str, ty: &str, commander: bool) -> Party {
    let t = unit_type(ty).expect("a shipped type");
    Party {
        label: label.into(),
        weapon_range: t.range(),
        class: t.class,
        superior_firepower: false,
        assault_class: t.assault,
        commander: commander.then(|| format!("{label}'s commander")),
        cover: true,
        armour: t.armour,
        quality: Quality::Elite,
        hits: 0,
        friend: None,
    }
}

fn shot_with_friend() -> Shot {
    let t = unit_type("infantry").expect("infantry");
    Shot {
        firer: Firer {
            label: "1. Zug (z1)".into(),
            shooter: Shooter::WithCommander,
            weapon_range: t.range(),
            class: t.class,
            superior_firepower: true,
            assault_class: t.assault,
        },
        target: Target {
            label: "2 pluton (p2)".into(),
            cover: true,
            armour: Armour::None,
            commander: false,
        },
        range: 2,
        flank_or_rear: true,
        assault: None,
        one_die_fewer: false,
        friend: Some(Target {
            label: "MG-Gruppe (mg)".into(),
            cover: false,
            armour: Armour::Light,
            commander: false,
        }),
    }
}

fn bench(c: &mut Criterion) {
    let shot = shot_with_friend();
    c.bench_function("hats-of-tin shoot, 3 dice with a friend adjacent", |b| {
        b.iter(|| shoot::odds(black_box(&shot)).unwrap())
    });
    let a = Assault {
        attacker: party("Panzer II (pz)", "tank", true),
        defender: party("2 pluton (p2)", "infantry", true),
        attacker_in_front_arc: true,
    };
    c.bench_function("hats-of-tin assault, commanders on both sides", |b| {
        b.iter(|| assault::odds(black_box(&a)).unwrap())
    });
    let o = OrdersRoll {
        side: "The force".into(),
        force_commander: true,
        subordinates: 3,
    };
    c.bench_function("hats-of-tin orders roll", |b| {
        b.iter(|| orders::odds(black_box(&o)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
