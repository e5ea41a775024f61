"""Servers the front-end tests start: Voila, marimo, a static file server.

Each runs as a child process on 127.0.0.1 and a free port, is waited for by
polling its URL, and is stopped by its own PID at the end (never by name).
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

from labtools import REPO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kernel_env(**extra: str) -> dict[str, str]:
    """The environment for a server whose kernels import this checkout."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return dict(os.environ, PYTHONPATH=path, **extra)


@contextlib.contextmanager
def running(command: list[str], url: str, log: pathlib.Path, *, cwd: pathlib.Path | None = None,
            env: dict[str, str] | None = None, timeout: float = 120) -> Iterator[str]:
    """Start ``command``, wait until ``url`` answers, yield ``url``; stop it after."""
    with open(log, "w") as out:
        proc = subprocess.Popen(command, cwd=cwd, env=env or kernel_env(), stdout=out,
                                stderr=subprocess.STDOUT)
        try:
            deadline = time.time() + timeout
            while True:
                try:
                    with urllib.request.urlopen(url, timeout=5):
                        break
                except urllib.error.HTTPError:
                    break  # it answers (a 404 is an answer)
                except OSError:
                    if proc.poll() is not None or time.time() > deadline:
                        out.flush()
                        raise RuntimeError(f"{command[0]} did not start:\n{log.read_text()}") \
                            from None
                    time.sleep(0.5)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def fits_width(page, selector: str) -> list[str]:
    """Elements inside ``selector`` that reach past the window's right edge."""
    return page.evaluate(
        """(selector) => {
          const width = document.documentElement.clientWidth;
          return [...document.querySelectorAll(selector + ' *')]
            .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 1)
            .filter((e) => !e.closest('.dcw-board-scroll'))
            .map((e) => `${e.tagName.toLowerCase()}.${e.className?.baseVal ?? e.className}`
                        + ` ends at ${Math.round(e.getBoundingClientRect().right)} px`);
        }""", selector)
