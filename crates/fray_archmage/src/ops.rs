//! The operations archmage's rules share, on top of the kit's context: the d20 and checks,
//! damage that remembers named villains and breaks grabs, recoveries, mutual engagement.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_dice::{Dice, Roll};
use smallvec::SmallVec;

use crate::Ctx;
use crate::rules::tier_multiplier;
use crate::sheet::SheetData;
use crate::vocabulary::DamageKind;

/// Archmage's operations on an encounter's context.
pub(crate) trait ArchOps {
    /// The compiled sheet of `e`.
    fn sheet(&self, e: Entity) -> Option<&SheetData>;
    /// Caught by an ambush and still in its surprise round (AR-37).
    fn surprised(&self, e: Entity) -> bool;
    /// Able to act right now: active and above 0 hit points.
    fn can_act(&self, e: Entity) -> bool;
    /// Active enemies of `who` engaged with it.
    fn active_foes(&self, who: Entity) -> SmallVec<[Entity; 8]>;
    /// A natural d20, with its breakdown when the log records.
    fn d20(&mut self) -> (i64, Option<Roll>);
    /// Logs a check: a d20 roll against a number.
    fn log_check(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: i64,
        success: bool,
    );
    /// Damage of an archmage type (see [`deal`](ArchOps::deal)).
    fn deal(
        &mut self,
        target: Entity,
        amount: i32,
        kind: DamageKind,
        cause: Option<&str>,
        source: Option<Entity>,
    ) -> i32;
    /// Spends a recovery of `who` and heals it (plus `bonus`).
    fn use_recovery(&mut self, who: Entity, bonus: i32, purpose: &str) -> i32;
    /// `a` and `b` engage each other (archmage engagement is mutual).
    fn engage_mutually(&mut self, a: Entity, b: Entity);
    /// `who` leaves every engagement, and any grab on it or by it ends.
    fn release_everything(&mut self, who: Entity);
    /// Ends grabs where `who` is the grabber or the grabbed.
    fn end_grabs_involving(&mut self, who: Entity);
}

impl ArchOps for Ctx<'_, '_, '_, '_> {
    fn sheet(&self, e: Entity) -> Option<&SheetData> {
        self.fighter(e).map(|f| &*f.sheet.0)
    }

    /// Fray's ruling: "only two creatures get to act in the ambush round", so the ambushed take
    /// no reactions either - no opportunity attacks, intercepts, interrupts or readied actions.
    fn surprised(&self, e: Entity) -> bool {
        let battle = self.battle();
        battle.surprise
            && battle
                .ambush
                .as_ref()
                .is_some_and(|(side, _)| self.side(e) != Some(*side))
    }

    /// Vitals catch up with a drop to 0 after the intent, but an intent cut down by a reaction
    /// stops at once.
    fn can_act(&self, e: Entity) -> bool {
        self.is_active(e) && self.hp(e).is_some_and(|hp| hp.current > 0)
    }

    fn active_foes(&self, who: Entity) -> SmallVec<[Entity; 8]> {
        self.foes(who).filter(|f| self.is_active(*f)).collect()
    }

    fn d20(&mut self) -> (i64, Option<Roll>) {
        let rolled = self.roll_die(20);
        (rolled.total, rolled.roll)
    }

    fn log_check(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: i64,
        success: bool,
    ) {
        self.log_roll(who, purpose, roll, Some(target), Some(success));
    }

    /// Deals damage (temporary hit points first, AR-33), tallied for both sides and logged. A
    /// creature dropped to 0 hit points or below lets go of what it grabs and is let go
    /// (AR-29); one dropped by a named villain remembers it (AR-41). Returns hit points lost.
    fn deal(
        &mut self,
        target: Entity,
        amount: i32,
        kind: DamageKind,
        cause: Option<&str>,
        source: Option<Entity>,
    ) -> i32 {
        let villain = source
            .and_then(|s| self.sheet(s))
            .is_some_and(|s| s.named_villain);
        if self.hp(target).is_none() {
            return 0;
        }
        let taken = self.deal_damage(target, amount, kind.code(), cause, source);
        let dropped = self.hp(target).is_some_and(|hp| hp.current <= 0);
        if villain
            && dropped
            && let Some(mut f) = self.fighter_mut(target)
        {
            f.state.dropped_by_villain = true;
        }
        if dropped {
            self.end_grabs_involving(target);
        }
        taken.from_hp
    }

    /// Level x recovery die + Con modifier (x2 at 5, x3 at 8); with no recovery left, half the
    /// healing and -1 to defenses and attacks until a full heal-up (AR-24).
    fn use_recovery(&mut self, who: Entity, bonus: i32, purpose: &str) -> i32 {
        let Some(f) = self.fighter(who) else {
            return 0;
        };
        let sheet = f.sheet.0.clone();
        let had_one = f.state.recoveries > 0;
        let dice = Dice::pool(u32::from(sheet.level), sheet.recovery_die);
        let rolled = self.roll(&dice);
        let con = sheet.con_mod.saturating_mul(tier_multiplier(sheet.level));
        let mut amount = i32::try_from(rolled.total)
            .unwrap_or(i32::MAX)
            .saturating_add(con)
            .saturating_add(bonus);
        if let Some(roll) = rolled.roll {
            let roll = roll
                .plus(i64::from(con), "Con")
                .plus(i64::from(bonus), "bonus");
            self.log_roll(who, purpose, Some(roll), None, None);
        }
        if let Some(mut f) = self.fighter_mut(who) {
            if had_one {
                f.state.recoveries -= 1;
            } else {
                f.state.recovery_debt = f.state.recovery_debt.saturating_add(1);
                amount /= 2;
            }
        }
        if !had_one {
            self.note(Some(who), || "has no recovery left: half healing, and -1 to defenses and attacks until a full heal-up.".into());
        }
        self.heal(who, amount.max(0))
    }

    fn engage_mutually(&mut self, a: Entity, b: Entity) {
        self.engage(a, b, true);
    }

    /// Fray's ruling on "a grabber smaller than its victim can carry it along": statblocks give
    /// no physical size, so a grabber that moves always lets go (AR-29).
    fn release_everything(&mut self, who: Entity) {
        self.release_all(who);
        self.end_grabs_involving(who);
    }

    fn end_grabs_involving(&mut self, who: Entity) {
        let entries = self.roster().entries.len();
        for i in 0..entries {
            let Some(e) = self.roster().get(CombatantId(i as u16)).map(|r| r.entity) else {
                continue;
            };
            let held = self.fighter(e).is_some_and(|f| {
                (e == who && f.state.grabbed_by.is_some()) || f.state.grabbed_by == Some(who)
            });
            if !held {
                continue;
            }
            if let Some(mut f) = self.fighter_mut(e) {
                f.state.grabbed_by = None;
            }
            let grabs: SmallVec<[u32; 4]> = self
                .effects(e)
                .map(|list| {
                    list.iter()
                        .filter(|x| x.kind == EffectKind::Condition(Condition::GRABBED))
                        .map(|x| x.serial)
                        .collect()
                })
                .unwrap_or_default();
            for serial in grabs {
                self.end_effect(e, serial);
            }
        }
    }
}
