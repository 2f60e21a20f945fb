//! Rolls of damage, healing and the injury table's dice, each logged with a breakdown that adds
//! up to its total (CORE-05), as the other rulesets log theirs.

use bevy_ecs::prelude::*;
use fray_dice::Dice;

use crate::Ctx;

/// Rolls `dice` plus `bonus` for `who`, logged for `purpose` (worked out only when the log
/// records). The total is the dice's plus the bonus, saturating, whether the log records or
/// not: the same faces are drawn either way.
pub fn logged(
    ctx: &mut Ctx,
    who: Entity,
    purpose: impl FnOnce(&Ctx) -> String,
    dice: &Dice,
    bonus: i64,
) -> i64 {
    if !ctx.logging() {
        return ctx.roll(dice).total.saturating_add(bonus);
    }
    // Written out with its bonus, so the breakdown adds up to what is dealt or healed.
    let rolled = ctx.roll(&dice.plus(bonus));
    let purpose = purpose(ctx);
    ctx.log_roll(who, &purpose, rolled.roll, None, None);
    rolled.total
}
