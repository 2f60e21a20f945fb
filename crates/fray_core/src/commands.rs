//! Driving Fray from a game's systems with `Commands`: spawn an encounter, send a request, edit
//! a combatant. Each runs when the commands are applied; what became of it comes back as a
//! message ([`EncounterSpawned`], [`ActionResolved`](crate::request::ActionResolved) or
//! [`ActionRejected`](crate::request::ActionRejected), [`EditRefused`]).
//!
//! ```
//! use bevy_ecs::prelude::*;
//! use fray_core::commands::FrayCommandsExt;
//! use fray_core::edit::Edit;
//! use fray_core::prelude::*;
//!
//! #[derive(Component)]
//! struct DrankPotion;
//!
//! fn potions(drinkers: Query<Entity, Added<DrankPotion>>, mut commands: Commands) {
//!     for who in &drinkers {
//!         commands.edit_combatant(who, Edit::Heal(7), "potion");
//!     }
//! }
//!
//! fn start(mut commands: Commands) {
//!     commands.spawn_fray_encounter("archmage-bridge", EncounterSettings::logged(7));
//! }
//! ```

use bevy_ecs::prelude::*;

use crate::edit::{self, Edit, EditError};
use crate::request::ActionRequest;
use crate::spawn::{EncounterSettings, SpawnEncounterExt, SpawnError};

/// An encounter asked for with [`FrayCommandsExt::spawn_fray_encounter`] was spawned, or why not.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct EncounterSpawned {
    /// The content id asked for.
    pub id: String,
    /// The new encounter, or why nothing was spawned.
    pub result: Result<Entity, SpawnError>,
}

/// An edit asked for with [`FrayCommandsExt::edit_combatant`] was refused; nothing changed.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct EditRefused {
    /// The combatant.
    pub who: Entity,
    /// The edit.
    pub edit: Edit,
    /// Why.
    pub error: EditError,
}

/// Fray's commands, on a game's `Commands`.
pub trait FrayCommandsExt {
    /// Spawns the content encounter `id`; an [`EncounterSpawned`] message says with which
    /// entity, or why not.
    fn spawn_fray_encounter(&mut self, id: impl Into<String>, settings: EncounterSettings);

    /// Sends `request` to its combatant's encounter, as writing the message would.
    fn send_request(&mut self, request: ActionRequest);

    /// Makes `edit` to combatant `who` for the game's reason `why` ([`edit::apply`]); a refused
    /// edit comes back as an [`EditRefused`] message.
    fn edit_combatant(&mut self, who: Entity, edit: Edit, why: impl Into<String>);
}

impl FrayCommandsExt for Commands<'_, '_> {
    fn spawn_fray_encounter(&mut self, id: impl Into<String>, settings: EncounterSettings) {
        let id = id.into();
        self.queue(move |world: &mut World| {
            let result = world.spawn_encounter(&id, &settings);
            world.write_message(EncounterSpawned { id, result });
        });
    }

    fn send_request(&mut self, request: ActionRequest) {
        self.queue(move |world: &mut World| {
            world.write_message(request);
        });
    }

    fn edit_combatant(&mut self, who: Entity, edit: Edit, why: impl Into<String>) {
        let why = why.into();
        self.queue(move |world: &mut World| {
            if let Err(error) = edit::apply(world, who, edit, &why) {
                world.write_message(EditRefused { who, edit, error });
            }
        });
    }
}
