#!/usr/bin/env python3
"""calpolicy-serve under a slow-client attack: figures, not a test.

Starts the server, then measures a clean load (64 keep-alive connections from 127.0.0.2, each
asking /v1/month for one of 24 months in a loop) and /health latency from 127.0.0.2, first
alone and then while 2,000 hostile connections from 127.0.0.1 trickle one header line every
2 s (a new one replaces every one the server closes). Prints p50/p99 of both and the requests
per second of the clean load. Standard library only.

    benchmarks/serve-attack.py [--bin .build/release] [--seconds 10] [--hostile 2000]
"""
import argparse
import http.client
import os
import socket
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def clean_load(port, seconds, connections=64):
    latencies, health, stop = [], [], time.monotonic() + seconds
    lock = threading.Lock()

    def worker(i):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0))
        n = i
        while time.monotonic() < stop:
            started = time.monotonic()
            try:
                conn.request("GET", f"/v1/month?month=20{26 + n % 2}-{n % 12 + 1:02d}")
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0))
                continue
            with lock:
                latencies.append(time.monotonic() - started)
            n += 1

    def prober():
        while time.monotonic() < stop:
            started = time.monotonic()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0))
                conn.request("GET", "/health")
                conn.getresponse().read()
                conn.close()
                health.append(time.monotonic() - started)
            except OSError:
                pass
            time.sleep(0.05)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)] + [threading.Thread(target=prober)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, health


class Attack:
    def __init__(self, port, count):
        self.port, self.count, self.running, self.opened = port, count, True, 0
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def connect(self):
        s = socket.socket()
        s.setblocking(True)
        s.bind(("127.0.0.1", 0))
        s.connect(("127.0.0.1", self.port))
        s.send(b"GET /health HTTP/1.1\r\n")
        self.opened += 1
        return s

    def loop(self):
        socks = []
        while self.running:
            while len(socks) < self.count and self.running:
                try:
                    socks.append(self.connect())
                except OSError:
                    break
            alive = []
            for s in socks:
                try:
                    s.send(b"X-Slow: 1\r\n")
                    alive.append(s)
                except OSError:
                    s.close()
            socks = alive
            time.sleep(2)
        for s in socks:
            s.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--hostile", type=int, default=2000)
    args = parser.parse_args()
    server = subprocess.Popen([os.path.join(args.bin, "calpolicy-serve"), "policies/us-federal-holidays.lua",
                               "--listen", "127.0.0.1:0", "--today", "2026-12-01"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    port = int(server.stdout.readline().decode().strip().rsplit(":", 1)[1])
    try:
        for name, hostile in [("alone", 0), (f"under {args.hostile} trickling connections from 127.0.0.1", args.hostile)]:
            attack = Attack(port, hostile) if hostile else None
            if attack:
                time.sleep(3)
            latencies, health = clean_load(port, args.seconds)
            extra = ""
            if attack:
                attack.running = False
                extra = f", hostile connections opened {attack.opened}"
            print(f"{name}: clean /v1/month {len(latencies) / args.seconds:.0f} req/s, "
                  f"p50 {percentile(latencies, 0.5) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} ms; "
                  f"/health p50 {percentile(health, 0.5) * 1000:.1f} ms, p99 {percentile(health, 0.99) * 1000:.1f} ms "
                  f"({len(health)} probes){extra}", flush=True)
            if attack:
                attack.thread.join()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
