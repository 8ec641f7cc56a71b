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

  tus/MODE/         a tus 1.0 server (core, creation, checksum): POST creates an upload,
                    HEAD tells its offset, PATCH appends; MODE "drop" cuts the first PATCH
                    halfway, keeping what arrived; a PATCH whose Upload-Checksum (sha256)
                    does not match its body is refused with 460

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
UPLOADS = {}


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
        if self.path.startswith("/tus/"):
            return self.tus_create()
        self.upload()

    def do_HEAD(self):
        upload = UPLOADS.get(self.path)
        if upload is None:
            return self.respond(404)
        self.send_response(200)
        self.send_header("Tus-Resumable", "1.0.0")
        self.send_header("Upload-Offset", str(len(upload["data"])))
        self.send_header("Upload-Length", str(upload["length"]))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_PATCH(self):
        upload = UPLOADS.get(self.path)
        if upload is None:
            return self.respond(404)
        if self.headers.get("Content-Type") != "application/offset+octet-stream":
            return self.respond(415)
        if int(self.headers.get("Upload-Offset", "-1")) != len(upload["data"]):
            return self.respond(409, b"offset mismatch")
        length = int(self.headers.get("Content-Length", "0"))
        upload["patches"] += 1
        with LOCK:
            SEEN.append({"method": "PATCH", "path": self.path, "offset": len(upload["data"]), "bytes": length,
                         "authorization": self.headers.get("Authorization")})
        if upload["mode"] == "drop" and upload["patches"] == 1:
            upload["data"] += self.rfile.read(length // 2)
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        body = self.rfile.read(length)
        algorithm, _, expected = (self.headers.get("Upload-Checksum") or "").partition(" ")
        if algorithm != "sha256" or base64.b64encode(hashlib.sha256(body).digest()).decode() != expected:
            return self.respond(460, b"checksum mismatch")
        upload["data"] += body
        if len(upload["data"]) == upload["length"]:
            with LOCK:
                SEEN.append({"method": "complete", "path": self.path, "bytes": len(upload["data"]),
                             "sha256": hashlib.sha256(bytes(upload["data"])).hexdigest()})
        self.send_response(204)
        self.send_header("Tus-Resumable", "1.0.0")
        self.send_header("Upload-Offset", str(len(upload["data"])))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def tus_create(self):
        mode = self.path.strip("/").split("/")[1] if self.path.count("/") > 2 else "ok"
        length = int(self.headers.get("Upload-Length", "-1"))
        if self.headers.get("Tus-Resumable") != "1.0.0" or length < 0:
            return self.respond(400, b"need Tus-Resumable and Upload-Length")
        with LOCK:
            location = "/tus/%s/files/%d" % (mode, len(UPLOADS) + 1)
            UPLOADS[location] = {"length": length, "data": bytearray(), "mode": mode, "patches": 0}
        self.respond(201, b"", [("Location", location), ("Tus-Resumable", "1.0.0")])

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
