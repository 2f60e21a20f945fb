//! The fight itself: a Bevy app with the engine, one encounter, and the player's requests.
//!
//! Everything here goes through the public embedding API: spawning with settings, ticking one
//! action at a time, [`decisions`], [`ActionRequest`] and its answers, save and load.

use bevy_app::App as BevyApp;
use bevy_ecs::message::{MessageCursor, Messages};
use bevy_ecs::prelude::*;
use fray_content::encounter::ControllerSpec;
use fray_core::client::{Decision, decisions};
use fray_core::combatant::Controller;
use fray_core::drive::{tick, update_messages};
use fray_core::encounter::Encounter;
use fray_core::ids::{PlayerId, SideId};
use fray_core::intent::Intent;
use fray_core::log::CombatLog;
use fray_core::request::{ActionRejected, ActionRequest, ActionResolved, RejectReason};
use fray_core::save::{load_encounter, save_encounter};
use fray_core::spawn::{Content, EncounterSettings, SpawnEncounterExt};

use crate::setup::{PlayError, PlaySetup};

/// The person at the keyboard, as the engine knows them.
pub const PLAYER: PlayerId = PlayerId(1);

/// The AI that plays a side the encounter file leaves to an external controller, when the
/// person plays another side.
const STAND_IN_POLICY: &str = "tactical";

/// Ticks one paced step may run before it gives the frame back (an encounter that makes no
/// progress is declared stalled by the core well before this).
const TICKS_PER_STEP: u32 = 512;

/// A running fight.
pub struct Fight {
    install: fn(&mut BevyApp),
    content: std::sync::Arc<fray_content::db::ContentDb>,
    app: BevyApp,
    encounter: Entity,
    side: SideId,
    rejected: MessageCursor<ActionRejected>,
    resolved: MessageCursor<ActionResolved>,
    late: Option<RejectReason>,
}

impl Fight {
    /// Spawns the encounter `setup` names, the person playing their side.
    pub fn start(setup: &PlaySetup) -> Result<Self, PlayError> {
        let Some(spec) = setup.content.encounter(&setup.encounter) else {
            let known = setup.content.encounters().map(|e| e.id.clone()).collect();
            return Err(PlayError::UnknownEncounter(setup.encounter.clone(), known));
        };
        let names: Vec<String> = spec.sides.iter().map(|s| s.name.clone()).collect();
        let side = match &setup.side {
            Some(name) => names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name))
                .ok_or_else(|| PlayError::UnknownSide(name.clone(), names.clone()))?,
            None => spec
                .sides
                .iter()
                .position(|s| matches!(s.controller, ControllerSpec::External(_)))
                .unwrap_or(0),
        };
        // An `--ai` for the person's own side, or for no side at all, would be silently
        // ignored: it is refused, saying what to do.
        for (name, _) in &setup.ai {
            match names.iter().position(|n| n == name) {
                None => return Err(PlayError::UnknownSide(name.clone(), names.clone())),
                Some(i) if i == side => return Err(PlayError::AiForOwnSide(name.clone())),
                Some(_) => {}
            }
        }
        let mut controllers = Vec::new();
        for (i, s) in spec.sides.iter().enumerate() {
            let controller = if i == side {
                Controller::External(PLAYER)
            } else if let Some((_, c)) = setup.ai.iter().find(|(n, _)| n == &s.name) {
                c.clone()
            } else if let ControllerSpec::External(_) = s.controller {
                Controller::Ai(STAND_IN_POLICY.to_string())
            } else {
                continue;
            };
            controllers.push((s.name.clone(), controller));
        }
        let settings = EncounterSettings {
            seed: setup.seed,
            log: true,
            controllers,
            // The player's heroes are the player's: morale never makes them flee.
            player_morale: fray_core::encounter::PlayerMorale::PlayerDecides,
        };
        let mut app = new_app(setup.install, &setup.content);
        let encounter = app
            .world_mut()
            .spawn_encounter(&setup.encounter, &settings)
            .map_err(|e| PlayError::Spawn(e.to_string()))?;
        Ok(Self {
            install: setup.install,
            content: setup.content.clone(),
            app,
            encounter,
            side: SideId(u8::try_from(side).unwrap_or(0)),
            rejected: MessageCursor::default(),
            resolved: MessageCursor::default(),
            late: None,
        })
    }

    /// The world the fight lives in (read it between steps).
    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// The encounter entity.
    pub fn encounter(&self) -> Entity {
        self.encounter
    }

    /// The side the person plays.
    pub fn side(&self) -> SideId {
        self.side
    }

    /// The fight's log.
    pub fn log(&self) -> Option<&CombatLog> {
        self.world().get::<CombatLog>(self.encounter)
    }

    /// True once the fight is over.
    pub fn is_over(&self) -> bool {
        self.world()
            .get::<Encounter>(self.encounter)
            .is_none_or(Encounter::is_over)
    }

    /// The decision the person is asked now: the first one the encounter waits on that is
    /// theirs (a turn, a declaration, or a reaction offered to one of their combatants).
    pub fn my_decision(&self) -> Option<Decision> {
        decisions(self.world(), self.encounter)
            .into_iter()
            .find(|d| d.controller == Controller::External(PLAYER))
    }

    /// Sends `intent` for `actor` as the person, and runs the tick that judges it. Returns
    /// the core's reason when it refused the request (nothing changed then).
    pub fn request(&mut self, actor: Entity, intent: Intent) -> Result<(), RejectReason> {
        self.app.world_mut().write_message(ActionRequest {
            actor,
            controller: PLAYER,
            intent,
        });
        tick(self.app.world_mut());
        let refused = self.take_rejection();
        self.take_resolved();
        update_messages(self.app.world_mut());
        match refused {
            Some(reason) => Err(reason),
            None => Ok(()),
        }
    }

    /// One paced step of the other sides: ticks until an action resolved, the person has a
    /// decision, or the fight is over. Returns false when there was nothing to do.
    pub fn step(&mut self) -> bool {
        if self.is_over() || self.my_decision().is_some() {
            return false;
        }
        for _ in 0..TICKS_PER_STEP {
            let report = tick(self.app.world_mut());
            let acted = self.take_resolved();
            // A request judged after the tick `request` ran: kept for the screen.
            if let Some(reason) = self.take_rejection() {
                self.late = Some(reason);
            }
            update_messages(self.app.world_mut());
            if acted || self.is_over() || self.my_decision().is_some() || report.running == 0 {
                break;
            }
        }
        true
    }

    /// The reason of a request of the person's refused in a later step, once.
    pub fn late_rejection(&mut self) -> Option<RejectReason> {
        self.late.take()
    }

    /// The fight as RON text (its entities, components and random state).
    pub fn save(&self) -> Result<String, PlayError> {
        save_encounter(self.world(), self.encounter)
            .map_err(|e| PlayError::Save(format!("cannot save the fight: {e}")))
    }

    /// Replaces the fight with the one `text` holds, in a fresh world; a save of another
    /// encounter is refused, naming it, and the fight goes on as it was.
    pub fn load(&mut self, text: &str) -> Result<(), PlayError> {
        let mut app = new_app(self.install, &self.content);
        let encounter = load_encounter(app.world_mut(), text)
            .map_err(|e| PlayError::Save(format!("cannot load the save: {e}")))?;
        let id_of = |world: &bevy_ecs::world::World, e| {
            world
                .get::<Encounter>(e)
                .map(|x| x.id.clone())
                .unwrap_or_default()
        };
        let (saved, playing) = (
            id_of(app.world(), encounter),
            id_of(self.world(), self.encounter),
        );
        if saved != playing {
            return Err(PlayError::Save(format!(
                "the save is of `{saved}`, not `{playing}`: play it with `fray play {saved} --save FILE`"
            )));
        }
        self.app = app;
        self.encounter = encounter;
        self.rejected = MessageCursor::default();
        self.resolved = MessageCursor::default();
        self.late = None;
        Ok(())
    }

    /// The reason of the latest rejection since the last read, if any.
    fn take_rejection(&mut self) -> Option<RejectReason> {
        let messages = self
            .app
            .world()
            .get_resource::<Messages<ActionRejected>>()?;
        self.rejected
            .read(messages)
            .last()
            .map(|r| r.reason.clone())
    }

    /// Whether an action of this encounter resolved since the last read.
    fn take_resolved(&mut self) -> bool {
        let Some(messages) = self.app.world().get_resource::<Messages<ActionResolved>>() else {
            return false;
        };
        let encounter = self.encounter;
        self.resolved
            .read(messages)
            .any(|r| r.encounter == encounter)
    }
}

/// A Bevy app with the engine and the content, the combat schedule stepped by the client. Its
/// [`ForwardModel`](fray_core::kit::ForwardModel) lets a computer side played by
/// `lookahead:N` play its decisions forward, as batches do.
fn new_app(
    install: fn(&mut BevyApp),
    content: &std::sync::Arc<fray_content::db::ContentDb>,
) -> BevyApp {
    let mut app = BevyApp::new();
    install(&mut app);
    app.insert_resource(Content(content.clone()))
        .insert_resource(fray_core::kit::ForwardModel::new(install));
    app.finish();
    app.cleanup();
    app
}
