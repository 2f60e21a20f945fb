//! The flow of a fight: the one place that changes an encounter's [`Phase`].
//!
//! Rulesets never set the phase; the kit's systems call the transitions here, at the points
//! the ruleset's hooks decide (an actor that cannot act, a turn with nothing left to spend, a
//! window that opens). The whole state machine:
//!
//! | from | to | when |
//! |---|---|---|
//! | `Setup` | `RoundStart` | the ruleset set the fight up ([`begin`]) |
//! | `RoundStart` | `Declaring` | the ruleset asks for declarations ([`declare`]) |
//! | `RoundStart`, `Declaring` | `TurnStart` | the round's first unit has someone to act ([`walk`]) |
//! | `RoundStart`, `Declaring` | `Ended` | round 1 and nobody in the turn order: aborted |
//! | `TurnStart` | `Acting` | the actor may act (`open_turn`) |
//! | `TurnStart` | `TurnEnd` | it cannot act, or the ruleset skipped its turn |
//! | `Acting` | `Reacting` | an intent provoked reactions, or paused mid-way ([`open_window`]) |
//! | `Reacting` | `Acting` | the window is answered (`close_window`) |
//! | `Acting`, `Reacting` | `TurnEnd` | the turn is over, or the actor fell ([`end_turn`]) |
//! | `TurnEnd` | `TurnStart` | the next member, step or unit acts ([`walk`]) |
//! | `TurnEnd` | `RoundStart` | the turn order is exhausted: a new round ([`walk`]) |
//! | any but `Ended` | `Ended` | one side is left, the round limit passed, or the fight stalled ([`end`]) |
//!
//! The flow also walks the turn order by acting units and their steps ([`walk`]), ends the
//! effects whose durations run out ([`durations`]), notes morale triggers and decides outcomes
//! (its `outcome` module), and reads external requests ([`requests`]), kept in its [`inbox`]
//! until a tick reads them.

pub mod durations;
pub mod inbox;
pub(crate) mod outcome;
pub mod phase;
pub mod requests;
pub mod transition;
pub mod walk;

pub use phase::{Phase, PhaseCell};
pub use transition::{begin, declare, end, end_turn, open_window};
pub(crate) use transition::{close_window, open_turn};
