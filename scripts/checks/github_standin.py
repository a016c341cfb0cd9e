#!/usr/bin/env python3
"""A local stand-in for the parts of GitHub's REST API a custom deployment protection rule
calls (scripts/checks/github.sh), written from GitHub's documented contract:

  POST /app/installations/{id}/access_tokens
      Authorization: Bearer <app JWT>. The JWT must verify with the app's public key (RS256),
      name the app in `iss`, and have `iat` in the past and `exp` at most 10 minutes after it.
      201 {"token", "expires_at"}; 401 for a bad JWT; 404 for an installation not known.
  POST /repos/{owner}/{repo}/actions/runs/{run_id}/deployment_protection_rule
      Authorization: Bearer|token <installation token>. Body: environment_name (string),
      state (approved|rejected; absent for a status report), comment (string, at most 1024
      characters), nothing else. 204; 401 for a bad token; 422 for a bad body; at most 10
      status reports and one decision per run.

Everything else is a 404, as GitHub answers. Faults can be queued per run (a status code and
headers answered instead, once each, in order). Every request is recorded."""
import json
import re
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt

TOKEN_PATH = re.compile(r"^/app/installations/(\d+)/access_tokens$")
REVIEW_PATH = re.compile(r"^/repos/([^/]+)/([^/]+)/actions/runs/(\d+)/deployment_protection_rule$")


class StandIn:
    def __init__(self, public_key_pem, app_id, installations):
        self.public_key = public_key_pem
        self.app_id = str(app_id)
        self.installations = set(installations)
        self.lock = threading.Lock()
        self.tokens = {}  # token -> (installation, expires)
        self.issued = []  # every token handed out (the stage greps logs for them)
        self.jwt_checks = []  # (ok, why) per token request
        self.reviews = {}  # run id -> [{"state", "comment", "at"}] accepted
        self.attempts = {}  # run id -> number of review POSTs seen (faults included)
        self.faults = {}  # run id -> [(status, headers)]
        self.refused = []  # (path, status, why)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()

    def fault(self, run, status, headers=None):
        with self.lock:
            self.faults.setdefault(str(run), []).append((status, headers or {}))

    def decisions(self, run):
        with self.lock:
            return [r for r in self.reviews.get(str(run), []) if r["state"] is not None]

    def reports(self, run):
        with self.lock:
            return [r for r in self.reviews.get(str(run), []) if r["state"] is None]

    def _check_jwt(self, token):
        try:
            claims = jwt.decode(token, self.public_key, algorithms=["RS256"],
                                options={"require": ["iat", "exp", "iss"]}, leeway=5)
        except jwt.PyJWTError as error:
            return False, f"JWT refused: {error}"
        if claims["iss"] != self.app_id:
            return False, f"iss {claims['iss']!r} is not the app id"
        if not claims["iat"] <= time.time():
            return False, "iat is in the future"
        if claims["exp"] - claims["iat"] > 600:
            return False, "exp is more than 10 minutes after iat"
        return True, "ok"

    def _handler(self):
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _answer(self, status, body=None, headers=None):
                data = b"" if body is None else json.dumps(body).encode()
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                if body is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _refuse(self, status, why, headers=None):
                with standin.lock:
                    standin.refused.append((self.path, status, why))
                self._answer(status, {"message": why}, headers)

            def do_GET(self):
                self._refuse(404, "Not Found")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                auth = self.headers.get("Authorization", "")
                if match := TOKEN_PATH.match(self.path):
                    if not auth.startswith("Bearer "):
                        return self._refuse(401, "A JSON web token could not be decoded")
                    ok, why = standin._check_jwt(auth[7:])
                    with standin.lock:
                        standin.jwt_checks.append((ok, why))
                    if not ok:
                        return self._refuse(401, why)
                    installation = int(match.group(1))
                    if installation not in standin.installations:
                        return self._refuse(404, "Not Found")
                    token = "ghs_" + secrets.token_hex(18)
                    expires = time.time() + 3600
                    with standin.lock:
                        standin.tokens[token] = (installation, expires)
                        standin.issued.append(token)
                    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(expires))
                    return self._answer(201, {"token": token, "expires_at": stamp})
                if match := REVIEW_PATH.match(self.path):
                    run = match.group(3)
                    with standin.lock:
                        standin.attempts[run] = standin.attempts.get(run, 0) + 1
                        queued = standin.faults.get(run)
                        fault = queued.pop(0) if queued else None
                    if fault:
                        status, headers = fault
                        return self._answer(status, {"message": "stand-in fault"}, headers)
                    scheme, _, token = auth.partition(" ")
                    with standin.lock:
                        known = standin.tokens.get(token)
                    if scheme not in ("Bearer", "token") or not known or known[1] < time.time():
                        return self._refuse(401, "Bad credentials")
                    try:
                        review = json.loads(body)
                    except ValueError:
                        return self._refuse(400, "Problems parsing JSON")
                    if not isinstance(review, dict) or set(review) - {"environment_name", "state", "comment"}:
                        return self._refuse(422, "unexpected fields")
                    if not isinstance(review.get("environment_name"), str):
                        return self._refuse(422, "environment_name is required")
                    state = review.get("state")
                    if state not in (None, "approved", "rejected"):
                        return self._refuse(422, "state must be approved or rejected")
                    comment = review.get("comment", "")
                    if not isinstance(comment, str) or len(comment) > 1024:
                        return self._refuse(422, "comment must be a string of at most 1024 characters")
                    with standin.lock:
                        seen = standin.reviews.setdefault(run, [])
                        if any(r["state"] is not None for r in seen):
                            standin.refused.append((self.path, 422, "already decided"))
                            return self._answer(422, {"message": "No pending deployment protection rule"})
                        if state is None and sum(1 for r in seen if r["state"] is None) >= 10:
                            standin.refused.append((self.path, 422, "more than 10 status reports"))
                            return self._answer(422, {"message": "status report limit reached"})
                        seen.append({"state": state, "comment": comment, "environment": review["environment_name"],
                                     "at": time.time()})
                    return self._answer(204)
                self._refuse(404, "Not Found")

        return Handler
