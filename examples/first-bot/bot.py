import json, os, urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BASE, PORT = os.environ["CHATBOT_BASE_URL"].rstrip("/"), int(os.environ.get("PORT", "3000"))
KEYS = {"authkey": os.environ["CHATBOT_AUTHKEY"], "appkey": os.environ["CHATBOT_APPKEY"]}

def send(body):
    data = json.dumps({**KEYS, **body}).encode()
    request = urllib.request.Request(BASE + "/api/create-message", data, {"content-type": "application/json"})
    urllib.request.urlopen(request, timeout=10).read()

class Bot(BaseHTTPRequestHandler):
    def do_POST(self):
        event = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.send_response(200); self.send_header("content-length", "2"); self.end_headers(); self.wfile.write(b"OK")
        if event["tipo"] != "Chat": return  # our own sends come back as "Me", schedules going out as "Sistema"
        if event["evento"] == "text":
            send({"to": event["chat"], "message": f"Olá, {event['nome']}! Confirma o pedido?", "buttons": [
                {"type": "replyButton", "displaytext": "Sim"}, {"type": "replyButton", "displaytext": "Não"}]})
        elif event["evento"] == "button":
            send({"to": event["chat"], "message": f"Você escolheu: {event['opcao']['texto']}"})

print(f"Bot listening on port {PORT}", flush=True)
ThreadingHTTPServer(("127.0.0.1", PORT), Bot).serve_forever()
