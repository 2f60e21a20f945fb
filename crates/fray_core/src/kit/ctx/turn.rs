//! The turn: the order, the actor, and what the turn has spent.
use crate::ids::SideId;
use crate::kit::{Ctx, RulesBase};
use crate::rng::EncounterRng;

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// Whether the current actor may delay: someone acts after its unit this round, and none of
    /// its unit acted yet (a group or sides delay as one, before any member acts).
    pub fn can_delay(&self) -> bool {
        crate::flow::walk::can_delay(&self.e.turn, &self.e.order, self.e.roster, &self.m.status)
    }

    /// The current actor delays, with its whole unit: they act after the next unit still
    /// taking turns this round, and this turn ends without its end-of-turn effects (they come
    /// with the turn it takes later). Returns false when it may not ([`Ctx::can_delay`]).
    pub fn delay_turn(&mut self) -> bool {
        let e = &mut self.e;
        crate::flow::walk::delay(&mut e.turn, &mut e.order, e.roster, &self.m.status)
    }

    /// Ends the fight now with `ending` and `winner`, whatever the sides' standing (B/X: the
    /// monsters' reaction roll ends an encounter before any blow, [`Ending::Parley`]). Nothing
    /// happens in an encounter that has ended already.
    ///
    /// [`Ending::Parley`]: crate::outcome::Ending::Parley
    pub fn conclude(&mut self, winner: Option<SideId>, ending: crate::outcome::Ending) {
        let round = self.e.encounter.round();
        let outcome = crate::outcome::Outcome {
            winner,
            ending,
            round,
        };
        let e = &mut self.e;
        crate::flow::end(&mut e.encounter, &mut e.log, outcome);
    }

    /// Whether the current actor may delay into the next round: none of its unit acted yet,
    /// nobody acts after it this round, and someone else of the order still takes turns.
    pub fn can_delay_into_next_round(&self) -> bool {
        crate::flow::walk::can_delay_into_next_round(
            &self.e.turn,
            &self.e.order,
            self.e.roster,
            &self.m.status,
        )
    }

    /// The current actor delays into the next round, with its whole unit: it moves to the top
    /// of the turn order and comes first next round (a ruleset decides what that turn means),
    /// and this turn ends without its end-of-turn effects. Returns false when it may not
    /// ([`Ctx::can_delay_into_next_round`]).
    pub fn delay_into_next_round(&mut self) -> bool {
        let e = &mut self.e;
        crate::flow::walk::delay_into_next_round(
            &mut e.turn,
            &mut e.order,
            e.roster,
            &self.m.status,
        )
    }

    /// Marks the situation changed for offers made earlier (after changing state outside an
    /// action, such as a ruleset's start-of-turn rules).
    pub fn touch(&mut self) {
        self.e.turn.touch();
    }

    /// The controllers' random stream (AI choices; never the rules' dice).
    pub(crate) fn decisions_rng(&mut self) -> &mut EncounterRng {
        &mut self.e.decisions.0
    }
}
