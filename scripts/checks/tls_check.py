#!/usr/bin/env python3
"""HTTPS on calpolicy-serve, checked from outside with Python's ssl and certificates made by
openssl (see tls.sh). One server per configuration; prints "N passed, N failed"."""
import http.client
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)  # TLS 1.1 is asked for on purpose

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
SERVE = os.path.join(BIN, "calpolicy-serve")
POLICY = "policies/weekends.lua"
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok " + what)
    else:
        failed += 1
        print("FAILED " + what)


def run(*args, cwd):
    subprocess.run(args, cwd=cwd, check=True, capture_output=True)


def make_pki(work):
    run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
        "-out", "ca.pem", "-days", "30", "-subj", "/CN=calpolicy test CA", cwd=work)
    with open(os.path.join(work, "ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    for name, cn in [("server", "localhost"), ("server2", "localhost"), ("client", "ci-client")]:
        run("openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", name + ".key",
            "-out", name + ".csr", "-subj", "/CN=" + cn, cwd=work)
        run("openssl", "x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", name + ".pem", "-days", "10", "-extfile", "ext", cwd=work)
    # A client of another CA, and an expired server certificate (openssl ca can backdate one).
    run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "other.key",
        "-out", "other.pem", "-days", "3", "-subj", "/CN=other", cwd=work)
    os.makedirs(os.path.join(work, "ca-db"))
    open(os.path.join(work, "ca-db", "index.txt"), "w").close()
    with open(os.path.join(work, "ca.cnf"), "w") as f:
        f.write("[ca]\ndefault_ca=test\n[test]\ndir=ca-db\ndatabase=ca-db/index.txt\nnew_certs_dir=ca-db\n"
                "serial=ca-db/serial\ndefault_md=sha256\npolicy=any\ncopy_extensions=copy\n[any]\ncommonName=supplied\n")
    with open(os.path.join(work, "ca-db", "serial"), "w") as f:
        f.write("1000\n")
    run("openssl", "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "server.csr",
        "-out", "expired.pem", "-startdate", "20200101000000Z", "-enddate", "20200201000000Z", "-notext", cwd=work)


def start(work, *extra):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    log = open(os.path.join(work, f"serve-{port}.log"), "w")
    process = subprocess.Popen([SERVE, POLICY, "--listen", f"127.0.0.1:{port}", *extra], cwd=os.getcwd(),
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, port, log.name
        except OSError:
            time.sleep(0.05)
    return process, port, log.name


def context(work, cert=None, maximum=None):
    ctx = ssl.create_default_context(cafile=os.path.join(work, "ca.pem"))
    if cert:
        ctx.load_cert_chain(os.path.join(work, cert + ".pem"), os.path.join(work, cert + ".key"))
    if maximum:
        ctx.maximum_version = maximum
        ctx.minimum_version = ssl.TLSVersion.TLSv1
    return ctx


def get(port, ctx, path="/health"):
    connection = http.client.HTTPSConnection("localhost", port, context=ctx, timeout=5)
    connection.connect()
    served = ssl.DER_cert_to_PEM_cert(connection.sock.getpeercert(binary_form=True))
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, served


def free_port():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def probe(url):
    done = subprocess.run([SERVE, "--probe", url], capture_output=True, text=True, timeout=20)
    return done.returncode, done.stderr.strip().splitlines()


def probes(port, diagnostic):
    """`--probe` against a server with --tls-cert and --tls-client-ca: its diagnostic listener
    answers; the TLS port and an https URL are refused with the way to probe instead; and the
    image's HEALTHCHECK and the Deployment's exec probes ask the --diagnostic-addr their own
    arguments give (so they work whether or not the listener has TLS)."""
    for path in ("/ready", "/health"):
        code, lines = probe(f"http://127.0.0.1:{diagnostic}{path}")
        check(code == 0 and not lines, f"--probe of the diagnostic listener's {path} passes beside a mutual-TLS listener ({code} {lines})")
    code, lines = probe(f"http://127.0.0.1:{port}/ready")
    check(code == 1 and len(lines) == 1 and "--diagnostic-addr" in lines[0],
          f"--probe of the TLS port fails with one line naming --diagnostic-addr ({code} {lines})")
    code, lines = probe(f"https://127.0.0.1:{port}/ready")
    check(code == 2 and len(lines) == 1 and "plain HTTP" in lines[0] and "--diagnostic-addr" in lines[0],
          f"--probe https:// is bad input: exit 2, one line ({code} {lines})")
    with open("deploy/Containerfile") as f:
        containerfile = f.read()
    cmd = json.loads(containerfile.split("\nCMD ", 1)[1].split("\n", 1)[0])
    health = json.loads(containerfile.split("HEALTHCHECK", 1)[1].split("CMD ", 1)[1].split("\n", 1)[0])
    address = cmd[cmd.index("--diagnostic-addr") + 1]
    check(health[1:] == ["--probe", f"http://{address}/ready"] and address.startswith("127.0.0.1:"),
          f"the image's HEALTHCHECK probes the CMD's loopback --diagnostic-addr ({health} {address})")
    with open("deploy/kubernetes/deployment.yaml") as f:
        text = f.read()
    args = [line.strip()[2:] for line in text.split("args:", 1)[1].split("ports:", 1)[0].splitlines() if line.strip().startswith("- ")]
    address = args[args.index("--diagnostic-addr") + 1]
    execs = [line.strip()[2:] for line in text.split("Probe:", 1)[1].splitlines() if "--probe" in line or "http://" in line]
    urls = [item for item in execs if item.startswith("http://")]
    check(urls == [f"http://{address}/ready", f"http://{address}/health"] and address.startswith("127.0.0.1:"),
          f"the Deployment's exec probes ask its loopback --diagnostic-addr ({urls} {address})")
    for url in urls:
        code, lines = probe(url.replace(address, f"127.0.0.1:{diagnostic}"))
        check(code == 0, f"the Deployment's probe {url} (on this server's diagnostic port) passes ({code} {lines})")


def pem_of(work, name):
    with open(os.path.join(work, name + ".pem")) as f:
        return f.read()


def main():
    work = tempfile.mkdtemp(prefix="calpolicy-tls-")
    try:
        make_pki(work)
        live = os.path.join(work, "live")
        os.makedirs(live)
        for suffix in ("pem", "key"):
            shutil.copy(os.path.join(work, "server." + suffix), os.path.join(live, "tls." + suffix))
        process, port, log = start(work, "--tls-cert", os.path.join(live, "tls.pem"), "--tls-key", os.path.join(live, "tls.key"))
        try:
            status, body, served = get(port, context(work))
            check(status == 200 and b'"ok"' in body, "a client trusting the test CA gets /health over TLS")
            try:
                get(port, ssl.create_default_context())
                check(False, "a client without the CA is refused")
            except ssl.SSLCertVerificationError:
                check(True, "a client without the CA is refused")
            try:
                get(port, context(work, maximum=ssl.TLSVersion.TLSv1_1))
                check(False, "TLS 1.1 is refused")
            except (ssl.SSLError, ConnectionError):
                check(True, "TLS 1.1 is refused")
            first = served
            # Rotation under keep-alive load: requests on open connections never fail.
            errors, done = [], threading.Event()

            def load():
                connection = http.client.HTTPSConnection("localhost", port, context=context(work), timeout=5)
                while not done.is_set():
                    try:
                        connection.request("GET", "/v1/month?month=2026-12")
                        response = connection.getresponse()
                        response.read()
                        if response.status != 200:
                            errors.append(response.status)
                    except Exception as error:  # noqa: BLE001 - any failure counts
                        errors.append(repr(error))
                        connection = http.client.HTTPSConnection("localhost", port, context=context(work), timeout=5)
            workers = [threading.Thread(target=load) for _ in range(4)]
            for worker in workers:
                worker.start()
            time.sleep(0.5)
            for suffix in ("key", "pem"):
                shutil.copy(os.path.join(work, "server2." + suffix), os.path.join(live, "tls." + suffix + ".new"))
                os.replace(os.path.join(live, "tls." + suffix + ".new"), os.path.join(live, "tls." + suffix))
            time.sleep(1.0)
            _, _, rotated = get(port, context(work))
            time.sleep(0.5)
            done.set()
            for worker in workers:
                worker.join()
            check(rotated != first and rotated == pem_of(work, "server2"),
                  "a certificate replaced on disk is served by new connections without a restart")
            check(not errors, f"no keep-alive request failed while it was replaced ({len(errors)} errors: {errors[:3]})")
            # An expired pair put in place: logged, the old one keeps serving.
            shutil.copy(os.path.join(work, "expired.pem"), os.path.join(live, "tls.pem"))
            shutil.copy(os.path.join(work, "server.key"), os.path.join(live, "tls.key"))
            time.sleep(1.0)
            _, _, kept = get(port, context(work))
            with open(log) as f:
                logged = f.read()
            check(kept == pem_of(work, "server2") and "has expired" in logged and "old certificate keeps serving" in logged,
                  "an expired certificate on reload is refused and the old one kept")
        finally:
            process.terminate()
            process.wait(timeout=10)

        # Mutual TLS, with the plain-HTTP diagnostic listener the probes use.
        diagnostic = free_port()
        process, port, _ = start(work, "--tls-cert", os.path.join(work, "server.pem"), "--tls-key", os.path.join(work, "server.key"),
                                 "--tls-client-ca", os.path.join(work, "ca.pem"), "--diagnostic-addr", f"127.0.0.1:{diagnostic}")
        try:
            probes(port, diagnostic)
            status, body, _ = get(port, context(work))
            check(status == 403 and json.loads(body)["error"]["code"] == "forbidden",
                  f"mutual TLS refuses a client without a certificate ({status} {body[:120]!r})")
            status, _, _ = get(port, context(work, cert="client"))
            check(status == 200, "mutual TLS admits a client certificate of the CA")
            status, body, _ = get(port, context(work, cert="other"))
            check(status == 403 and b"refused" in body, f"mutual TLS refuses a certificate of another CA ({status} {body[:140]!r})")
        finally:
            process.terminate()
            process.wait(timeout=10)

        # Refused at start: one line, exit 2.
        for cert, key, words, what in [("expired.pem", "server.key", "has expired", "an expired certificate"),
                                       ("server.pem", "client.key", "does not match", "a key of another certificate"),
                                       ("missing.pem", "server.key", "does not exist", "a missing certificate")]:
            done = subprocess.run([SERVE, POLICY, "--listen", "127.0.0.1:0", "--tls-cert", os.path.join(work, cert),
                                   "--tls-key", os.path.join(work, key)], capture_output=True, text=True, timeout=20)
            lines = done.stderr.strip().splitlines()
            check(done.returncode == 2 and len(lines) == 1 and words in lines[0] and lines[0].startswith("calpolicy: --tls-"),
                  f"{what} is refused at start with one line, exit 2 ({done.returncode}: {done.stderr.strip()[:160]})")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
