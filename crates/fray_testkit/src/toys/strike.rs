//! Attacks as every toy makes them: a d20 plus a bonus against a defense, fixed damage on a
//! hit; their exact odds; who may still act; and death at 0 hit points.

use bevy_ecs::component::Mutable;
use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use fray_core::combatant::{Hp, Status};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::{Ctx, RulesBase};
use fray_core::log::LogEvent;
use fray_core::preview::Preview;
use fray_dice::Roll;

use crate::toys::words::{MELEE, PLAIN};
use crate::toys::{ToyFighter, ToyStats};

/// An attack roll: the natural d20, the total, and the dice when the log records.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Swing {
    /// The d20.
    pub natural: i64,
    /// The d20 plus the bonus.
    pub total: i64,
    /// The dice and the bonus, when the log records.
    pub roll: Option<Roll>,
}

/// A swing refers to nobody: as a resolution's pause (the `pause` toy's), nothing to remap.
impl MapEntities for Swing {
    fn map_entities<M: EntityMapper>(&mut self, _mapper: &mut M) {}
}

/// Rolls a d20 and adds `bonus`.
pub fn swing<R: RulesBase>(ctx: &mut Ctx<R>, bonus: i32) -> Swing {
    let rolled = ctx.roll_die(20);
    Swing {
        natural: rolled.total,
        total: rolled.total + i64::from(bonus),
        roll: rolled.roll.map(|r| r.plus(i64::from(bonus), "attack")),
    }
}

/// Judges `swing` against `defense` (a hit when the total reaches it) and logs the attack as
/// `name`. Returns whether it hit.
pub fn judge<R: RulesBase>(
    ctx: &mut Ctx<R>,
    (attacker, target): (Entity, Entity),
    name: &str,
    swing: &Swing,
    defense: i32,
) -> bool {
    let against = i64::from(defense);
    let hit = swing.total >= against;
    if let Some(roll) = swing.roll.clone() {
        let event = LogEvent::Attack {
            attacker: ctx.id(attacker),
            target: ctx.id(target),
            attack: name.to_string(),
            roll,
            defense: "defense".to_string(),
            against,
            hit,
            crit: false,
        };
        ctx.log_mut().push(event);
    }
    hit
}

/// `attacker` attacks `target`: a d20 plus `bonus` against `defense`, `damage` on a hit, all
/// logged as `name`. Returns whether it hit.
pub fn strike<R: RulesBase>(
    ctx: &mut Ctx<R>,
    (attacker, target): (Entity, Entity),
    name: &str,
    (bonus, damage): (i32, i32),
    defense: i32,
) -> bool {
    let roll = swing(ctx, bonus);
    let hit = judge(ctx, (attacker, target), name, &roll, defense);
    if hit {
        ctx.deal_damage(target, damage, PLAIN, None, Some(attacker));
    }
    hit
}

/// The chance a d20 plus `bonus` reaches `defense`.
pub fn hit_chance(bonus: i32, defense: i32) -> f32 {
    (21 - (defense - bonus)).clamp(0, 20) as f32 / 20.0
}

/// What an attack of `bonus` and `damage` against `defense` would do to a target with `hp`.
pub fn attack_preview(bonus: i32, damage: i32, defense: i32, hp: Option<Hp>) -> Preview {
    let hit = hit_chance(bonus, defense);
    let kills = hp.is_some_and(|hp| hp.current <= damage);
    Preview {
        hit_chance: hit,
        damage_on_hit: damage as f32,
        damage_range: {
            let dealt = u32::try_from(damage.max(0)).unwrap_or(0);
            [dealt, dealt]
        },
        expected_damage: hit * damage as f32,
        kill_chance: if kills { hit } else { 0.0 },
        ..Preview::default()
    }
}

/// An attack with a toy combatant's melee attack on `target`.
pub fn melee(target: Entity) -> Intent {
    Intent::Attack {
        target,
        attack: MELEE,
        maneuver: Maneuver::STANDARD,
    }
}

/// A toy combatant's numbers.
pub fn stats<R, S>(ctx: &Ctx<R>, who: Entity) -> Option<ToyStats>
where
    R: RulesBase<Fighter = ToyFighter<S>>,
    S: Component<Mutability = Mutable>,
{
    ctx.fighter(who).map(|f| *f.stats)
}

/// `attacker` strikes `target` with its melee attack, against the target's defense, logged as
/// `name`. Returns whether it hit.
pub fn melee_strike<R, S>(
    ctx: &mut Ctx<R>,
    (attacker, target): (Entity, Entity),
    name: &str,
) -> bool
where
    R: RulesBase<Fighter = ToyFighter<S>>,
    S: Component<Mutability = Mutable>,
{
    let Some(me) = stats(ctx, attacker) else {
        return false;
    };
    let defense = stats(ctx, target).map_or(0, |t| t.defense);
    strike(
        ctx,
        (attacker, target),
        name,
        (me.attack, me.damage),
        defense,
    )
}

/// What `actor`'s melee attack would do to `target`.
pub fn melee_preview<R, S>(ctx: &Ctx<R>, actor: Entity, target: Entity) -> Preview
where
    R: RulesBase<Fighter = ToyFighter<S>>,
    S: Component<Mutability = Mutable>,
{
    match (stats(ctx, actor), stats(ctx, target)) {
        (Some(me), Some(them)) => {
            attack_preview(me.attack, me.damage, them.defense, ctx.hp(target))
        }
        _ => Preview::default(),
    }
}

/// Able to act now: in the fight, with hit points left (damage dealt while an intent resolves
/// reaches the status only after it, through the vitals).
pub fn can_act<R: RulesBase>(ctx: &Ctx<R>, who: Entity) -> bool {
    ctx.is_active(who) && ctx.hp(who).is_some_and(|hp| hp.current > 0)
}

/// The vitals of every toy: at 0 hit points or below, a combatant still in the fight dies (in
/// a simultaneous step, when the step ends).
pub fn fall<R: RulesBase>(ctx: &mut Ctx<R>, who: Entity) {
    if ctx.hp(who).is_some_and(|hp| hp.current <= 0) && ctx.status(who).takes_turns() {
        ctx.set_status(who, Status::Dead);
    }
}
