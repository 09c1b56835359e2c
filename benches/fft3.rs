//! How long fft3's exact odds take, from plain values to the finished report. Target: every one
//! under 100 µs; the worst case the shipped tables allow is a German Panther-D firing special AT
//! ammo (Pen 9, ROF 3 + 1) at close range (Pen 11) at a halftrack (armour 0): 4 to-hit dice and
//! 11 penetration dice per hit. Run with `cargo bench --bench fft3`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use umpire::rules::fft3::artillery::{self, Stand, Template, Under};
use umpire::rules::fft3::check::Check;
use umpire::rules::fft3::fire::{self, Arc, Attack, CarrierKind, Firer, Target, Volley, Weapon};

fn panther_at_ammo() -> Firer {
    Firer {
        label: "Panther-D (g-p1)".into(),
        weapon: Weapon::AtAmmo,
        weapon_name: "special AT ammo".into(),
        rof: 3,
        rof_bonus: 1,
        to_hit: 1,
        nationality: "German".into(),
        ai: -1,
        pen: Some(9),
        effective_range: 8.0,
        range: 3.0,
        suppressed: false,
        suppressed_penalty: -1,
        infantry: false,
        overwatch: false,
        arc: Arc::Front,
    }
}

fn soviet(who: &str) -> Check {
    Check::new(who, "Soviet", 5)
}

fn halftrack() -> Target {
    Target {
        label: "Halftrack (s-h1)".into(),
        armour_front: 0,
        armour_flank: 0,
        soft: false,
        is_vehicle: true,
        difficult: true,
        check: soviet("Halftrack (s-h1)"),
        fire_check_passed: false,
        riders: Some(soviet("Soviet Infantry (s-i4)")),
        riders_fire_check_passed: false,
        riders_check_if_lost: true,
        carrier: Some(CarrierKind::Halftrack),
    }
}

fn american_infantry(label: &str, range: f64) -> Firer {
    Firer {
        label: label.into(),
        weapon: Weapon::Gun,
        weapon_name: "small arms".into(),
        rof: 3,
        rof_bonus: 0,
        to_hit: 1,
        nationality: "American".into(),
        ai: 1,
        pen: None,
        effective_range: 4.0,
        range,
        suppressed: false,
        suppressed_penalty: -2,
        infantry: true,
        overwatch: false,
        arc: Arc::Front,
    }
}

fn bench(c: &mut Criterion) {
    let worst = Volley {
        attack: Attack::AntiVehicle,
        firers: vec![panther_at_ammo()],
        target: halftrack(),
    };
    let three = Volley {
        attack: Attack::AntiInfantry,
        firers: vec![
            american_infantry("American Infantry (a-i1)", 1.5),
            american_infantry("American Infantry (a-i2)", 3.0),
            american_infantry("American Infantry (a-i3)", 5.5),
        ],
        target: Target {
            label: "German Infantry (g-i1)".into(),
            is_vehicle: false,
            riders: None,
            carrier: None,
            check: Check::new("German Infantry (g-i1)", "German", 3),
            ..halftrack()
        },
    };
    let stand = |label: &str, under| Stand {
        label: label.into(),
        under,
        check: soviet(label),
        riders: None,
        art_check_taken: false,
        rider_art_check_taken: false,
    };
    let mut tank = stand("T-34/76 (s-t1)", Under::TankWithRiders);
    tank.riders = Some(soviet("Soviet Infantry (s-i5)"));
    let ht = stand("Halftrack (s-h1)", Under::Armour);
    let mut taken = stand("Soviet Infantry (s-i2)", Under::InfantryOpen);
    taken.art_check_taken = true;
    let template = Template {
        side: "German".into(),
        stands: vec![
            stand("Soviet Infantry (s-i1)", Under::InfantryOpen),
            taken,
            stand("Soviet Infantry (s-i3)", Under::InfantryDifficult),
            tank,
            ht,
            stand("Truck (s-k1)", Under::InfantryOpen),
        ],
        touched_while_moving: false,
    };
    let mut group = c.benchmark_group("fft3 odds");
    group.bench_function(
        "anti-vehicle/Panther-D special AT ammo, close, at a halftrack",
        |b| b.iter(|| fire::odds(black_box(&worst)).unwrap()),
    );
    group.bench_function("anti-infantry/three firers", |b| {
        b.iter(|| fire::odds(black_box(&three)).unwrap())
    });
    group.bench_function("artillery/six stands", |b| {
        b.iter(|| artillery::odds(black_box(template.clone())).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
