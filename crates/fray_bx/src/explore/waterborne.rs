//! Waterborne days (BX-12): losing direction on the water, the daily 2d6 wind (the seed's
//! "Variable Wind Conditions" table), near gales and gales, and river currents, for a party
//! travelling a wilderness's water legs in its [`Vessel`].
//!
//! Rulings (the seed leaves them to the referee):
//! - a river is followed like a road: nobody gets lost on it; on a lake the party is in sight
//!   of land (2 in 6 without a navigator), at sea it is lost without one;
//! - the wind is rolled each day on the water for a sailing vessel; a vessel without sails is
//!   rowed at its own rate and no wind applies;
//! - with no wind a sailing vessel is rowed at a third of its rate ("due to fatigue");
//! - a vessel that took on water moves at two thirds of its rate for the rest of the
//!   expedition (no docks are modelled);
//! - in a gale a seaworthy vessel runs before the wind at three times its speed in a direction
//!   rolled on 1d6: on a 1 that is the intended direction and the miles count, otherwise the
//!   day is lost off course; on a river or lake land is always near and it wrecks on 75%;
//! - an unseaworthy vessel in a gale on a river or lake (in sight of land) tries to beach and
//!   finds a safe harbour on 2 in 6 (the shore's dangers are not known: the seed's
//!   "otherwise" case); else, or at sea, it sinks on 80%;
//! - a wreck or a sinking ends the expedition ([`ExpeditionEnding::Wrecked`]); drowning is not
//!   played;
//! - the river current adds or takes 1d6+6 miles a day, never below 0.

use bevy_ecs::prelude::*;
use fray_dice::DieSource;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::chance::InSix;
use super::wilderness::{LOSING_DIRECTION, Logged, log_in_six, miles_per_day, with_dice};

/// Chance in 6 of losing direction with a navigator aboard (and within sight of land
/// without one).
pub const LOST_WITH_NAVIGATOR_IN_6: u8 = 2;

/// The chance in 6 of losing direction for a day on `terrain`'s water (see the rulings).
pub fn lost_in_6(terrain: Terrain, navigator: bool) -> u8 {
    match terrain {
        Terrain::River => 0,
        Terrain::Sea if !navigator => 6,
        _ => LOST_WITH_NAVIGATOR_IN_6,
    }
}

/// The wind of the day, from the 2d6 "Variable Wind Conditions" table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wind {
    /// 2: no wind; sailing impossible, oars at 1/3 rate.
    Calm,
    /// 3: faint breeze, 1/3.
    Faint,
    /// 4: gentle breeze, 1/2.
    Gentle,
    /// 5: moderate breeze, 2/3.
    Moderate,
    /// 6-8: fresh breeze, normal.
    Fresh,
    /// 9: strong breeze, +1/3.
    Strong,
    /// 10: high wind, +1/2.
    High,
    /// 11: near gale, doubled; see "Near Gales".
    NearGale,
    /// 12: gale or storm, tripled; see "Gales and Storms".
    Gale,
}

impl Wind {
    /// The wind for a 2d6 total.
    pub fn from_2d6(total: u32) -> Self {
        match total {
            0..=2 => Self::Calm,
            3 => Self::Faint,
            4 => Self::Gentle,
            5 => Self::Moderate,
            6..=8 => Self::Fresh,
            9 => Self::Strong,
            10 => Self::High,
            11 => Self::NearGale,
            _ => Self::Gale,
        }
    }

    /// Its factor on the sailing movement rate, as a fraction.
    pub fn factor(self) -> (u32, u32) {
        match self {
            Self::Calm | Self::Faint => (1, 3),
            Self::Gentle => (1, 2),
            Self::Moderate => (2, 3),
            Self::Fresh => (1, 1),
            Self::Strong => (4, 3),
            Self::High => (3, 2),
            Self::NearGale => (2, 1),
            Self::Gale => (3, 1),
        }
    }

    /// Its name, for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::Calm => "no wind: sailing impossible, oars at a third",
            Self::Faint => "faint breeze",
            Self::Gentle => "gentle breeze",
            Self::Moderate => "moderate breeze",
            Self::Fresh => "fresh breeze",
            Self::Strong => "strong breeze",
            Self::High => "high wind",
            Self::NearGale => "near gale",
            Self::Gale => "gale or storm",
        }
    }
}

/// The percent chance that a vessel takes on water in a near gale: 10% seaworthy, 20% not.
pub fn near_gale_leak_percent(seaworthy: bool) -> u32 {
    if seaworthy { 10 } else { 20 }
}

/// The percent chance that a seaworthy vessel blown onto land in a gale wrecks.
pub const GALE_WRECK_PERCENT: u32 = 75;

/// The percent chance that an unseaworthy vessel sinks in a gale.
pub const GALE_SINK_PERCENT: u32 = 80;

/// Miles a vessel of base rate `feet` makes in a day, after the wind's factor (when it
/// sails) and taking on water (two thirds), rounded down once; `None` on overflow.
pub fn sailing_miles(feet: u32, wind: Option<Wind>, taking_water: bool) -> Option<u32> {
    let (wn, wd) = wind.map_or((1, 1), Wind::factor);
    let (ln, ld) = if taking_water { (2, 3) } else { (1, 1) };
    miles_per_day(feet)
        .checked_mul(wn)?
        .checked_mul(ln)?
        .checked_div(wd.checked_mul(ld)?)
}

/// Rolls d100 against `percent`.
fn percent(rng: &mut impl DieSource, log: &mut Logged<'_>, what: &str, percent: u32) -> bool {
    let face = rng.roll_die(100);
    log.roll(what, "1d100", vec![face], 0);
    face <= percent
}

/// A day on the water: lost or not, the wind and what it does, the current; writes the day's
/// [`DayMarch`], or ends the expedition when the vessel is lost.
pub(super) fn sail_day(world: &mut World, expedition: Entity, at: &Whereabouts) {
    let Some(vessel) = world.get::<Vessel>(expedition).cloned() else {
        note(
            world,
            expedition,
            ExploreEvent::Halted {
                why: "no vessel to take to the water".into(),
            },
        );
        return;
    };
    let terrain = at.terrain;
    let near_land = terrain != Terrain::Sea;
    let spec = vessel.spec.clone();
    let current = at.trek.and_then(|t| t.current);
    let outcome = with_dice(world, expedition, |rng, log| {
        let chance = lost_in_6(terrain, spec.navigator);
        let mut lost = chance > 0 && {
            let roll = InSix::roll(rng, chance);
            log_in_six(
                log,
                &format!("losing direction on the {}", terrain.label()),
                roll,
                Some(LOSING_DIRECTION),
            );
            roll.success
        };
        let mut leaking = vessel.taking_water;
        let mut wrecked = false;
        let wind = spec.sails.then(|| {
            let faces = [rng.roll_die(6), rng.roll_die(6)];
            let total = faces[0] + faces[1];
            let wind = Wind::from_2d6(total);
            log.roll(
                &format!("wind ({})", wind.label()),
                "2d6",
                faces.to_vec(),
                0,
            );
            wind
        });
        match wind {
            Some(Wind::NearGale) if !leaking => {
                leaking = percent(
                    rng,
                    log,
                    "near gale: taking on water",
                    near_gale_leak_percent(spec.seaworthy),
                );
            }
            Some(Wind::Gale) if spec.seaworthy => {
                let way = rng.roll_die(6);
                log.roll("gale: direction run before the wind", "1d6", vec![way], 0);
                lost = lost || way != 1;
                wrecked = near_land
                    && percent(rng, log, "gale: wrecked on the shore", GALE_WRECK_PERCENT);
            }
            Some(Wind::Gale) => {
                let beached = near_land && {
                    let roll = InSix::roll(rng, 2);
                    log_in_six(log, "gale: beaching in a safe harbour", roll, None);
                    roll.success
                };
                if beached {
                    return (0, false, leaking, false, true);
                }
                wrecked = percent(rng, log, "gale: the vessel sinks", GALE_SINK_PERCENT);
            }
            _ => {}
        }
        let mut miles = sailing_miles(spec.movement, wind, leaking).unwrap_or(0);
        if let Some(current) = current {
            let faces = rng.roll_die(6);
            let by = faces.saturating_add(6);
            log.roll("the river's current (1d6+6 miles)", "1d6+6", vec![faces], 6);
            miles = match current {
                Current::Downstream => miles.saturating_add(by),
                Current::Upstream => miles.saturating_sub(by),
            };
        }
        (miles, lost, leaking, wrecked, false)
    });
    let Some((miles, lost, leaking, wrecked, beached)) = outcome else {
        return;
    };
    if let Some(mut v) = world.get_mut::<Vessel>(expedition) {
        v.taking_water = leaking;
    }
    if wrecked {
        if let Some(mut e) = world.get_mut::<Expedition>(expedition) {
            e.state = ExpeditionState::Ended(ExpeditionEnding::Wrecked);
        }
        note(
            world,
            expedition,
            ExploreEvent::Ended {
                reason: ExpeditionEnding::Wrecked.label().into(),
            },
        );
        return;
    }
    if beached {
        note(
            world,
            expedition,
            ExploreEvent::Halted {
                why: "beached in a safe harbour to weather the gale".into(),
            },
        );
        return;
    }
    if let Some(mut day) = world.get_mut::<DayMarch>(expedition) {
        *day = DayMarch { miles, lost };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bx12_a_navigator_is_lost_on_2_in_6_without_one_always_at_sea() {
        assert_eq!(lost_in_6(Terrain::Sea, true), 2);
        assert_eq!(lost_in_6(Terrain::Sea, false), 6);
        assert_eq!(lost_in_6(Terrain::Lake, false), 2, "within sight of land");
    }

    #[test]
    fn bx12_the_daily_2d6_wind_table() {
        let expect = [
            (2, Wind::Calm, (1, 3)),
            (3, Wind::Faint, (1, 3)),
            (4, Wind::Gentle, (1, 2)),
            (5, Wind::Moderate, (2, 3)),
            (6, Wind::Fresh, (1, 1)),
            (8, Wind::Fresh, (1, 1)),
            (9, Wind::Strong, (4, 3)),
            (10, Wind::High, (3, 2)),
            (11, Wind::NearGale, (2, 1)),
            (12, Wind::Gale, (3, 1)),
        ];
        for (total, wind, factor) in expect {
            assert_eq!(Wind::from_2d6(total), wind, "{total}");
            assert_eq!(wind.factor(), factor, "{total}");
        }
    }

    #[test]
    fn bx12_a_360_ft_vessel_makes_72_miles_doubled_in_a_near_gale_tripled_in_a_gale() {
        assert_eq!(sailing_miles(360, None, false), Some(72));
        assert_eq!(sailing_miles(360, Some(Wind::Fresh), false), Some(72));
        assert_eq!(sailing_miles(360, Some(Wind::NearGale), false), Some(144));
        assert_eq!(sailing_miles(360, Some(Wind::Gale), false), Some(216));
        assert_eq!(sailing_miles(360, Some(Wind::Faint), false), Some(24));
        assert_eq!(
            sailing_miles(360, Some(Wind::Fresh), true),
            Some(48),
            "taking on water: a third slower"
        );
    }

    #[test]
    fn bx12_near_gales_leak_10_percent_seaworthy_20_not_and_gales_sink_80() {
        assert_eq!(near_gale_leak_percent(true), 10);
        assert_eq!(near_gale_leak_percent(false), 20);
        assert_eq!(GALE_SINK_PERCENT, 80);
        assert_eq!(GALE_WRECK_PERCENT, 75);
    }
}
