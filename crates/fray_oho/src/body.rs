//! The body parts a called shot aims at (OHO-15), and the maneuvers that stand for them.

use std::fmt;

use fray_core::intent::Maneuver;
use serde::{Deserialize, Serialize};

/// A body part a called shot aims at (OHO-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BodyPart {
    /// The head.
    Head,
    /// An arm.
    Arm,
    /// A leg.
    Leg,
    /// The groin.
    Groin,
}

impl BodyPart {
    /// Every body part, in the order of their maneuver codes.
    pub const ALL: [BodyPart; 4] = [
        BodyPart::Head,
        BodyPart::Arm,
        BodyPart::Leg,
        BodyPart::Groin,
    ];

    /// The maneuver of a called shot at this part.
    ///
    /// ```
    /// use fray_oho::body::BodyPart;
    /// assert_eq!(BodyPart::Head.maneuver().0, 1);
    /// assert_eq!(BodyPart::of(BodyPart::Groin.maneuver()), Some(BodyPart::Groin));
    /// ```
    pub const fn maneuver(self) -> Maneuver {
        Maneuver(self as u8 + 1)
    }

    /// The part a maneuver aims at (`None` for an ordinary attack or a code OHO does not use).
    pub fn of(maneuver: Maneuver) -> Option<BodyPart> {
        maneuver
            .0
            .checked_sub(1)
            .and_then(|i| Self::ALL.get(usize::from(i)).copied())
    }

    /// The part's name.
    pub fn name(self) -> &'static str {
        match self {
            BodyPart::Head => "head",
            BodyPart::Arm => "arm",
            BodyPart::Leg => "leg",
            BodyPart::Groin => "groin",
        }
    }
}

impl fmt::Display for BodyPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A called shot at the head (OHO-15).
pub const CALLED_HEAD: Maneuver = BodyPart::Head.maneuver();
/// A called shot at an arm (OHO-15).
pub const CALLED_ARM: Maneuver = BodyPart::Arm.maneuver();
/// A called shot at a leg (OHO-15).
pub const CALLED_LEG: Maneuver = BodyPart::Leg.maneuver();
/// A called shot at the groin (OHO-15).
pub const CALLED_GROIN: Maneuver = BodyPart::Groin.maneuver();
