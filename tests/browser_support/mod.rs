//! The browser tests' harness: headless Chromium driven over WebDriver (Debian's `chromium`
//! and `chromium-driver`, or GRUNDY_CHROMIUM and GRUNDY_CHROMEDRIVER), each scenario against a
//! fresh `grundy serve` ([`super::serve_support::Server`]) in a fresh browser profile, with a
//! screenshot and the server's log when it fails. Without Chromium the tests fail with the
//! install hint: they never skip.

use super::serve_support::Server;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::error::Error;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a scenario returns.
pub type TestResult<T = ()> = Result<T, Box<dyn Error>>;

/// Chromium's flags: headless, and quiet (without the background-networking flags Chromium keeps
/// trying to reach Google and floods the log with refused connections).
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1000,1640",
];

fn tool(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// Chromium and chromedriver, or a loud failure saying how to install them.
fn browser() -> (PathBuf, PathBuf) {
    let chromium = tool("GRUNDY_CHROMIUM", "/usr/bin/chromium");
    let driver = tool("GRUNDY_CHROMEDRIVER", "/usr/bin/chromedriver");
    for (path, what) in [(&chromium, "Chromium"), (&driver, "chromedriver")] {
        assert!(
            path.exists(),
            "the browser tests need {what}, not found at {}. Install headless Chromium and its \
             WebDriver — on Debian or Ubuntu: `sudo apt-get install chromium chromium-driver` \
             (.ci/run does this) — or point GRUNDY_CHROMIUM and GRUNDY_CHROMEDRIVER at them. \
             These tests never skip.",
            path.display()
        );
    }
    (chromium, driver)
}

/// chromedriver as a child process in its own process group; the group (chromedriver and the
/// Chromium it started) is killed when dropped, even after a failed test.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// chromedriver listening on a free port and answering `/status` as chromedriver. The port
    /// is free when chosen but may be taken before chromedriver binds it (the other scenarios
    /// start servers and browsers beside this one): then another port is tried.
    fn start(path: &Path) -> Driver {
        let mut last_failure = String::new();
        for _ in 0..5 {
            match Driver::try_start(path) {
                Ok(driver) => return driver,
                Err(failure) => last_failure = failure,
            }
        }
        panic!("chromedriver did not start: {last_failure}");
    }

    fn try_start(path: &Path) -> Result<Driver, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut driver = Driver { child, port };
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = driver.child.try_wait() {
                return Err(format!("chromedriver on port {port} exited: {status}"));
            }
            if driver.answers_status() {
                return Ok(driver);
            }
            if started.elapsed() > Duration::from_secs(30) {
                return Err(format!(
                    "chromedriver on port {port} did not answer in 30 s"
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Whether chromedriver itself (not whatever else took the port) answers `GET /status`.
    fn answers_status(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
        let request = format!(
            "GET /status HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        );
        if stream.write_all(request.as_bytes()).is_err() {
            return false;
        }
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        response.starts_with("HTTP/1.1 200") && response.contains("\"ready\"")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `target/`, where the screenshots go.
pub fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("CARGO_TARGET_TMPDIR is inside target/")
        .to_path_buf()
}

/// Runs `scenario` against a fresh `grundy serve` in a fresh headless Chromium; a failure
/// leaves a screenshot in `target/serve-failure-NAME.png` and shows the server's log.
pub fn in_chromium<F, Fut>(name: &str, scenario: F)
where
    F: FnOnce(Client, String, Arc<Server>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = TestResult> + Send + 'static,
{
    in_chromium_serving(name, &[], scenario);
}

/// [`in_chromium`], with `grundy serve` started with `serve_args` too.
pub fn in_chromium_serving<F, Fut>(name: &str, serve_args: &[&str], scenario: F)
where
    F: FnOnce(Client, String, Arc<Server>) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = TestResult> + Send + 'static,
{
    let (chromium, driver_path) = browser();
    let server = Arc::new(Server::start(serve_args));
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("chromium-profile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let url = server.url();
    let shared = Arc::clone(&server);
    let outcome: Result<(), String> = runtime.block_on(async {
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        // A session that cannot start (Chromium slow to come up on a loaded machine) is tried
        // again with a fresh chromedriver, three times in all: a scenario never runs twice.
        let mut attempt = 1;
        let (client, driver) = loop {
            let driver = Driver::start(&driver_path);
            let _ = std::fs::remove_dir_all(&profile);
            match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{}", driver.port))
                .await
            {
                Ok(client) => break (client, driver),
                Err(error) if attempt == 3 => {
                    return Err(format!(
                        "cannot start a Chromium session (3 attempts): {error}"
                    ));
                }
                Err(_) => attempt += 1,
            }
        };
        let driving = client.clone();
        let result = tokio::spawn(async move {
            scenario(driving, url, shared)
                .await
                .map_err(|error| error.to_string())
        })
        .await
        .unwrap_or_else(|failure| match failure.try_into_panic() {
            Ok(panic) => Err(panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".to_string())),
            Err(failure) => Err(failure.to_string()),
        });
        if result.is_err()
            && let Ok(png) = client.screenshot().await
        {
            let _ = std::fs::write(target_dir().join(format!("serve-failure-{name}.png")), png);
        }
        let _ = client.close().await;
        drop(driver);
        result
    });
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(error) = outcome {
        panic!(
            "{error}\n(a screenshot is in target/serve-failure-{name}.png)\nserver log:\n{}",
            server.log.lock().unwrap()
        );
    }
}
