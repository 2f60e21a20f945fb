//! When an OHO combatant is out of the fight.
//!
//! The rule text has no hit points and no "down": Fray decides it here, so every fight ends.
//! A combatant is **dead** ([`Status::Dead`]) when
//! - it failed the Fortitude roll it makes at the start of each turn while dying,
//! - its exhaustion reached level 6 (OHO-21), or
//! - its health fell to minus its maximum.
//!
//! It is **down** ([`Status::Down`]: alive, out of the fight, still taking turns for its
//! start-of-turn rolls) when
//! - it is disabled: a Fortitude roll failed by more than 20 (OHO-11), a failed bleeding roll
//!   (OHO-17), health at 0 or less, or as many injuries as its statblock's `injury_limit`,
//! - it is dying: a Fortitude roll failed by more than 30 (OHO-11), or a failed bleeding roll
//!   while already disabled, or
//! - it is unconscious from exhaustion level 5 (OHO-21).
//!
//! Nothing in the rule text heals in a fight, so a combatant never comes back from down. When
//! it falls, every engagement to or from it ends and its withheld action is lost: its foes turn
//! to others.

use fray_core::prelude::*;

use crate::sheet::SheetData;
use crate::state::OhoState;
use crate::vocabulary::DISABLED;

/// The status a combatant's state calls for (before the "never better than before" rule of
/// [`worse`]).
///
/// ```
/// use fray_core::prelude::*;
/// use fray_oho::state::OhoState;
/// use fray_oho::vitals::standing;
/// let sheet = fray_oho::sheet::SheetData::default();
/// let mut hp = Hp::new(10);
/// let conditions = Conditions::default();
/// let mut state = OhoState::default();
/// assert_eq!(standing(&hp, &conditions, &state, &sheet), Status::Active);
/// hp.current = 0;
/// assert_eq!(standing(&hp, &conditions, &state, &sheet), Status::Down);
/// state.exhaustion = 6;
/// assert_eq!(standing(&hp, &conditions, &state, &sheet), Status::Dead);
/// ```
pub fn standing(hp: &Hp, c: &Conditions, state: &OhoState, sheet: &SheetData) -> Status {
    if state.dead || state.exhaustion >= crate::rules::MAX_EXHAUSTION || hp.current <= -hp.max {
        Status::Dead
    } else if c.has(DISABLED)
        || c.has(Condition::DYING)
        || c.has(Condition::UNCONSCIOUS)
        || state.exhaustion >= 5
        || hp.current <= 0
        || sheet.injury_limit.is_some_and(|l| state.injuries >= l)
    {
        Status::Down
    } else {
        Status::Active
    }
}

/// The worse of the status a combatant has and the one its state calls for: nobody gets up
/// again, and a combatant that fled or surrendered stays so.
pub fn worse(now: Status, called_for: Status) -> Status {
    let rank = |s: Status| match s {
        Status::Active => 0,
        Status::Down => 1,
        Status::Dead => 2,
        Status::Fled | Status::Surrendered => 3,
    };
    if rank(called_for) > rank(now) && rank(now) < 3 {
        called_for
    } else {
        now
    }
}

/// The innate conditions a combatant's state implies: disabled at 0 health or at its injury
/// limit, unconscious from exhaustion level 5, exhausted from level 1 (OHO-21).
pub fn innate(hp: &Hp, state: &OhoState, sheet: &SheetData) -> [(Condition, bool); 3] {
    let disabled = hp.current <= 0 || sheet.injury_limit.is_some_and(|l| state.injuries >= l);
    [
        (DISABLED, disabled),
        (Condition::UNCONSCIOUS, state.exhaustion >= 5),
        (Condition::EXHAUSTED, state.exhaustion >= 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_the_fight_by_disability_dying_exhaustion_and_health() {
        let mut sheet = SheetData::default();
        let hp = Hp::new(10);
        let state = OhoState::default();
        for c in [DISABLED, Condition::DYING, Condition::UNCONSCIOUS] {
            let mut conditions = Conditions::default();
            conditions.set_innate(c, true);
            assert_eq!(standing(&hp, &conditions, &state, &sheet), Status::Down);
        }
        let low = Hp { current: -10, ..hp };
        assert_eq!(
            standing(&low, &Conditions::default(), &state, &sheet),
            Status::Dead
        );
        sheet.injury_limit = Some(2);
        let hurt = OhoState {
            injuries: 2,
            ..OhoState::default()
        };
        assert_eq!(
            standing(&hp, &Conditions::default(), &hurt, &sheet),
            Status::Down
        );
        assert_eq!(worse(Status::Down, Status::Active), Status::Down);
        assert_eq!(worse(Status::Fled, Status::Dead), Status::Fled);
        assert_eq!(worse(Status::Active, Status::Dead), Status::Dead);
    }
}
