//! The offer chooser: `o` lists every unit that may take up each offer standing (opportunity fire
//! after a move: every stand that may fire), the umpire narrows the list by typing part of an id
//! or name and picks one with the arrows and Enter, and the offer's form opens with that unit in.
//! One candidate alone skips the list. With the secrets hidden, only the offers the screen may
//! show are listed, and only the units in the open ([`App::offers`]). While an offer stands the
//! footer says what it is ([`App::offer_hint`]): a decision waiting stays in sight until made.

use super::*;
use crate::ruleset::Offer;

/// One line of the chooser: an offer, and a unit that may take it up.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub offer: Offer,
    pub unit: usize,
}

/// The chooser's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Chooser {
    pub choices: Vec<Choice>,
    /// What the umpire typed to narrow the list.
    pub filter: String,
    /// Index into [`Chooser::shown`].
    pub cursor: usize,
}

impl Chooser {
    /// The choices the filter lets through (every one when it is empty), as indices.
    pub fn shown(&self, battle: &Battle) -> Vec<usize> {
        let needle = self.filter.to_lowercase();
        (0..self.choices.len())
            .filter(|&i| {
                let u = &battle.roster.units[self.choices[i].unit];
                needle.is_empty()
                    || u.id.to_lowercase().contains(&needle)
                    || u.name.to_lowercase().contains(&needle)
            })
            .collect()
    }
}

impl App {
    /// What the footer says beside the offer key while an offer stands: the first decision
    /// waiting ("2 hits to take on p2"), and how many more there are, so that a decision still to
    /// make stays in sight until it is made. None when nothing is offered.
    pub fn offer_hint(&self) -> Option<String> {
        let offers = self.offers();
        let first = offers.first()?;
        let text = crate::text::escape_terminal(&crate::text::clip(&first.offer.text, 24));
        Some(match offers.len() {
            1 => text,
            n => format!("{text} (+{} more)", n - 1),
        })
    }

    /// `o`: the chooser over every offer standing and the units that may take each up.
    pub(super) fn take_offer(&mut self) {
        let choices: Vec<Choice> = self
            .offers()
            .into_iter()
            .flat_map(|StandingOffer { offer, actors }| {
                actors.into_iter().map(move |unit| Choice {
                    offer: offer.clone(),
                    unit,
                })
            })
            .collect();
        match choices.len() {
            // With the secrets hidden, the same words whether or not concealed units could act.
            0 if self.secrets_hidden => {
                self.error("nothing is offered now that may be shown while secrets are hidden")
            }
            0 => self.error("nothing is offered now"),
            1 => self.choose(&choices[0].clone()),
            _ => {
                // Start on the selected unit when it may take up the first offer (the one the
                // rules put first: the opportunity fire before the close combat it precedes),
                // else on the first choice: enter never declines an offer by accident.
                let first = choices[0].offer.clone();
                let cursor = self
                    .selected_unit()
                    .and_then(|u| choices.iter().position(|c| c.unit == u && c.offer == first))
                    .unwrap_or(0);
                self.mode = Mode::Chooser(Box::new(Chooser {
                    choices,
                    filter: String::new(),
                    cursor,
                }));
            }
        }
    }

    /// Opens the offer's form with the chosen unit in it.
    fn choose(&mut self, choice: &Choice) {
        let mut preset = choice.offer.params.clone();
        let id = self.battle().roster.units[choice.unit].id.clone();
        preset.set(&choice.offer.actor_param, Value::Text(id));
        // The selection stays where the umpire was: the offer's form names its actor.
        self.open_procedure(&choice.offer.action.clone(), preset);
    }

    pub(super) fn on_chooser_key(&mut self, mut chooser: Box<Chooser>, key: &KeyEvent) {
        let shown = chooser.shown(self.battle());
        match key.code {
            KeyCode::Esc => {
                self.info("cancelled: nothing changed");
                return;
            }
            KeyCode::Enter => {
                match shown.get(chooser.cursor) {
                    Some(&i) => {
                        let choice = chooser.choices[i].clone();
                        self.choose(&choice);
                    }
                    None => {
                        self.error(format!("no unit matches {:?}", chooser.filter));
                        self.mode = Mode::Chooser(chooser);
                    }
                }
                return;
            }
            KeyCode::Up => chooser.cursor = chooser.cursor.saturating_sub(1),
            KeyCode::Down => {
                chooser.cursor = (chooser.cursor + 1).min(shown.len().saturating_sub(1));
            }
            KeyCode::Backspace => {
                chooser.filter.pop();
                chooser.cursor = 0;
            }
            KeyCode::Char(c) if is_forbidden(c) && !is_ctrl(key) => {
                self.error(not_allowed_here(c));
            }
            KeyCode::Char(c) if !c.is_control() && !is_ctrl(key) => {
                chooser.filter.push(c);
                chooser.cursor = 0;
            }
            _ => {}
        }
        self.mode = Mode::Chooser(chooser);
    }
}
