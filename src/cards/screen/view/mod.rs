//! The card table's drawing: the table, the windows over it, and what to do now.

pub(crate) mod arrange;
pub(crate) mod bean_style;
pub(crate) mod offers;
pub(crate) mod overlays;
pub(crate) mod situation;
pub(crate) mod table;
pub(crate) mod trade;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::cards::screen::table::{CardTable, Mode};
use crate::ui::app::Overlay;
use crate::ui::theme::Theme;
use crate::ui::view::full_log::LogSource;
use crate::ui::view::quit::OnDisk;
use crate::ui::view::{confirm_quit, hint, identity};

/// A card game's log for the `l` window.
pub(crate) fn card_log(game: &CardTable) -> LogSource<'_> {
    LogSource {
        log: &game.shell.log,
        names: &game.shell.names,
        turn: game.state.turn(),
        identity: game_identity(game),
        scroll: &game.shell.log_scroll,
    }
}

/// The card table with whatever window the game or the keys opened over it (the `l`
/// window is drawn by the caller, over everything).
pub(crate) fn render_game(
    game: &CardTable,
    overlay: Option<Overlay>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    table::render(game, theme, area, buf);
    if let (Some(picker), None) = (game.arrange(), game.handoff()) {
        arrange::chooser(game, picker, theme, area, buf);
    }
    if game.handoff().is_some() {
        overlays::handoff(game, theme, area, buf);
    } else {
        match game.mode() {
            Mode::Compose(c) => trade::composer(game, c, theme, area, buf),
            Mode::Answer(a) => trade::answer(game, a, theme, area, buf),
            Mode::PickProposer(i) => trade::pick_proposer(game, *i, theme, area, buf),
            Mode::GameOver => overlays::game_over(game, theme, area, buf),
            Mode::Table => {}
        }
    }
    hint::coach_windows(game, theme, area, buf);
    match overlay {
        Some(Overlay::Help) => overlays::help(game, theme, area, buf),
        Some(Overlay::Beanometer) => overlays::beanometer(game, theme, area, buf),
        Some(Overlay::Symbols) => overlays::symbols(game, theme, area, buf),
        Some(Overlay::ConfirmQuit) => confirm_quit(
            match game.served_seat() {
                Some(_) if !game.state.is_over() => OnDisk::Hosted,
                _ => game.shell.on_disk(game.state.outcome().is_some()),
            },
            theme,
            area,
            buf,
        ),
        Some(Overlay::Log) | None => {}
    }
}

/// [`identity`] of a card game on screen.
pub(crate) fn game_identity(game: &CardTable) -> String {
    identity(
        &game.ruleset().name,
        game.shell.record.seed,
        game.state.turn(),
    )
}
