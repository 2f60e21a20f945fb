//! One encounter as resolution sees it, and the operations the rules share: rolling pools,
//! spending time, dealing damage, applying effects, engaging, moving, and taking a combatant
//! out of the fight.

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::system::SystemParam;
use fray_core::effect::{EffectSpec, apply_effect};
use fray_core::engagement::{engage, release_all, stop_engaging};
use fray_core::prelude::*;
use fray_dice::{Dice, Roll};

use crate::fighter::{Fighter, Penalty, able};
use crate::rules::seconds;
use crate::sheet::SheetWeapon;
use crate::state::Oho;
use crate::vitals::{innate, standing, worse};

/// The combatant-side system parameters OHO's systems share.
#[derive(SystemParam)]
pub(crate) struct Params<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub fighters: Query<'w, 's, Fighter>,
    pub engagements: Query<'w, 's, &'static mut Engagement>,
}

/// The encounter components OHO's systems work on (the `Oho` marker keeps other rulesets'
/// encounters out).
#[derive(QueryData)]
#[query_data(mutable)]
pub(crate) struct EncounterParts {
    pub entity: Entity,
    pub encounter: &'static mut Encounter,
    pub turn: &'static mut Turn,
    pub rng: &'static mut EncounterRng,
    pub log: &'static mut CombatLog,
    pub roster: &'static Roster,
    pub map: &'static EncounterMap,
    pub battle: &'static mut Oho,
}

/// One encounter's resolution context.
pub(crate) struct Ctx<'a, 'w, 's> {
    pub p: &'a mut Params<'w, 's>,
    pub encounter_entity: Entity,
    pub encounter: &'a mut Encounter,
    pub turn: &'a mut Turn,
    pub rng: &'a mut EncounterRng,
    pub log: &'a mut CombatLog,
    pub roster: &'a Roster,
    pub map: &'a EncounterMap,
    pub battle: &'a mut Oho,
}

impl<'a, 'w, 's> Ctx<'a, 'w, 's> {
    /// The context of one encounter of a system's [`EncounterParts`] query.
    pub fn new(p: &'a mut Params<'w, 's>, parts: &'a mut EncounterPartsItem<'_, '_>) -> Self {
        Self {
            p,
            encounter_entity: parts.entity,
            encounter: &mut parts.encounter,
            turn: &mut parts.turn,
            rng: &mut parts.rng,
            log: &mut parts.log,
            roster: parts.roster,
            map: parts.map,
            battle: &mut parts.battle,
        }
    }
}

/// An id for combatants that vanished (never happens while the roster is intact).
const NOBODY: CombatantId = CombatantId(u16::MAX);

/// A rolled pool or dice: the total and, when the log records, the breakdown.
pub(crate) struct Rolled {
    pub total: i64,
    pub roll: Option<Roll>,
}

impl Ctx<'_, '_, '_> {
    pub fn id(&self, e: Entity) -> CombatantId {
        self.p.fighters.get(e).map_or(NOBODY, |f| f.combatant.id)
    }

    pub fn side(&self, e: Entity) -> Option<SideId> {
        self.p.fighters.get(e).ok().map(|f| f.side.0)
    }

    /// Able to act right now: active and not disabled.
    pub fn can_act(&self, e: Entity) -> bool {
        self.p
            .fighters
            .get(e)
            .is_ok_and(|f| able(*f.status, f.conditions))
    }

    /// Weapon `attack` of `who`, if both exist.
    pub fn weapon(&self, who: Entity, attack: AttackId) -> Option<&SheetWeapon> {
        self.p
            .fighters
            .get(who)
            .ok()
            .and_then(|f| f.sheet.0.weapons.get(attack.index()))
    }

    pub fn region(&self, e: Entity) -> RegionId {
        self.p.fighters.get(e).map_or(RegionId(0), |f| f.region.0)
    }

    pub fn engaging(&self, who: Entity, target: Entity) -> bool {
        self.p
            .engagements
            .get(who)
            .is_ok_and(|e| e.engaging().contains(&target))
    }

    /// Whether `who` engages fewer creatures than it may: one, more with Toughness (OHO-13).
    pub fn has_room_to_engage(&self, who: Entity) -> bool {
        let limit = self
            .p
            .fighters
            .get(who)
            .map_or(0, |f| usize::from(f.sheet.0.engage_limit));
        self.p
            .engagements
            .get(who)
            .is_ok_and(|e| e.engaging().len() < limit)
    }

    /// Rolls a pool of `dice` d6 (OHO-07) less a penalty: the sum of the dice left, less the
    /// flat part.
    pub fn pool(&mut self, dice: u8, penalty: Penalty) -> Rolled {
        let count = u32::from(dice.saturating_sub(penalty.dice));
        if self.log.enabled() {
            let roll = Dice::pool(count, 6)
                .roll(&mut *self.rng)
                .plus(-penalty.flat, "penalty");
            Rolled {
                total: roll.total(),
                roll: Some(roll),
            }
        } else {
            Rolled {
                total: Dice::pool_total(count, 6, &mut *self.rng) - penalty.flat,
                roll: None,
            }
        }
    }

    /// Rolls one die of `sides` sides, with the breakdown when the log records.
    pub fn roll_die(&mut self, sides: u32) -> Rolled {
        if self.log.enabled() {
            self.roll(&Dice::die(sides))
        } else {
            Rolled {
                total: Dice::pool_total(1, sides, &mut *self.rng),
                roll: None,
            }
        }
    }

    /// Rolls dice, with the breakdown when the log records.
    pub fn roll(&mut self, dice: &Dice) -> Rolled {
        if self.log.enabled() {
            let roll = dice.roll(&mut *self.rng);
            Rolled {
                total: roll.total(),
                roll: Some(roll),
            }
        } else {
            Rolled {
                total: dice.roll_total(&mut *self.rng),
                roll: None,
            }
        }
    }

    /// One die of `sides` sides, logged as a roll of `who` for `purpose`.
    pub fn die(&mut self, sides: u32, who: Entity, purpose: &str) -> i64 {
        let rolled = self.roll_die(sides);
        self.log_roll(who, purpose, rolled.roll, None, None);
        rolled.total
    }

    /// Logs a roll (when the log records; `roll` is `None` otherwise).
    pub fn log_roll(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: Option<i64>,
        success: Option<bool>,
    ) {
        if let Some(roll) = roll {
            let who = Some(self.id(who));
            self.log.push(LogEvent::Roll {
                who,
                purpose: purpose.to_string(),
                roll,
                target,
                success,
            });
        }
    }

    /// Logs a note about `who`.
    pub fn note(&mut self, who: Option<Entity>, text: impl FnOnce() -> String) {
        if self.log.enabled() {
            let who = who.map(|w| self.id(w));
            self.log.push(LogEvent::Note { who, text: text() });
        }
    }

    /// Spends time from `who`'s gauge and logs what is left (OHO-01).
    pub fn spend(&mut self, who: Entity, tenths: u16) {
        let Ok(mut f) = self.p.fighters.get_mut(who) else {
            return;
        };
        f.atg.remaining = f.atg.remaining.saturating_sub(tenths);
        let (id, left) = (f.combatant.id, f.atg.remaining);
        self.log.record(|| LogEvent::Spent {
            who: id,
            cost: Cost::Seconds(tenths),
            left: format!("{} left", seconds(left)),
        });
    }

    /// Takes `amount` off `target`'s health and logs it.
    pub fn deal_damage(
        &mut self,
        target: Entity,
        amount: i64,
        kind: DamageType,
        source: Option<Entity>,
        cause: Option<String>,
    ) {
        let amount = i32::try_from(amount).unwrap_or(i32::MAX);
        let Ok(mut f) = self.p.fighters.get_mut(target) else {
            return;
        };
        let taken = f.hp.take_damage(amount);
        let total = taken.from_hp + taken.from_temp;
        f.tally.record_damage(total);
        let (id, hp) = (f.combatant.id, f.hp.current);
        if let Some(mut s) = source.and_then(|s| self.p.fighters.get_mut(s).ok()) {
            s.tally.damage_dealt += i64::from(total);
        }
        self.log.record(|| LogEvent::Damage {
            target: id,
            amount,
            kind,
            absorbed: taken.from_temp,
            hp,
            cause,
        });
    }

    /// Applies an effect to `target`.
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

    /// Puts an innate condition on `target` (disabled, dying: states of the creature itself).
    pub fn set_innate(&mut self, target: Entity, c: Condition) {
        let Ok(mut f) = self.p.fighters.get_mut(target) else {
            return;
        };
        if f.conditions.has(c) {
            return;
        }
        f.conditions.set_innate(c, true);
        let id = f.combatant.id;
        self.log.record(|| LogEvent::EffectApplied {
            target: id,
            effect: c.to_string(),
        });
    }

    /// `who` engages `target`: one-way (OHO-13).
    pub fn engage(&mut self, who: Entity, target: Entity) {
        engage(&mut self.p.engagements, who, target, false);
        let (a, b) = (self.id(who), self.id(target));
        self.log.record(|| LogEvent::Engaged { who: a, target: b });
    }

    /// `who` stops engaging `target`. Engagement is one-way (OHO-13): if `target` engages `who`
    /// too, that engagement stays.
    pub fn release(&mut self, who: Entity, target: Entity) {
        stop_engaging(&mut self.p.engagements, who, target);
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

    /// Brings `who`'s status in line with its state (see [`crate::vitals`]): innate conditions,
    /// then down or dead; a fallen combatant's engagements end and its withheld action is lost.
    pub fn update_status(&mut self, who: Entity) {
        let Ok(mut f) = self.p.fighters.get_mut(who) else {
            return;
        };
        let sheet = f.sheet.0.clone();
        let mut newly: Vec<Condition> = Vec::new();
        for (c, on) in innate(&f.hp, &f.state, &sheet) {
            if on && !f.conditions.has(c) {
                newly.push(c);
            }
            if f.conditions.has(c) != on && (on || c == Condition::Exhausted) {
                f.conditions.set_innate(c, on);
            }
        }
        let before = *f.status;
        let after = worse(before, standing(&f.hp, &f.conditions, &f.state, &sheet));
        let id = f.combatant.id;
        if after != before {
            *f.status = after;
            f.state.withheld = None;
        }
        for c in newly {
            self.log.record(|| LogEvent::EffectApplied {
                target: id,
                effect: c.to_string(),
            });
        }
        if after != before {
            self.log.record(|| LogEvent::StatusChanged {
                who: id,
                status: after,
            });
            release_all(&mut self.p.engagements, who);
        }
    }
}
