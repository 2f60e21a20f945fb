//! Components that are saved and inspected, registered by type: each is saved under the name
//! its type gives (`fray_bx::BxState`: its crate and its name) and registered with the app's
//! type registry, in one call, so a saved component is always one an inspector can show.

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_reflect::{GetTypeRegistration, TypePath};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::FrayAppExt;

/// A component saved with encounters and expeditions and shown by inspectors.
pub trait Persistent:
    Component + Clone + Serialize + DeserializeOwned + GetTypeRegistration + TypePath
{
}

impl<C> Persistent for C where
    C: Component + Clone + Serialize + DeserializeOwned + GetTypeRegistration + TypePath
{
}

/// A tuple of [`Persistent`] components (up to twelve), registered together by
/// [`FrayAppExt::persist`].
pub trait PersistentSet {
    /// Registers each component for saving, under [`saved_name`], and with the type registry.
    fn register(app: &mut App);
}

macro_rules! persistent_tuple {
    ($($c:ident),+) => {
        impl<$($c: Persistent),+> PersistentSet for ($($c,)+) {
            fn register(app: &mut App) {
                $(
                    app.register_saved::<$c>(saved_name::<$c>()).register_type::<$c>();
                )+
            }
        }
    };
}

persistent_tuple!(A);
persistent_tuple!(A, B);
persistent_tuple!(A, B, C);
persistent_tuple!(A, B, C, D);
persistent_tuple!(A, B, C, D, E);
persistent_tuple!(A, B, C, D, E, F);
persistent_tuple!(A, B, C, D, E, F, G);
persistent_tuple!(A, B, C, D, E, F, G, H);
persistent_tuple!(A, B, C, D, E, F, G, H, I);
persistent_tuple!(A, B, C, D, E, F, G, H, I, J);
persistent_tuple!(A, B, C, D, E, F, G, H, I, J, K);
persistent_tuple!(A, B, C, D, E, F, G, H, I, J, K, L);

/// The names made so far, one per type for the whole process (a saved name lives as long as
/// any registry that holds it).
static NAMES: LazyLock<Mutex<HashMap<TypeId, &'static str>>> = LazyLock::new(Default::default);

/// The name component `C` is saved under: its crate and its short name, `fray_bx::BxState`
/// (whatever module inside the crate it lives in, so moving a type between modules keeps its
/// saves loading).
///
/// ```
/// use fray_core::combatant::Hp;
/// assert_eq!(fray_core::persistent::saved_name::<Hp>(), "fray_core::Hp");
/// ```
pub fn saved_name<C: TypePath>() -> &'static str {
    let make = || {
        let name = format!(
            "{}::{}",
            C::crate_name().unwrap_or_default(),
            C::short_type_path()
        );
        &*Box::leak(name.into_boxed_str())
    };
    match NAMES.lock() {
        Ok(mut names) => names.entry(TypeId::of::<C>()).or_insert_with(make),
        // A panic elsewhere while the lock was held: the name is made again (once more).
        Err(_) => make(),
    }
}
