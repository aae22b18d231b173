// A small menu bot in plain Node (no dependencies): it greets, shows buttons, takes an order by poll, tells the
// opening hours and schedules a reminder. It receives the service's webhook events and answers through the service.
// Configuration, the same variables the chatbot CLI reads:
//   CHATBOT_BASE_URL (default http://127.0.0.1:8484), CHATBOT_AUTHKEY, CHATBOT_APPKEY, PORT (default 3000; 0 = any).
import { createServer } from 'node:http';

const BASE_URL = process.env.CHATBOT_BASE_URL ?? 'http://127.0.0.1:8484';
const AUTHKEY = process.env.CHATBOT_AUTHKEY ?? '';
const APPKEY = process.env.CHATBOT_APPKEY ?? '';
const ZONE = 'America/Sao_Paulo';
const FLAVOURS = ['Margherita', 'Calabresa', 'Portuguesa'];

async function send(fields) {
  const response = await fetch(`${BASE_URL}/api/create-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appkey: APPKEY, authkey: AUTHKEY, ...fields }),
  });
  const answer = await response.json();
  if (answer.status !== 200) console.error(`the service refused a send: ${answer.status} ${answer.message}`);
}

/** `YYYY-MM-DD HH:MM:SS` in São Paulo, `ms` after the event (the service's clock, so tests can move it). */
function wallClock(eventTime, ms) {
  return new Date(Date.parse(eventTime) + ms).toLocaleString('sv-SE', { timeZone: ZONE });
}

async function greet(event) {
  await send({ to: event.chat, message: `Olá, ${event.nome}! Eu sou o bot da Pizzaria Bella.` });
  await send({
    to: event.chat,
    message: 'O que você quer fazer?',
    buttons: ['Cardápio', 'Horários', 'Lembrete'].map((text) => ({ type: 'replyButton', displaytext: text })),
  });
}

const ON_BUTTON = {
  Cardápio: (event) => send({ to: event.chat, message: 'Qual sabor você quer?', opcoes: FLAVOURS }),
  Horários: (event) => send({ to: event.chat, message: 'Abrimos de terça a domingo, das 18h às 23h.' }),
  Lembrete: async (event) => {
    const at = wallClock(event.timestamp, 3_600_000);
    await send({ to: event.chat, message: 'Lembrete: hoje tem pizza! 🍕', agendamento: at });
    await send({ to: event.chat, message: 'Combinado! Eu te lembro daqui a 1 hora.' });
  },
};

async function onText(event) {
  const text = event.mensagem.trim().toLowerCase();
  if (event.idMensagemCitada) {
    return send({ to: event.chat, message: 'Anotado!', idMensagem: event.idMensagemCitada });
  }
  if (['oi', 'olá', 'ola', 'menu'].includes(text)) return greet(event);
  if (text.startsWith('obrigad')) {
    return send({ to: event.chat, message: '❤️', id: event.idMessagem, reactionMessage: true });
  }
  return send({ to: event.chat, message: 'Não entendi. Digite *menu* para ver as opções.' });
}

const HANDLERS = {
  text: onText,
  button: (event) => ON_BUTTON[event.opcao.texto]?.(event),
  poll_vote: (event) =>
    send({ to: event.chat, message: `Ótima escolha: ${event.opcoes.join(', ')}! Seu pedido foi anotado.` }),
  location: (event) => send({ to: event.chat, message: 'Recebemos sua localização: entregamos em até 40 minutos.' }),
  media: (event) => send({ to: event.chat, message: `Recebemos o arquivo ${event.nomeArquivo}. Obrigado!` }),
};

/** Events of what contacts send (`tipo` Chat); the device's own messages come back as `tipo` Me and are ignored. */
function handle(event) {
  if (event.tipo !== 'Chat') return;
  HANDLERS[event.evento]?.(event)?.catch((error) => console.error(`could not answer: ${error.message}`));
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    try {
      handle(JSON.parse(body));
    } catch {
      console.error('a webhook body that is not JSON');
    }
  });
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`Menu bot listening on http://127.0.0.1:${server.address().port}/`);
});
process.on('SIGTERM', () => server.close());
