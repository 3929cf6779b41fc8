//! `bohnanza host`: a game that players join over the network, each from their own
//! terminal or program (docs/network.md).

use std::io::{IsTerminal, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use russh::keys::PrivateKey;
use serde_json::json;

use crate::cli::play::chosen_names;
use crate::cli::resume::continued_in;
use crate::cli::table_args::TableArgs;
use crate::cli::{MctsArgs, locate, parse_seats, random_seed, usage_error};
use bohnanza::game::{SeatKind, Seated};
use bohnanza::host::screen::at_host::{HostScreen, JoinInfo, Notices};
use bohnanza::host::ssh::{self, host_key};
use bohnanza::host::{Host, HostConfig, clock, tcp};
use bohnanza::rules::DEFAULT_THINK_TIME;
use bohnanza::rules::{Rules, WorkWithRules};
use bohnanza::store::{Actions, SavedGame, SavedSeat, Saver, data_dir, shown_lines};
use bohnanza::text::{escape_json, sanitize};
use bohnanza::ui::terminal::{Finished, run};
use bohnanza::ui::{App, GameScreen, Theme};

/// How to host a game.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// Where clients connect: ADDR:PORT (port 0 picks a free one; 0.0.0.0:PORT for every
    /// network the machine is on, 127.0.0.1:PORT for this machine or an SSH tunnel).
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: String,
    /// Also serve SSH here: a guest runs `ssh -p PORT CODE@HOST` and gets their seat's
    /// screen, with nothing installed (the host key is kept in the data directory).
    #[arg(long, value_name = "ADDR:PORT")]
    pub ssh: Option<String>,
    /// No screen: the host prints its JSON line and serves until the game is over. Without
    /// it, this terminal shows the public table, who is connected and the join codes, and
    /// `q` stops hosting.
    #[arg(long)]
    pub headless: bool,
    /// Seconds a person's seat waits for them (before they first join, or after they drop)
    /// before the stand-in plays it.
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    pub grace: u64,
    /// The bot that plays an absent person's seat until they come back: a card game's level
    /// (default normal) or a dice bot (default greedy).
    #[arg(long, value_name = "LEVEL")]
    pub stand_in: Option<String>,
    /// Also print a code for spectators, who see the public table and no hand.
    #[arg(long)]
    pub watch: bool,
    /// Host this saved game again (a save file, or its name in the data directory's
    /// games/), with new codes.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["variant", "ruleset", "players", "names", "seed", "seats"])]
    pub resume: Option<PathBuf>,
    #[command(flatten)]
    pub table: TableArgs,
    #[command(flatten)]
    pub mcts: MctsArgs,
}

/// Hosts the game the flags describe until it is over (headless), or until the person
/// running it stops hosting from its screen.
pub fn host(args: HostArgs) -> ExitCode {
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if !args.headless && !terminal {
        usage_error(
            "the host's screen needs a terminal: add --headless to host without one".into(),
        );
    }
    let data = data_dir();
    if let Some(d) = &data {
        bohnanza::store::library::remove_abandoned_temporaries(d);
    }
    let opened = open_host(&args, data.as_deref()).and_then(|host| {
        let (listener, address, ssh) = listen(&args, data.as_deref())?;
        Ok((host, listener, address, ssh))
    });
    let (host, listener, address, ssh) = match opened {
        Ok(opened) => opened,
        Err(e) => {
            eprintln!("bohnanza: {e}");
            return ExitCode::FAILURE;
        }
    };
    let first = first_line(&host, address, ssh.as_ref());
    let shared = Arc::new(Mutex::new(host));
    let told = Told::default();
    let screen = match (!args.headless)
        .then(|| HostScreen::new(Arc::clone(&shared), join_info(&first), told.0.clone()))
        .transpose()
    {
        Ok(screen) => screen,
        Err(e) => {
            eprintln!("bohnanza: {e}; host it with --headless");
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{}", escape_json(&first.to_string()))
        .and_then(|()| out.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    drop(out);
    let told = if screen.is_some() {
        told
    } else {
        Told::on_stderr()
    };
    let serving = Arc::clone(&shared);
    std::thread::spawn(move || tcp::serve(listener, serving));
    if let Some(SshListener { listener, key, .. }) = ssh {
        let serving = Arc::clone(&shared);
        let told = told.clone();
        std::thread::spawn(move || {
            if let Err(e) = ssh::serve(listener, serving, key) {
                told.tell(&format!("SSH stopped: {e}"));
            }
        });
    }
    let Some(screen) = screen else {
        clock::keep_time(&shared, |notice| told.tell(notice));
        return ExitCode::SUCCESS;
    };
    let clock = Arc::clone(&shared);
    std::thread::spawn(move || clock::keep_time(&clock, |notice| told.tell(notice)));
    let finished = run(App::playing(screen, Theme::from_env()));
    // No save is half written while the host is held: the program ends with it held.
    let _held = tcp::lock(&shared);
    stopped(finished, first.get("save").and_then(|s| s.as_str()))
}

/// What the screen's end says, and the exit status: the save to host again, or why the
/// terminal failed.
fn stopped(finished: std::io::Result<Finished>, save: Option<&str>) -> ExitCode {
    let resume = match save {
        Some(save) if !is_over(&finished) => format!(
            " The game is saved: `bohnanza host --resume {}` hosts it again.",
            sanitize(save)
        ),
        _ => String::new(),
    };
    match finished {
        Err(e) => {
            eprintln!("bohnanza: the host's screen: {e}.{resume}");
            ExitCode::FAILURE
        }
        Ok(Finished { error: Some(e), .. }) => {
            eprintln!("bohnanza: the host's screen: {e}.{resume}");
            ExitCode::FAILURE
        }
        Ok(Finished {
            signal: Some(signal),
            ..
        }) => {
            eprintln!("bohnanza: stopped hosting ({}).{resume}", signal.name());
            ExitCode::from(signal.exit_status())
        }
        Ok(_) => {
            eprintln!("Stopped hosting.{resume}");
            ExitCode::SUCCESS
        }
    }
}

/// Whether the hosted game had ended when the screen closed.
fn is_over(finished: &std::io::Result<Finished>) -> bool {
    finished
        .as_ref()
        .ok()
        .and_then(|f| f.app.shown::<HostScreen>())
        .is_some_and(|s| !s.playing())
}

/// Where and how people join, for the host's screen, from the host's first line.
fn join_info(first: &serde_json::Value) -> JoinInfo {
    let text = |key: &str| first.get(key).and_then(|v| v.as_str()).map(str::to_string);
    JoinInfo {
        listen: text("listen").unwrap_or_default(),
        ssh: text("ssh").zip(text("ssh_fingerprint")),
        save: text("save"),
    }
}

/// Where what the person running the host should know goes: the host's screen (its
/// notices), or standard error when there is no screen.
#[derive(Clone, Default)]
struct Told(Notices, bool);

impl Told {
    /// Notices said on standard error.
    fn on_stderr() -> Told {
        Told(Notices::default(), true)
    }

    fn tell(&self, notice: &str) {
        if self.1 {
            eprintln!("bohnanza host: {}", sanitize(notice));
        } else {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push_back(notice.to_string());
        }
    }
}

/// The host of the game the flags describe (a new one, or a save hosted again); the error
/// is said as it is printed.
fn open_host(args: &HostArgs, data: Option<&Path>) -> Result<Host, String> {
    let opened = match &args.resume {
        Some(file) => resumed(file, data),
        None => new_game(args, data),
    };
    let (rules, record, saver) = opened.map_err(|e| shown_lines(&e))?;
    if saver.is_none() {
        eprintln!(
            "bohnanza: no data directory (set HOME or BOHNANZA_DATA_DIR); the game will not be saved"
        );
    }
    let config = HostConfig {
        rules,
        record,
        saver,
        stand_in: args.stand_in.clone(),
        grace: Duration::from_secs(args.grace),
        watch: args.watch,
        bots: args.mcts.options(Some(DEFAULT_THINK_TIME)),
    };
    Host::open(config).map_err(|e| shown_lines(&e))
}

/// The sockets the flags ask for: TCP (and the address it got) and, with `--ssh`, SSH.
fn listen(
    args: &HostArgs,
    data: Option<&Path>,
) -> Result<(TcpListener, SocketAddr, Option<SshListener>), String> {
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| format!("cannot listen on {}: {e}", sanitize(&args.listen)))?;
    let address = listener
        .local_addr()
        .map_err(|_| "the listening address cannot be read".to_string())?;
    let ssh = args
        .ssh
        .as_deref()
        .map(|at| ssh_listener(at, data))
        .transpose()?;
    Ok((listener, address, ssh))
}

/// The one JSON line printed at start: where to connect, the seats' codes, the spectators'
/// code and the save.
fn first_line(host: &Host, address: SocketAddr, ssh: Option<&SshListener>) -> serde_json::Value {
    let mut first = json!({ "listen": address.to_string(), "seats": host.seats().codes_json() });
    if let Some(ssh) = ssh {
        first["ssh"] = json!(ssh.address);
        first["ssh_fingerprint"] = json!(ssh.fingerprint);
    }
    if let Some(watch) = &host.seats().watch {
        first["watch"] = json!(watch.as_str());
    }
    if let Some(path) = host.save_path() {
        first["save"] = json!(path.display().to_string());
    }
    first
}

/// Where guests connect over SSH, with the host key they will see.
struct SshListener {
    listener: TcpListener,
    key: PrivateKey,
    address: String,
    fingerprint: String,
}

/// Listens for SSH at `at`, with the host key kept in `data` (or one made for this run
/// when there is no data directory, said on standard error).
fn ssh_listener(at: &str, data: Option<&Path>) -> Result<SshListener, String> {
    let key = match data {
        Some(d) => host_key::load_or_create(d)
            .map_err(|e| format!("the SSH host key: {}", sanitize(&e.to_string())))?,
        None => {
            eprintln!("bohnanza: no data directory: the SSH host key is new for this game only");
            host_key::for_this_run().map_err(|e| format!("the SSH host key: {e}"))?
        }
    };
    let listener = TcpListener::bind(at)
        .map_err(|e| format!("cannot listen for SSH on {}: {e}", sanitize(at)))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("the SSH address cannot be read: {e}"))?
        .to_string();
    let fingerprint = host_key::fingerprint(&key);
    Ok(SshListener {
        listener,
        key,
        address,
        fingerprint,
    })
}

/// What a hosted game is opened from.
type Opened = (Rules, SavedGame, Option<Saver>);

/// The saved game `--resume FILE` names, saved on where it was (a data directory's own
/// save) or in a new file.
fn resumed(file: &Path, data: Option<&Path>) -> Result<Opened, String> {
    let path = locate(file, data);
    let shown = sanitize(&path.display().to_string()).into_owned();
    let saved = bohnanza::store::read(&path)
        .map_err(|e| format!("the saved game {shown} cannot be hosted: {e}"))?;
    let rules = saved
        .ruleset
        .rules()
        .map_err(|e| format!("the saved game {shown} cannot be hosted: its ruleset: {e}"))?;
    let saver = continued_in(data, path, &saved);
    Ok((rules, saved, saver))
}

/// A new game from the flags, saved in a new file in the data directory.
fn new_game(args: &HostArgs, data: Option<&Path>) -> Result<Opened, String> {
    let (rules, source) = args.table.rules()?;
    let counts = rules.player_counts();
    let players = args.table.players(&counts);
    let kinds = match &args.table.seats {
        Some(kinds) => rules.dispatch(SeatKinds(kinds)),
        None => vec![SeatKind::Human; players],
    };
    if !counts.contains(&players) {
        let allowed: Vec<String> = counts.iter().map(ToString::to_string).collect();
        usage_error(format!(
            "{} is for {} players, not {players}",
            rules.name(),
            allowed.join(", ")
        ));
    }
    let names = chosen_names(args.table.names.clone(), &kinds);
    let saver = data.map(|d| Saver::for_new_game(d, rules.name(), &names));
    let record = SavedGame {
        ruleset: source,
        seats: kinds.iter().map(|&k| SavedSeat::of(k)).collect(),
        names,
        seed: args.table.seed.unwrap_or_else(random_seed),
        open_hands: false,
        actions: Actions::new(),
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    };
    Ok((rules, record, saver))
}

/// The seat kinds `--seats` names, for whichever game the rules are.
struct SeatKinds<'a>(&'a [String]);

impl<G: Seated> WorkWithRules<G> for SeatKinds<'_> {
    type Output = Vec<SeatKind>;

    fn with(self, _: &Arc<G::Rules>) -> Vec<SeatKind> {
        parse_seats::<G>(self.0)
    }
}
