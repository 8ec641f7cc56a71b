#!/usr/bin/env python3
"""A loopback HTTP server that fails on purpose, for Folio's upload tests.

It listens on 127.0.0.1 (port given, or 0 for any), prints its ports as one JSON line
({"http": PORT, ...}), and stops on SIGTERM. On the plain HTTP port the first path segment picks
the behaviour; requests are counted per path:

  ok/...            201 Created, with Repr-Digest of what arrived
  NNN/...           that status every time (400, 401, 403, 404, 409, 413, 501, ...; not 429)
  NNNxK/...         that status K times, then as ok (503x2: 503 twice); NNNxK.EXT only for
                    paths ending in .EXT (503x3.epub)
  story/...         503, then 429 with Retry-After: 1, then the connection closed after half
                    the body, then as ok
  slow/...          waits 0.3 s before reading the body, then as ok
  trickle/...       reads the body 8 KiB every half second, then as ok
  afterbody/...     reads the whole body, then closes without an answer (first request only)
  http09/...        reads the whole body, then answers without a status line (first only)
  headerjunk/...    reads the whole body, then a status line and a header without a colon
  partial/...       reads the whole body, then an answer shorter than its Content-Length
  429/...           429 with Retry-After: 1 once, then as ok
  429date/...       429 with an HTTP-date Retry-After once, then as ok
  reset/...         reads half the body, then drops the connection (first request only)
  stall/...         reads a little, then goes silent for 20 s (first request only)
  400/... 401/...   that status, every time
  baddigest/...     201 with a Repr-Digest that does not match
  redirect/...      307 to the same path under ok/ on this origin
  away/...          307 to another origin (127.0.0.2)
  sink/...          reads and hashes the body without keeping it (large files)
  waitN/...         waits N seconds before reading the body (first request only), then as ok
  lateN/...         reads the whole body, waits N seconds (a printer preflighting the file, or
                    an nginx buffering it), then as ok (late40/: 40 s)
  silent/...        reads the whole body, keeps it, and never answers (first request only)
  kept/...          reads the whole body, keeps it, and closes without an answer (first only)
  headstall/...     reads the whole body, keeps it, sends "201 Created" with a Content-Length
                    of 100 and then nothing, ever

HEAD on an upload path answers 200 with the Content-Length and Repr-Digest of the last body
it kept whole (every one it accepted, and silent's and kept's), else 404: a printer that can
say what it holds.

  tus/MODE/         a tus 1.0 server (core, creation, checksum): POST creates an upload,
                    HEAD tells its offset, PATCH appends; MODE "drop" cuts the first PATCH
                    halfway, keeping what arrived; MODE "lateN" answers each PATCH N seconds
                    after its body; a PATCH whose Upload-Checksum (sha256) does not match its
                    body is refused with 460

GET /_state returns every request seen (method, path, headers that matter, bytes, sha256);
GET /_accepted how many times each path was answered 2xx for a whole body (a printer that
keeps every copy it accepts).

With --tls DIR (certificates made there with openssl when missing: a CA, a certificate for
127.0.0.1 and one for another name), more listeners, each failing its own way, all ports in
the JSON line:

  early             closes every connection before reading the request line
  tls               HTTPS (HTTP/1.1) with the paths above, certificate for 127.0.0.1
  tlsname           HTTPS whose certificate names printer.example, not 127.0.0.1
  tlscut            reads the TLS ClientHello and closes: a handshake cut short
  h2stream          HTTP/2 over TLS that resets the request's stream (RST_STREAM)
  h2frame           HTTP/2 over TLS that ends the connection with GOAWAY (PROTOCOL_ERROR)
"""
import base64
import fcntl
import hashlib
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
COUNTS = {}
SEEN = []
UPLOADS = {}
ACCEPTED = {}
KEPT = {}


def late_seconds(mode):
    found = re.fullmatch(r"late(\d+)", mode)
    return int(found.group(1)) if found else None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path in ("/_state", "/_accepted"):
            with LOCK:
                body = json.dumps(SEEN if self.path == "/_state" else ACCEPTED).encode()
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
            with LOCK:
                kept = KEPT.get(self.path)
                SEEN.append({"method": "HEAD", "path": self.path, "idempotency_key": self.headers.get("Idempotency-Key")})
            if kept is None:
                return self.respond(404)
            self.send_response(200)
            self.send_header("Content-Length", str(kept[0]))
            self.send_header("Repr-Digest", kept[1])
            self.end_headers()
            return
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
        if late_seconds(upload["mode"]):
            time.sleep(late_seconds(upload["mode"]))
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
        limited = re.fullmatch(r"(\d{3})x(\d+)(\.\w+)?", mode)
        if mode == "slow":
            time.sleep(0.3)
        waiting = re.fullmatch(r"wait(\d+)", mode)
        if waiting and count == 1:
            time.sleep(int(waiting.group(1)))
        if (mode == "reset" and count == 1) or (mode == "story" and count == 3):
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
            if mode == "trickle":
                time.sleep(0.5)
            chunk = self.rfile.read(min(8192 if mode == "trickle" else 1 << 20, length - received))
            if not chunk:
                break
            digest.update(chunk)
            received += len(chunk)
        record["bytes"] = received
        record["sha256"] = digest.hexdigest()
        with LOCK:
            SEEN.append(record)
        if received < length:
            self.close_connection = True
            return
        repr_digest = "sha-256=:" + base64.b64encode(digest.digest()).decode() + ":"
        if mode in ("silent", "kept") or late_seconds(mode):
            with LOCK:
                KEPT[self.path] = (received, repr_digest)
        if late_seconds(mode):
            time.sleep(late_seconds(mode))
        if mode == "silent" and count == 1:
            time.sleep(3600)
            return
        if mode == "headstall":
            with LOCK:
                KEPT[self.path] = (received, repr_digest)
            self.wfile.write(b"HTTP/1.1 201 Created\r\nContent-Length: 100\r\n\r\n")
            self.wfile.flush()
            time.sleep(3600)
            return
        if mode == "kept" and count == 1:
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if mode in ("afterbody", "http09", "headerjunk", "partial") and count == 1:
            answer = {"afterbody": b"", "http09": b"no status line here\r\n",
                      "headerjunk": b"HTTP/1.1 201 Created\r\nthis is not a header\r\n\r\n",
                      "partial": b"HTTP/1.1 201 Created\r\nContent-Length: 100\r\n\r\nonly ten.."}[mode]
            self.wfile.write(answer)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if mode == "story" and count == 1:
            return self.respond(503, b"busy")
        if mode == "story" and count == 2:
            return self.respond(429, b"slow down", [("Retry-After", "1")])
        if limited and count <= int(limited.group(2)) and (limited.group(3) is None or self.path.endswith(limited.group(3))):
            return self.respond(int(limited.group(1)), b"failing on purpose")
        if mode == "429" and count == 1:
            return self.respond(429, b"slow down", [("Retry-After", "1")])
        if mode == "429date" and count == 1:
            return self.respond(429, b"slow down", [("Retry-After", formatdate(time.time() + 2, usegmt=True))])
        if re.fullmatch(r"\d{3}", mode) and mode != "429":  # 429/ alone is "once, with Retry-After"
            return self.respond(int(mode), b"refused: " + mode.encode())
        if mode == "baddigest":
            return self.respond(201, b"", [("Repr-Digest", "sha-256=:" + base64.b64encode(b"x" * 32).decode() + ":")])
        if mode == "redirect":
            return self.respond(307, b"", [("Location", "/ok/" + self.path.split("/", 2)[2])])
        if mode == "away":
            port = self.server.server_address[1]
            return self.respond(307, b"", [("Location", "http://127.0.0.2:%d/ok/elsewhere" % port)])
        with LOCK:
            ACCEPTED[self.path] = ACCEPTED.get(self.path, 0) + 1
            KEPT[self.path] = (received, repr_digest)
        self.respond(201, b"", [("Repr-Digest", repr_digest), ("Location", "/stored" + self.path), ("X-Request-Id", "req-%d" % len(SEEN))])


def certificates(folder):
    """A CA and two server certificates it signs, made once with the openssl command."""
    os.makedirs(folder, exist_ok=True)
    paths = {name: os.path.join(folder, name) for name in ("ca.pem", "ca.key", "good.pem", "good.key", "other.pem", "other.key")}
    # Servers started side by side make them once, one at a time.
    with open(os.path.join(folder, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not all(os.path.exists(path) for path in paths.values()):
            make_certificates(folder, paths)
    return paths


def make_certificates(folder, paths):
    def run(*arguments):
        subprocess.run(["openssl", *arguments], check=True, capture_output=True)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=Folio test CA",
        "-keyout", paths["ca.key"], "-out", paths["ca.pem"])
    for name, alt in (("good", "IP:127.0.0.1,DNS:localhost"), ("other", "DNS:printer.example")):
        request = os.path.join(folder, name + ".csr")
        extensions = os.path.join(folder, name + ".ext")
        with open(extensions, "w") as handle:
            handle.write("subjectAltName=%s\n" % alt)
        run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=" + name, "-keyout", paths[name + ".key"], "-out", request)
        run("x509", "-req", "-in", request, "-CA", paths["ca.pem"], "-CAkey", paths["ca.key"], "-CAcreateserial",
            "-days", "30", "-extfile", extensions, "-out", paths[name + ".pem"])


def tls_context(certificate, key, protocols):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    context.set_alpn_protocols(protocols)
    return context


def listen():
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock


def serve_raw(sock, handle):
    """Each connection to `sock` in its own thread, given to `handle`."""
    def loop():
        while True:
            connection, _ = sock.accept()
            threading.Thread(target=lambda: guarded(handle, connection), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()


def guarded(handle, connection):
    try:
        handle(connection)
    except (OSError, ssl.SSLError):
        pass
    finally:
        connection.close()


def frame(kind, stream, payload=b"", flags=0):
    return len(payload).to_bytes(3, "big") + bytes([kind, flags]) + stream.to_bytes(4, "big") + payload


def h2(context, protocol_error):
    """An HTTP/2 peer that breaks the exchange once the client's request arrives."""
    def handle(connection):
        with context.wrap_socket(connection, server_side=True) as tls:
            data = b""
            while len(data) < 24:
                chunk = tls.recv(65536)
                if not chunk:
                    return
                data += chunk
            tls.sendall(frame(4, 0))
            if protocol_error:
                # GOAWAY, last stream 0, PROTOCOL_ERROR: the peer says the framing went wrong.
                tls.sendall(frame(7, 0, (0).to_bytes(4, "big") + (1).to_bytes(4, "big")))
                time.sleep(1)
                return
            data = data[24:]
            while True:
                while len(data) >= 9 and len(data) >= 9 + int.from_bytes(data[:3], "big"):
                    length, kind = int.from_bytes(data[:3], "big"), data[3]
                    stream = int.from_bytes(data[5:9], "big") & 0x7FFFFFFF
                    data = data[9 + length:]
                    if kind == 1:
                        tls.sendall(frame(4, 0, flags=1) + frame(3, stream, (2).to_bytes(4, "big")))
                        time.sleep(1)
                        return
                chunk = tls.recv(65536)
                if not chunk:
                    return
                data += chunk
    return handle


def main():
    arguments = sys.argv[1:]
    tls_folder = None
    if "--tls" in arguments:
        index = arguments.index("--tls")
        tls_folder = arguments[index + 1]
        del arguments[index:index + 2]
    port = int(arguments[0]) if arguments else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    ports = {"http": server.server_address[1]}
    if tls_folder:
        paths = certificates(tls_folder)
        ports["ca_file"] = paths["ca.pem"]
        for name, certificate in (("tls", "good"), ("tlsname", "other")):
            secure = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            secure.daemon_threads = True
            secure.socket = tls_context(paths[certificate + ".pem"], paths[certificate + ".key"], ["http/1.1"]).wrap_socket(
                secure.socket, server_side=True)
            ports[name] = secure.server_address[1]
            threading.Thread(target=secure.serve_forever, daemon=True).start()
        h2_context = tls_context(paths["good.pem"], paths["good.key"], ["h2"])
        for name, handle in (("early", lambda connection: None),
                             ("tlscut", lambda connection: connection.recv(4096)),
                             ("h2stream", h2(h2_context, False)),
                             ("h2frame", h2(h2_context, True))):
            sock = listen()
            ports[name] = sock.getsockname()[1]
            serve_raw(sock, handle)
    # Stop at once, whatever request threads are doing (one may be stalling on purpose). A
    # process started from a worker thread inherits its blocked signals: unblock SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(json.dumps(ports), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
