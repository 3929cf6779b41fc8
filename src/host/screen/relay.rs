//! Serves one joined seat's screen over its TCP connection.
//!
//! The connection joined with `{"join": {"code": "C", "screen": {"cols": W, "rows": H}}}`.
//! The host answers `{"joined": {"seat": P, "name": "…", "screen": true}}`, then sends
//! `{"frame": "…"}` lines: the bytes to write to the terminal as they are (the screen drawn
//! on the host, only what changed since the last frame). The terminal sends
//! `{"keys": [bytes]}` (what was typed, as the terminal sends it) and `{"size": {"cols": W,
//! "rows": H}}` when it is resized. When the player leaves, the host's last line is
//! `{"bye": "…"}`, the words to leave on the terminal. The seat is joined to the host as any client is (so its
//! code is in use, and the seat absent once the connection goes); the screen follows the
//! host's game whenever the host tells the seat anything.
//!
//! Three threads serve a screen: this one draws and plays keys; one reads the connection;
//! one wakes this one whenever the host sends the seat a line. None holds the host while it
//! waits, so a screen that is slow to read slows nobody else.
//!
//! The screen does not care how its bytes travel: [`serve_far`] serves it to any
//! [`FarTerminal`], whose keys and sizes come as [`Wake`]s. Over TCP that is this JSON
//! connection ([`serve_screen`]); over SSH, a guest's channel (`crate::host::ssh`).

use std::io::{self, BufReader, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::layout::Size;
use serde::Deserialize;
use serde_json::json;

use super::input::KeyReader;
use super::seat::{catch_up, seat_app};
use super::spectator::{self, spectator_app};
use crate::game::PlayError;
use crate::host::Host;
use crate::host::outbox::{OUTBOX_ITEMS, Outbox};
use crate::host::seats::{ClientId, Opens, Viewer};
use crate::host::tcp::{Shared, WRITE_WAIT, lock};
use crate::protocol::{Line, LineReader, StrictValue, reply_text};
use crate::ui::screen_backend::{Drawn, GameBackend};
use crate::ui::{App, Theme};

/// The largest terminal a screen is drawn for, each way.
pub const MAX_SIDE: u16 = 1000;

/// How long the screen waits for anything while nothing is due: it is woken by keys and by
/// the host, so this only bounds how long a dead connection goes unnoticed.
const IDLE: Duration = Duration::from_secs(60);

/// The far terminal's size, as the join line and `size` lines give it.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct ScreenSize {
    pub cols: u16,
    pub rows: u16,
}

impl ScreenSize {
    /// The size as ratatui takes it, or why it is none.
    fn checked(self) -> Result<Size, PlayError> {
        if self.cols == 0 || self.rows == 0 || self.cols > MAX_SIDE || self.rows > MAX_SIDE {
            return Err(PlayError::new(
                "bad_request",
                format!(
                    "a screen is 1 to {MAX_SIDE} columns and rows, not {}×{}",
                    self.cols, self.rows
                ),
            ));
        }
        Ok(Size::new(self.cols, self.rows))
    }
}

/// A line from the far terminal.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum FromTerminal {
    /// What was typed, as bytes.
    Keys(Vec<u8>),
    /// The terminal's new size.
    Size(ScreenSize),
}

/// What wakes the screen.
pub enum Wake {
    /// The host sent the seat a line: its game may have moved.
    Host,
    /// Keys typed at the far terminal.
    Keys(Vec<u8>),
    /// The far terminal was resized.
    Size(Size),
    /// The connection is gone, or sent what cannot be read (said why).
    Gone(Option<PlayError>),
}

/// The far end a seat's screen is served to: it carries the screen's bytes and says how
/// the screen began and ended; its keys and sizes come to [`serve_far`] as [`Wake`]s.
pub trait FarTerminal {
    /// Tells the far end it has the screen of `viewer`: a seat, played by `name`, or a
    /// spectator's.
    fn joined(&self, viewer: Viewer, name: &str) -> io::Result<()>;
    /// Sends one frame: bytes to write to the terminal as they are.
    fn frame(&self, bytes: &[u8]) -> io::Result<()>;
    /// Tells the far end why its screen ends.
    fn refuse(&self, error: &PlayError);
    /// Leaves `message` on the terminal as the player leaves (the game is over, or the seat
    /// is kept).
    fn bye(&self, message: &str);
    /// Ends the connection (the screen ended, or the host let the seat go).
    fn close(&self);
    /// What the host calls to cut the connection when it lets the seat go.
    fn closer(&self) -> Option<Box<dyn Fn() + Send>>;
}

/// `bohnanza join`'s connection: JSON lines over TCP.
struct JsonLines(TcpStream);

impl FarTerminal for JsonLines {
    fn joined(&self, viewer: Viewer, name: &str) -> io::Result<()> {
        let joined = match viewer {
            Viewer::Seat(seat) => {
                json!({ "joined": { "seat": seat, "name": name, "screen": true } })
            }
            Viewer::Spectator => json!({
                "joined": { "seat": null, "name": null, "watching": true, "screen": true }
            }),
        };
        write_line(&self.0, &reply_text(&joined))
    }

    fn frame(&self, bytes: &[u8]) -> io::Result<()> {
        let frame = json!({ "frame": String::from_utf8_lossy(bytes) });
        write_line(&self.0, &frame.to_string())
    }

    fn refuse(&self, error: &PlayError) {
        refuse(&self.0, error);
    }

    fn bye(&self, message: &str) {
        let _ = write_line(&self.0, &reply_text(&json!({ "bye": message })));
    }

    fn close(&self) {
        let _ = self.0.shutdown(Shutdown::Both);
    }

    fn closer(&self) -> Option<Box<dyn Fn() + Send>> {
        let cut = self.0.try_clone().ok()?;
        Some(Box::new(move || {
            let _ = cut.shutdown(Shutdown::Both);
        }))
    }
}

/// Serves the screen of the seat `code` opens to `stream` (its lines read by `lines`),
/// drawn at `size` at first, until the player leaves or the connection goes.
pub fn serve_screen(
    stream: TcpStream,
    lines: LineReader<BufReader<TcpStream>>,
    host: &Shared,
    code: &str,
    size: ScreenSize,
) {
    let (wake, woken) = channel();
    let far = JsonLines(stream);
    if let Err(e) = read_terminal(&far.0, lines, &wake) {
        return far.refuse(&e);
    }
    serve_far(&far, host, code, size, &wake, &woken);
}

/// Serves the screen of the seat `code` opens to `far`, drawn at `size` at first, until
/// the player leaves or the far end goes: its keys and sizes come through `woken` (sent
/// with `wake`), which ends when the far end has gone.
pub fn serve_far(
    far: &dyn FarTerminal,
    host: &Shared,
    code: &str,
    size: ScreenSize,
    wake: &Sender<Wake>,
    woken: &Receiver<Wake>,
) {
    let opened = open(far, host, code, size);
    let (id, app, size, queue) = match opened {
        Ok(opened) => opened,
        Err(e) => return far.refuse(&e),
    };
    let served = watch_host(queue, wake).and_then(|()| play(far, host, app, size, woken));
    let mut locked = lock(host);
    let farewell = served.map(|()| farewell(&locked, id));
    locked.leave(id);
    // The host is not held while the far end is written to.
    drop(locked);
    match farewell {
        Ok(message) => far.bye(&message),
        Err(e) => far.refuse(&e),
    }
    far.close();
}

/// A seat's screen opened: its client at the host, its app, its size and the queue of
/// the lines the host sends the seat.
type OpenedScreen = (ClientId, App, Size, Receiver<Arc<str>>);

/// Joins the seat (or the spectators' place) `code` opens as a client of the host and
/// makes its screen.
fn open(
    far: &dyn FarTerminal,
    host: &Shared,
    code: &str,
    size: ScreenSize,
) -> Result<OpenedScreen, PlayError> {
    let size = size.checked()?;
    let (outbox, queue) = Outbox::new(OUTBOX_ITEMS);
    let outbox = match far.closer() {
        Some(cut) => outbox.closing_with(cut),
        None => outbox,
    };
    let mut locked = lock(host);
    let viewer = match locked.seats().opens(code) {
        Some(Opens::Seat(p)) => Viewer::Seat(p),
        Some(Opens::Watch) => Viewer::Spectator,
        // The join below says what is wrong with the code.
        None => Viewer::Seat(0),
    };
    let id = locked.join(code, None, outbox)?;
    let app = match viewer {
        Viewer::Seat(seat) => seat_app(&locked, host, seat, Theme::colored()),
        Viewer::Spectator => spectator_app(&locked, Theme::colored()),
    };
    let app = match app {
        Ok(app) => app,
        Err(e) => {
            locked.leave(id);
            return Err(PlayError::new("no_screen", e));
        }
    };
    let name = match viewer {
        Viewer::Seat(seat) => locked.seats().seats[seat].name.clone(),
        Viewer::Spectator => String::new(),
    };
    drop(locked);
    if far.joined(viewer, &name).is_err() {
        lock(host).leave(id);
        return Err(PlayError::new("gone", "the terminal left before it joined"));
    }
    Ok((id, app, size, queue))
}

/// Starts the thread that reads the connection's lines and wakes the screen with them.
fn read_terminal(
    stream: &TcpStream,
    mut lines: LineReader<BufReader<TcpStream>>,
    wake: &Sender<Wake>,
) -> Result<(), PlayError> {
    let _ = stream.set_read_timeout(None);
    let reader_wake = wake.clone();
    thread::Builder::new()
        .name("screen reader".into())
        .spawn(move || {
            loop {
                let wake = match lines.next_line() {
                    Ok(Some(line)) => from_terminal(&line),
                    Ok(None) | Err(_) => Wake::Gone(None),
                };
                let gone = matches!(wake, Wake::Gone(_));
                if reader_wake.send(wake).is_err() || gone {
                    return;
                }
            }
        })
        .map(drop)
        .map_err(cannot_serve)
}

/// Starts the thread that wakes the screen whenever the host sends the seat a line, on
/// `queue`, and once more when the host lets the seat go.
fn watch_host(queue: Receiver<Arc<str>>, wake: &Sender<Wake>) -> Result<(), PlayError> {
    let host_wake = wake.clone();
    thread::Builder::new()
        .name("screen news".into())
        .spawn(move || {
            while queue.recv().is_ok() {
                if host_wake.send(Wake::Host).is_err() {
                    return;
                }
            }
            let _ = host_wake.send(Wake::Gone(None));
        })
        .map(drop)
        .map_err(cannot_serve)
}

/// Why a screen's thread did not start.
fn cannot_serve(_: io::Error) -> PlayError {
    PlayError::new("busy", "the host cannot serve another screen now")
}

/// What a line from the terminal asks, or why it is refused (which ends the screen).
fn from_terminal(line: &Line) -> Wake {
    let Line::Text(text) = line else {
        return Wake::Gone(Some(PlayError::new(
            "bad_request",
            "a screen's lines are {\"keys\": [bytes]} or {\"size\": {\"cols\": W, \"rows\": H}}",
        )));
    };
    let read = serde_json::from_str::<StrictValue>(text)
        .map_err(|e| e.to_string())
        .and_then(|StrictValue(v)| FromTerminal::deserialize(v).map_err(|e| e.to_string()));
    match read {
        Ok(FromTerminal::Keys(bytes)) => Wake::Keys(bytes),
        Ok(FromTerminal::Size(size)) => match size.checked() {
            Ok(size) => Wake::Size(size),
            Err(e) => Wake::Gone(Some(e)),
        },
        Err(e) => Wake::Gone(Some(PlayError::new(
            "bad_request",
            format!(
                "a screen's lines are {{\"keys\": [bytes]}} or {{\"size\": {{\"cols\": W, \"rows\": H}}}} ({e})"
            ),
        ))),
    }
}

/// Draws the screen and plays what wakes it until the player leaves or the connection
/// goes; an error is what to tell the terminal before closing.
fn play(
    far: &dyn FarTerminal,
    host: &Shared,
    mut app: App,
    size: Size,
    woken: &Receiver<Wake>,
) -> Result<(), PlayError> {
    let broken =
        |e: io::Error| PlayError::new("screen", format!("the screen cannot be drawn: {e}"));
    let drawn = Drawn::default();
    let mut screen = Terminal::new(GameBackend::in_memory(size, drawn.clone())).map_err(broken)?;
    let mut keys = KeyReader::default();
    loop {
        let area = screen.size().map_err(broken)?;
        app.resize(area.width, area.height);
        screen
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .map_err(broken)?;
        let bytes = drawn.take();
        if !bytes.is_empty() && far.frame(&bytes).is_err() {
            return Ok(());
        }
        if app.quit {
            return Ok(());
        }
        let wait = app.bot_wait();
        if wait.is_none() && app.thinking() {
            match woken.try_recv() {
                Ok(wake) => handle(&mut app, &mut screen, &mut keys, host, wake)?,
                Err(_) => app.think(crate::ui::coach::THINK_SLICE),
            }
            continue;
        }
        match woken.recv_timeout(wait.unwrap_or(IDLE)) {
            Ok(wake) => handle(&mut app, &mut screen, &mut keys, host, wake)?,
            Err(RecvTimeoutError::Timeout) if wait.is_some() => {
                app.tick();
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
        // Whatever else woke it meanwhile is handled before the next frame.
        while let Ok(wake) = woken.try_recv() {
            handle(&mut app, &mut screen, &mut keys, host, wake)?;
        }
    }
}

/// Plays one thing that woke the screen.
fn handle(
    app: &mut App,
    screen: &mut Terminal<GameBackend<Drawn>>,
    keys: &mut KeyReader,
    host: &Shared,
    wake: Wake,
) -> Result<(), PlayError> {
    let behind = |e: String| PlayError::new("screen", format!("the screen lost the game: {e}"));
    match wake {
        Wake::Host => keep_up(app, host).map_err(behind)?,
        Wake::Keys(bytes) => {
            for key in keys.keys(&bytes) {
                app.on_key(key);
                keep_up(app, host).map_err(behind)?;
            }
        }
        Wake::Size(size) => screen.backend_mut().resize(size),
        Wake::Gone(None) => app.quit = true,
        Wake::Gone(Some(e)) => return Err(e),
    }
    Ok(())
}

/// Brings the screen `app` up to the host's game, whether it is a seat's or a spectator's
/// (each catch-up leaves the other's screen alone).
fn keep_up(app: &mut App, host: &Shared) -> Result<(), String> {
    catch_up(app, host)?;
    spectator::catch_up(app, host)
}

/// What the terminal says as the screen closes: the game is over, or the seat is kept.
fn farewell(host: &Host, id: ClientId) -> String {
    if host.is_over() {
        return "The game is over.".into();
    }
    match host.viewer_of(id) {
        Some(Viewer::Seat(p)) => format!(
            "You left {}'s seat. It is kept: join again with the same code to take it back.",
            host.seats().seats[p].name
        ),
        Some(Viewer::Spectator) => "You stopped watching the game.".into(),
        None => "You left the game.".into(),
    }
}

/// Writes one line to the terminal, waiting at most [`WRITE_WAIT`].
fn write_line(mut stream: &TcpStream, line: &str) -> io::Result<()> {
    stream.set_write_timeout(Some(WRITE_WAIT))?;
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    stream.write_all(&bytes)
}

/// Tells the terminal why its screen ends.
fn refuse(stream: &TcpStream, error: &PlayError) {
    let _ = write_line(stream, &reply_text(&error.to_json()));
    let _ = stream.shutdown(Shutdown::Both);
}
