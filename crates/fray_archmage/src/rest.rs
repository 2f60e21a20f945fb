//! Between fights: quick rests and full heal-ups (AR-39).

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_dice::DieSource;

use crate::sheet::Sheet;
use crate::statblock::Usage;
use crate::state::ArchState;

/// What a quick rest did for one hero.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RestReport {
    /// Recoveries spent.
    pub recoveries_spent: u8,
    /// Hit points regained.
    pub healed: i32,
    /// Recharge powers rolled for: (attack name, roll, kept).
    pub recharges: Vec<(String, u32, bool)>,
}

/// A quick rest for `hero`: it spends recoveries while it is staggered (it must heal when
/// staggered) and has recoveries left, and rolls a d20 for each recharge power it used: at or
/// above the power's number it comes back (AR-39). Dice come from `dice` (the campaign's
/// stream). Returns `None` for an entity that is not an archmage hero.
pub fn quick_rest(
    world: &mut World,
    hero: Entity,
    dice: &mut impl DieSource,
) -> Option<RestReport> {
    let mut entity = world.get_entity_mut(hero).ok()?;
    let sheet = entity.get::<Sheet>()?.0.clone();
    if !sheet.hero {
        return None;
    }
    let mut report = RestReport::default();
    let recovery = sheet.recovery_dice();
    loop {
        let (staggered, left) = {
            let hp = entity.get::<Hp>()?;
            let state = entity.get::<ArchState>()?;
            (hp.current * 2 <= hp.max, state.recoveries)
        };
        if !staggered || left == 0 {
            break;
        }
        let amount = recovery.roll_total(dice).max(0) as i32;
        entity.get_mut::<ArchState>()?.recoveries -= 1;
        let healed = entity.get_mut::<Hp>()?.heal(amount);
        report.recoveries_spent += 1;
        report.healed += healed;
    }
    let mut state = entity.get_mut::<ArchState>()?;
    for (i, attack) in sheet.attacks.iter().enumerate() {
        if let Usage::Recharge(needed) = attack.def.usage
            && state.attacks_spent.get(i).copied().unwrap_or(false)
        {
            let roll = dice.roll_die(20);
            let kept = roll >= u32::from(needed);
            if kept {
                state.attacks_spent[i] = false;
            }
            report.recharges.push((attack.def.name.clone(), roll, kept));
        }
    }
    for (i, power) in sheet.powers.iter().enumerate() {
        if let Usage::Recharge(needed) = power.def.usage
            && state.powers_spent.get(i).copied().unwrap_or(false)
        {
            let roll = dice.roll_die(20);
            let kept = roll >= u32::from(needed);
            if kept {
                state.powers_spent[i] = false;
            }
            report.recharges.push((power.def.name.clone(), roll, kept));
        }
    }
    Some(report)
}

/// A full heal-up: hit points to full, every recovery and power back, lasting wounds and the
/// missing-recovery penalty gone (AR-39, AR-24, AR-41). `base_max` is the hero's maximum hit
/// points without lasting wounds (its statblock's).
pub fn full_heal_up(world: &mut World, hero: Entity, base_max: i32) -> bool {
    let Ok(mut entity) = world.get_entity_mut(hero) else {
        return false;
    };
    let Some(sheet) = entity.get::<Sheet>().map(|s| s.0.clone()) else {
        return false;
    };
    if let Some(mut hp) = entity.get_mut::<Hp>() {
        *hp = Hp::new(base_max);
    }
    if let Some(mut state) = entity.get_mut::<ArchState>() {
        *state = ArchState {
            recoveries: sheet.recoveries,
            attacks_spent: vec![false; sheet.attacks.len()],
            powers_spent: vec![false; sheet.powers.len()],
            ..ArchState::default()
        };
    }
    if let Some(mut status) = entity.get_mut::<Status>()
        && *status == Status::Down
    {
        *status = Status::Active;
    }
    true
}
