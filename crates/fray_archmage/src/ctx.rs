//! The world as resolution sees it for one encounter, with the operations rules share:
//! rolling, dealing damage, healing, spending recoveries, applying effects, engaging.

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;
use fray_core::effect::{EffectSpec, apply_effect};
use fray_core::engagement::{engage, release_all};
use fray_core::prelude::*;
use fray_core::turn::TurnOrder;
use fray_dice::{Dice, DieSource, Roll};

use crate::battle::Archmage;
use crate::fighter::Fighter;
use crate::rules::tier_multiplier;
use crate::sheet::{Sheet, SheetData};

/// The combatant-side system parameters every archmage system shares.
#[derive(SystemParam)]
pub(crate) struct Arch<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub fighters: Query<'w, 's, Fighter>,
    /// What never changes in a fight - roster id, side, compiled sheet - alone: cheaper to
    /// look up than a whole fighter.
    pub fixed: Query<'w, 's, (&'static Combatant, &'static Side, &'static Sheet)>,
    pub engagements: Query<'w, 's, &'static mut Engagement>,
    pub effects: Query<'w, 's, (&'static Effect, &'static EffectOf)>,
}

/// One encounter's resolution context.
pub(crate) struct Ctx<'a, 'w, 's> {
    pub p: &'a mut Arch<'w, 's>,
    pub encounter_entity: Entity,
    pub encounter: &'a mut Encounter,
    pub turn: &'a mut Turn,
    pub rng: &'a mut EncounterRng,
    pub log: &'a mut CombatLog,
    pub roster: &'a Roster,
    pub map: &'a EncounterMap,
    pub battle: &'a mut Archmage,
    pub order: &'a mut TurnOrder,
}

/// An invalid id for combatants that vanished (never happens while the roster is intact).
const NOBODY: CombatantId = CombatantId(u16::MAX);

impl Ctx<'_, '_, '_> {
    pub fn id(&self, e: Entity) -> CombatantId {
        self.p.fixed.get(e).map_or(NOBODY, |(c, _, _)| c.id)
    }

    pub fn side(&self, e: Entity) -> Option<SideId> {
        self.p.fixed.get(e).ok().map(|(_, s, _)| s.0)
    }

    /// The compiled sheet of `e`.
    pub fn sheet(&self, e: Entity) -> Option<&SheetData> {
        self.p.fixed.get(e).ok().map(|(_, _, s)| &*s.0)
    }

    pub fn is_active(&self, e: Entity) -> bool {
        self.p.fighters.get(e).is_ok_and(|f| f.status.is_active())
    }

    /// Caught by an ambush and still in its surprise round (AR-37). Fray's ruling: "only two
    /// creatures get to act in the ambush round", so the ambushed take no reactions either -
    /// no opportunity attacks, intercepts, interrupts or readied actions.
    pub fn surprised(&self, e: Entity) -> bool {
        self.battle.surprise
            && self
                .battle
                .ambush
                .as_ref()
                .is_some_and(|(side, _)| self.side(e) != Some(*side))
    }

    /// Still able to act right now: active and above 0 hit points (vitals catch up with a drop
    /// to 0 after the intent, but an intent cut down by a reaction stops at once).
    pub fn can_act(&self, e: Entity) -> bool {
        self.p
            .fighters
            .get(e)
            .is_ok_and(|f| f.status.is_active() && f.hp.current > 0)
    }

    /// A natural d20 for `who`, with its breakdown when the log records.
    pub fn d20(&mut self) -> (i64, Option<Roll>) {
        if self.log.enabled() {
            let roll = Dice::die(20).roll(&mut *self.rng);
            (roll.total(), Some(roll))
        } else {
            (i64::from(self.rng.roll_die(20)), None)
        }
    }

    /// Rolls dice with a breakdown when logging.
    pub fn roll(&mut self, dice: &Dice) -> (i64, Option<Roll>) {
        if self.log.enabled() {
            let roll = dice.roll(&mut *self.rng);
            (roll.total(), Some(roll))
        } else {
            (dice.roll_total(&mut *self.rng), None)
        }
    }

    /// Logs a check: a d20 roll against a number.
    pub fn log_check(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: i64,
        success: bool,
    ) {
        if let Some(roll) = roll {
            let who = Some(self.id(who));
            self.log.push(LogEvent::Roll {
                who,
                purpose: purpose.to_string(),
                roll,
                target: Some(target),
                success: Some(success),
            });
        }
    }

    pub fn note(&mut self, who: Option<Entity>, text: impl FnOnce() -> String) {
        if self.log.enabled() {
            let who = who.map(|w| self.id(w));
            self.log.push(LogEvent::Note { who, text: text() });
        }
    }

    /// Deals damage (temporary hit points first, AR-33), tallies it for both sides and logs it.
    /// A creature dropped to 0 hit points or below lets go of what it grabs and is let go
    /// (AR-29). Returns hit points lost.
    pub fn deal_damage(
        &mut self,
        target: Entity,
        amount: i32,
        kind: DamageType,
        cause: Option<&str>,
        source: Option<Entity>,
    ) -> i32 {
        let villain = source
            .and_then(|s| self.sheet(s))
            .is_some_and(|s| s.named_villain);
        let Ok(mut f) = self.p.fighters.get_mut(target) else {
            return 0;
        };
        let taken = f.hp.take_damage(amount);
        let total = taken.from_temp + taken.from_hp;
        f.tally.record_damage(total);
        let dropped = f.hp.current <= 0;
        if villain && dropped {
            f.state.dropped_by_villain = true;
        }
        let (id, hp) = (f.combatant.id, f.hp.current);
        if let Some(mut s) = source.and_then(|s| self.p.fighters.get_mut(s).ok()) {
            s.tally.damage_dealt += i64::from(total);
        }
        self.log.record(|| LogEvent::Damage {
            target: id,
            amount: amount.max(0),
            kind,
            absorbed: taken.from_temp,
            hp,
            cause: cause.map(str::to_string),
        });
        if dropped {
            self.end_grabs_involving(target);
        }
        taken.from_hp
    }

    /// Heals, starting from 0 when below it (AR-23), and logs it.
    pub fn heal(&mut self, target: Entity, amount: i32) -> i32 {
        let Ok(mut f) = self.p.fighters.get_mut(target) else {
            return 0;
        };
        let healed = f.hp.heal(amount);
        let (id, hp) = (f.combatant.id, f.hp.current);
        self.log.record(|| LogEvent::Healed {
            target: id,
            amount: healed,
            hp,
        });
        healed
    }

    /// Spends a recovery of `who` and heals it (plus `bonus`): level x recovery die + Con
    /// modifier (x2 at 5, x3 at 8); with no recovery left, half the healing and -1 to defenses
    /// and attacks until a full heal-up (AR-24).
    pub fn use_recovery(&mut self, who: Entity, bonus: i32, purpose: &str) -> i32 {
        let Ok(f) = self.p.fighters.get(who) else {
            return 0;
        };
        let sheet = f.sheet.0.clone();
        let had_one = f.state.recoveries > 0;
        let dice = Dice::pool(u32::from(sheet.level), sheet.recovery_die);
        let (rolled, roll) = self.roll(&dice);
        let bonus_total = sheet.con_mod * tier_multiplier(sheet.level) + bonus;
        let mut amount = rolled as i32 + bonus_total;
        if let Some(roll) = roll {
            let id = self.id(who);
            let roll = roll
                .plus(
                    i64::from(sheet.con_mod * tier_multiplier(sheet.level)),
                    "Con",
                )
                .plus(i64::from(bonus), "bonus");
            self.log.push(LogEvent::Roll {
                who: Some(id),
                purpose: purpose.to_string(),
                roll,
                target: None,
                success: None,
            });
        }
        if let Ok(mut f) = self.p.fighters.get_mut(who) {
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

    /// Applies an effect from `source` to `target`.
    pub fn apply(&mut self, target: Entity, source: Option<Entity>, spec: EffectSpec) {
        let stamp = self
            .encounter
            .effect_stamp(self.encounter_entity, self.turn);
        let id = self.id(target);
        apply_effect(
            &mut self.p.commands,
            stamp,
            self.log,
            (target, id),
            source,
            spec,
        );
    }

    /// Ends an effect now.
    pub fn end_effect(&mut self, effect: Entity, target: Entity) {
        if let Ok((e, _)) = self.p.effects.get(effect) {
            let e = e.clone();
            let id = self.id(target);
            fray_core::effect::end_effect(&mut self.p.commands, effect, &e, Some(id), self.log);
        }
    }

    /// `a` and `b` engage each other (archmage engagement is mutual).
    pub fn engage(&mut self, a: Entity, b: Entity) {
        engage(&mut self.p.engagements, a, b, true);
        let (who, target) = (self.id(a), self.id(b));
        self.log.record(|| LogEvent::Engaged { who, target });
    }

    /// `who` leaves every engagement, and any grab on it or by it ends. Fray's ruling on
    /// "a grabber smaller than its victim can carry it along": statblocks give no physical
    /// size, so a grabber that moves always lets go (AR-29).
    pub fn release_all(&mut self, who: Entity) {
        release_all(&mut self.p.engagements, who);
        self.end_grabs_involving(who);
    }

    /// Ends grabs where `who` is the grabber or the grabbed.
    pub fn end_grabs_involving(&mut self, who: Entity) {
        let grabbed: Vec<Entity> = self
            .roster
            .entities()
            .filter(|&e| {
                self.p.fighters.get(e).is_ok_and(|f| {
                    (e == who && f.state.grabbed_by.is_some()) || f.state.grabbed_by == Some(who)
                })
            })
            .collect();
        for e in grabbed {
            if let Ok(mut f) = self.p.fighters.get_mut(e) {
                f.state.grabbed_by = None;
            }
            let grabs: Vec<Entity> = self
                .p
                .fighters
                .get(e)
                .ok()
                .and_then(|f| f.effects.map(|a| a.iter().collect()))
                .unwrap_or_default();
            for effect in grabs {
                if self
                    .p
                    .effects
                    .get(effect)
                    .is_ok_and(|(x, _)| x.kind == EffectKind::Condition(Condition::Grabbed))
                {
                    self.end_effect(effect, e);
                }
            }
        }
    }

    /// Active enemies of `who` engaged with it.
    pub fn active_foes(&self, who: Entity) -> Vec<Entity> {
        self.p
            .engagements
            .get(who)
            .map(|e| e.foes().filter(|f| self.is_active(*f)).collect())
            .unwrap_or_default()
    }

    /// The region of `who`.
    pub fn region(&self, who: Entity) -> RegionId {
        self.p.fighters.get(who).map_or(RegionId(0), |f| f.region.0)
    }

    /// Moves `who` to a region and logs it.
    pub fn move_to(&mut self, who: Entity, to: RegionId) {
        let Ok(mut f) = self.p.fighters.get_mut(who) else {
            return;
        };
        let from = f.region.0;
        if from == to {
            return;
        }
        f.region.0 = to;
        let id = f.combatant.id;
        self.log.record(|| LogEvent::Moved { who: id, from, to });
    }
}
