//! The travel turn's threat roll (L5-19): each hour the GM rolls a d20 on the threat table,
//! with advantage when the party is cautious and disadvantage when it is careless.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::spawn::Content;
use fray_dice::DieSource;
use fray_explore::foes::describe;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

/// How the party travels, which sets the threat roll's advantage.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub enum Caution {
    /// Cautious: the roll has advantage (better for the party).
    Cautious,
    /// Neither: a plain d20.
    #[default]
    Steady,
    /// Careless: the roll has disadvantage.
    Careless,
}

/// A band of the travel turn table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Threat {
    /// 1: a terrible, immediate threat (an accidental encounter, an ambush, the environment
    /// worsens).
    Terrible,
    /// 2-10: something bad happens soon.
    Soon,
    /// 11-19: a threat worsens or draws near.
    Nearer,
    /// 20: nothing bad, maybe even good.
    Nothing,
}

impl Threat {
    /// The band of a d20 face.
    pub fn of(face: u32) -> Self {
        match face {
            0 | 1 => Self::Terrible,
            2..=10 => Self::Soon,
            11..=19 => Self::Nearer,
            _ => Self::Nothing,
        }
    }

    /// A short description for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::Terrible => "a terrible, immediate threat",
            Self::Soon => "something bad happens soon",
            Self::Nearer => "a threat worsens or draws near",
            Self::Nothing => "nothing bad",
        }
    }
}

/// One threat roll: the d20s thrown, the one kept and its band.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreatRoll {
    /// Every d20 thrown (two with advantage or disadvantage).
    pub faces: Vec<u32>,
    /// The face kept: the higher when cautious, the lower when careless.
    pub kept: u32,
    /// Its band.
    pub threat: Threat,
}

impl ThreatRoll {
    /// Rolls the travel turn's threat.
    pub fn roll(dice: &mut impl DieSource, caution: Caution) -> Self {
        let first = dice.roll_die(20);
        let (faces, kept) = match caution {
            Caution::Steady => (vec![first], first),
            Caution::Cautious => {
                let second = dice.roll_die(20);
                (vec![first, second], first.max(second))
            }
            Caution::Careless => {
                let second = dice.roll_die(20);
                (vec![first, second], first.min(second))
            }
        };
        Self {
            faces,
            kept,
            threat: Threat::of(kept),
        }
    }
}

/// The threats an expedition has met, by band (what each does comes from the area's threat
/// list, which is content still to be written).
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Threats {
    /// Rolls of 1.
    pub terrible: u32,
    /// Rolls of 2-10.
    pub soon: u32,
    /// Rolls of 11-19.
    pub nearer: u32,
    /// Rolls of 20.
    pub nothing: u32,
}

impl Threats {
    /// Counts a threat.
    pub fn note(&mut self, threat: Threat) {
        let count = match threat {
            Threat::Terrible => &mut self.terrible,
            Threat::Soon => &mut self.soon,
            Threat::Nearer => &mut self.nearer,
            Threat::Nothing => &mut self.nothing,
        };
        *count = count.saturating_add(1);
    }
}

/// lite5e expeditions, with what the threat roll reads and changes.
type Expeditions<'w, 's> = Query<
    'w,
    's,
    (
        (
            &'static Expedition,
            &'static CurrentActivity,
            &'static Clock,
            &'static Caution,
        ),
        (
            &'static mut ExpeditionRng,
            &'static mut ExpeditionLog,
            &'static mut Threats,
            &'static mut Meetings,
        ),
        (Option<&'static ExpeditionPolicy>, Option<&'static Position>),
    ),
    With<super::Lite5eExpedition>,
>;

/// Rolls every travel turn's threat. A party with a [`ExpeditionPolicy`] rolls by its stance: cautious
/// with advantage, bold plainly (ruling: bold is not careless). In a dungeon, a 1 is an
/// accidental encounter with monsters from the level's wandering table (ruling).
pub(super) fn travel_turn_threats(
    mut expeditions: Expeditions,
    dungeons: Query<&Dungeon>,
    areas: Query<&Area>,
    content: Option<Res<Content>>,
) {
    for (
        (expedition, current, clock, caution),
        (mut rng, mut log, mut threats, mut meetings),
        (policy, place),
    ) in &mut expeditions
    {
        if expedition.state != ExpeditionState::Underway || current.0.is_none() {
            continue;
        }
        let caution = match policy.map(|p| p.stance) {
            Some(Stance::Cautious) => &Caution::Cautious,
            Some(Stance::Bold) => &Caution::Steady,
            None => caution,
        };
        let roll = ThreatRoll::roll(&mut *rng, *caution);
        threats.note(roll.threat);
        log.record(clock.elapsed(), || ExploreEvent::Roll {
            what: format!("travel turn threat: {}", roll.threat.label()),
            dice: match caution {
                Caution::Steady => "1d20".into(),
                Caution::Cautious => "2d20kh1".into(),
                Caution::Careless => "2d20kl1".into(),
            },
            faces: roll.faces.clone(),
            kept: (roll.faces.len() > 1).then_some(roll.kept),
            modifier: 0,
            result: i64::from(roll.kept),
            success: None,
            verdict: None,
        });
        if roll.threat != Threat::Terrible {
            continue;
        }
        let table = place.and_then(|p| {
            let level = areas.get(p.area).map_or(1, |a| a.level);
            dungeons.get(p.dungeon).ok()?.spec.table(level).cloned()
        });
        let Some(table) = table else {
            continue;
        };
        let at = clock.elapsed();
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at,
        };
        let foes: Vec<Foes> = table.roll(&mut dice).into_iter().collect();
        log.record(at, || ExploreEvent::MonstersMet {
            source: MeetingSource::Wandering,
            distance_ft: 0,
            foes: describe(&foes, content.as_deref(), crate::ruleset::ID),
        });
        meetings.meet(Meeting {
            at,
            source: MeetingSource::Wandering,
            distance_ft: 0,
            foes,
            area: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l519_the_threat_table_bands_are_1_2_to_10_11_to_19_and_20() {
        assert_eq!(Threat::of(1), Threat::Terrible);
        assert_eq!(Threat::of(2), Threat::Soon);
        assert_eq!(Threat::of(10), Threat::Soon);
        assert_eq!(Threat::of(11), Threat::Nearer);
        assert_eq!(Threat::of(19), Threat::Nearer);
        assert_eq!(Threat::of(20), Threat::Nothing);
    }

    #[test]
    fn l519_a_cautious_party_keeps_the_higher_d20_a_careless_one_the_lower() {
        let mut dice = EncounterRng::scripted([1, 12, 1, 12, 7]);
        let cautious = ThreatRoll::roll(&mut dice, Caution::Cautious);
        assert_eq!((cautious.kept, cautious.threat), (12, Threat::Nearer));
        let careless = ThreatRoll::roll(&mut dice, Caution::Careless);
        assert_eq!((careless.kept, careless.threat), (1, Threat::Terrible));
        let steady = ThreatRoll::roll(&mut dice, Caution::Steady);
        assert_eq!((steady.faces, steady.threat), (vec![7], Threat::Soon));
    }
}
