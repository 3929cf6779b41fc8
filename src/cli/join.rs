//! `bohnanza join ADDR --code C`: plays one seat of a hosted game in this terminal, or
//! watches its public table with the spectators' code.
//!
//! The host draws the seat's screen (`bohnanza::host::screen`); this end only relays: it
//! sends the terminal's size and the bytes typed, and writes the frames it is sent to the
//! terminal as they come. No card of the game is ever here, only the picture of this seat's
//! screen.

use std::io::{self, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use crossterm::{cursor, execute, terminal};
use serde_json::{Value, json};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};
use signal_hook::iterator::Signals;

use bohnanza::protocol::{Line, LineReader, MAX_LINE_BYTES};
use bohnanza::text::sanitize;

/// How long connecting, and then being let in, may take.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// How to join a hosted game.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's address: ADDR:PORT, as the host's line says (or its machine's address on
    /// the network, or 127.0.0.1:PORT through an SSH tunnel).
    #[arg(value_name = "ADDR:PORT")]
    pub address: String,
    /// The seat's join code, as the host gave it (or the spectators' code, to watch).
    #[arg(long, value_name = "CODE")]
    pub code: String,
}

/// Joins the game and relays the seat's screen until the player leaves or the host goes.
pub fn join(args: JoinArgs) -> ExitCode {
    match relay(&args) {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Connects, joins, and relays; what to say at the end, or why it failed.
fn relay(args: &JoinArgs) -> Result<String, String> {
    let stream = connect(&args.address)?;
    let (cols, rows) = terminal::size().map_err(|e| format!("this terminal's size: {e}"))?;
    let joining =
        json!({ "join": { "code": args.code, "screen": { "cols": cols, "rows": rows } } });
    let writer = Arc::new(Mutex::new(stream.try_clone().map_err(|e| e.to_string())?));
    send(&writer, &joining).map_err(|e| format!("the host cannot be reached: {e}"))?;
    let read_half = stream.try_clone().map_err(|e| e.to_string())?;
    let mut lines = LineReader::new(BufReader::new(read_half), MAX_LINE_BYTES);
    let _ = stream.set_read_timeout(Some(CONNECT_WAIT));
    let first = next_value(&mut lines)?.ok_or("the host closed the connection")?;
    let name = match first.get("joined") {
        Some(joined) if joined["watching"] == true => None,
        Some(joined) => Some(joined["name"].as_str().unwrap_or("the seat").to_string()),
        None => return Err(refusal(&first)),
    };
    let _ = stream.set_read_timeout(None);
    let _terminal = TakenTerminal::take().map_err(|e| format!("this terminal: {e}"))?;
    watch_signals(&writer)?;
    let keys = Arc::clone(&writer);
    std::thread::spawn(move || send_keys(&keys));
    let mut out = io::stdout();
    loop {
        let line = match next_value(&mut lines) {
            Ok(Some(line)) => line,
            Ok(None) | Err(_) => break,
        };
        if let Some(frame) = line.get("frame").and_then(Value::as_str) {
            if out
                .write_all(frame.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                break;
            }
        } else if let Some(bye) = line.get("bye").and_then(Value::as_str) {
            return Ok(sanitize(bye).into_owned());
        } else if line.get("error").is_some() {
            return Err(refusal(&line));
        }
    }
    Ok(match name {
        Some(name) => format!(
            "The host closed the connection. {}'s seat is kept: join again with the same code to take it back.",
            sanitize(&name)
        ),
        None => "The host closed the connection.".to_string(),
    })
}

/// A connection to `address`, tried at each of its addresses in turn.
fn connect(address: &str) -> Result<TcpStream, String> {
    let shown = sanitize(address);
    let addresses = address
        .to_socket_addrs()
        .map_err(|e| format!("{shown} is no address to join (ADDR:PORT): {e}"))?;
    let mut last = None;
    for a in addresses {
        match TcpStream::connect_timeout(&a, CONNECT_WAIT) {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                return Ok(stream);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) => format!("cannot connect to {shown}: {e}"),
        None => format!("{shown} names no address"),
    })
}

/// The next JSON line from the host; `None` once it has closed.
fn next_value(lines: &mut LineReader<BufReader<TcpStream>>) -> Result<Option<Value>, String> {
    match lines.next_line() {
        Ok(Some(Line::Text(text))) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("the host sent what is not JSON: {e}")),
        Ok(Some(_)) => Err("the host sent a line that cannot be read".into()),
        Ok(None) => Ok(None),
        Err(e) => Err(format!("the host did not answer: {e}")),
    }
}

/// The host's refusal in words.
fn refusal(line: &Value) -> String {
    let message = line["error"]["message"]
        .as_str()
        .or_else(|| line["error"].as_str())
        .unwrap_or("the host refused to join");
    format!("the host refused: {}", sanitize(message))
}

/// Sends one line to the host.
fn send(writer: &Mutex<TcpStream>, line: &Value) -> io::Result<()> {
    let mut stream = writer.lock().unwrap_or_else(|p| p.into_inner());
    let mut bytes = line.to_string().into_bytes();
    bytes.push(b'\n');
    stream.write_all(&bytes)
}

/// Sends what is typed, as it is typed, until standard input or the connection ends.
fn send_keys(writer: &Mutex<TcpStream>) {
    let mut stdin = io::stdin().lock();
    let mut buffer = [0u8; 1024];
    loop {
        match stdin.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if send(writer, &json!({ "keys": &buffer[..n] })).is_err() {
                    return;
                }
            }
        }
    }
}

/// Sends the terminal's new size on every resize, and gives the terminal back and ends on
/// the signals that end a program.
fn watch_signals(writer: &Arc<Mutex<TcpStream>>) -> Result<(), String> {
    let mut signals = Signals::new([SIGWINCH, SIGTERM, SIGINT, SIGHUP])
        .map_err(|e| format!("signals cannot be watched: {e}"))?;
    let writer = Arc::clone(writer);
    std::thread::spawn(move || {
        for signal in signals.forever() {
            if signal == SIGWINCH {
                if let Ok((cols, rows)) = terminal::size() {
                    let _ = send(&writer, &json!({ "size": { "cols": cols, "rows": rows } }));
                }
                continue;
            }
            give_back();
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// The terminal taken for the screen (raw, the alternate screen, the cursor hidden), given
/// back when dropped.
struct TakenTerminal;

impl TakenTerminal {
    fn take() -> io::Result<TakenTerminal> {
        terminal::enable_raw_mode()?;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            give_back();
            previous(info);
        }));
        Ok(TakenTerminal)
    }
}

impl Drop for TakenTerminal {
    fn drop(&mut self) {
        give_back();
    }
}

/// Gives the terminal back as it was.
fn give_back() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
}
