import { createServer } from 'node:http';

const { CHATBOT_BASE_URL, CHATBOT_AUTHKEY, CHATBOT_APPKEY, PORT = '3000' } = process.env;

async function send(body) {
  const answer = await fetch(`${CHATBOT_BASE_URL.replace(/\/$/, '')}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authkey: CHATBOT_AUTHKEY, appkey: CHATBOT_APPKEY, ...body }),
  });
  if (!answer.ok) console.error('send failed:', answer.status, await answer.text());
}

createServer(async (request, response) => {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  response.end('OK'); // answer at once: anything but a 2xx within 5 s is delivered again
  const event = JSON.parse(raw);
  if (event.tipo !== 'Chat') return; // our own sends come back as "Me", schedules going out as "Sistema"
  if (event.evento === 'text') {
    const buttons = ['Sim', 'Não'].map((text) => ({ type: 'replyButton', displaytext: text }));
    await send({ to: event.chat, message: `Olá, ${event.nome}! Confirma o pedido?`, buttons });
  } else if (event.evento === 'button') {
    await send({ to: event.chat, message: `Você escolheu: ${event.opcao.texto}` });
  }
}).listen(Number(PORT), '127.0.0.1', () => console.log(`Bot listening on port ${PORT}`));
