// --dry-run without any key: the request is printed with the seed's placeholders where the keys would go, exit 0.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../support/harness.js';

// Nothing listens on port 9 (discard): a dry run must not try to reach the service at all.
let box: Sandbox | undefined;
afterEach(() => {
  if (box) rmSync(box.home, { recursive: true, force: true });
});

function sandbox(): Sandbox {
  box = new Sandbox('http://127.0.0.1:9');
  return box;
}

const BUTTONS = ['send', 'buttons', '--to', '+5581989769960', '--message', 'Confirma?', '--button', 'reply:Sim'];

describe('--dry-run without keys', () => {
  it('prints the buttons request with <AUTH_KEY> and <APP_KEY> placeholders and says so on stderr', async () => {
    const result = await sandbox().run([...BUTTONS, '--dry-run', '--json']);
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.body).toMatchObject({ authkey: '<AUTH_KEY>', appkey: '<APP_KEY>', to: '5581989769960' });
    expect(plan.body.buttons).toEqual([{ type: 'replyButton', displaytext: 'Sim' }]);
  });

  it('says on stderr which placeholders stand for missing keys (human output)', async () => {
    const result = await sandbox().run([...BUTTONS, '--dry-run']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('"authkey": "<AUTH_KEY>"');
    expect(result.stderr).toContain('No authkey configured: the request shows <AUTH_KEY> where it would go.');
    expect(result.stderr).toContain('No appkey configured: the request shows <APP_KEY> where it would go.');
  });

  it('keeps a key that is given, masked, and fills only the missing one', async () => {
    const result = await sandbox().run([...BUTTONS, '--dry-run', '--json'], {
      env: { CHATBOT_AUTHKEY: 'a-real-account-key-0123456789' },
    });
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.body).toMatchObject({ authkey: 'a-re…6789', appkey: '<APP_KEY>' });
    expect(result.stdout + result.stderr).not.toContain('a-real-account-key-0123456789');
  });

  it('still refuses a send without keys when it is not a dry run', async () => {
    const result = await sandbox().run(BUTTONS);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('No authkey');
  });
});
