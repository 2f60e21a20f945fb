//! Saving throws (BX-07): a d20 against the value of the category, from the character's class
//! table or the monster table by hit dice (BX-26). A failed save before a caster acts costs it
//! its declared spell (BX-21).

use bevy_ecs::prelude::*;

use crate::Ctx;
use crate::disruption::disrupt;
use crate::tables::SaveCategory;

/// Chance a d20 of at least `value` comes up: a save's chance.
pub fn chance(value: i32) -> f32 {
    let faces = (21 - value).clamp(0, 20);
    faces as f32 / 20.0
}

/// `who` saves versus `category` with `bonus` added to the roll, logged. Returns whether it
/// saved.
pub fn save(ctx: &mut Ctx, who: Entity, category: SaveCategory, bonus: i32) -> bool {
    let value = ctx
        .fighter(who)
        .map_or(20, |f| f.sheet.0.saves.get(category));
    let rolled = ctx.roll_die(20);
    let total = rolled.total.saturating_add(i64::from(bonus));
    let saved = total >= i64::from(value);
    if let Some(roll) = rolled.roll {
        let roll = if bonus != 0 {
            roll.plus(i64::from(bonus), "bonus")
        } else {
            roll
        };
        let purpose = format!("save versus {}", category.name());
        ctx.log_roll(
            who,
            &purpose,
            Some(roll),
            Some(i64::from(value)),
            Some(saved),
        );
    }
    if !saved {
        disrupt(ctx, who, "fails a saving throw");
    }
    saved
}
