// The inspector's delivery panel: each webhook attempt of a message's events, one line (event, delivery, attempt,
// the bot's status or error, latency, time, the next retry) that opens to both sides of the exchange: the POST as sent
// (address, headers, the JSON event) and the bot's answer (status, headers, the start of its body). Copy as curl,
// Redeliver and "Edit and redeliver" are buttons of their own.
import { useState } from 'preact/hooks';
import type { WebhookAttempt } from '../../../control/types.js';
import { api } from '../api.js';
import { attempt as run, notify } from '../data.js';
import { curlOf, deliveryState } from '../deliveries.js';
import { logTime } from '../render/clock-time.js';
import { answerWords } from '../render/delivery.js';
import type { Node } from '../render/node.js';

function headerList(headers: Record<string, string>): Node {
  return (
    <pre class="headers">
      {Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n')}
    </pre>
  );
}

function summary(a: WebhookAttempt): string {
  const latency = a.latenciaMs === null ? '' : ` in ${a.latenciaMs} ms`;
  const outcome = a.httpStatus !== null ? `${a.httpStatus}${latency}` : `no answer${latency}: ${a.erro ?? ''}`;
  const next = a.proxima ? ` · next attempt at ${logTime(a.proxima)}` : '';
  return `${logTime(a.em)} · ${a.evento} · delivery ${a.entrega} · attempt ${a.tentativa} · ${outcome}${next}`;
}

function sentPart(a: WebhookAttempt): Node {
  return (
    <div class="exchange-side">
      <h5>Sent to the bot</h5>
      <p>
        <code>{`POST ${a.enviado.url}`}</code>
      </p>
      {headerList(a.enviado.cabecalhos)}
      <pre class="json" data-testid="webhook-body">
        {JSON.stringify(a.enviado.corpo, null, 2)}
      </pre>
    </div>
  );
}

function answerPart(a: WebhookAttempt): Node {
  const latency = a.latenciaMs === null ? '' : ` after ${a.latenciaMs} ms`;
  const answer = a.resposta;
  return (
    <div class="exchange-side" data-testid="webhook-answer">
      <h5>The bot's answer</h5>
      <p>{`${answerWords(a)}${latency} (${deliveryState(a)})`}</p>
      {answer ? headerList(answer.cabecalhos) : null}
      {answer ? (
        <pre class="answer-body">
          {answer.corpo === '' ? '(empty body)' : answer.corpo}
          {answer.cortado ? '\n… (cut: the emulator keeps the first 2 KiB)' : ''}
        </pre>
      ) : null}
    </div>
  );
}

async function copyCurl(a: WebhookAttempt, show: (text: string) => void): Promise<void> {
  const command = curlOf(a);
  try {
    await navigator.clipboard.writeText(command);
    show('Copied. The appkey in instancia is masked, as shown.');
  } catch {
    // No clipboard (not allowed here): the command is shown to copy by hand.
    show(command);
  }
}

function Editor({ a, close }: { a: WebhookAttempt; close: () => void }): Node {
  const [text, setText] = useState(() => JSON.stringify(a.enviado.corpo, null, 2));
  const send = () => {
    let edited: unknown;
    try {
      edited = JSON.parse(text);
    } catch (error) {
      notify(new Error(`The edited event is not JSON: ${(error as Error).message}`));
      return;
    }
    if (edited === null || typeof edited !== 'object' || Array.isArray(edited)) {
      notify(new Error('The edited event must be a JSON object.'));
      return;
    }
    run(() => api.redeliver(a.entrega, edited as Record<string, unknown>).then(close));
  };
  return (
    <div class="editor">
      <label for={`edit-${a.entrega}-${a.tentativa}`}>The event to send (a new delivery)</label>
      <textarea
        id={`edit-${a.entrega}-${a.tentativa}`}
        data-testid="webhook-edit"
        rows={12}
        value={text}
        onInput={(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <button type="button" onClick={send}>
        Send the edited event
      </button>
      <button type="button" onClick={close}>
        Cancel
      </button>
    </div>
  );
}

/** One attempt: its line, its tools, and (opened) both sides of the exchange. */
export function AttemptRow({ a, open: openAtFirst }: { a: WebhookAttempt; open: boolean }): Node {
  const [open, setOpen] = useState(openAtFirst);
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | undefined>(undefined);
  return (
    <li data-testid="webhook-attempt" data-status={String(a.httpStatus ?? 'error')} class={a.erro ? 'failed' : ''}>
      <button
        type="button"
        class="link"
        aria-expanded={open ? 'true' : 'false'}
        // The line's own text first: the name a voice-control user reads off the screen (axe: label-content-name).
        aria-label={`${summary(a)}: ${open ? 'hide' : 'show'} what was sent and answered`}
        onClick={() => setOpen(!open)}
      >
        {summary(a)}
      </button>
      <p class="attempt-tools">
        <button type="button" onClick={() => run(() => api.redeliver(a.entrega))}>
          Redeliver
        </button>
        <button type="button" onClick={() => setEditing(!editing)}>
          Edit and redeliver
        </button>
        <button type="button" onClick={() => run(() => copyCurl(a, setNote))}>
          Copy as curl
        </button>
      </p>
      {note ? (
        <pre class="copied" data-testid="webhook-curl">
          {note}
        </pre>
      ) : null}
      {editing ? <Editor a={a} close={() => setEditing(false)} /> : null}
      {open ? (
        <div class="exchange">
          {sentPart(a)}
          {answerPart(a)}
        </div>
      ) : null}
    </li>
  );
}

/** The attempts of a message's events, oldest first; the first opens by itself for a contact's message. */
export function DeliveryPanel({ attempts, incoming }: { attempts: readonly WebhookAttempt[]; incoming: boolean }) {
  if (attempts.length === 0)
    return (
      <p class="hint">
        {incoming
          ? 'No attempt yet: the device has no webhook, or the first attempt is on its way.'
          : 'None: the device has no webhook, or this message emits no event until a contact acts.'}
      </p>
    );
  return (
    <ol class="attempts">
      {attempts.map((a, i) => (
        <AttemptRow key={`${a.entrega}-${a.tentativa}`} a={a} open={incoming && i === 0} />
      ))}
    </ol>
  );
}
