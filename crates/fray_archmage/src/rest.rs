//! Between fights: quick rests and full heal-ups (AR-39).

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_dice::DieSource;

use crate::rules::lasting_wound;
use crate::sheet::Sheet;
use crate::statblock::Usage;
use crate::state::ArchState;

/// How many recoveries a hero spends at a quick rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RestHealing {
    /// Only what the rule demands: a staggered hero must heal, so it spends recoveries until it
    /// is no longer staggered (or has none left).
    #[default]
    WhileStaggered,
    /// As many as it has, until its hit points are full ("as many recoveries as you have
    /// available").
    ToFull,
}

/// What a quick rest did for one hero.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RestReport {
    /// Recoveries spent.
    pub recoveries_spent: u8,
    /// Hit points regained.
    pub healed: i32,
    /// Recharge powers rolled for: (attack or power name, roll, kept).
    pub recharges: Vec<(String, u32, bool)>,
}

/// A quick rest for `hero` after a fight: it spends recoveries as `healing` says (each heals
/// level x recovery die + Con modifier, from 0 if it was below), wakes up if that brings it
/// above 0 hit points, and rolls a d20 for each recharge attack or power it used: at or above
/// the power's number it comes back for the next battle (AR-39). Dice come from `dice` (the
/// campaign's stream). Returns `None` for an entity that is not a living archmage hero.
pub fn quick_rest(
    world: &mut World,
    hero: Entity,
    healing: RestHealing,
    dice: &mut impl DieSource,
) -> Option<RestReport> {
    let mut entity = world.get_entity_mut(hero).ok()?;
    let sheet = entity.get::<Sheet>()?.0.clone();
    if !sheet.hero || entity.get::<Status>() == Some(&Status::Dead) {
        return None;
    }
    let mut report = RestReport::default();
    let recovery = sheet.recovery_dice();
    loop {
        let (wants, left) = {
            let hp = entity.get::<Hp>()?;
            let state = entity.get::<ArchState>()?;
            let wants = match healing {
                RestHealing::WhileStaggered => hp.current * 2 <= hp.max,
                RestHealing::ToFull => hp.current < hp.max,
            };
            (wants, state.recoveries)
        };
        if !wants || left == 0 {
            break;
        }
        let amount = recovery.roll_total(dice).max(0) as i32;
        entity.get_mut::<ArchState>()?.recoveries -= 1;
        let healed = entity.get_mut::<Hp>()?.heal(amount);
        report.recoveries_spent += 1;
        report.healed += healed;
    }
    if entity.get::<Hp>()?.current > 0 {
        wake(&mut entity);
    }
    let mut state = entity.get_mut::<ArchState>()?;
    let state = &mut *state;
    let attacks = sheet.attacks.iter().map(|a| (&a.def.name, a.def.usage));
    let powers = sheet.powers.iter().map(|p| (&p.def.name, p.def.usage));
    for (uses, list) in [
        (&mut state.attacks_spent, attacks.collect::<Vec<_>>()),
        (&mut state.powers_spent, powers.collect::<Vec<_>>()),
    ] {
        for (i, (name, usage)) in list.into_iter().enumerate() {
            if let Usage::Recharge(needed) = usage
                && uses.spent(i)
            {
                let roll = dice.roll_die(20);
                let kept = roll >= u32::from(needed);
                if kept {
                    uses.restore(i);
                }
                report.recharges.push((name.clone(), roll, kept));
            }
        }
    }
    Some(report)
}

/// A full heal-up: hit points to full (the maximum without lasting wounds), every recovery and
/// power back, lasting wounds and the missing-recovery penalty gone, conscious again (AR-39,
/// AR-24, AR-41). Returns false for an entity that is not a living archmage combatant.
pub fn full_heal_up(world: &mut World, hero: Entity) -> bool {
    let Ok(mut entity) = world.get_entity_mut(hero) else {
        return false;
    };
    if entity.get::<Status>() == Some(&Status::Dead) {
        return false;
    }
    let (Some(sheet), Some(state), Some(hp)) = (
        entity.get::<Sheet>().map(|s| s.0.clone()),
        entity.get::<ArchState>(),
        entity.get::<Hp>(),
    ) else {
        return false;
    };
    let max = hp.max + i32::from(state.lasting_wounds) * lasting_wound(sheet.level);
    if let Some(mut hp) = entity.get_mut::<Hp>() {
        *hp = Hp::new(max);
    }
    if let Some(mut state) = entity.get_mut::<ArchState>() {
        *state = ArchState {
            recoveries: sheet.recoveries,
            ..ArchState::default()
        };
    }
    wake(&mut entity);
    true
}

/// A fallen hero with hit points above 0 after the fight is conscious again (a comatose one
/// too: the fight is over, so it is out of danger, AR-41). One carried off the field when its
/// party fled keeps the status `Fled`, the battle's record, but wakes all the same.
fn wake(entity: &mut EntityWorldMut) {
    if let Some(mut status) = entity.get_mut::<Status>()
        && *status == Status::Down
    {
        *status = Status::Active;
    }
    if let Some(mut state) = entity.get_mut::<ArchState>() {
        state.regain_consciousness();
        state.coma = false;
    }
    if let Some(mut conditions) = entity.get_mut::<Conditions>() {
        for c in [
            Condition::UNCONSCIOUS,
            Condition::HELPLESS,
            Condition::STABILIZED,
        ] {
            conditions.set_innate(c, false);
        }
    }
}
