#!/usr/bin/env python3
"""Slow clients for ConsoleLoadTests, in a process of their own: COUNT connections from
127.0.0.1 to PORT, each sent one byte of a request header a second for SECONDS. Prints one JSON
object: how many were opened and how many the server still held open at the end.

The sockets live here, not in the test process: Foundation's Process.run (Swift 6.3.1) reads
past glibc's readdir buffer when a process has well over a thousand descriptors open
(swift-corelibs-foundation PR #5472), and the tests start processes all the while."""
import errno
import json
import resource
import socket
import sys
import time


def main():
    port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 64)), hard))
    request = b"GET /jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    sockets = []
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.0.0.1", 0))
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        sockets.append(s)
    print(json.dumps({"ready": len(sockets)}), flush=True)
    open_ = set(sockets)
    started = time.monotonic()
    second = 0
    while time.monotonic() - started < seconds:
        for s in list(open_):
            byte = request[min(second, len(request) - 1):][:1]
            try:
                s.send(byte)
                if s.recv(1, socket.MSG_PEEK) == b"":
                    open_.discard(s)
            except BlockingIOError:
                pass
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.ENOTCONN, errno.EINPROGRESS):
                    open_.discard(s)
        second += 1
        time.sleep(max(0.0, started + second - time.monotonic()))
    print(json.dumps({"opened": len(sockets), "still_open": len(open_)}), flush=True)
    for s in sockets:
        s.close()


if __name__ == "__main__":
    main()
