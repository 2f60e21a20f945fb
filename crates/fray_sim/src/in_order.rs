//! Streaming output in run order while workers finish runs in any order: a small reorder
//! buffer in front of a writer.
//!
//! Each worker hands in the piece of output of a range of runs (a chunk) as soon as it has
//! played them. A piece is written once every run before it is; until then it waits in a
//! `BTreeMap` keyed by its first run. Workers may only start a chunk that begins less than
//! `window` runs after the first unwritten run, so at most `window` runs' output waits at
//! once, however long one chunk takes.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The output of consecutive runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The first run after this piece.
    pub end: u64,
    /// A header for the whole output, from this piece's first run: written before the first
    /// piece that has one, and never again.
    pub header: Option<Vec<u8>>,
    /// The output itself.
    pub bytes: Vec<u8>,
}

/// Writes pieces in run order, whatever order they come in.
pub struct InOrder<'a> {
    state: Mutex<State<'a>>,
    turn: Condvar,
    window: u64,
}

struct State<'a> {
    out: &'a mut (dyn Write + Send),
    /// The first run whose piece is not written yet.
    next: u64,
    /// Pieces that came before their turn, by first run.
    waiting: BTreeMap<u64, Piece>,
    header_written: bool,
    error: Option<io::Error>,
    /// Nothing more is written (a write failed or a worker panicked).
    stopped: bool,
}

impl<'a> InOrder<'a> {
    /// Writes into `out` the output of the runs from `first`, letting workers run at most
    /// `window` runs ahead of it.
    pub fn new(out: &'a mut (dyn Write + Send), first: u64, window: u64) -> Self {
        Self {
            state: Mutex::new(State {
                out,
                next: first,
                waiting: BTreeMap::new(),
                header_written: false,
                error: None,
                stopped: false,
            }),
            turn: Condvar::new(),
            window: window.max(1),
        }
    }

    /// Waits until the piece that starts at run `start` may be made (it starts less than
    /// `window` runs after the first unwritten run). `false` if the output has stopped: make
    /// nothing more.
    pub fn wait_for_turn(&self, start: u64) -> bool {
        let mut state = self.lock();
        while !state.stopped && start >= state.next.saturating_add(self.window) {
            state = self
                .turn
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        !state.stopped
    }

    /// Whether the piece that starts at run `start` may be made now, without waiting (`None`
    /// if the output has stopped: make nothing more).
    pub fn may_start(&self, start: u64) -> Option<bool> {
        let state = self.lock();
        (!state.stopped).then(|| start < state.next.saturating_add(self.window))
    }

    /// Hands in the piece of the runs from `start`, and writes every piece whose turn has
    /// come.
    pub fn submit(&self, start: u64, piece: Piece) {
        let mut state = self.lock();
        if state.stopped {
            return;
        }
        state.waiting.insert(start, piece);
        let before = state.next;
        loop {
            let next = state.next;
            let Some(piece) = state.waiting.remove(&next) else {
                break;
            };
            if let Err(e) = state.write(piece) {
                state.error = Some(e);
                state.stopped = true;
                break;
            }
        }
        if state.next != before || state.stopped {
            self.turn.notify_all();
        }
    }

    /// Stops with an error: nothing more is written, and [`Self::finish`] returns it.
    pub fn fail(&self, error: io::Error) {
        let mut state = self.lock();
        if state.error.is_none() {
            state.error = Some(error);
        }
        state.stopped = true;
        self.turn.notify_all();
    }

    /// Stops without an error (a worker is gone): waiting workers give up.
    pub fn stop(&self) {
        self.lock().stopped = true;
        self.turn.notify_all();
    }

    /// Ends the output: writes `header` if no piece had one (there were no rows), and flushes.
    /// The first write error, if any.
    pub fn finish(self, header: &[u8]) -> io::Result<()> {
        let state = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(e) = state.error {
            return Err(e);
        }
        let mut state = state;
        // A batch stopped early leaves pieces after the runs it never started: they are
        // written in run order all the same, one row for every run played.
        let waiting = std::mem::take(&mut state.waiting);
        for piece in waiting.into_values() {
            state.write(piece)?;
        }
        if !state.header_written {
            state.out.write_all(header)?;
        }
        state.out.flush()
    }

    fn lock(&self) -> MutexGuard<'_, State<'a>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl State<'_> {
    fn write(&mut self, piece: Piece) -> io::Result<()> {
        if !self.header_written
            && let Some(header) = &piece.header
        {
            self.out.write_all(header)?;
            self.header_written = true;
        }
        self.out.write_all(&piece.bytes)?;
        self.next = piece.end;
        Ok(())
    }
}

/// Stops an [`InOrder`] if the worker holding this guard panics, so that the others do not
/// wait forever for the piece it will never hand in.
pub struct StopOnPanic<'s, 'a>(pub Option<&'s InOrder<'a>>);

impl Drop for StopOnPanic<'_, '_> {
    fn drop(&mut self) {
        if let Some(out) = self.0
            && std::thread::panicking()
        {
            out.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(end: u64, header: Option<&str>, bytes: &str) -> Piece {
        Piece {
            end,
            header: header.map(|h| h.as_bytes().to_vec()),
            bytes: bytes.as_bytes().to_vec(),
        }
    }

    #[test]
    fn pieces_are_written_in_run_order_with_one_header() {
        let mut out = Vec::new();
        let w = InOrder::new(&mut out, 0, 100);
        w.submit(6, piece(9, Some("H2\n"), "6-8\n"));
        w.submit(3, piece(6, None, ""));
        w.submit(9, piece(10, Some("H3\n"), "9\n"));
        w.submit(0, piece(3, Some("H1\n"), "0-2\n"));
        w.finish(b"empty\n").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "H1\n0-2\n6-8\n9\n");
    }

    #[test]
    fn without_rows_the_bare_header_is_written() {
        let mut out = Vec::new();
        let w = InOrder::new(&mut out, 0, 4);
        w.submit(0, piece(4, None, ""));
        w.finish(b"bare\n").unwrap();
        assert_eq!(out, b"bare\n");
    }

    #[test]
    fn workers_wait_for_the_window_and_give_up_once_stopped() {
        let mut out = Vec::new();
        let w = InOrder::new(&mut out, 0, 4);
        assert!(w.wait_for_turn(0));
        assert!(w.wait_for_turn(3));
        std::thread::scope(|s| {
            // Run 4 is a window ahead of run 0: it waits until 0..4 is written.
            let waiter = s.spawn(|| w.wait_for_turn(4));
            w.submit(0, piece(4, Some("h\n"), "a\n"));
            assert!(waiter.join().unwrap());
            let waiter = s.spawn(|| w.wait_for_turn(8));
            w.stop();
            assert!(!waiter.join().unwrap());
        });
        w.finish(b"").unwrap();
        assert_eq!(out, b"h\na\n");
    }

    #[test]
    fn a_write_error_stops_the_output_and_is_returned() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut out = Broken;
        let w = InOrder::new(&mut out, 0, 4);
        w.submit(0, piece(4, Some("h\n"), "a\n"));
        assert!(!w.wait_for_turn(4));
        assert_eq!(w.finish(b"").unwrap_err().to_string(), "disk full");
    }
}
