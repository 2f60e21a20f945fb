//! The testable core of the client: key commands in, a screen out, the fight in between.

use bevy_ecs::prelude::*;
use crossterm::event::KeyEvent;
use fray_core::client::{Decision, battle_gauges};
use fray_core::gauge::Gauge;
use fray_core::intent::{Intent, IntentKind};
use fray_core::request::RejectReason;

use crate::fight::Fight;
use crate::keys::Command;
use crate::menu::{self, Entry};
use crate::pacing::Pacing;
use crate::setup::{PlayError, PlaySetup};

/// What covers the screen, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the fight.
    None,
    /// The key help and the ruleset's terms.
    Help,
    /// What a combatant is: its numbers, conditions and budget.
    Inspect {
        /// The combatant.
        who: Entity,
    },
    /// "Quit?"
    ConfirmQuit,
    /// "Leave the fight?": the highlighted option takes the person's combatants out of the
    /// fight (fleeing, retreating), so it is asked before it is sent.
    ConfirmLeave {
        /// Who would go.
        actor: Entity,
        /// How.
        intent: Intent,
    },
}

/// A line at the bottom of the screen saying what just happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal or a failure.
    pub error: bool,
}

impl Notice {
    /// The core's answer to a request of the person's that did not go through: a refusal (an
    /// error: nothing changed), or a reaction the fight overtook (news: it was taken, and
    /// came to nothing).
    fn answer(reason: &RejectReason) -> Self {
        match reason {
            RejectReason::Overtaken => Self {
                text: reason.to_string(),
                error: false,
            },
            _ => Self {
                text: format!("refused: {reason}"),
                error: true,
            },
        }
    }
}

/// A session of `fray play`: the fight, the person's menu and the screen's state.
pub struct App {
    fight: Fight,
    setup: PlaySetup,
    title: String,
    decision: Option<Decision>,
    menu: Vec<Entry>,
    selected: usize,
    overlay: Overlay,
    pacing: Pacing,
    notice: Option<Notice>,
    log_scroll: usize,
    quit: bool,
    /// The battle-wide gauges as the fight last stood while it ran (an end-of-fight reset,
    /// such as archmage's escalation die going back to 0, does not show).
    gauges: Vec<Gauge>,
}

impl App {
    /// Starts the fight `setup` names.
    pub fn new(setup: PlaySetup) -> Result<Self, PlayError> {
        let fight = Fight::start(&setup)?;
        let title = setup
            .content
            .encounter(&setup.encounter)
            .map_or_else(|| setup.encounter.clone(), |e| e.name.clone());
        let mut app = Self {
            fight,
            setup,
            title,
            decision: None,
            menu: Vec::new(),
            selected: 0,
            overlay: Overlay::None,
            pacing: Pacing::default(),
            notice: None,
            log_scroll: 0,
            quit: false,
            gauges: Vec::new(),
        };
        app.refresh();
        Ok(app)
    }

    /// Handles a key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if let Some(command) = Command::from_key(key) {
            self.handle(command);
        }
    }

    /// Carries out a command.
    pub fn handle(&mut self, command: Command) {
        match (self.overlay, command) {
            (Overlay::ConfirmQuit, Command::Yes | Command::Quit | Command::Choose) => {
                self.quit = true;
            }
            (Overlay::ConfirmQuit, _) => self.overlay = Overlay::None,
            (Overlay::ConfirmLeave { actor, intent }, Command::Yes | Command::Choose) => {
                self.overlay = Overlay::None;
                self.send(actor, intent);
            }
            (Overlay::ConfirmLeave { .. }, _) => self.overlay = Overlay::None,
            (Overlay::Help, Command::Help | Command::No | Command::Choose) => {
                self.overlay = Overlay::None;
            }
            (_, Command::Help) => self.overlay = Overlay::Help,
            (Overlay::Inspect { .. }, _) => self.overlay = Overlay::None,
            (Overlay::None, Command::Inspect) => {
                if let Some(who) = self.inspected() {
                    self.overlay = Overlay::Inspect { who };
                }
            }
            (_, Command::Quit) if self.fight.is_over() => self.quit = true,
            (_, Command::Quit) => self.overlay = Overlay::ConfirmQuit,
            (Overlay::Help, _) => {}
            (Overlay::None, command) => self.command(command),
        }
    }

    /// A command with nothing covering the screen.
    fn command(&mut self, command: Command) {
        let count = self.menu.len();
        match command {
            Command::Up if count > 0 => self.selected = (self.selected + count - 1) % count,
            Command::Down if count > 0 => self.selected = (self.selected + 1) % count,
            Command::First => self.selected = 0,
            Command::Last => self.selected = count.saturating_sub(1),
            Command::Pick(n) if usize::from(n) <= count && n > 0 => {
                self.selected = usize::from(n) - 1;
            }
            Command::Choose => self.choose(),
            Command::Save => self.save(),
            Command::Load => self.load(),
            Command::Faster => self.pacing.faster(),
            Command::Slower => self.pacing.slower(),
            Command::SkipAhead => self.pacing.skipping = !self.waiting_on_person(),
            Command::LogUp => self.log_scroll = self.log_scroll.saturating_add(10),
            Command::LogDown => self.log_scroll = self.log_scroll.saturating_sub(10),
            _ => {}
        }
    }

    /// Whom `i` inspects: the highlighted option's target, else who decides, else who acts.
    fn inspected(&self) -> Option<Entity> {
        let target = self
            .menu
            .get(self.selected)
            .and_then(|e| e.option.intent.target());
        target
            .or(self.decision.as_ref().map(|d| d.actor))
            .or_else(|| {
                self.fight
                    .world()
                    .get::<fray_core::turn::Turn>(self.fight.encounter())
                    .and_then(fray_core::turn::Turn::actor)
            })
    }

    /// Takes the highlighted option.
    fn choose(&mut self) {
        let (Some(decision), Some(entry)) = (&self.decision, self.menu.get(self.selected)) else {
            return;
        };
        let (actor, intent) = (decision.actor, entry.option.intent);
        if leaves_the_fight(&intent) {
            self.overlay = Overlay::ConfirmLeave { actor, intent };
        } else {
            self.send(actor, intent);
        }
    }

    /// Sends a request for `actor` as the person, as Enter does with the highlighted option.
    /// A refusal shows on the screen with the core's reason.
    pub fn send(&mut self, actor: Entity, intent: Intent) {
        self.notice = match self.fight.request(actor, intent) {
            Ok(()) => None,
            Err(reason) => Some(Notice::answer(&reason)),
        };
        self.log_scroll = 0;
        self.refresh();
    }

    /// One frame of the other sides: at most one action. Returns whether the fight moved.
    pub fn advance(&mut self) -> bool {
        let moved = self.fight.step();
        if let Some(reason) = self.fight.late_rejection() {
            self.notice = Some(Notice::answer(&reason));
        }
        if moved {
            self.log_scroll = 0;
        }
        self.refresh();
        moved
    }

    /// Lets the other sides play until the person is asked something or the fight ends.
    pub fn settle(&mut self) {
        while self.advance() {}
    }

    /// Saves the fight to the save file.
    fn save(&mut self) {
        let path = self.setup.save_path.clone();
        let result = self.fight.save().and_then(|text| {
            std::fs::write(&path, text).map_err(|e| {
                PlayError::Save(format!(
                    "cannot write {}: {e}; check the folder exists and is writable",
                    path.display()
                ))
            })
        });
        self.notice = Some(match result {
            Ok(()) => Notice {
                text: format!("saved to {}", path.display()),
                error: false,
            },
            Err(e) => Notice {
                text: e.to_string(),
                error: true,
            },
        });
    }

    /// Loads the fight from the save file.
    fn load(&mut self) {
        let path = self.setup.save_path.clone();
        let result = std::fs::read_to_string(&path)
            .map_err(|e| {
                PlayError::Save(format!(
                    "cannot read {}: {e}; press s to save first",
                    path.display()
                ))
            })
            .and_then(|text| self.fight.load(&text));
        self.notice = Some(match result {
            Ok(()) => Notice {
                text: format!("loaded {}", path.display()),
                error: false,
            },
            Err(e) => Notice {
                text: e.to_string(),
                error: true,
            },
        });
        self.pacing.skipping = false;
        self.log_scroll = 0;
        self.decision = None;
        self.gauges.clear();
        self.refresh();
    }

    /// Reads the person's decision again; a new decision gets a fresh menu.
    fn refresh(&mut self) {
        let decision = self.fight.my_decision();
        if decision != self.decision {
            self.menu = decision
                .as_ref()
                .map(|d| menu::entries(self.fight.world(), d))
                .unwrap_or_default();
            self.selected = menu::default_line(&self.menu);
            self.decision = decision;
        }
        if self.waiting_on_person() {
            self.pacing.skipping = false;
        }
        if !self.fight.is_over() || self.gauges.is_empty() {
            self.gauges = battle_gauges(self.fight.world(), self.fight.encounter());
        }
    }

    /// The battle-wide gauges (archmage's escalation die) as the fight last stood while it ran.
    pub fn battle_gauges(&self) -> &[Gauge] {
        &self.gauges
    }

    /// Whether the fight waits on the person (a decision of theirs, or the end).
    pub fn waiting_on_person(&self) -> bool {
        self.decision.is_some() || self.fight.is_over()
    }

    /// True once the person chose to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The fight.
    pub fn fight(&self) -> &Fight {
        &self.fight
    }

    /// The encounter's display name.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The person's current decision, if any.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// The menu of the current decision.
    pub fn menu(&self) -> &[Entry] {
        &self.menu
    }

    /// The highlighted line of the menu.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// What covers the screen.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The pace of the other sides.
    pub fn pacing(&self) -> Pacing {
        self.pacing
    }

    /// The latest notice.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// How many lines the log is scrolled back.
    pub fn log_scroll(&self) -> usize {
        self.log_scroll
    }
}

/// Whether `intent` takes the person's combatants out of the fight (one, or a whole side):
/// asked before it is sent.
fn leaves_the_fight(intent: &Intent) -> bool {
    matches!(
        intent.kind(),
        IntentKind::Flee | IntentKind::Retreat | IntentKind::Surrender
    )
}
