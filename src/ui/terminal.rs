//! The real terminal: raw mode, the alternate screen, and the loop that waits for keys.
//!
//! The loop blocks in `event::read`, so the program sleeps while nobody presses a key; while
//! a bot's move is on screen it waits for a key at most [`BOT_PACE`](super::BOT_PACE)
//! (`event::poll`), then plays the move: a pace a person can follow, and never a busy loop.
//!
//! The terminal is given back on every way out: normal exit, an error, a panic (ratatui's
//! `init` installs a panic hook that restores it before the message is printed), and the
//! signals that end a program (SIGTERM, SIGINT, SIGHUP: the loop returns, so the caller can
//! make sure the save is on disk and say so). Ctrl-Z and SIGTSTP suspend the program with
//! the terminal restored; on resuming it takes the terminal again and redraws.
//!
//! Signals are caught by a thread ([`signal_hook`]) that records them and wakes the loop by
//! raising SIGWINCH, which crossterm turns into a resize event: every signal is handled by
//! the loop itself, between two actions, never in the middle of a save.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::DefaultTerminal;
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
use signal_hook::iterator::{Handle, Signals};

use super::app::App;

/// A signal that ended the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// SIGTERM: asked to stop.
    Terminated,
    /// SIGINT: interrupted (Ctrl-C outside raw mode, or `kill -INT`).
    Interrupted,
    /// SIGHUP: the terminal window was closed.
    HungUp,
}

impl Ending {
    fn from_signal(signal: i32) -> Option<Ending> {
        match signal {
            SIGTERM => Some(Ending::Terminated),
            SIGINT => Some(Ending::Interrupted),
            SIGHUP => Some(Ending::HungUp),
            _ => None,
        }
    }

    /// The signal's name.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Terminated => "SIGTERM",
            Ending::Interrupted => "SIGINT",
            Ending::HungUp => "SIGHUP",
        }
    }

    /// The exit status a shell expects of a program ended by this signal (128 + its number).
    pub fn exit_status(self) -> u8 {
        let signal = match self {
            Ending::Terminated => SIGTERM,
            Ending::Interrupted => SIGINT,
            Ending::HungUp => SIGHUP,
        };
        128 + signal as u8
    }
}

/// How the loop ended: the app as it was, and the signal that ended it, if one did.
pub struct Finished {
    /// The app at the end.
    pub app: App,
    /// The signal that ended the game; `None` when the players quit.
    pub signal: Option<Ending>,
}

/// What the signal thread has seen and the loop has not yet handled.
#[derive(Default)]
struct Pending {
    /// A signal that ends the program (0 for none).
    end: AtomicI32,
    /// SIGTSTP: suspend.
    suspend: AtomicBool,
    /// SIGCONT: the program was continued; the screen must be drawn anew.
    redraw: AtomicBool,
}

/// The signal thread, stopped when dropped.
struct Watch {
    pending: Arc<Pending>,
    handle: Handle,
}

impl Watch {
    fn start() -> io::Result<Watch> {
        let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGTSTP, SIGCONT])?;
        let handle = signals.handle();
        let pending = Arc::new(Pending::default());
        let seen = Arc::clone(&pending);
        std::thread::spawn(move || {
            for signal in signals.forever() {
                match signal {
                    SIGTSTP => seen.suspend.store(true, Ordering::SeqCst),
                    SIGCONT => seen.redraw.store(true, Ordering::SeqCst),
                    other => seen.end.store(other, Ordering::SeqCst),
                }
                // Wakes the loop out of `event::read` (crossterm reports a resize).
                let _ = signal_hook::low_level::raise(SIGWINCH);
            }
        });
        Ok(Watch { pending, handle })
    }

    fn ending(&self) -> Option<Ending> {
        Ending::from_signal(self.pending.end.load(Ordering::SeqCst))
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.handle.close();
    }
}

/// Gives the terminal back: raw mode off, the alternate screen left, the cursor shown.
fn give_back() -> io::Result<()> {
    let raw = terminal::disable_raw_mode();
    execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show)?;
    io::stdout().flush()?;
    raw
}

/// Takes the terminal again after a suspension.
fn take_back(screen: &mut DefaultTerminal) -> io::Result<()> {
    terminal::enable_raw_mode()?;
    execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
    screen.clear()
}

/// Restores the terminal when dropped, so an early return or `?` cannot leave it raw.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = give_back();
    }
}

/// Stops the program as Ctrl-Z does in a shell, with the terminal given back; returns when
/// it is continued (`fg`), with the terminal taken again and cleared for a full redraw.
fn suspend(screen: &mut DefaultTerminal) -> io::Result<()> {
    give_back()?;
    signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
    take_back(screen)
}

fn is_suspend_key(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('z')
}

/// Runs `app` in the terminal until it quits or a signal ends it.
pub fn run(mut app: App) -> io::Result<Finished> {
    let watch = Watch::start()?;
    let mut screen = ratatui::try_init()?;
    let _restore = Restore;
    loop {
        if let Some(signal) = watch.ending() {
            return Ok(Finished {
                app,
                signal: Some(signal),
            });
        }
        if watch.pending.suspend.swap(false, Ordering::SeqCst) {
            suspend(&mut screen)?;
        }
        if watch.pending.redraw.swap(false, Ordering::SeqCst) {
            screen.clear()?;
        }
        let size = screen.size()?;
        app.resize(size.width, size.height);
        screen.draw(|frame| frame.render_widget(&app, frame.area()))?;
        if let Some(wait) = app.bot_wait()
            && !event::poll(wait)?
        {
            app.tick();
            continue;
        }
        match event::read()? {
            Event::Key(key) if is_suspend_key(&key) => {
                watch.pending.suspend.store(true, Ordering::SeqCst);
            }
            Event::Key(key) if key.kind != KeyEventKind::Release => app.on_key(key),
            // A resize (or a signal's wake-up) only needs the top of the loop.
            _ => {}
        }
        if app.quit {
            return Ok(Finished { app, signal: None });
        }
    }
}
