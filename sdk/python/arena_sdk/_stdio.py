"""_stdio: what the Python adapters (chicken_compat, rising_tide) share to keep a bot's own output
off the protocol: moving a descriptor, and the ``sys.stdout.buffer`` of their comment streams."""
import io
import os


def point_fd_at(target_fd, source_fd, null_flags):
    """Makes target_fd a copy of source_fd, or of /dev/null when source_fd is not open."""
    try:
        os.dup2(source_fd, target_fd)
        return
    except OSError:
        pass
    null = os.open(os.devnull, null_flags)
    if null != target_fd:
        os.dup2(null, target_fd)
        os.close(null)


class BytesToText(io.RawIOBase):
    """``sys.stdout.buffer`` of a comment stream: bytes are decoded and written as its text."""

    def __init__(self, text_stream):
        super().__init__()
        self._text = text_stream

    def writable(self):
        return True

    def write(self, b):
        self._text.write(bytes(b).decode("utf-8", "replace"))
        return len(b)

    def fileno(self):
        return self._text.fileno()


# What a comment stream's fileno() gives: the bot's stderr, where fd 1 points once the adapters
# have moved the protocol away (a library that writes to sys.stdout.fileno(), faulthandler or
# subprocess's stdout=sys.stdout, then reaches the log, never the protocol). Io's
# UnsupportedOperation stopped such a bot.
STDOUT_FD = 2
