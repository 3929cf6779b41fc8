//! The report's pictures: the HTML page renders its charts in a real headless browser
//! (Debian's `chromium`, which `.ci/run` installs), and `--report FILE.svg` draws them alone.

use bohnanza::cards::bots::names;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::cli::{mkfifo, output_within_stall};
use bohnanza::cards::bots::BotOptions;
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::simulate::chart::{self, LEAD_COLOUR, LENGTH_COLOUR, SEAT_COLOURS, WIN_RATE_COLOUR};
use bohnanza::simulate::{Entrant, Shard, SimConfig, SimGame, run};

/// The browser on this machine, if any.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// Screenshots `page` at 1200×1400 (a designer's window) into `png`, waiting at most a
/// minute.
fn screenshot(browser: &Path, page: &Path, png: &Path, profile: &Path) {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=1200,1400",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium took over a minute to screenshot the report");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The screenshot's pixels, as RGB.
fn pixels(png: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    assert!(step >= 3, "a colour screenshot");
    let px = buf[..info.buffer_size()]
        .chunks(step)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, px)
}

fn near(a: [u8; 3], b: plotters::style::RGBColor, tolerance: u8) -> bool {
    [b.0, b.1, b.2]
        .iter()
        .zip(a)
        .all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

#[test]
fn the_html_report_shows_its_charts_in_chromium() {
    let Some(browser) = chromium() else {
        if std::env::var_os("CI").is_some() {
            panic!("chromium is not installed: .ci/run installs Debian's chromium package");
        }
        eprintln!("skipped: chromium is not installed (apt-get install chromium to run this test)");
        return;
    };
    let config = SimConfig {
        game: SimGame::new(Rules::Cards(rulesets::load("base").unwrap())),
        seats: [names::GREEDY, names::RANDOM, names::GREEDY]
            .map(Entrant::plain)
            .to_vec(),
        games: 60,
        seed: 1,
        jobs: 2,
        rotate: true,
        duplicate: false,
        shard: Shard::WHOLE,
        options: BotOptions::default(),
    };
    let report = run(&config, &|_| {}).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    std::fs::write(&page, chart::html(&report).unwrap()).unwrap();
    let png = dir.path().join("report.png");
    screenshot(&browser, &page, &png, &dir.path().join("profile"));

    let (width, height, px) = pixels(&png);
    assert_eq!((width, height), (1200, 1400));
    let count = |colour, tolerance| px.iter().filter(|&&p| near(p, colour, tolerance)).count();
    // The bar charts: solid fills of their own colours.
    for (what, colour) in [
        ("game length", LENGTH_COLOUR),
        ("win rate", WIN_RATE_COLOUR),
        ("lead changes", LEAD_COLOUR),
    ] {
        let n = count(colour, 0);
        assert!(n > 2_000, "the {what} chart's bars: {n} pixels");
    }
    // The score lines, one colour per seat.
    for (seat, &colour) in SEAT_COLOURS.iter().take(3).enumerate() {
        let n = count(colour, 24);
        assert!(n > 100, "seat {}'s score line: {n} pixels", seat + 1);
    }
    // The charts fit the window: the right-hand charts end inside the page's margin
    // instead of running off its edge (which would scroll sideways).
    let rightmost = (0..px.len())
        .filter(|&i| near(px[i], LEAD_COLOUR, 0))
        .map(|i| i as u32 % width)
        .max()
        .unwrap();
    assert!(
        rightmost < width - 24,
        "the lead changes chart reaches column {rightmost} of {width}"
    );
    // The charts fill the lower part of the page: it is far from blank.
    let lower = &px[(width * height / 3) as usize..];
    let inked = lower.iter().filter(|p| p.iter().any(|&c| c < 200)).count();
    assert!(
        inked * 20 > lower.len(),
        "the charts' area is blank: {inked} of {} pixels inked",
        lower.len()
    );
}

#[test]
fn the_command_draws_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("report.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(["simulate", "--games", "6", "--players", "3", "--report"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..text.len().min(80)]);
    for title in [
        "Final score by seat",
        "Game length",
        "Win rate by position",
        "Lead changes",
    ] {
        assert!(text.contains(title), "{title}");
    }
    assert!(
        !text.contains("<script") && !text.contains("href="),
        "nothing fetched"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(["simulate", "--games", "1", "--report", "report.pdf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "only .html and .svg are drawn");
}

#[test]
fn the_page_names_its_seed_command_and_version_and_fits_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args([
            "simulate",
            "--games",
            "3",
            "--players",
            "3",
            "--seed",
            "9",
            "--seats",
            "greedy,mcts:2,random",
            "--report",
        ])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<tr><th>seed</th><td>9 (game i is dealt from seed 9 + i)</td></tr>"));
    assert!(
        html.contains(
            " simulate --games 3 --players 3 --seed 9 --seats greedy,mcts:2,random --report "
        ),
        "the command"
    );
    assert!(html.contains(&format!("<td>bohnanza {}</td>", env!("CARGO_PKG_VERSION"))));
    assert!(html.contains("seat 2 (mcts:2): 2 playouts per decision"));
    assert!(html.contains("<th>shared wins</th>") && html.contains("tie break"));
    // The charts scale down to the window: the picture keeps its viewBox, and the page
    // draws it at most as wide as the window.
    let (w, h) = chart::SIZE;
    assert!(html.contains(&format!("viewBox=\"0 0 {w} {h}\"")));
    assert!(html.contains("svg { display: block; width: 100%; max-width: 1200px; height: auto; }"));
    assert!(html.contains("overflow-wrap: anywhere"), "long words wrap");
}

/// Runs `bohnanza ARGS` to its end, failing the test if it stalls (a write to a pipe nobody
/// reads never ends); its exit code and standard error.
fn run_bounded(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = output_within_stall(
        Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(args)
            .stdout(Stdio::null()),
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `--report` names a file to write: a folder, a pipe (which would wait for a reader without
/// end) or a file in a folder that does not exist is refused as the flags are read, before
/// a game is played, by `simulate` and `simulate-merge` alike, naming the path safely.
#[test]
fn a_report_path_that_cannot_be_written_is_refused_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.html");
    mkfifo(&fifo);
    let folder = dir.path().join("folder.svg");
    std::fs::create_dir(&folder).unwrap();
    let nowhere = dir.path().join("no\u{1b}[2Jsuch/report.html");
    let json = dir.path().join("run.json");
    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .args(["simulate", "--games", "2", "--format", "json"])
        .output()
        .unwrap();
    std::fs::write(&json, out.stdout).unwrap();
    for target in [&fifo, &folder, &nowhere] {
        for command in [
            &["simulate", "--games", "100000000"][..],
            &["simulate-merge"],
        ] {
            let mut args: Vec<&std::ffi::OsStr> = command.iter().map(|a| a.as_ref()).collect();
            if command[0] == "simulate-merge" {
                args.push(json.as_os_str());
            }
            args.extend(["--report".as_ref(), target.as_os_str()]);
            let (code, stderr) = run_bounded(&args);
            assert_eq!(code, Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains("--report"), "{args:?}: {stderr}");
            assert!(!stderr.contains('\u{1b}'), "{args:?}: {stderr:?}");
        }
    }
    assert!(!dir.path().join("no\u{1b}[2Jsuch").exists());
}
