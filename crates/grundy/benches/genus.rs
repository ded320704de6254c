//! How far Conway's genus goes in a time budget (10 s by default, or
//! `GENUS_SECS`): for heap games, the largest `N` such that the genus of
//! every heap `0..=N` is found within the budget (one table, as `grundy
//! values GAME --to N --genus` computes it); for boards and graphs, the
//! largest position of a growing family whose genus is found within it
//! (as `grundy solve SPEC --genus`).
//!
//! `cargo bench -p grundy --bench genus`

use std::time::{Duration, Instant};

use grundy::cancel::Cancel;
use grundy::games::{Game, SolveOptions};
use grundy::heap::HeapRuleset;
use grundy::misere::GenusTable;

fn budget() -> Duration {
    let secs = std::env::var("GENUS_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10.0);
    Duration::from_secs_f64(secs)
}

/// The largest heap reached within the budget, and the time to it.
fn heaps(spec: &str, budget: Duration) -> (u64, Duration) {
    let ruleset: HeapRuleset = spec.parse().expect("a heap game");
    let mut table = GenusTable::new(&ruleset);
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let started = Instant::now();
    // The budget stops the search from a watchdog thread.
    let watchdog = std::thread::spawn(move || {
        let end = Instant::now() + budget;
        while Instant::now() < end && !flag.is_cancelled() {
            std::thread::sleep(Duration::from_millis(5));
        }
        flag.cancel();
    });
    let mut reached = (0, Duration::ZERO);
    for heap in 0..=grundy::misere::GENUS_MAX_HEAP {
        match table.genus(heap, &cancel) {
            Ok(_) if started.elapsed() <= budget => reached = (heap, started.elapsed()),
            _ => break,
        }
    }
    cancel.cancel();
    watchdog.join().unwrap();
    reached
}

/// The largest member of `family(n)` whose genus is found within the
/// budget, and its time.
fn positions(family: &dyn Fn(u32) -> String, budget: Duration) -> (String, Duration) {
    let mut reached = (String::from("none"), Duration::ZERO);
    for n in 1.. {
        let spec = family(n);
        let Ok(game) = Game::parse(&spec) else { break };
        let position = game.position().expect("a whole position");
        let cancel = Cancel::new();
        let flag = cancel.clone();
        let started = Instant::now();
        let watchdog = std::thread::spawn(move || {
            let end = Instant::now() + budget;
            while Instant::now() < end && !flag.is_cancelled() {
                std::thread::sleep(Duration::from_millis(5));
            }
            flag.cancel();
        });
        let found = position.genus(&mut SolveOptions::default().cancel(&cancel));
        cancel.cancel();
        watchdog.join().unwrap();
        match found {
            Ok(_) if started.elapsed() <= budget => reached = (spec, started.elapsed()),
            _ => break,
        }
    }
    reached
}

fn main() {
    let budget = budget();
    println!(
        "genus within {:.0} s a case ({})",
        budget.as_secs_f64(),
        cpu()
    );
    for spec in [
        "kayles",
        "0.07",
        "0.137",
        "grundy-game",
        "sub{1,2,3}",
        "nim",
    ] {
        let (heap, time) = heaps(spec, budget);
        println!(
            "heaps   {spec:12} every heap 0..={heap} in {:.2} s",
            time.as_secs_f64()
        );
    }
    let families: [(&str, &dyn Fn(u32) -> String); 5] = [
        ("cram 2xN", &|n| format!("cram:2x{n}")),
        ("cram 3xN", &|n| format!("cram:3x{n}")),
        ("chomp 3xN", &|n| format!("chomp:3x{n}")),
        ("nodekayles path", &|n| format!("nodekayles:path:{n}")),
        ("nodekayles grid 3xN", &|n| format!("nodekayles:grid:3x{n}")),
    ];
    for (name, family) in families {
        let (spec, time) = positions(family, budget);
        println!(
            "board   {name:20} largest {spec} in {:.2} s",
            time.as_secs_f64()
        );
    }
}

/// The processor, as /proc/cpuinfo names it.
fn cpu() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown processor".into())
}
