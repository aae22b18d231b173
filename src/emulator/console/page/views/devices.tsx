// Accounts and devices, live: each device's state; one not connected shows its pairing QR and code, and a "scan"
// that links it as the phone would. Keys stay masked unless revealed, one at a time.
import type { Node } from '../render/node.js';
import { useEffect, useState } from 'preact/hooks';
import type { DeviceView, PairingAnswer } from '../../../control/types.js';
import { api } from '../api.js';
import { attempt, openChat } from '../data.js';
import type { ConsoleState } from '../store.js';
import { STATUS_CHAT } from '../../../rules/recipients.js';

/** The first four characters and the length, as the request log masks keys. */
export function maskKey(key: string): string {
  return key.length >= 12 ? `${key.slice(0, 4)}…(${key.length})` : '…';
}

function Key({
  label,
  value,
  revealed,
  onReveal,
}: {
  label: string;
  value: string;
  revealed: boolean;
  onReveal: () => void;
}): Node {
  return (
    <span class="key">
      {`${label}: `}
      <code>{revealed ? value : maskKey(value)}</code>{' '}
      <button type="button" aria-pressed={revealed ? 'true' : 'false'} onClick={onReveal}>
        {revealed ? 'Hide' : `Reveal ${label}`}
      </button>
    </span>
  );
}

function Pairing({ device }: { device: DeviceView }): Node {
  const [pairing, setPairing] = useState<PairingAnswer | undefined>(undefined);
  useEffect(() => {
    api.pairing(device.appkey).then(setPairing, () => setPairing(undefined));
  }, [device.appkey, device.conectado]);
  const svg = pairing?.qr?.svg;
  return (
    <div class="pairing">
      {svg ? (
        <img
          data-testid="pairing-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={`Pairing QR code of ${device.nome}: ${pairing.qr?.conteudo ?? ''}`}
          width={160}
          height={160}
        />
      ) : (
        <p data-testid="pairing-qr" class="hint">
          Reading the QR code…
        </p>
      )}
      {device.codigo ? (
        <p>
          {'Pairing code '}
          <code class="code">{device.codigo}</code>
        </p>
      ) : null}
      <button type="button" data-testid="scan" onClick={() => attempt(() => api.connect(device.appkey))}>
        Scan with the phone
      </button>
    </div>
  );
}

function Device({
  device,
  revealed,
  reveal,
}: {
  device: DeviceView;
  revealed: string | undefined;
  reveal: (key: string) => void;
}): Node {
  const keyId = `appkey ${device.id}`;
  return (
    <li
      class="device"
      data-testid="device"
      data-device-id={device.id}
      data-connected={device.conectado ? 'true' : 'false'}
      aria-label={`${device.nome}, ${device.conectado ? 'connected' : 'not connected'}`}
    >
      <h4>
        {device.nome}{' '}
        <span class={device.conectado ? 'state on' : 'state off'}>
          {device.conectado ? 'connected' : 'not connected'}
        </span>
      </h4>
      <p class="hint">
        {device.id}
        {device.telefone ? ` · ${device.telefone.startsWith('+') ? '' : '+'}${device.telefone}` : ''}
        {device.webhook ? ` · webhook ${device.webhook}` : ' · no webhook'}
      </p>
      <Key label="appkey" value={device.appkey} revealed={revealed === keyId} onReveal={() => reveal(keyId)} />
      {device.conectado ? (
        <p>
          <button type="button" onClick={() => attempt(() => api.disconnect(device.appkey))}>
            Disconnect
          </button>{' '}
          <button type="button" onClick={() => attempt(() => openChat(device, STATUS_CHAT))}>
            Status posts
          </button>
        </p>
      ) : (
        <Pairing device={device} />
      )}
    </li>
  );
}

export function DevicesView({ state }: { state: ConsoleState }): Node {
  const [revealed, setRevealed] = useState<string | undefined>(undefined);
  const reveal = (key: string) => setRevealed((current) => (current === key ? undefined : key));
  return (
    <section class="devices-view" aria-label="Accounts and devices">
      {state.accounts.length === 0 ? (
        <p class="empty">No accounts yet: register one with your bot or the CLI.</p>
      ) : null}
      {state.accounts.map((account) => (
        <article key={account.id} class="account">
          <h3>
            {account.nome} <span class="hint">{account.email}</span>
          </h3>
          <Key
            label="authkey"
            value={account.authkey}
            revealed={revealed === `authkey ${account.id}`}
            onReveal={() => reveal(`authkey ${account.id}`)}
          />
          <ul class="devices">
            {account.dispositivos.map((device) => (
              <Device key={device.id} device={device} revealed={revealed} reveal={reveal} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
