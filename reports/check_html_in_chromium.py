#!/usr/bin/env python3
"""Opens an HTML page in headless Chromium and checks, in the browser, that
  - every <img> rendered (complete, natural width and height > 0),
  - every local link resolves (file: links are loaded with XMLHttpRequest from
    the page itself; #fragment links must name an element of the page),
  - the console shows no error (console.error/assert, uncaught exceptions, and
    the browser's own log entries of level error such as failed loads).

Talks to Chromium over --remote-debugging-pipe (the DevTools protocol on file
descriptors 3 and 4, messages separated by NUL bytes): no network port, no
third-party Python module.

Exit codes: 0 all checks passed, 1 a check failed (each problem printed as
"FAIL <kind>: ..."), 2 bad usage or the browser misbehaved, 77 Chromium is not
installed (ctest SKIP_RETURN_CODE).

    check_html_in_chromium.py PAGE.html [--screenshot OUT.png] [--timeout S]
"""
import argparse
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKIP = 77


def find_chromium():
    explicit = os.environ.get("SWEEPCHECK_CHROMIUM")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


class Browser:
    def __init__(self, exe, profile, deadline):
        # fds 3 (browser reads commands) and 4 (browser writes replies) in the child.
        cmd_r, self.cmd_w = os.pipe()
        self.reply_r, reply_w = os.pipe()
        flags = ["--headless", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-extensions", "--no-default-browser-check",
                 # lets the page's XMLHttpRequest read its sibling file: URLs (the link check)
                 "--allow-file-access-from-files", "--remote-debugging-pipe", f"--user-data-dir={profile}",
                 "--window-size=1280,900", "about:blank"]
        if os.geteuid() == 0:
            flags.insert(0, "--no-sandbox")  # Chromium refuses to run as root with its sandbox

        def child_fds():
            # Via fds >= 10 first, so neither end is clobbered if the pipe got 3 or 4.
            import fcntl
            a, b = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10), fcntl.fcntl(reply_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen([exe] + flags, preexec_fn=child_fds,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     close_fds=False)  # keeps 3 and 4; our pipe ends are close-on-exec
        os.close(cmd_r)
        os.close(reply_w)
        self.deadline = deadline
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _read_message(self):
        while b"\0" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.reply_r], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.reply_r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe: " + self.stderr_tail())
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def stderr_tail(self):
        if self.proc.poll() is None:
            return "(still running)"
        return self.proc.stderr.read().decode(errors="replace")[-2000:]

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read_message()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method):
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read_message()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def drain(self, seconds):
        """Collects events for a while (late console messages)."""
        end = min(self.deadline, time.monotonic() + seconds)
        while time.monotonic() < end:
            ready, _, _ = select.select([self.reply_r], [], [], end - time.monotonic())
            if ready:
                chunk = os.read(self.reply_r, 1 << 20)
                if not chunk:
                    break
                self.buffer += chunk
                while b"\0" in self.buffer:
                    raw, self.buffer = self.buffer.split(b"\0", 1)
                    self.events.append(json.loads(raw))

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


IN_PAGE_CHECK = r"""
(async () => {
  const images = Array.from(document.images).map(img => ({
    what: (img.getAttribute('alt') || img.getAttribute('src') || '').slice(0, 120),
    complete: img.complete, width: img.naturalWidth, height: img.naturalHeight}));
  const load = url => new Promise(resolve => {
    const xhr = new XMLHttpRequest();
    xhr.onload = () => resolve({ok: true, bytes: xhr.responseText.length});
    xhr.onerror = () => resolve({ok: false, why: 'could not be loaded'});
    try { xhr.open('GET', url); xhr.send(); } catch (e) { resolve({ok: false, why: String(e)}); }
  });
  const links = [];
  for (const a of document.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href');
    const url = new URL(href, document.baseURI);
    if (href.startsWith('#')) {
      const id = decodeURIComponent(href.slice(1));
      links.push({href, ok: id === '' || document.getElementById(id) !== null, why: 'no element with that id'});
    } else if (url.protocol === 'file:') {
      const r = await load(url.href.split('#')[0]);
      links.push({href, ok: r.ok, why: r.why});
    } else if (url.protocol === 'data:') {
      links.push({href: href.slice(0, 60), ok: true});
    } else {
      links.push({href, ok: false, why: 'not local: the page must be self-contained'});
    }
  }
  return {images, links, title: document.title};
})()
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("page")
    ap.add_argument("--screenshot", help="also write a full-page PNG screenshot here")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds for the whole check")
    ap.add_argument("--expect-failures", metavar="KINDS",
                    help="negative control: comma-separated kinds (image, link, console) that must each be "
                         "reported; exit 0 only if all are, 1 otherwise")
    args = ap.parse_args()

    page = Path(args.page).resolve()
    if not page.is_file():
        print(f"check_html_in_chromium: error: page '{args.page}' does not exist", file=sys.stderr)
        return 2
    exe = find_chromium()
    if exe is None:
        print("SKIP: Chromium is not installed (no 'chromium' on PATH, no /usr/bin/chromium, "
              "SWEEPCHECK_CHROMIUM unset); install the Debian package 'chromium' (ci/install-deps.sh)")
        return SKIP

    problems = []
    with tempfile.TemporaryDirectory(prefix="sweepcheck-chromium-") as profile:
        browser = Browser(exe, profile, time.monotonic() + args.timeout)
        try:
            targets = browser.send("Target.getTargets")["targetInfos"]
            pages = [t for t in targets if t["type"] == "page"]
            target = pages[0]["targetId"] if pages else browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
                browser.send(domain, session=session)
            browser.events.clear()
            nav = browser.send("Page.navigate", {"url": page.as_uri()}, session=session)
            if nav.get("errorText"):
                problems.append(f"FAIL load: {page}: {nav['errorText']}")
            else:
                browser.wait_event("Page.loadEventFired")
                browser.drain(0.5)
                # Console findings are taken before the link check, whose own
                # failed loads would otherwise be counted twice.
                console = list(browser.events)
                found = browser.send("Runtime.evaluate", {"expression": IN_PAGE_CHECK, "awaitPromise": True,
                                                          "returnByValue": True}, session=session)
                if "exceptionDetails" in found:
                    raise RuntimeError(f"the in-page check threw: {found['exceptionDetails']}")
                result = found["result"]["value"]
                for img in result["images"]:
                    if not (img["complete"] and img["width"] > 0 and img["height"] > 0):
                        problems.append(f"FAIL image: '{img['what']}' did not render "
                                        f"(natural size {img['width']}x{img['height']})")
                for link in result["links"]:
                    if not link["ok"]:
                        problems.append(f"FAIL link: '{link['href']}' {link.get('why')}")
                for e in console:
                    m, p = e.get("method"), e.get("params", {})
                    if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                        text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                        problems.append(f"FAIL console: console.{p['type']}: {text}")
                    elif m == "Runtime.exceptionThrown":
                        d = p.get("exceptionDetails", {})
                        problems.append(f"FAIL console: uncaught exception: "
                                        f"{d.get('exception', {}).get('description', d.get('text'))}")
                    elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                        entry = p["entry"]
                        problems.append(f"FAIL console: {entry.get('text')} {entry.get('url', '')}".rstrip())
                print(f"checked {page.name} in {Path(exe).name}: {len(result['images'])} images, "
                      f"{len(result['links'])} links, {len(console)} console/log events")
                if args.screenshot:
                    metrics = browser.send("Page.getLayoutMetrics", session=session)
                    size = metrics.get("cssContentSize", metrics.get("contentSize"))
                    shot = browser.send("Page.captureScreenshot", {
                        "format": "png", "captureBeyondViewport": True,
                        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}},
                        session=session)
                    import base64
                    Path(args.screenshot).write_bytes(base64.b64decode(shot["data"]))
                    print(f"wrote {args.screenshot}")
        except (TimeoutError, RuntimeError, OSError, KeyError) as e:
            print(f"check_html_in_chromium: error: the browser check did not complete: {e}", file=sys.stderr)
            browser.close()
            return 2
        browser.close()

    for p in problems:
        print(p)
    if args.expect_failures:
        missed = [k for k in args.expect_failures.split(",") if not any(p.startswith(f"FAIL {k}:") for p in problems)]
        print("negative control: " + (f"NOT caught: {', '.join(missed)}" if missed
                                      else f"every expected kind caught ({args.expect_failures})"))
        return 1 if missed else 0
    print("OK: every image rendered, every local link resolves, no console error" if not problems
          else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
