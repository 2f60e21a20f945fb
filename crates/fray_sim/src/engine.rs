//! What the runner needs to build worlds: the rulesets' plugins and the content.

use std::sync::Arc;

use bevy_app::App;
use fray_content::db::ContentDb;
use fray_core::kit::prelude::*;

/// Installs the plugins of the rulesets and controllers a run needs into an `App`.
pub type Install = fn(&mut App);

/// The rulesets (as an install function) and the loaded content.
#[derive(Clone)]
pub struct Engine {
    /// Adds the core, the AI and the rulesets to an app.
    pub install: Install,
    /// The content encounters are spawned from.
    pub content: Arc<ContentDb>,
}

impl Engine {
    /// An engine from an install function and content.
    pub fn new(install: Install, content: Arc<ContentDb>) -> Self {
        Self { install, content }
    }

    /// A headless app ready to spawn encounters: the combat schedule is stepped by the caller.
    /// Its [`ForwardModel`](fray_core::kit::ForwardModel) builds scratch Worlds with the same
    /// install function, so policies that look ahead (`lookahead:N`) play their decisions
    /// forward.
    pub fn app(&self) -> App {
        let mut app = App::new();
        (self.install)(&mut app);
        app.insert_resource(Content(self.content.clone()))
            .insert_resource(fray_core::kit::ForwardModel::new(self.install));
        app.finish();
        app.cleanup();
        app
    }
}
