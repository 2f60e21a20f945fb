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

    /// AC, THAC0, the saving throws (death, wands, paralysis, breath, spells) and morale.
    fn stats(world: &World, who: Entity) -> Vec<Gauge> {
        let Some(sheet) = world.get::<Sheet>(who) else {
            return Vec::new();
        };
        let s = &sheet.0;
        let [death, wands, paralysis, breath, spells] = s.saves.0;
        let mut stats = vec![
            Gauge::stat("AC", s.ac),
            Gauge::stat("THAC0", s.thac0),
            Gauge::new(
                "saves",
                death,
                None,
                format!("D{death} W{wands} P{paralysis} B{breath} S{spells}"),
            ),
        ];
        if let Some(morale) = s.morale {
            stats.push(Gauge::stat("morale", morale));
        }
        stats
    }

    fn glossary() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "THAC0",
                "the d20 roll needed to hit AC 0; each point of AC lower needs one more (BX-22)",
            ),
            ("AC", "armour class: lower is better"),
            (
                "saves",
                "the d20 rolls needed against death, wands, paralysis, breath and spells (BX-26)",
            ),
            (
                "declaration",
                "spells, retreats and fighting withdrawals are declared before initiative (BX-18)",
            ),
            (
                "morale",
                "2d6 against this or the side breaks and flees (BX-25)",
            ),
            (
                "subdue",
                "strike to beat a foe into surrender rather than kill it (BX-24)",
            ),
        ]
    }
}
