"""The terminal can vanish at any moment (a dropped SSH connection, a closed window): the
process must then save, stop writing and leave, never spin or hang.

Textual 8.2.8 has three ways to get this wrong, all handled here:

- its input thread loops on ``read()`` at 100% of a core once stdin is at end of file (a
  terminal gone without SIGHUP; upstream pull request 6690): ``GuardedDriver`` stops reading
  and tells the app instead;
- its writer thread dies on the first write error (EIO from a hung-up terminal), after which
  the app blocks forever on the full output queue: ``TerminalFile`` swallows write errors
  and reports the terminal gone;
- an exit that still waits on the terminal: ``exit_soon`` ends the process after a deadline,
  once everything that can be saved has been.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import sys
import threading
from codecs import getincrementaldecoder
from typing import IO

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

EXIT_DEADLINE = 3.0  # seconds from a hang-up to the end of the process, at the latest


class TerminalFile:
    """The driver's output file, minus the ways a dead terminal breaks it: a write that fails
    marks the terminal gone, and from then on everything written is dropped."""

    def __init__(self, file: IO[str], on_gone) -> None:
        self._file = file
        self._on_gone = on_gone
        self.gone = False

    def _lost(self) -> None:
        if not self.gone:
            self.gone = True
            self._on_gone()

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._file.write(text)
            except (OSError, ValueError):
                self._lost()
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self._lost()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return not self.gone and self._file.isatty()


class GuardedDriver(LinuxDriver):
    """Textual's Linux driver that notices a terminal going away instead of spinning or
    blocking on it, and tells the app (``App.hang_up``) once."""

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        self._told = threading.Event()
        self._file = TerminalFile(self._file, self.terminal_gone)

    def terminal_gone(self) -> None:
        """From any thread, without waiting for the app (whose thread may be the one stuck
        on the terminal): the end of the process is set, and the app asked to save first."""
        if self._told.is_set():
            return
        self._told.set()
        self._file.gone = True
        exit_soon()
        if getattr(self._app, "all_saved", lambda: False)():
            end_now()  # every move is on disk: nothing is worth another moment of CPU
        hang_up = getattr(self._app, "hang_up", None)
        if hang_up is not None:
            with contextlib.suppress(RuntimeError):  # the loop is already closing
                self._loop.call_soon_threadsafe(hang_up)

    def run_input_thread(self) -> None:
        """Textual's input loop, except that the end of input (EOF, or EIO from a hung-up
        terminal) means the terminal is gone: stop reading and tell the app."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def process(events: list, final: bool = False) -> bool:
            """False once the terminal is gone."""
            for _key, mask in events:
                if mask & selectors.EVENT_READ:
                    try:
                        data = os.read(fileno, 1024 * 4)
                    except OSError:
                        data = b""
                    if not data:
                        return False
                    for event in parser.feed(decode(data, final=final)):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return True

        try:
            while not self.exit_event.is_set():
                if not process(selector.select(0.1)):
                    self.terminal_gone()
                    return
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            with contextlib.suppress(EOFError, ParseError):
                for _event in parser.feed(""):
                    pass


def forget_terminal(app) -> None:
    """Write nothing more to a terminal that is gone: not the screen, not the restore
    sequences at exit, not an error report."""
    driver = getattr(app, "_driver", None)
    output = getattr(driver, "_file", None)
    if isinstance(output, TerminalFile):
        output.gone = True
    with contextlib.suppress(Exception):
        app._exit_renderables.clear()
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for stream in (sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            os.dup2(null, stream.fileno())
    os.close(null)


_exit_timer: threading.Timer | None = None


def exit_soon(deadline: float = EXIT_DEADLINE) -> None:
    """End the process after ``deadline`` seconds if it has not ended by then: once the
    terminal is gone and the saves are written, nothing else is worth waiting for. Safe to
    call from any thread or a signal handler, and more than once."""
    global _exit_timer
    if _exit_timer is not None:
        return
    _exit_timer = threading.Timer(deadline, os._exit, (0,))
    _exit_timer.daemon = True
    _exit_timer.start()


def end_now() -> None:
    """End the process at once (after a hang-up, once the saves are written)."""
    os._exit(0)


_handler = None


def on_hang_up(app) -> None:
    """SIGHUP starts the deadline at once, in the signal handler itself: the app's loop may
    be busy (bots playing fast) or stuck writing to the terminal that just went away."""
    global _handler

    def handler(signum, frame) -> None:
        if isinstance(app._driver, GuardedDriver):
            app._driver.terminal_gone()
        else:
            app.call_later(app.hang_up)

    _handler = handler
    signal.signal(signal.SIGHUP, handler)
    guard(all_saved=True)


def guard(all_saved: bool) -> None:
    """While every move is on disk a hang-up needs no Python at all: the kernel's default
    (end the process) is the fastest exit there is, whatever the threads are doing. Around a
    move (in memory, not yet saved) the handler saves it first."""
    if _handler is None or threading.current_thread() is not threading.main_thread():
        return
    if isinstance(signal.getsignal(signal.SIGHUP), int) == all_saved:
        return  # already as it should be
    signal.signal(signal.SIGHUP, signal.SIG_DFL if all_saved else _handler)
