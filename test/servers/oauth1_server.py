"""A document server that verifies OAuth 1.0 (RFC 5849) HMAC-SHA1 signatures with oauthlib, an
implementation independent of the one swaglint signs with. Started by test/remote-oauth.test.ts:
it prints its port on one line, serves until it is terminated, and logs each verdict to stderr.

usage: oauth1_server.py CONSUMER_KEY CONSUMER_SECRET TOKEN TOKEN_SECRET DOCUMENT_FILE
"""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from oauthlib.oauth1 import RequestValidator, ResourceEndpoint

CONSUMER_KEY, CONSUMER_SECRET, TOKEN, TOKEN_SECRET, DOCUMENT_FILE = sys.argv[1:6]
with open(DOCUMENT_FILE, encoding="utf-8") as f:
    DOCUMENT = f.read().encode("utf-8")


class Validator(RequestValidator):
    # the test server speaks plain http on 127.0.0.1
    enforce_ssl = False
    allowed_signature_methods = ["HMAC-SHA1"]
    seen_nonces = set()

    # swaglint's keys and nonces need not follow oauthlib's default length and alphabet checks
    def check_client_key(self, client_key):
        return True

    def check_access_token(self, request_token):
        return True

    def check_nonce(self, nonce):
        return True

    @property
    def dummy_client(self):
        return "dummy-client"

    @property
    def dummy_access_token(self):
        return "dummy-token"

    def validate_client_key(self, client_key, request):
        return client_key == CONSUMER_KEY

    def validate_access_token(self, client_key, token, request):
        return client_key == CONSUMER_KEY and token == TOKEN

    def validate_timestamp_and_nonce(self, client_key, timestamp, nonce, request, request_token=None, access_token=None):
        # a replayed nonce is refused, as a real provider would
        key = (client_key, timestamp, nonce)
        if key in self.seen_nonces:
            return False
        self.seen_nonces.add(key)
        return True

    def validate_realms(self, client_key, token, request, uri=None, realms=None):
        return True

    def get_client_secret(self, client_key, request):
        return CONSUMER_SECRET if client_key == CONSUMER_KEY else "dummy-secret"

    def get_access_token_secret(self, client_key, token, request):
        return TOKEN_SECRET if token == TOKEN else "dummy-secret"


endpoint = ResourceEndpoint(Validator())


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        uri = "http://" + self.headers["Host"] + self.path
        valid, _ = endpoint.validate_protected_resource_request(uri, http_method="GET", body=None, headers=dict(self.headers))
        sys.stderr.write(("valid " if valid else "invalid ") + self.path + "\n")
        sys.stderr.flush()
        if not valid:
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'OAuth realm="orders"')
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/x-yaml")
        self.send_header("Content-Length", str(len(DOCUMENT)))
        self.end_headers()
        self.wfile.write(DOCUMENT)

    def log_message(self, format, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
