//! A ruleset's rules, as capabilities the kit calls.
//!
//! A ruleset is a marker type (`ArchmageRules`) implementing small traits, each at the top of
//! the file of the ruleset that owns what it does (legality in `legality.rs`, resolution in
//! `resolve.rs`...):
//!
//! | trait | what it answers | required |
//! |---|---|---|
//! | [`RulesBase`] | the id, the ruleset's components and words; what [`Ctx`](crate::kit::Ctx) is made of | the types, `vocabulary` |
//! | [`Legality`] | what may be done: the candidates, the one legality function | `offer`, `check` |
//! | [`Previews`] | what a legal intent would do; who casts | `preview`, `casts` |
//! | [`Resolution`] | how it happens: price, reactions, itself, pauses | `goes_on`, `execute`, `turn_over` |
//! | [`TurnFlow`] | a fight's setup, turns, state checks, morale and end | `setup`, `turn_start` |
//! | [`Rounds`] | a round's start, declarations, steps, who has a turn | nothing |
//! | [`Presentation`] | the gauges a client shows | nothing |
//!
//! [`Rules`] is all of them, implemented for every type that implements each; the kit's
//! systems and [`RulesetPlugin`](crate::kit::RulesetPlugin) ask for it.
//!
//! # The order the kit calls the hooks
//!
//! Each tick, per encounter of the ruleset, in the phases of
//! [`RulesetSystems`](crate::schedule::RulesetSystems):
//!
//! 1. **Setup** (once per fight): [`TurnFlow::setup`].
//! 2. **Turn start**: at a round's start, [`Rounds::round_start`]; if it plans declarations,
//!    for each combatant [`Rounds::declares`], a decision checked by [`Legality::check`], then
//!    [`Rounds::declare`] and [`Rounds::declares_again`]; at the end
//!    [`Rounds::declarations_done`]. Then for the next unit [`Rounds::steps`], for each
//!    member [`Rounds::has_turn`], and [`TurnFlow::turn_start`].
//! 3. **Decide**: the options are [`Legality::offer`]'s candidates that pass
//!    [`Legality::check`]; a policy or client may ask [`Previews::preview`] of each.
//! 4. **Validate**: a request is judged by [`Legality::check`] (with the reactions it
//!    provokes).
//! 5. **Resolve**: [`Resolution::pay`]; each provoked reaction through
//!    [`Resolution::react_step`] (or [`Resolution::resume_reaction`] after a pause), each paid
//!    when done; [`Resolution::goes_on`], and [`Resolution::cut_short`] if not; then
//!    [`Resolution::execute`] (and [`Resolution::resume`] after a pause);
//!    [`Resolution::turn_over`].
//! 6. **Aftermath**: [`TurnFlow::vitals`] for each combatant [`RulesBase::Watch`] saw change.
//! 7. **Turn end**: [`TurnFlow::turn_end`], then effect durations.
//! 8. **Morale**: [`TurnFlow::out_of_fight`] counts the fallen, [`TurnFlow::morale`] rolls.
//! 9. **Outcome**: when a side is left alone, [`TurnFlow::battle_end`].
//!
//! Between ticks a client reads [`Presentation::budget`] and [`Presentation::battle_gauges`].
//!
//! The smallest complete ruleset is `fray_testkit::toys::duel` (one file per capability);
//! `docs/adding-a-ruleset.md` walks through it.

mod base;
mod legality;
mod presentation;
mod previews;
mod resolution;
mod rounds;
mod turn_flow;

pub use base::RulesBase;
pub use legality::Legality;
pub use presentation::Presentation;
pub use previews::Previews;
pub use resolution::Resolution;
pub use rounds::Rounds;
pub use turn_flow::TurnFlow;

/// A whole ruleset: every capability. Implemented for each type that implements them all, so
/// a ruleset never writes it.
pub trait Rules: Legality + Previews + Resolution + TurnFlow + Rounds + Presentation {}

impl<R> Rules for R where R: Legality + Previews + Resolution + TurnFlow + Rounds + Presentation {}
