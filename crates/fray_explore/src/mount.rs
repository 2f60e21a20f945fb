//! The party's mounts on a wilderness journey: what an expedition file says of them
//! ([`MountSpec`](crate::mount::MountSpec)) and the component the expedition carries
//! ([`Mounts`](crate::mount::Mounts)). What they are worth (how far they go, whether they can
//! carry a rider, what flying changes) is the ruleset's procedure (B/X's flying rules, BX-11).

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Mounts, one for each member, as an expedition file describes them.
///
/// ```
/// use fray_content::source::SourceFile;
/// use fray_explore::mount::MountSpec;
/// let spec: MountSpec = SourceFile::new("m.ron", r#"(statblock: "griffon", flying: true)"#)
///     .parse()
///     .unwrap();
/// assert!(spec.flying);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MountSpec {
    /// The mounts' statblock in the expedition's ruleset.
    pub statblock: String,
    /// Whether they fly (else they are ridden overland).
    #[serde(default)]
    pub flying: bool,
}

/// The expedition's mounts.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Mounts(pub MountSpec);
