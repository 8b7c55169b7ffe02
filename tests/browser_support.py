"""Start-up for the tests and scripts that drive the widgets in a real browser.

Headless Debian Chromium (``/usr/bin/chromium``, driven by Playwright: never ``playwright
install``), a Voilà or a JupyterLab server on 127.0.0.1 in its own process group (stopped by its
pid), and a few page helpers.  Nothing here imports pytest or Playwright at import time, so the
benchmarks (``benchmarks/bench_table.py``, ``benchmarks/screenshots.py``) use it as well as the
tests; a test turns :func:`unavailable`'s reason into a skip on a workstation and a failure in CI
with :func:`skip_or_fail`.

    with voila(NOTEBOOK, log_dir) as url, chromium() as browser:
        page = open_page(browser, url, 1200, [".bw-play-table .bw-card-btn"])

>>> unavailable(chromium=Path("/nonexistent/chromium"))
'/nonexistent/chromium is missing (apt-get install chromium)'
>>> free_port() > 0
True
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

__all__ = [
    "ROOT", "CHROMIUM", "CHROMIUM_ARGS", "START_TIMEOUT", "RENDER_TIMEOUT",
    "LAB_SETTINGS", "unavailable", "skip_or_fail", "free_port", "server", "voila",
    "jupyter_lab", "lab_theme", "chromium", "open_page", "close_page", "download",
    "SAVE_CHANGED", "act_on_table",
]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 60.0  # seconds for a server to answer on its port
RENDER_TIMEOUT = 90_000  # milliseconds for a page's widgets to appear (2 shared cores)
BIN = Path(sys.executable).parent  # the venv's scripts: voila, jupyter


def unavailable(*programs: str, chromium: Path = CHROMIUM) -> str | None:
    """Why the browser checks cannot run here (``None``: they can): Chromium, the Playwright
    package, or one of ``programs`` (``voila``, ``jupyter-lab``) of this venv is missing."""
    if not chromium.exists():
        return f"{chromium} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    for name in programs:
        if not (BIN / name).exists():
            return f"{name} is not installed in {BIN} (pip install voila jupyterlab)"
    return None


def skip_or_fail(reason: str) -> NoReturn:
    """Skip on a workstation, fail in CI (``CI`` set): a missing browser must never pass
    silently there."""
    import pytest

    if os.environ.get("CI"):
        pytest.fail(f"{reason} (required in CI)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server's process group (its own: started with ``start_new_session``) at once:
    a server's own shutdown (SIGTERM) took 1.1-1.2 s of waiting for its kernels, each time,
    and a test's server keeps nothing worth a clean exit (its folders are temporary; a kernel
    the group did not hold sees its parent gone and exits)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    proc.wait(timeout=5)


@contextlib.contextmanager
def server(
    command: Sequence[str], port: int, log: Path, cwd: Path = ROOT,
    env: dict[str, str] | None = None, timeout: float = START_TIMEOUT,
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``command`` in its own process group, its output to ``log``, until it answers on
    127.0.0.1:``port``; stop it (by its pid) on the way out.  A server that exits or does not
    answer in ``timeout`` seconds raises ``RuntimeError`` with its log."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            list(command), cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{command[0]} exited with {proc.returncode}:\n"
                                   f"{log.read_text(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{command[0]} did not answer in {timeout} s:\n"
                                       f"{log.read_text(errors='replace')}") from None
                time.sleep(0.25)
        yield proc
    finally:
        _stop(proc)


@contextlib.contextmanager
def voila(notebook: Path, log_dir: Path, *args: str) -> Iterator[str]:
    """Voilà serving ``notebook`` on 127.0.0.1; yields the page's address (each load of it runs
    the notebook in a new kernel; ``?theme=dark`` gives JupyterLab Dark).  ``notebook`` may be
    a folder: the address is then its list, each notebook at ``voila/render/<name>`` below."""
    port = free_port()
    command = [str(BIN / "voila"), str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", *args]
    with server(command, port, log_dir / "voila.log"):
        yield f"http://127.0.0.1:{port}/"


LAB_SETTINGS = {
    # without these a "Select Kernel" dialog blocks Run All, and the news asks the network
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False,
    },
}


def lab_theme(settings_dir: Path, theme: str) -> None:
    """Set JupyterLab's theme (``JupyterLab Light`` / ``JupyterLab Dark``) in ``settings_dir``:
    read by the server at each page load."""
    path = settings_dir / "@jupyterlab/apputils-extension/themes.jupyterlab-settings"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": theme}))


@contextlib.contextmanager
def jupyter_lab(root_dir: Path, work_dir: Path, theme: str = "JupyterLab Light",
                settings: dict[str, Any] | None = None) -> Iterator[tuple[str, Path]]:
    """JupyterLab on 127.0.0.1 serving ``root_dir``, with a token and its own settings, runtime
    and config folders under ``work_dir``; yields ``(url, settings_dir)`` where ``url`` is the
    ``/lab`` address with the token (append ``/tree/<notebook>`` before the query to open one)."""
    port = free_port()
    token = os.urandom(16).hex()
    settings_dir = work_dir / "lab-settings"
    for name, value in {**LAB_SETTINGS, **(settings or {})}.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    lab_theme(settings_dir, theme)
    env = {
        **os.environ,
        "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
        "JUPYTERLAB_WORKSPACES_DIR": str(work_dir / "lab-workspaces"),
        "JUPYTER_RUNTIME_DIR": str(work_dir / "runtime"),
        "JUPYTER_CONFIG_DIR": str(work_dir / "config"),
    }
    command = [
        str(BIN / "jupyter-lab"), "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root_dir}",
        "--LabApp.news_url=", "--ServerApp.open_browser=False",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with server(command, port, work_dir / "lab.log", env=env):
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT
        while True:  # the port answers before the lab's pages do
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield f"{base}/lab?token={token}", settings_dir


@contextlib.contextmanager
def chromium(executable: Path = CHROMIUM) -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (a ``Browser``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(executable), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def open_page(
    browser: Any, url: str, width: int, ready: Iterable[str], errors: list[str] | None = None,
    height: int = 900, timeout: float = RENDER_TIMEOUT,
) -> Any:
    """A new page (its own browser context) at ``url``, ``width`` × ``height``, once every
    selector of ``ready`` is on it.  Uncaught page exceptions go to ``errors`` (console noise,
    e.g. Voilà asking a CDN for fonts, is not one)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  accept_downloads=True)
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(30_000)
    page.goto(url, timeout=timeout)
    for selector in ready:
        page.wait_for_selector(selector, timeout=timeout)
    return page


def resize(page: Any, width: int, height: int = 900) -> None:
    """The window ``width`` px wide (as a learner narrows or widens it), once the page has it
    and has had two animation frames to lay itself out again.  A CI run (2026-12-07) once
    measured the widgets' roots still 1,170 px wide at 600, not reproduced since; the
    hypothesis is that their containers take the new width on a later frame than the
    window's."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"window.innerWidth === {width}")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")


def close_page(page: Any) -> None:
    """Close ``page`` and its context."""
    context = page.context
    page.close()
    context.close()


def download(page: Any, link: Any) -> bytes:
    """Click ``link`` (a locator of an ``<a download>``) and return the file downloaded."""
    with page.expect_download() as info:
        link.click()
    path = info.value.path()
    return Path(path).read_bytes()


# --- a play table: a click and its redraw ---------------------------------------------------
SAVE_CHANGED = """([table, before]) => {
  const a = document.querySelector(table + " .bw-save-link");
  return a !== null && a.getAttribute("href") !== before;
}"""
"""A play table (selector ``table``) has redrawn: its Save link holds a new position."""


def act_on_table(page: Any, table: str, target: Any) -> None:
    """Click ``target`` on the play table ``table`` (a selector) and wait for the table's
    redraw (its Save link changes)."""
    before = str(page.locator(f"{table} .bw-save-link").get_attribute("href"))
    target.click()
    page.wait_for_function(SAVE_CHANGED, arg=[table, before])


# --- what the legibility checks measure in a page -------------------------------------------
MIN_CONTRAST = 4.5  # WCAG 2 AA for text
NARROW = 600  # px: the narrowest screen the widgets are laid out for

TEXT_CONTRASTS = """() => {
  const parse = (c) => {
    const m = c && c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, below) => {
    const mix = (k) => top[k] * top.a + below[k] * (1 - top.a);
    return { r: mix("r"), g: mix("g"), b: mix("b"), a: 1 };
  };
  const lum = (c) => {
    const f = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  // the effective colours: every background from the page down to the element laid over
  // the one below (with its alpha and the opacity of its ancestors), then the text over that
  const colours = (el) => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    let opacity = 1;
    for (const e of chain) {
      const cs = getComputedStyle(e);
      opacity *= parseFloat(cs.opacity);
      const c = parse(cs.backgroundColor);
      if (c && c.a > 0) bg = over({ ...c, a: c.a * opacity }, bg);
    }
    const fg = parse(getComputedStyle(el).color);
    return { fg: over({ ...fg, a: fg.a * opacity }, bg), bg };
  };
  const shown = (el) => {
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return cs.visibility === "visible" && cs.display !== "none" && r.width > 0 && r.height > 0;
  };
  const ownText = (el) => [...el.childNodes]
    .filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
  const rgb = (c) => `rgb(${[c.r, c.g, c.b].map(Math.round).join(", ")})`;
  const out = [];
  for (const root of document.querySelectorAll(".bw-root")) {
    const widget = [...root.classList].filter((c) => c.startsWith("bw-") && c !== "bw-root");
    for (const el of root.querySelectorAll("*")) {
      if (["STYLE", "SCRIPT", "OPTION"].includes(el.tagName)) continue;
      const field = el.matches("input[type=text], input[type=number], select, textarea");
      const words = field ? String(el.value || "").trim() : ownText(el);
      // an inactive control is exempt (WCAG 1.4.3): a disabled button, field or choice
      if (!words || !shown(el) || el.closest(":disabled, .mod-disabled")) continue;
      const { fg, bg } = colours(el);
      out.push({ widget: widget.join(" "), tag: el.tagName.toLowerCase(),
                 cls: String(el.className).slice(0, 80), text: words.slice(0, 50),
                 fg: rgb(fg), bg: rgb(bg), ratio: Math.round(ratio(fg, bg) * 100) / 100 });
    }
  }
  return out;
}"""

OVERFLOWS = """() => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > window.innerWidth + 1) out.push(["page", page.scrollWidth, innerWidth]);
  for (const root of document.querySelectorAll(".bw-root")) {
    const name = [...root.classList].filter((c) => c.startsWith("bw-") && c !== "bw-root")[0];
    const edge = root.getBoundingClientRect().right;
    if (root.scrollWidth > root.clientWidth + 1 || edge > innerWidth + 1)
      out.push([name, "root", root.scrollWidth, root.clientWidth, edge]);
    for (const el of root.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      const clips = getComputedStyle(el).overflowX !== "visible";
      if (r.width > 0 && r.right > edge + 1)
        out.push([name, el.tagName, String(el.className).slice(0, 60), r.right, edge]);
      else if (clips && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
        out.push([name, el.tagName, String(el.className).slice(0, 60), "scrolls",
                  el.scrollWidth, el.clientWidth]);
    }
  }
  return out;
}"""


# --- colours and notebooks shared by the browser tests ------------------------------------------
def rgb(colour: str) -> tuple[float, ...]:
    """A computed CSS colour (``rgb(…)``/``rgba(…)``) as its red, green and blue."""
    return tuple(float(x) for x in re.findall(r"[\d.]+", colour)[:3])


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two computed CSS colours."""
    def lum(c: str) -> float:
        lin = [x / 255 for x in rgb(c)]
        lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in lin]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def cells_notebook(path: Path, cells: Iterable[str]) -> Path:
    """A notebook of code ``cells`` written at ``path`` (a Python 3 kernel), for Voilà."""
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nbformat.write(nb, path)
    return path

