//! Toy rulesets: rule systems small enough to read in one sitting, each on the core's ruleset
//! kit, each proving one part of it with scripted dice and with AI against AI.
//!
//! | toy | proves |
//! |---|---|
//! | [`duel`] | the whole pipeline of an ordinary fight: individual initiative, engagement and opportunity attacks, ongoing damage with saves, delays, morale, outcomes, saves and loads |
//! | [`declare`] | declarations before initiative: every round opens with a declaration from each combatant, initiative is rolled once all have declared, a declared spell is lost when its caster is hit before it acts |
//! | [`next_turn`] | costs charged to the next turn: an interrupt out of turn ([`Timing::NextTurn`](fray_core::cost::Timing::NextTurn)) leaves its taker's next turn an action point short, a turn spent in advance is skipped; monster groups ([`ActingUnit::Group`](fray_core::turn::ActingUnit::Group)) act on one count, and delay as one |
//! | [`pause`] | a pause inside a resolution: an attack roll that would hit waits ([`Step::Wait`](fray_core::kit::Step::Wait) with the roll as [`RulesBase::Pause`](fray_core::kit::RulesBase::Pause)) while its target may cast a shield, then goes on and judges the same roll against the armor class as it is now |
//! | [`sides`] | B/X side initiative: [`ActingUnit::Sides`](fray_core::turn::ActingUnit::Sides) units re-rolled each round, ties rolled again, a side's turn in two steps (missiles, then blows) that every member takes in turn |
//! | [`simultaneous`] | a simultaneous step: every side acts at once, the struck-down still act (and may still be struck), and statuses change together when the step ends |
//!
//! Every toy loads [`ToyBlock`] statblocks, keeps [`ToyStats`] and its own state on each
//! combatant ([`ToyFighter`]), and plugs in as a [`Toy`] with its [`ToyPlugin`]; its
//! `bench()` builds fights with forced dice ([`Bench`](crate::harness::Bench)), and
//! [`arena::play`] plays many AI-against-AI fights of it.

pub mod arena;
mod block;
pub mod declare;
pub mod duel;
mod fighter;
pub mod initiative;
pub mod next_turn;
pub mod pause;
pub mod sides;
pub mod simultaneous;
pub mod strike;
mod toy;
pub mod words;

pub use block::ToyBlock;
pub use fighter::{ToyFighter, ToyStats};
pub use toy::{Toy, ToyPlugin, ToySpawner, bench, install, loader};
