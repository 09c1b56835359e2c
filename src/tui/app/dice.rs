//! Typed dice asked for one die at a time.
//!
//! A command that needs typed dice (a phase change's automatic rolls, a procedure's rolls) is
//! tried with the faces given so far. [`Battle::handle`] is pure, so a try writes nothing and
//! changes nothing; while the command fails only for want of the next die, the umpire is asked for
//! that one die, with its purpose and what it needs ("g12 morale check, regular: improves on 5 or
//! more — d10?"), and where the die stands among the command's dice ("die 2 of 5"; just "die 2"
//! when the faces still to come change how many there are). When every die has its face the
//! session writes the one record, every face in it. Esc cancels the whole command (nothing is
//! written); Backspace on an empty prompt takes back the previous face (and before the first,
//! goes back to the form the command came from).
//!
//! [`Battle::handle`]: crate::battle::Battle::handle

use super::*;
use crate::battle::BattleError;
use crate::declare::RuleError;
use crate::dice::{DiceError, DiceSource, Die, parse_faces};

/// A face the umpire typed, with its die and what it was for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenFace {
    pub die: Die,
    /// The face as read (a d10's 0 is 10).
    pub face: u8,
    /// The die's purpose, as the rule set gave it.
    pub purpose: String,
}

/// A command waiting for the faces of its dice, asked for one at a time.
#[derive(Clone, Debug)]
pub struct DiceRun {
    /// The command being resolved.
    pub command: Command,
    /// What is being resolved, in a few words ("fire", "next phase").
    pub title: String,
    /// The faces given so far, in the order the dice are used.
    pub given: Vec<GivenFace>,
    /// The die asked for now.
    pub die: Die,
    /// What the die asked for now is for, and what it needs.
    pub purpose: String,
    /// How many dice the command throws in all, when that does not hang on the faces still to
    /// come ([`App::dice_in_all`]): the prompt says "die 2 of 5".
    pub total: Option<usize>,
    /// What is typed at the prompt.
    pub text: String,
    /// The form the command came from: Backspace before the first face goes back to it.
    pub form: Option<Box<Form>>,
}

/// What trying a command with some faces gives.
enum Trial {
    /// Every die has its face and every face was used.
    Complete,
    /// The faces ran out: the next die and its purpose.
    Needs(Die, String),
    /// Refused for another reason (the words to show).
    Refused(String),
}

/// Faces fed to a command: either more are needed, or the command is complete.
enum Fed {
    More {
        given: Vec<GivenFace>,
        die: Die,
        purpose: String,
    },
    Complete(Vec<GivenFace>),
}

/// The die still needed when `e` is only a want of typed faces.
fn wanted(e: &BattleError) -> Option<(Die, &str)> {
    match e {
        BattleError::Rule(RuleError::Dice(DiceError::Exhausted { die, needed, .. })) => {
            Some((*die, needed.as_str()))
        }
        _ => None,
    }
}

fn typed(given: &[GivenFace]) -> TypedDice {
    TypedDice::new(given.iter().map(|g| i64::from(g.face)))
}

/// The most dice a count looks ahead for ([`App::dice_in_all`]).
const LOOK_AHEAD: usize = 200;

/// Dice for counting a command's dice: the faces given, then faces of its own choosing,
/// alternately the lowest and the highest (or the highest first), up to [`LOOK_AHEAD`] more.
struct Probe<'a> {
    given: &'a [GivenFace],
    used: usize,
    high: bool,
}

impl DiceSource for Probe<'_> {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u8, DiceError> {
        let face = match self.given.get(self.used) {
            Some(g) => g.face,
            None if self.used >= self.given.len() + LOOK_AHEAD => {
                return Err(DiceError::Exhausted {
                    die,
                    needed: purpose.to_string(),
                    typed: self.used,
                });
            }
            None => {
                self.high = !self.high;
                if self.high { die.sides } else { 1 }
            }
        };
        self.used += 1;
        Ok(face)
    }

    fn is_generated(&self) -> bool {
        false
    }
}

impl App {
    /// How many dice `cmd` throws in all after the faces `given`, when the faces still to come
    /// do not change it: the command is tried (writing nothing) with the lowest and highest
    /// faces in turn, then the other way round, and the two counts must agree. None when they
    /// differ (a die that calls for another on some faces) or the command does not end.
    pub fn dice_in_all(&self, cmd: &Command, given: &[GivenFace]) -> Option<usize> {
        let count = |high: bool| {
            let mut probe = Probe {
                given,
                used: 0,
                high,
            };
            self.battle()
                .handle(cmd, &mut probe)
                .ok()
                .map(|_| probe.used)
        };
        let low_first = count(true)?;
        (count(false)? == low_first).then_some(low_first)
    }

    /// Tries `cmd` with `given` faces, writing nothing.
    fn trial(&self, cmd: &Command, given: &[GivenFace]) -> Trial {
        let mut dice = typed(given);
        match self.battle().handle(cmd, &mut dice) {
            Ok(_) => match dice.finish() {
                Ok(()) => Trial::Complete,
                Err(e) => Trial::Refused(e.to_string()),
            },
            Err(e) => match wanted(&e) {
                Some((die, purpose)) => Trial::Needs(die, purpose.to_string()),
                None => Trial::Refused(crate::tui::form::battle_words(&e)),
            },
        }
    }

    /// Feeds typed faces to the command one by one, each read against the die it is for.
    fn feed(&self, run: &DiceRun, faces: &[i64]) -> Result<Fed, String> {
        let mut given = run.given.clone();
        let (mut die, mut purpose) = (run.die, run.purpose.clone());
        for (i, &t) in faces.iter().enumerate() {
            let face = die.read_face(t).map_err(|e| e.to_string())?;
            given.push(GivenFace {
                die,
                face,
                purpose: std::mem::take(&mut purpose),
            });
            match self.trial(&run.command, &given) {
                Trial::Needs(d, p) => (die, purpose) = (d, p),
                Trial::Complete if i + 1 == faces.len() => return Ok(Fed::Complete(given)),
                Trial::Complete => {
                    let rest = &faces[i + 1..];
                    return Err(DiceError::Unused {
                        count: rest.len(),
                        faces: rest
                            .iter()
                            .map(i64::to_string)
                            .collect::<Vec<_>>()
                            .join(" "),
                        used: given.len(),
                    }
                    .to_string());
                }
                Trial::Refused(e) => return Err(e),
            }
        }
        Ok(Fed::More {
            given,
            die,
            purpose,
        })
    }

    /// Carries out `cmd` with typed dice: `faces` (typed in a form's dice field) first, then one die
    /// at a time. `form` is the form it came from, which gets back any refusal before the first
    /// die is asked for.
    pub(super) fn run_typed(
        &mut self,
        command: Command,
        title: String,
        faces: Vec<i64>,
        form: Option<Box<Form>>,
    ) {
        let (die, purpose) = match self.trial(&command, &[]) {
            Trial::Needs(die, purpose) => (die, purpose),
            Trial::Complete if faces.is_empty() => {
                self.write_typed(&command, &[], form.is_some());
                return;
            }
            Trial::Complete => {
                let e = DiceError::Unused {
                    count: faces.len(),
                    faces: faces
                        .iter()
                        .map(i64::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    used: 0,
                };
                self.refuse_start(e.to_string(), form);
                return;
            }
            Trial::Refused(e) => {
                self.refuse_start(e, form);
                return;
            }
        };
        let total = self.dice_in_all(&command, &[]);
        let run = DiceRun {
            command,
            title,
            given: Vec::new(),
            die,
            purpose,
            total,
            text: String::new(),
            form,
        };
        if faces.is_empty() {
            self.mode = Mode::Dice(Box::new(run));
            return;
        }
        match self.feed(&run, &faces) {
            Ok(fed) => self.fed(run, fed),
            Err(e) => self.refuse_start(e, run.form),
        }
    }

    /// A refusal before any die was asked for: back to the form with it, or in the status line.
    fn refuse_start(&mut self, e: String, form: Option<Box<Form>>) {
        match form {
            Some(mut form) => {
                form.error = Some(e);
                self.mode = Mode::Form(form);
            }
            None => self.error(e),
        }
    }

    /// Asks for the next die, or writes the command when it is complete.
    fn fed(&mut self, mut run: DiceRun, fed: Fed) {
        match fed {
            Fed::More {
                given,
                die,
                purpose,
            } => {
                run.total = self.dice_in_all(&run.command, &given);
                run.given = given;
                run.die = die;
                run.purpose = purpose;
                run.text.clear();
                self.mode = Mode::Dice(Box::new(run));
            }
            Fed::Complete(given) => {
                if !self.write_typed(&run.command, &given, run.form.is_some()) {
                    // Not written (the journal refused): the prompt stays as it was.
                    self.mode = Mode::Dice(Box::new(run));
                }
            }
        }
    }

    /// Writes `cmd` with its faces and shows the result. True when written.
    fn write_typed(&mut self, cmd: &Command, given: &[GivenFace], from_form: bool) -> bool {
        match self.execute(cmd, Some(typed(given))) {
            Ok(record) => {
                self.log_back = 0;
                match &record.entry {
                    Entry::Event(e)
                        if from_form || !e.resolutions.is_empty() || !e.notes.is_empty() =>
                    {
                        self.show(record)
                    }
                    Entry::Event(e) => {
                        let words = self.event_words(e);
                        self.info(words);
                    }
                    _ => {}
                }
                true
            }
            Err(e) => {
                self.error(e);
                false
            }
        }
    }

    /// A key at the die prompt.
    pub(super) fn on_dice_key(&mut self, mut run: Box<DiceRun>, key: &KeyEvent) {
        match key.code {
            KeyCode::Esc => self.info(format!(
                "cancelled: {} not resolved, nothing written",
                run.title
            )),
            KeyCode::Enter => {
                let faces = match parse_faces(&run.text) {
                    Ok(faces) => faces,
                    Err(_) if run.text.trim().is_empty() => {
                        self.error(format!(
                            "type the face of the {} thrown{}",
                            run.die,
                            if run.die.sides == 10 {
                                " (0 reads as 10)"
                            } else {
                                ""
                            }
                        ));
                        self.mode = Mode::Dice(run);
                        return;
                    }
                    Err(e) => {
                        self.error(e.to_string());
                        self.mode = Mode::Dice(run);
                        return;
                    }
                };
                match self.feed(&run, &faces) {
                    Ok(fed) => {
                        self.message = None;
                        self.fed(*run, fed);
                    }
                    Err(e) => {
                        self.error(e);
                        self.mode = Mode::Dice(run);
                    }
                }
            }
            KeyCode::Backspace if !run.text.is_empty() => {
                run.text.pop();
                self.mode = Mode::Dice(run);
            }
            KeyCode::Backspace => match run.given.pop() {
                Some(back) => {
                    self.info(format!(
                        "took back {} ({}): {}",
                        back.face, back.die, back.purpose
                    ));
                    run.die = back.die;
                    run.purpose = back.purpose;
                    run.total = self.dice_in_all(&run.command, &run.given);
                    self.mode = Mode::Dice(run);
                }
                None => match run.form.take() {
                    Some(form) => {
                        self.info("back to the form: nothing written");
                        self.mode = Mode::Form(form);
                    }
                    None => {
                        self.error("no face to take back (esc cancels)");
                        self.mode = Mode::Dice(run);
                    }
                },
            },
            KeyCode::Char(_) if is_ctrl(key) => self.mode = Mode::Dice(run),
            KeyCode::Char(c) if is_face_char(c) => {
                run.text.push(c);
                self.mode = Mode::Dice(run);
            }
            KeyCode::Char(c) if is_forbidden(c) => {
                self.error(not_allowed_here(c));
                self.mode = Mode::Dice(run);
            }
            KeyCode::Char(c) => {
                self.error(format!(
                    "{c:?}: type the face thrown, a number (several may be typed, with spaces)"
                ));
                self.mode = Mode::Dice(run);
            }
            _ => self.mode = Mode::Dice(run),
        }
    }

    /// Pasted faces at the die prompt: only digits, spaces and commas are taken.
    pub(super) fn paste_faces(&mut self, pasted: &str) {
        let Mode::Dice(run) = &mut self.mode else {
            return;
        };
        if let Some(c) = pasted.chars().find(|&c| !is_face_char(c)) {
            let why = if is_forbidden(c) {
                not_allowed_here(c)
            } else {
                format!("{c:?} is not a face: type numbers, with spaces or commas")
            };
            self.error(format!("paste refused: {why}"));
            return;
        }
        run.text.push_str(pasted);
    }
}

/// A character the die prompt takes: a digit, or a space or comma between faces.
fn is_face_char(c: char) -> bool {
    c.is_ascii_digit() || c == ' ' || c == ','
}
