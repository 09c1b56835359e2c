//! Guards where the umpire forgets: a die typed at the table is asked for with where it stands
//! among the command's dice ("die 2 of 5"), when the faces to come cannot change how many there
//! are; a tie thrown again says so; a template's die gives each band's meaning — in every rule
//! set, at 120×40 and 80×24.

use crate::support::kit::{Table, Ui};
use crate::support::tui::Keys as _;
use umpire::tui::app::Mode;

/// The die asked for now: its purpose, and the prompt's line on the screen at `w`×`h`.
fn asked(ui: &Ui, w: u16, h: u16) -> (String, String) {
    let Mode::Dice(run) = &ui.app.mode else {
        panic!("no die asked for: {:?}", ui.app.mode);
    };
    let screen = ui.screen(w, h);
    let prompt = screen
        .lines()
        .find(|l| l.contains("? ") && l.contains("die "))
        .unwrap_or_else(|| panic!("no prompt on the screen:\n{screen}"))
        .to_string();
    (run.purpose.clone(), prompt)
}

const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

/// Scruby's initiative: two dice, and after a tie two more, the prompt saying it is a tie.
#[test]
fn scruby_initiative_counts_its_dice_and_says_a_tie_is_thrown_again() {
    for (w, h) in SIZES {
        let t = Table::given(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/scruby-learning.toml"
        )));
        t.ui(|ui| {
            ui.keys("d").keys("n");
            let (_, prompt) = asked(ui, w, h);
            assert!(prompt.contains("die 1 of 2, d6?"), "{w}×{h}: {prompt}");
            ui.keys("3").enter();
            assert!(asked(ui, w, h).1.contains("die 2 of 2, d6?"));
            ui.keys("3").enter();
            let (purpose, prompt) = asked(ui, w, h);
            assert!(prompt.contains("die 3 of 4, d6?"), "{w}×{h}: {prompt}");
            assert!(purpose.ends_with("a tie: throw again)"), "{purpose}");
            let screen = ui.screen(w, h);
            assert!(
                screen.contains("a tie:") && screen.contains("throw again"),
                "{w}×{h}:\n{screen}"
            );
            ui.keys("5").enter().keys("2").enter();
        });
        assert_eq!(t.state().phase(), "movement");
    }
}

/// Newport's morale recovery: a check for each Suppressed stand, counted.
#[test]
fn newport_morale_checks_count_their_dice() {
    for (w, h) in SIZES {
        let t = Table::given(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rosters/newport-company-action.toml"
        )))
        .played("next\nmark 1-1 suppressed\nmark 1-2 suppressed\nmark 1-3 suppressed");
        t.ui(|ui| {
            ui.keys("d").keys("n").keys("y");
            let (purpose, prompt) = asked(ui, w, h);
            assert!(purpose.contains("1-1"), "{purpose}");
            assert!(prompt.contains("die 1 of 3, d10?"), "{w}×{h}: {prompt}");
            ui.keys("1").enter();
            let (purpose, prompt) = asked(ui, w, h);
            assert!(purpose.contains("1-2"), "{purpose}");
            assert!(prompt.contains("die 2 of 3, d10?"), "{w}×{h}: {prompt}");
            // Taken back, the count stands.
            ui.key(crossterm::event::KeyCode::Backspace);
            assert!(asked(ui, w, h).1.contains("die 1 of 3, d10?"));
        });
    }
}

/// Hats of Tin's shooting: the dice of a procedure typed at the table are counted too.
#[test]
fn hats_of_tin_shooting_counts_its_dice() {
    for (w, h) in SIZES {
        let t = Table::given(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/hats-of-tin/village.toml"
        )))
        .played("next --dice 3");
        t.ui(|ui| {
            ui.keys("d")
                .select("z1")
                .keys("f")
                .keys("2 ")
                .tab()
                .keys("2")
                .enter();
            let (_, prompt) = asked(ui, w, h);
            assert!(prompt.contains("die 1 of "), "{w}×{h}: {prompt}");
        });
    }
}

/// FFT3's template: each stand's die gives each band's meaning for that stand; how many dice
/// follow hangs on the faces (a 6 calls for a check), so the prompt counts only the die.
#[test]
fn fft3_template_dice_give_each_bands_meaning() {
    for (w, h) in SIZES {
        let t = Table::given(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fft3/skirmish.toml"
        )));
        t.ui(|ui| {
            ui.keys("d").keys("a").fill("stands", "t4,t5").enter();
            let (purpose, prompt) = asked(ui, w, h);
            assert!(
                purpose.contains(
                    "6 quality check (Suppressed on passing), 4–5 Suppressed, 1–3 no effect"
                ),
                "{purpose}"
            );
            assert!(prompt.contains("die 1, d6?"), "{w}×{h}: {prompt}");
            let screen = ui.screen(w, h);
            assert!(
                screen.contains("6 quality check") && screen.contains("1–3 no effect"),
                "{w}×{h}:\n{screen}"
            );
        });
    }
}

/// Hats of Tin: every round of hits waiting for its owner's choice is on `o` and in the footer
/// until it is taken, whatever comes in between, at 120×40 and 80×24.
#[test]
fn hats_of_tin_rounds_waiting_stay_in_the_footer_until_taken() {
    let t = Table::given(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hats-of-tin/village.toml"
    )))
    .played("next --dice 3\nmark p1 pending 2\nmark p2 pending 1\nnote the rounds wait");
    let footer = |t: &Table, w: u16, h: u16| {
        let screen = t.screen(w, h);
        screen.lines().last().unwrap_or_default().to_string()
    };
    for (w, h) in SIZES {
        let last = footer(&t, w, h);
        assert!(
            last.contains("o 2 hits to take on p1 (+1 more)"),
            "{w}×{h}: {last}"
        );
    }
    // p1's round taken from `o`: p2's is still offered, and still in the footer.
    t.ui(|ui| {
        ui.keys("o")
            .keys("p1")
            .enter()
            .fill("retreats", "1")
            .enter();
    });
    assert_eq!(t.state().unit("p1").marker("pending"), None);
    for (w, h) in SIZES {
        let last = footer(&t, w, h);
        assert!(last.contains("o 1 hit to take on p2 "), "{w}×{h}: {last}");
    }
    t.ui(|ui| {
        ui.keys("o").enter();
    });
    for (w, h) in SIZES {
        let last = footer(&t, w, h);
        assert!(!last.contains("to take on"), "{w}×{h}: {last}");
    }
}
