//! The real terminal: raw mode, the alternate screen, and the loop that waits for keys.
//!
//! The mouse is captured for its wheel, which scrolls the log ([`App::on_mouse`]); other
//! mouse events mean nothing.
//!
//! The loop blocks in `event::read`, so the program sleeps while nobody presses a key; while
//! a bot's move is on screen it waits for a key at most the table's
//! [`Pace`](crate::ui::Pace) (`event::poll`), then plays the move: a pace a person can follow, and never a busy loop.
//!
//! The terminal is given back on every way out: normal exit, an error, a panic (a panic hook
//! restores it before the message is printed), and the
//! signals that end a program (SIGTERM, SIGINT, SIGHUP: the loop returns, so the caller can
//! make sure the save is on disk and say so). Ctrl-Z and SIGTSTP suspend the program with
//! the terminal restored; on resuming it takes the terminal again and redraws.
//!
//! Signals are caught by a thread ([`signal_hook`]) that records them and wakes the loop by
//! raising SIGWINCH, which crossterm turns into a resize event: every signal is handled by
//! the loop itself, between two actions, never in the middle of a save. When the window is
//! closed, crossterm's read may never return; the signal thread then ends the program after
//! a grace period, once no save is being written.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;

use crate::ui::screen_backend::GameBackend;

/// The game's terminal: see [`GameBackend`].
type GameTerminal = Terminal<GameBackend>;
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
use signal_hook::iterator::{Handle, Signals};

use crate::store::disk::hold_writes;
use crate::ui::app::App;
use crate::ui::barrier::{Barrier, bypasses, kept_across};

/// A signal that ended the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndSignal {
    /// SIGTERM: asked to stop.
    Terminated,
    /// SIGINT: interrupted (Ctrl-C outside raw mode, or `kill -INT`).
    Interrupted,
    /// SIGHUP: the terminal window was closed.
    HungUp,
}

impl EndSignal {
    fn from_signal(signal: i32) -> Option<EndSignal> {
        match signal {
            SIGTERM => Some(EndSignal::Terminated),
            SIGINT => Some(EndSignal::Interrupted),
            SIGHUP => Some(EndSignal::HungUp),
            _ => None,
        }
    }

    /// The signal's name.
    pub fn name(self) -> &'static str {
        match self {
            EndSignal::Terminated => "SIGTERM",
            EndSignal::Interrupted => "SIGINT",
            EndSignal::HungUp => "SIGHUP",
        }
    }

    /// The exit status a shell expects of a program ended by this signal (128 + its number).
    pub fn exit_status(self) -> u8 {
        let signal = match self {
            EndSignal::Terminated => SIGTERM,
            EndSignal::Interrupted => SIGINT,
            EndSignal::HungUp => SIGHUP,
        };
        128 + signal as u8
    }
}

/// How the game screen closed: the app as it was, the signal that ended it if one did, and
/// the terminal's failure if it failed (a closed window fails reads and writes).
pub struct Finished {
    /// The app at the end.
    pub app: App,
    /// The signal that ended the game; `None` when the players quit.
    pub signal: Option<EndSignal>,
    /// Why the terminal could not go on, if it could not.
    pub error: Option<io::Error>,
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
    /// The loop has returned: the caller is finishing (saving, printing) and exits itself.
    left: AtomicBool,
}

/// How long the loop has to answer a signal that ends the program. It answers between two
/// actions at once; it cannot when the terminal is gone and crossterm's read never returns
/// (a closed window), and then the signal thread ends the program itself.
const GRACE: Duration = Duration::from_secs(2);

/// Ends the program from the signal thread when the loop did not answer an ending signal in time:
/// waits for any save being written, gives the terminal back, exits as the signal would.
fn end_unanswered(pending: &Pending) {
    std::thread::sleep(GRACE);
    if pending.left.load(Ordering::SeqCst) {
        return;
    }
    let _writes = hold_writes();
    let _ = give_back();
    let ending = EndSignal::from_signal(pending.end.load(Ordering::SeqCst));
    std::process::exit(ending.map_or(1, |e| i32::from(e.exit_status())));
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
                if seen.end.load(Ordering::SeqCst) != 0 {
                    end_unanswered(&seen);
                }
            }
        });
        Ok(Watch { pending, handle })
    }

    fn ending(&self) -> Option<EndSignal> {
        EndSignal::from_signal(self.pending.end.load(Ordering::SeqCst))
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.handle.close();
    }
}

/// Turns the terminal's mouse reports of buttons and the wheel on or off (xterm's mode 1000,
/// in the SGR form 1006). Unlike crossterm's full capture it asks for no reports of the
/// mouse moving, which would wake the loop, and hold up a bot's move, for nothing.
struct WheelCapture(bool);

impl crossterm::Command for WheelCapture {
    fn write_ansi(&self, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        f.write_str(if self.0 {
            "\x1b[?1000h\x1b[?1006h"
        } else {
            "\x1b[?1006l\x1b[?1000l"
        })
    }
}

/// Gives the terminal back: raw mode off, the mouse released, the alternate screen left,
/// the cursor shown.
fn give_back() -> io::Result<()> {
    let raw = terminal::disable_raw_mode();
    execute!(
        io::stdout(),
        WheelCapture(false),
        terminal::LeaveAlternateScreen,
        cursor::Show
    )?;
    io::stdout().flush()?;
    raw
}

/// Takes the terminal again after a suspension.
fn take_back(screen: &mut GameTerminal) -> io::Result<()> {
    terminal::enable_raw_mode()?;
    execute!(
        io::stdout(),
        terminal::EnterAlternateScreen,
        WheelCapture(true),
        cursor::Hide
    )?;
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
fn suspend(screen: &mut GameTerminal) -> io::Result<()> {
    give_back()?;
    signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
    take_back(screen)
}

fn is_suspend_key(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('z')
}

/// Restores the terminal (cursor shown too) before a panic's message, as on every other way
/// out.
fn restore_on_panic() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = give_back();
        previous(info);
    }));
}

/// Runs `app` in the terminal until it quits, a signal ends it or the terminal fails; the
/// app comes back in every case, so the caller can make sure the game is on disk. Fails
/// only when the terminal cannot be taken at all.
pub fn run(mut app: App) -> io::Result<Finished> {
    let watch = Watch::start()?;
    terminal::enable_raw_mode()?;
    // The mouse is taken for its wheel, which scrolls the log.
    execute!(
        io::stdout(),
        terminal::EnterAlternateScreen,
        WheelCapture(true)
    )?;
    restore_on_panic();
    // Starts crossterm's reader before the first frame's size is read: it watches for
    // resizes only from its first poll, and a resize before that would leave the first
    // frame drawn at the old size until a key is pressed.
    event::poll(Duration::ZERO)?;
    let mut screen = Terminal::new(GameBackend::default())?;
    let _restore = Restore;
    let error = play(&mut app, &watch, &mut screen).err();
    watch.pending.left.store(true, Ordering::SeqCst);
    Ok(Finished {
        app,
        signal: watch.ending(),
        error,
    })
}

/// The loop: draw, wait for a key (or a bot's pace), hand it to the app; between two
/// actions, handle what the signal thread saw. Whenever a frame shows the keyboard in new
/// hands, the keys typed before it are dropped ([`crate::ui::barrier`]).
fn play(app: &mut App, watch: &Watch, screen: &mut GameTerminal) -> io::Result<()> {
    let mut barrier = Barrier::default();
    let mut kept = VecDeque::new();
    loop {
        if watch.ending().is_some() {
            return Ok(());
        }
        if watch.pending.suspend.swap(false, Ordering::SeqCst) {
            suspend(screen)?;
        }
        if watch.pending.redraw.swap(false, Ordering::SeqCst) {
            screen.clear()?;
        }
        let size = screen.size()?;
        app.resize(size.width, size.height);
        screen.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        if barrier.drawn(app.keyboard(), Instant::now()) {
            let typed = typed_ahead()?;
            for event in &typed {
                if let Event::Key(key) = event {
                    barrier.read(key.code, Instant::now());
                }
            }
            kept.extend(kept_across(typed));
        }
        let event = match kept.pop_front() {
            Some(event) => event,
            None => match next_event(app)? {
                Some(event) => event,
                None => continue,
            },
        };
        match event {
            Event::Key(key) if is_suspend_key(&key) => {
                watch.pending.suspend.store(true, Ordering::SeqCst);
            }
            Event::Key(key) if key.kind != KeyEventKind::Release => {
                let now = Instant::now();
                barrier.read(key.code, now);
                if bypasses(&key) || barrier.admits(&app.keyboard(), now) {
                    app.on_key(key)
                }
            }
            Event::Mouse(mouse) => app.on_mouse(mouse),
            // A resize (or a signal's wake-up) only needs the top of the loop.
            _ => {}
        }
        if app.quit {
            return Ok(());
        }
    }
}

/// Waits for the next event, or lets the app go on without one (a bot's pace ran out, the
/// coach thought a slice): then `None`, and the loop draws again.
fn next_event(app: &mut App) -> io::Result<Option<Event>> {
    let wait = app.bot_wait();
    if wait.is_none() && app.thinking() {
        // The coach thinks in slices while no key waits, so the screen stays responsive.
        if !event::poll(Duration::ZERO)? {
            app.think(crate::ui::coach::THINK_SLICE);
            return Ok(None);
        }
    } else if let Some(wait) = wait
        && !event::poll(wait)?
    {
        app.tick();
        return Ok(None);
    }
    event::read().map(Some)
}

/// Every event already waiting to be read.
fn typed_ahead() -> io::Result<Vec<Event>> {
    let mut pending = Vec::new();
    while event::poll(Duration::ZERO)? {
        pending.push(event::read()?);
    }
    Ok(pending)
}
