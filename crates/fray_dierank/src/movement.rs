//! Regions and moving through them (DR-15..DR-18).
//!
//! Everyone in a region is in melee with everyone else there (DR-15); Fray keeps the core's
//! engagements in step with that, so every fray tool sees who is in melee with whom. Moving
//! to a neighbouring region is a minor action that provokes opportunity attacks from the
//! enemies in the region left, unless the mover leaves carefully, as a major action (DR-16).
//! Running moves two regions as a minor action; it provokes in the regions left and entered,
//! and the runner's defense rolls are disadvantaged until its next turn (DR-17). Swimming into
//! or out of water, or climbing onto or off a cliff, moves one region as an exclusive action
//! with running's penalties (DR-18), unless the creature swims or climbs by nature.
//!
//! Fray's rulings: a run crosses no water and no cliff; each enemy makes at most one
//! opportunity attack against one move; the opportunity attacks of a move all come before it
//! (the kit's reactions resolve before the intent), those of the regions entered included; an
//! enemy with an attack readied for the next to enter a region the move enters strikes with it
//! instead of an opportunity attack, also before the move (it meets the mover at the door).

use bevy_ecs::prelude::*;
use fray_core::ids::RegionId;
use fray_core::legality::{Provocation, Provocations, Refusal};
use smallvec::SmallVec;

use crate::Ctx;
use crate::sheet::SheetData;
use crate::state::Ready;
use crate::vocabulary::provokes;

/// How a move goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    /// To a neighbouring region: minor, provokes in the region left.
    Walk,
    /// To a neighbouring region, carefully: major, provokes no opportunity attack.
    Careful,
    /// Two regions at full speed through `via`: minor, provokes in every region left or
    /// entered, exposes the runner's defense.
    Run {
        /// The region run through.
        via: RegionId,
    },
    /// Swimming or climbing one region: exclusive, with running's penalties.
    Hard,
}

impl Way {
    /// Whether it leaves the mover's defense disadvantaged until its next turn.
    pub fn exposes(self) -> bool {
        matches!(self, Way::Run { .. } | Way::Hard)
    }
}

/// Whether crossing between `a` and `b` is a swim or a climb for `sheet`.
pub fn hard(ctx: &Ctx, sheet: &SheetData, a: RegionId, b: RegionId) -> bool {
    let (ta, tb) = (ctx.map().terrain(a), ctx.map().terrain(b));
    ((ta.water || tb.water) && !sheet.swims) || ((ta.climb || tb.climb) && !sheet.climbs)
}

/// How `who` (with `sheet`, leaving carefully or not) would move from `from` to `to`.
pub fn way(
    ctx: &Ctx,
    sheet: &SheetData,
    careful: bool,
    from: RegionId,
    to: RegionId,
) -> Result<Way, Refusal> {
    if to == from {
        return Err("it is there already".into());
    }
    if ctx.map().neighbours(from).contains(&to) {
        return Ok(if hard(ctx, sheet, from, to) {
            Way::Hard
        } else if careful {
            Way::Careful
        } else {
            Way::Walk
        });
    }
    if careful {
        return Err("leaving carefully, it moves one region".into());
    }
    let via = ctx
        .map()
        .neighbours(from)
        .iter()
        .copied()
        .find(|&v| {
            ctx.map().neighbours(v).contains(&to)
                && !hard(ctx, sheet, from, v)
                && !hard(ctx, sheet, v, to)
        })
        .ok_or("it runs at most two regions, over no water or cliff")?;
    Ok(Way::Run { via })
}

/// The active enemies of `mover` in `region`.
fn enemies_in(ctx: &Ctx, mover: Entity, region: RegionId) -> SmallVec<[Entity; 8]> {
    ctx.lineup()
        .iter()
        .filter(|(e, row)| row.region == region && row.status.is_active() && ctx.enemies(mover, *e))
        .map(|(e, _)| e)
        .collect()
}

/// The regions a move by `way` to `to` enters.
pub fn entered(way: Way, to: RegionId) -> SmallVec<[RegionId; 2]> {
    match way {
        Way::Run { via } => smallvec::smallvec![via, to],
        _ => smallvec::smallvec![to],
    }
}

/// Whether `who` has an attack readied for the next enemy to enter its region (DR-13).
fn lying_in_wait(ctx: &Ctx, who: Entity) -> bool {
    ctx.fighter(who)
        .is_some_and(|f| matches!(f.state.readied, Some(Ready::Enters { .. })))
}

/// The reactions a move of `mover` from `from` to `to` by `way` provokes: first, the attacks
/// readied for the next enemy to enter a region it enters (DR-13); then opportunity attacks
/// (DR-16, DR-17, DR-18) from every other active enemy in a region it leaves, and for a run, a
/// swim or a climb, in a region it enters; each enemy at most once.
pub fn provoked(
    ctx: &Ctx,
    mover: Entity,
    way: Way,
    (from, to): (RegionId, RegionId),
) -> Provocations {
    let regions: SmallVec<[RegionId; 3]> = match way {
        Way::Careful => SmallVec::new(),
        Way::Walk => smallvec::smallvec![from],
        Way::Hard => smallvec::smallvec![from, to],
        Way::Run { via } => smallvec::smallvec![from, via, to],
    };
    let mut out = Provocations::new();
    for region in entered(way, to) {
        for reactor in enemies_in(ctx, mover, region) {
            if lying_in_wait(ctx, reactor) && !out.iter().any(|p| p.reactor == reactor) {
                out.push(Provocation {
                    reactor,
                    kind: provokes::ENTERING,
                });
            }
        }
    }
    for region in regions {
        for reactor in enemies_in(ctx, mover, region) {
            if !out.iter().any(|p| p.reactor == reactor) {
                out.push(Provocation {
                    reactor,
                    kind: provokes::OPPORTUNITY,
                });
            }
        }
    }
    out
}

/// Whether `a` and `b` are in melee: in one region (DR-15).
pub fn in_melee(ctx: &Ctx, a: Entity, b: Entity) -> bool {
    ctx.region(a) == ctx.region(b)
}

/// Whether any active enemy shares `who`'s region.
pub fn beset(ctx: &Ctx, who: Entity) -> bool {
    !enemies_in(ctx, who, ctx.region(who)).is_empty()
}

/// Moves `who` to `to` (through `via` when running), and brings the engagements in line with
/// the regions: it is in melee with every active enemy of its new region, no other.
pub fn go(ctx: &mut Ctx, who: Entity, way: Way, to: RegionId) {
    if let Way::Run { via } = way {
        ctx.move_to(who, via);
    }
    ctx.move_to(who, to);
    engage_region(ctx, who);
}

/// `who` is engaged, both ways, with exactly the active enemies of its region.
pub fn engage_region(ctx: &mut Ctx, who: Entity) {
    ctx.release_all(who);
    let region = ctx.region(who);
    let foes = enemies_in(ctx, who, region);
    for foe in foes {
        ctx.engage_quietly(who, foe, true);
    }
}
