//! What an injury leaves, by damage type and where the blow lands (OHO-16).

use fray_core::condition::Condition;
use smallvec::SmallVec;

use crate::body::BodyPart;
use crate::vocabulary::{
    BLEEDING, BURNED, CONCUSSION, DamageKind, FROSTBITE, SPRAINED_ARM, SPRAINED_LEG,
};

/// Where a blunt injury lands (OHO-16: bludgeoning and necrotic damage concuss or sprain).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// Aimed at a body part by a called shot.
    Aimed(BodyPart),
    /// Not aimed: a d6 decides (1-2 head, 3-4 arm, 5-6 leg).
    Rolled(u8),
}

impl Location {
    /// The injury a blunt blow there causes: a concussion to the head, a sprain to a limb (a
    /// blow to the groin sprains the leg).
    pub fn blunt_injury(self) -> Condition {
        match self {
            Location::Aimed(BodyPart::Head) | Location::Rolled(1..=2) => CONCUSSION,
            Location::Aimed(BodyPart::Arm) | Location::Rolled(3..=4) => SPRAINED_ARM,
            _ => SPRAINED_LEG,
        }
    }
}

/// Whether an injury of this damage type needs a location (blunt blows do).
pub fn needs_location(kind: DamageKind) -> bool {
    matches!(
        kind,
        DamageKind::Bludgeoning | DamageKind::Necrotic | DamageKind::Force | DamageKind::Thunder
    )
}

/// The conditions an injury of `kind` at `location` causes (OHO-16): bleeding from slashing,
/// piercing and necrotic damage; a concussion or a sprain from bludgeoning and necrotic damage.
/// Fray's rulings for the types the table leaves out: untyped physical damage bleeds; fire, acid
/// and lightning burn (OHO-19's burned); cold frostbites; force and thunder strike like a blunt
/// blow; holy, negative energy, poison and psychic injuries count but leave no condition.
///
/// ```
/// use fray_oho::injury::{Location, injuries};
/// use fray_oho::vocabulary::{BLEEDING, CONCUSSION, DamageKind};
/// assert_eq!(injuries(DamageKind::Slashing, None).as_slice(), &[BLEEDING]);
/// let head = Some(Location::Rolled(1));
/// assert_eq!(injuries(DamageKind::Necrotic, head).as_slice(), &[BLEEDING, CONCUSSION]);
/// assert!(injuries(DamageKind::Psychic, None).is_empty());
/// ```
pub fn injuries(kind: DamageKind, location: Option<Location>) -> SmallVec<[Condition; 2]> {
    let blunt = location.map(Location::blunt_injury);
    match kind {
        DamageKind::Slashing | DamageKind::Piercing | DamageKind::Physical => {
            SmallVec::from_elem(BLEEDING, 1)
        }
        DamageKind::Necrotic => std::iter::once(BLEEDING).chain(blunt).collect(),
        DamageKind::Bludgeoning | DamageKind::Force | DamageKind::Thunder => {
            blunt.into_iter().collect()
        }
        DamageKind::Fire | DamageKind::Acid | DamageKind::Lightning => {
            SmallVec::from_elem(BURNED, 1)
        }
        DamageKind::Cold => SmallVec::from_elem(FROSTBITE, 1),
        DamageKind::Holy | DamageKind::Negative | DamageKind::Poison | DamageKind::Psychic => {
            SmallVec::new()
        }
    }
}
