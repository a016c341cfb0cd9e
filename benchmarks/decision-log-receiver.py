"""A decision-log receiver for benchmarks/decision-log.sh: takes gzip NDJSON batches on POST and
appends their lines to a file. Started, killed and started again by the benchmark to stand for
a log service that goes away for a while.

    python3 benchmarks/decision-log-receiver.py PORT LINES_FILE
"""
import gzip
import http.server
import sys

port, out = int(sys.argv[1]), sys.argv[2]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        with open(out, "ab") as file:
            file.write(body)
        self.send_response(204)
        self.end_headers()


http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
