//! The screen of the person running `bohnanza host` (without `--headless`): the public
//! table, as a spectator sees it, beside a panel of the seats (who is connected, who
//! dropped, where a stand-in plays) and of how to join (the address, the codes, the SSH
//! line and the host key's fingerprint). It is no client of the host: it reads the host's
//! game and seats a few times a second ([`REFRESH`]) and draws them; nothing on it acts
//! on the game. `q` stops hosting, after asking: the game is saved after every move, so
//! `bohnanza host --resume` hosts it again.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::spectator::{follow_host, watched_table};
use crate::host::Host;
use crate::host::tcp::{Shared, lock};
use crate::text::sanitize;
use crate::ui::app::Overlay;
use crate::ui::barrier::Holder;
use crate::ui::log_scroll::LogScroll;
use crate::ui::pace::Paced;
use crate::ui::picker_keys::{Chooser, PickerCommand, bar};
use crate::ui::screen::{Closing, GameScreen, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::{LogSource, key_line, window};
use crate::ui::watched::WatchedTable;

/// How often the screen looks at the host's game and seats.
pub const REFRESH: Duration = Duration::from_millis(200);

/// The panel's width beside the table.
const PANEL_W: u16 = 40;

/// The narrowest table the panel is put beside; narrower, it opens over the table (`c`).
const TABLE_MIN_W: u16 = 80;

/// The notices kept for the panel (a save that failed, a stuck table, SSH stopping).
const NOTICES_KEPT: usize = 3;

/// Where and how people join, as the host's first line says it.
#[derive(Clone, Debug, Default)]
pub struct JoinInfo {
    /// The TCP address `bohnanza join` connects to.
    pub listen: String,
    /// The SSH address and the host key's fingerprint, with `--ssh`.
    pub ssh: Option<(String, String)>,
    /// The save file, if the game is saved.
    pub save: Option<String>,
}

/// What the person running the host should be told, as the host's clock and servers say
/// it: shared with them, read by the screen.
pub type Notices = Arc<Mutex<VecDeque<String>>>;

/// One seat as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SeatState {
    name: String,
    /// The bot that plays it; `None` for a person's seat.
    bot: Option<String>,
    code: Option<String>,
    present: bool,
    stand_in: bool,
    /// Whether a person has ever been at it since the host started.
    joined_once: bool,
}

/// The host's own screen.
#[derive(Clone)]
pub struct HostScreen {
    watched: Box<dyn WatchedTable>,
    host: Shared,
    join: JoinInfo,
    seats: Vec<SeatState>,
    watch_code: Option<String>,
    spectators: usize,
    notices: Notices,
    said: Vec<String>,
    /// Whether the seats and codes are shown (beside the table, or over it when narrow).
    panel: bool,
    /// What went wrong following the game, if anything.
    lost: Option<String>,
}

impl std::fmt::Debug for HostScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostScreen")
            .field("seats", &self.seats)
            .field("panel", &self.panel)
            .finish_non_exhaustive()
    }
}

impl HostScreen {
    /// The screen of `host`'s game, people joining as `join` says; `notices` are said on it.
    pub fn new(host: Shared, join: JoinInfo, notices: Notices) -> Result<HostScreen, String> {
        let watched = watched_table(&lock(&host))?;
        let mut screen = HostScreen {
            watched,
            host,
            join,
            seats: Vec::new(),
            watch_code: None,
            spectators: 0,
            notices,
            said: Vec::new(),
            panel: true,
            lost: None,
        };
        screen.refresh();
        Ok(screen)
    }

    /// Reads the host's game, seats and notices again.
    pub fn refresh(&mut self) {
        if let Err(e) = follow_host(self.watched.as_mut(), &self.host) {
            self.lost = Some(e);
        }
        let shared = Arc::clone(&self.host);
        self.read_seats(&lock(&shared));
        let mut notices = self.notices.lock().unwrap_or_else(|e| e.into_inner());
        self.said.extend(notices.drain(..));
        let extra = self.said.len().saturating_sub(NOTICES_KEPT);
        self.said.drain(..extra);
    }

    fn read_seats(&mut self, host: &Host) {
        let seats = &host.seats().seats;
        let before = std::mem::take(&mut self.seats);
        self.seats = seats
            .iter()
            .enumerate()
            .map(|(p, s)| SeatState {
                name: s.name.clone(),
                bot: s.bot.clone(),
                code: s.code.as_ref().map(|c| c.as_str().to_string()),
                present: s.client.is_some(),
                stand_in: s.stand_in,
                joined_once: s.client.is_some() || before.get(p).is_some_and(|b| b.joined_once),
            })
            .collect();
        self.watch_code = host.seats().watch.as_ref().map(|c| c.as_str().to_string());
        self.spectators = host.spectator_count();
    }

    /// The panel: how to join, then each seat, the spectators and the save.
    fn panel_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let mut lines = vec![Line::styled("How to join", theme.title())];
        lines.push(Line::from(format!(
            " bohnanza join {}",
            sanitize(&self.join.listen)
        )));
        lines.push(Line::from("   --code CODE"));
        if let Some((address, fingerprint)) = &self.join.ssh {
            let (host, port) = address.rsplit_once(':').unwrap_or((address, "22"));
            let host = if host == "0.0.0.0" || host == "[::]" {
                "HOST"
            } else {
                host
            };
            lines.push(Line::from(format!(" ssh -p {port} CODE@{host}")));
            lines.push(Line::styled(
                format!(" host key {}", sanitize(fingerprint)),
                theme.dim(),
            ));
        }
        lines.push(Line::from(""));
        lines.push(Line::styled("Seats", theme.title()));
        for (p, seat) in self.seats.iter().enumerate() {
            lines.extend(seat_lines(p, seat, theme));
        }
        if let Some(code) = &self.watch_code {
            lines.push(Line::from(""));
            lines.push(Line::styled(
                format!("Spectators: {} watching", self.spectators),
                theme.title(),
            ));
            lines.push(Line::from(format!("   code {code}")));
        }
        if let Some(save) = &self.join.save {
            lines.push(Line::from(""));
            lines.push(Line::styled(
                format!("Saved after every move in {}", sanitize(save)),
                theme.dim(),
            ));
        }
        for said in self.said.iter().chain(&self.lost) {
            lines.push(Line::styled(sanitize(said).into_owned(), theme.error()));
        }
        lines
    }

    /// Whether the panel fits beside the table in `area`.
    fn beside(area: Rect) -> bool {
        area.width >= TABLE_MIN_W + PANEL_W
    }

    /// "Stop hosting?", with what becomes of the game.
    fn confirm_quit(&self, theme: Theme, area: Rect, buf: &mut Buffer) {
        let (how, save) = match &self.join.save {
            Some(save) => (
                "  saved after every move; it is hosted again (new codes) by",
                format!("  bohnanza host --resume {}", sanitize(save)),
            ),
            None => (
                "  not saved (there is no data directory): it ends here.",
                String::new(),
            ),
        };
        let w = (save.chars().count() as u16 + 4).max(66);
        let lines = vec![
            Line::from(""),
            Line::from("  Stop hosting? Everyone joined is cut off. The game is"),
            Line::from(how),
            Line::from(save),
            Line::from(""),
            key_line(
                "  ",
                theme,
                &[
                    (bar(Chooser::Quit, PickerCommand::Yes), "stop hosting"),
                    (bar(Chooser::Quit, PickerCommand::No), "keep hosting"),
                ],
            ),
        ];
        window(area, w, 9, " Stop hosting ", theme, lines, buf);
    }
}

/// A seat's lines in the panel: its name and who plays it, then a person's code.
fn seat_lines(p: usize, seat: &SeatState, theme: Theme) -> Vec<Line<'static>> {
    let name = format!(" {p} {} ", sanitize(&seat.name));
    let (state, style) = match (&seat.bot, seat.present, seat.stand_in) {
        (Some(bot), _, _) => (format!("bot ({})", sanitize(bot)), theme.dim()),
        (None, true, _) => ("person · connected".to_string(), theme.good()),
        (None, false, true) => ("person · away, a stand-in plays".to_string(), theme.error()),
        (None, false, false) if seat.joined_once => {
            ("person · dropped, seat kept".to_string(), theme.error())
        }
        (None, false, false) => ("person · not joined yet".to_string(), theme.dim()),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(name, theme.title()),
        Span::styled(state, style),
    ])];
    if let Some(code) = &seat.code {
        lines.push(Line::from(format!("   code {code}")));
    }
    lines
}

impl GameScreen for HostScreen {
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey> {
        match key.code {
            KeyCode::Char('c') => {
                self.panel = !self.panel;
                None
            }
            KeyCode::Char('q') if self.watched.is_over() => Some(TableKey::Quit),
            KeyCode::Char('q') => Some(TableKey::Window(Overlay::ConfirmQuit)),
            _ => self.watched.key(key),
        }
    }

    fn holder(&self) -> Holder {
        Holder::Person(None)
    }

    fn bot_wait(&self) -> Option<Duration> {
        Some(REFRESH)
    }

    fn takes_pace_keys(&self) -> bool {
        false
    }

    fn tick(&mut self) -> bool {
        self.refresh();
        true
    }

    fn play_bot(&mut self) -> bool {
        false
    }

    fn playing(&self) -> bool {
        !self.watched.is_over()
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.watched.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        self.watched.log_source()
    }

    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer) {
        let keys = [("c", "seats and codes"), ("q", "stop hosting")];
        let help = [
            Line::styled("You are hosting", theme.title()),
            Line::from(
                "People join with the codes beside the table (c shows or hides them). The game is saved after every move.",
            ),
            Line::from(""),
        ];
        let beside = self.panel && HostScreen::beside(area);
        let table_area = if beside {
            Rect {
                width: area.width - PANEL_W,
                ..area
            }
        } else {
            area
        };
        let shown = match overlay {
            Some(Overlay::ConfirmQuit) => None,
            other => other,
        };
        self.watched
            .draw(shown, &keys, &help, theme, table_area, buf);
        let lines = self.panel_lines(theme);
        if beside {
            let panel = Rect {
                x: area.x + table_area.width,
                width: PANEL_W,
                ..area
            };
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(theme.boxed(" Hosting "))
                .render(panel, buf);
        } else if self.panel && overlay.is_none() {
            let h = lines.len() as u16 + 4;
            window(area, 64, h, " Hosting · c hides ", theme, lines, buf);
        }
        if overlay == Some(Overlay::ConfirmQuit) {
            self.confirm_quit(theme, area, buf);
        }
    }

    fn closing(&mut self) -> Closing<'_> {
        self.watched.closing()
    }

    fn boxed(&self) -> Box<dyn GameScreen> {
        Box::new(self.clone())
    }
}

/// Nothing coaches the host's screen: there is no decision at this keyboard.
impl crate::ui::coach::Coaching for HostScreen {
    fn coach_busy(&self) -> bool {
        false
    }

    fn coach_think(&mut self, _: Duration) {}

    fn set_tutor(&mut self, _: bool) {}

    fn in_trial(&self) -> bool {
        false
    }

    fn review_now(&mut self) -> Result<(), String> {
        Err("The host's screen has no review: replay the save when the game is over.".into())
    }

    fn back_to_review(&mut self) -> bool {
        false
    }
}

/// The host's bots keep the host's own pace; the screen does not change it.
impl Paced for HostScreen {
    fn pace(&self) -> crate::ui::Pace {
        self.watched.pace()
    }

    fn set_pace(&mut self, _: crate::ui::Pace) {}

    fn change_pace(&mut self, _: crate::ui::Pace) {}
}
