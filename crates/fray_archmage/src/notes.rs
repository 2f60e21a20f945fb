//! What a player is told of an attack or a power beside its preview's numbers: the effects it
//! carries, by name and with what sets them off, and how often it can be used
//! ([`Previews::notes`](fray_core::kit::Previews::notes)).

use fray_core::effect::Duration;
use fray_core::vocabulary::Vocabulary;

use crate::attack::{duration_of, save_of};
use crate::statblock::{OnHit, Usage, When};
use crate::vocabulary::Words;

/// An attack's extra effect in words, with when it fires: `on a hit: dazed (save ends, 11+)`.
pub fn effect(when: When, effect: &OnHit) -> String {
    let when = match when {
        When::Hit => "on a hit".to_string(),
        When::NaturalEven => "on a hit with an even roll".to_string(),
        When::NaturalOdd => "on a hit with an odd roll".to_string(),
        When::NaturalAtLeast(n) => format!("on a hit with a natural {n}+"),
        When::Miss => "on a miss".to_string(),
    };
    let what = match effect {
        OnHit::Ongoing { amount, kind, save } => format!(
            "{amount} ongoing {} damage ({})",
            kind.name(),
            Duration::SaveEnds(save_of(*save))
        ),
        OnHit::Inflict {
            condition,
            lasts,
            hp_at_most,
        } => {
            let name = Words.condition(condition.condition());
            let duration = duration_of(*lasts);
            match hp_at_most {
                Some(n) => format!("{name} ({duration}), if it is left with {n} HP or fewer"),
                None => format!("{name} ({duration})"),
            }
        }
        OnHit::Grab => "the target is grabbed".to_string(),
        OnHit::TempHp(n) => format!("you gain {n} temporary HP"),
        OnHit::Damage(n) => format!("{n} extra damage"),
    };
    format!("{when}: {what}")
}

/// How often an attack or power can be used, when it is limited (AR-39): `None` at will.
pub fn usage(usage: Usage) -> Option<String> {
    match usage {
        Usage::AtWill => None,
        Usage::Daily => Some("daily: used up until a full heal-up".to_string()),
        Usage::Recharge(n) => Some(format!(
            "once a battle: used up until a d20 of {n}+ after the battle recharges it"
        )),
        Usage::Interrupt => Some("an interrupt: once until the end of your next turn".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statblock::{Lasts, SaveKind};
    use crate::vocabulary::{ArchCondition, DamageKind};

    #[test]
    fn effects_and_limited_uses_are_said_in_words() {
        let dazed = OnHit::Inflict {
            condition: ArchCondition::Dazed,
            lasts: Lasts::SaveEnds(SaveKind::Normal),
            hp_at_most: None,
        };
        assert_eq!(
            effect(When::Hit, &dazed),
            "on a hit: dazed (save ends, 11+)"
        );
        let burning = OnHit::Ongoing {
            amount: 5,
            kind: DamageKind::Fire,
            save: SaveKind::Hard,
        };
        assert_eq!(
            effect(When::Miss, &burning),
            "on a miss: 5 ongoing fire damage (save ends, 16+)"
        );
        assert_eq!(usage(Usage::AtWill), None);
        assert!(usage(Usage::Recharge(16)).unwrap().contains("16+"));
    }
}
