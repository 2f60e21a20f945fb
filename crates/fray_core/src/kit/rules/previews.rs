//! What a legal intent would do, for policies and clients.

use bevy_ecs::prelude::*;

use crate::intent::Intent;
use crate::kit::Ctx;
use crate::legality::{Legal, Occasion};
use crate::preview::Preview;

use super::RulesBase;

/// Previews: the exact odds and results of a legal intent, computed on demand (once per
/// option and decision, when a policy or a client asks), and what a policy may tell of a
/// combatant at a glance ([`Previews::casts`], [`Previews::can_harm`],
/// [`Previews::strikes_later_from_here`]).
pub trait Previews: RulesBase {
    /// What a legal intent would do, exactly, without rolling. `legal` is what
    /// [`Legality::check`](super::Legality::check) said of it, at least its price
    /// ([`Scope::Price`](crate::legality::Scope::Price)): a preview that counts the reactions
    /// the intent provokes works them out with the same code `check` uses.
    fn preview(
        ctx: &mut Ctx<Self>,
        actor: Entity,
        intent: &Intent,
        legal: &Legal,
        occasion: &Occasion,
    ) -> Preview;

    /// What a player is told of a legal intent beside its [`Preview`]'s numbers, in the
    /// ruleset's words, one line each: the effect it inflicts, by name; the uses of a limited
    /// power left; how bad a hit may be, band by band. `preview` is the intent's own. Asked
    /// only for the options of an external controller (a player or a game client), never for
    /// an AI's, so it may take its time. None by default.
    fn notes(
        ctx: &mut Ctx<Self>,
        actor: Entity,
        intent: &Intent,
        preview: &Preview,
    ) -> Vec<String> {
        let _ = (ctx, actor, intent, preview);
        Vec::new()
    }

    /// Whether `e` is a caster, as its foes see it: its compiled sheet gives it spells, or
    /// powers that work as spells do - magic it works by will or words rather than a weapon
    /// or its body, which the ruleset's text calls spells, prayers or hexes, or which draws on
    /// the same limited resource as its spells (slots, memorized spells, per-fight uses). A
    /// weapon, a natural attack, a monster's breath or venom and a power every combatant of
    /// the ruleset has (a pool of points any fighter spends) do not make a caster. It is read
    /// from what the combatant was compiled with, not from what it has left: a wizard who
    /// has cast his last spell is still a wizard to the foes who pick him out. `false` for an
    /// entity that is no combatant of the ruleset. Required, so every ruleset answers; a
    /// ruleset without spells says `false` and why. Read by the AI's `target: Casters`
    /// ([`Standing::is_caster`](crate::kit::Standing::is_caster)).
    fn casts(ctx: &Ctx<Self>, e: Entity) -> bool;

    /// Whether `attacker` could harm `target` at all: some attack or power it still has
    /// could deal `target` damage, wherever the two stood and whatever the dice rolled.
    /// `false` only when `target` is immune to everything `attacker` has left (B/X's
    /// monsters that only silver or magic harms, against a fighter with neither and no spell
    /// left), or when either is no combatant of the ruleset. Resistance that halves or a
    /// defence roll that may absorb a blow still leave `true`. Read by the AI where a
    /// decision's options show no blow whose preview could tell (a B/X declaration, a step of
    /// movement, no foe in reach): a combatant that can harm no active foe leaves the fight
    /// ([`Standing::can_harm`](crate::kit::Standing::can_harm)). Required, so every ruleset
    /// answers; one without immunities says `true` and why.
    fn can_harm(ctx: &Ctx<Self>, attacker: Entity, target: Entity) -> bool;

    /// Whether `actor`, staying where it stands, could strike a foe at a later step of this
    /// round than the one it decides in: B/X's movement step offers no missile, yet an archer
    /// out of melee with a foe in range shoots in the missile step that follows. A ruleset
    /// whose turn offers each blow among the turn's own options (where the AI sees them) says
    /// `false`. Read by the AI's `keep_range`: a combatant that can strike from where it
    /// stands does not close in ([`Standing::strikes_later_from_here`](crate::kit::Standing::strikes_later_from_here)).
    /// Required, so every ruleset answers.
    fn strikes_later_from_here(ctx: &Ctx<Self>, actor: Entity) -> bool;
}
