// A bot with one mistake (MISTAKE in its environment), as a bot developer writes one from the docs: it answers each
// contact message (tipo Chat) the way that mistake makes it, sending to CHATBOT_BASE_URL with CHATBOT_AUTHKEY and
// CHATBOT_APPKEY, and listens on PORT (any free port without one; its address on the first line it prints).
// Mistakes: buttons-without-displaytext, poll-13 (what it sends), webhook-500 (its answer to the event); any other
// value sends a plain text, for mistakes made outside the bot's code (wrong keys, another base URL, a fault rule).
import { createServer } from 'node:http';

const { CHATBOT_BASE_URL: base, CHATBOT_AUTHKEY: authkey, CHATBOT_APPKEY: appkey, MISTAKE: mistake } = process.env;

const MESSAGES = {
  'buttons-without-displaytext': { message: 'Escolha', buttons: [{ type: 'replyButton', id: 'sim' }] },
  'poll-13': { message: 'Qual sabor?', opcoes: Array.from({ length: 13 }, (_, i) => `Sabor ${i + 1}`) },
};

async function answer(event) {
  if (mistake === 'webhook-500') return 500;
  const fields = MESSAGES[mistake] ?? { message: 'Olá!' };
  await fetch(`${base}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authkey, appkey, to: event.chat, ...fields }),
  });
  return 200;
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const event = JSON.parse(body || '{}');
    const answered = event.tipo === 'Chat' ? answer(event) : Promise.resolve(200);
    answered.then(
      (status) => response.writeHead(status).end(),
      () => response.writeHead(500).end(),
    );
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`Mistaken bot listening on http://127.0.0.1:${server.address().port}/`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
