//! What a B/X combatant has left this round, for clients: its encounter movement, whether it
//! has struck or cast yet, and what it declared (BX-18). B/X has no pool of actions: these are
//! the limits of a side's turn, read off the combatant's state.

use bevy_ecs::prelude::*;
use fray_core::gauge::Gauge;
use fray_core::kit::Presentation;

use crate::BxRules;
use crate::sheet::Sheet;
use crate::state::{BxState, Declared};

impl Presentation for BxRules {
    /// `who`'s movement left (feet of its encounter movement, a third of its base rate - tripled
    /// outdoors - and what it carried over, BX-02), its action (an attack or a spell, BX-18), and
    /// its declaration this round.
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        let (Some(state), Some(sheet)) = (world.get::<BxState>(who), world.get::<Sheet>(who))
        else {
            return Vec::new();
        };
        let most = state.allowance.max(0);
        let feet = state.feet.clamp(0, most);
        let mut gauges = vec![
            Gauge::new("movement", feet, Some(most), format!("{feet} of {most} ft")),
            Gauge::flag("action", state.attacked == 0 && !state.powered),
        ];
        let declared = match state.declared {
            None => None,
            Some(Declared::Spell { power, .. }) => Some(
                sheet
                    .0
                    .powers
                    .get(usize::from(power.0))
                    .map_or_else(|| "a spell".to_string(), |p| p.name.clone()),
            ),
            Some(Declared::Withdrawal) => Some("fighting withdrawal".to_string()),
            Some(Declared::Retreat) => Some("retreat".to_string()),
        };
        if let Some(text) = declared {
            gauges.push(Gauge::new("declared", 1, None, text));
        }
        gauges
    }
}
