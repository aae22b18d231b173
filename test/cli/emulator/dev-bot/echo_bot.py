# A bot as a newcomer writes one for `chatbot dev -- python3 echo_bot.py` (stdlib only): it listens on $PORT, answers
# each text a contact sends with "eco: <text>" through $CHATBOT_BASE_URL with $CHATBOT_AUTHKEY and $CHATBOT_APPKEY,
# and says what it does on stdout (a start-up line on stderr). "sair N" makes it exit with code N.
import json
import os
import sys
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

BASE = os.environ["CHATBOT_BASE_URL"]
KEYS = {"authkey": os.environ["CHATBOT_AUTHKEY"], "appkey": os.environ["CHATBOT_APPKEY"]}


def send(to, text):
    body = json.dumps({**KEYS, "to": to, "message": text}).encode()
    request = urllib.request.Request(BASE + "/api/create-message", body, {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request) as answer:
            print("sent", answer.status, flush=True)
    except urllib.error.HTTPError as error:
        print("refused", error.code, flush=True)


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        event = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.send_response(200)
        self.end_headers()
        if event.get("evento") != "text" or event.get("tipo") != "Chat":
            return
        text = event.get("mensagem", "")
        print("got", text, flush=True)
        if text.startswith("sair "):
            os._exit(int(text.split()[1]))
        send(event["chat"], "eco: " + text)

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", int(os.environ["PORT"])), Hook)
print("starting, pid", os.getpid(), file=sys.stderr, flush=True)
print("listening on", os.environ["PORT"], flush=True)
server.serve_forever()
