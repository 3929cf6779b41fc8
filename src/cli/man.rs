//! `bohnanza man`: the manual page (roff), generated from the command definitions, with a
//! section for each command.

use std::process::ExitCode;

/// Writes the manual page to standard output: the program's page, then each command's.
pub fn man() -> ExitCode {
    let command = super::command();
    let mut page = Vec::new();
    let mut rendered = clap_mangen::Man::new(command.clone()).render(&mut page);
    for sub in command.get_subcommands().filter(|c| !c.is_hide_set()) {
        let name = format!("bohnanza {}", sub.get_name());
        let sub = sub.clone().display_name(name.clone()).bin_name(name);
        rendered = rendered.and_then(|()| {
            page.extend_from_slice(b".bp\n");
            clap_mangen::Man::new(sub)
                .title("bohnanza")
                .render(&mut page)
        });
    }
    match rendered {
        Ok(()) => super::stdout::print_last(page),
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}
