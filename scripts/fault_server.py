#!/usr/bin/env python3
"""A loopback HTTP server that fails on purpose, for Folio's upload tests.

It listens on 127.0.0.1 (port given, or 0 for any), prints the port on its first line, and
stops on SIGTERM. The first path segment picks the behaviour; requests are counted per path:

  ok/...            201 Created, with Repr-Digest of what arrived
  503x2/...         503 twice, then as ok
  429/...           429 with Retry-After: 1 once, then as ok
  429date/...       429 with an HTTP-date Retry-After once, then as ok
  reset/...         reads half the body, then drops the connection (first request only)
  stall/...         reads a little, then goes silent for 20 s (first request only)
  400/... 401/...   that status, every time
  baddigest/...     201 with a Repr-Digest that does not match
  redirect/...      307 to the same path under ok/ on this origin
  away/...          307 to another origin (127.0.0.2)
  sink/...          reads and hashes the body without keeping it (large files)

GET /_state returns every request seen (method, path, headers that matter, bytes, sha256).
"""
import base64
import hashlib
import json
import os
import signal
import socket
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
COUNTS = {}
SEEN = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/_state":
            with LOCK:
                body = json.dumps(SEEN).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.respond(404, b"not found")

    def do_PUT(self):
        self.upload()

    def do_POST(self):
        self.upload()

    def respond(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def upload(self):
        mode = self.path.strip("/").split("/")[0]
        with LOCK:
            COUNTS[self.path] = COUNTS.get(self.path, 0) + 1
            count = COUNTS[self.path]
        length = int(self.headers.get("Content-Length", "0"))
        record = {
            "method": self.command, "path": self.path, "count": count,
            "authorization": self.headers.get("Authorization"),
            "idempotency_key": self.headers.get("Idempotency-Key"),
            "content_digest": self.headers.get("Content-Digest"),
            "content_type": self.headers.get("Content-Type"),
        }
        if mode == "reset" and count == 1:
            self.rfile.read(length // 2)
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if mode == "stall" and count == 1:
            self.rfile.read(min(length, 1024))
            time.sleep(20)
            self.close_connection = True
            return
        digest = hashlib.sha256()
        received = 0
        while received < length:
            chunk = self.rfile.read(min(1 << 20, length - received))
            if not chunk:
                break
            digest.update(chunk)
            received += len(chunk)
        record["bytes"] = received
        record["sha256"] = digest.hexdigest()
        with LOCK:
            SEEN.append(record)
        repr_digest = "sha-256=:" + base64.b64encode(digest.digest()).decode() + ":"
        if mode == "503x2" and count <= 2:
            return self.respond(503, b"busy")
        if mode == "429" and count == 1:
            return self.respond(429, b"slow down", [("Retry-After", "1")])
        if mode == "429date" and count == 1:
            return self.respond(429, b"slow down", [("Retry-After", formatdate(time.time() + 2, usegmt=True))])
        if mode in ("400", "401"):
            return self.respond(int(mode), b"refused: " + mode.encode())
        if mode == "baddigest":
            return self.respond(201, b"", [("Repr-Digest", "sha-256=:" + base64.b64encode(b"x" * 32).decode() + ":")])
        if mode == "redirect":
            return self.respond(307, b"", [("Location", "/ok/" + self.path.split("/", 2)[2])])
        if mode == "away":
            port = self.server.server_address[1]
            return self.respond(307, b"", [("Location", "http://127.0.0.2:%d/ok/elsewhere" % port)])
        self.respond(201, b"", [("Repr-Digest", repr_digest)])


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    # Stop at once, whatever request threads are doing (one may be stalling on purpose). A
    # process started from a worker thread inherits its blocked signals: unblock SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
