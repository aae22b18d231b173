// A bot for the load tests, run as its own process: it answers each contact text with "eco: <text>" after DELAY_MS,
// at most CONCURRENCY answers being prepared at once (the rest wait their turn, first come first served), like a
// server with a few workers. IDEMPOTENT=1 answers each event id once; otherwise a redelivered event is answered
// again. REFUSED_FIRST=1 first sends a text without a recipient (which the service refuses). It reads the CLI's variables: CHATBOT_BASE_URL, CHATBOT_AUTHKEY, CHATBOT_APPKEY.
import { createServer } from 'node:http';

const base = process.env.CHATBOT_BASE_URL;
const keys = { appkey: process.env.CHATBOT_APPKEY, authkey: process.env.CHATBOT_AUTHKEY };
const delayMs = Number(process.env.DELAY_MS ?? 0);
const concurrency = Number(process.env.CONCURRENCY ?? Infinity);
const idempotent = process.env.IDEMPOTENT === '1';
const refusedFirst = process.env.REFUSED_FIRST === '1';

const seen = new Set();
const waiting = [];
let busy = 0;

function next() {
  while (busy < concurrency && waiting.length > 0) {
    const job = waiting.shift();
    busy += 1;
    setTimeout(() => {
      void job().finally(() => {
        busy -= 1;
        next();
      });
    }, delayMs);
  }
}

async function answer(event) {
  if (refusedFirst) await post({ message: 'sem destinatário' });
  await post({ to: event.chat, message: `eco: ${event.mensagem}` });
}

async function post(fields) {
  await fetch(`${base}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...keys, ...fields }),
  }).then((response) => response.text());
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    response.end('{}');
    const event = JSON.parse(body);
    if (event.tipo !== 'Chat' || event.evento !== 'text') return;
    if (idempotent && seen.has(event.idMessagem)) return;
    seen.add(event.idMessagem);
    waiting.push(() => answer(event));
    next();
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Load bot listening on http://127.0.0.1:${server.address().port}/`);
});
