// The import rules of `npm run lint` (.dependency-cruiser.cjs) still catch what they are there for: each fixture
// under fixtures/ is a small src tree that breaks one rule, or keeps them all.
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Runs the lint's import check on the fixture's src, as `npm run lint` runs it on the project's. */
async function checkImports(fixture: string): Promise<{ exitCode?: number; stdout: string }> {
  const config = join(ROOT, '.dependency-cruiser.cjs');
  return execa(process.execPath, [DEPCRUISE, 'src', '--config', config, '--output-type', 'err'], {
    cwd: join(import.meta.dirname, 'fixtures', fixture),
    reject: false,
  });
}

describe('the import rules', () => {
  it('fail on an import cycle, also one of type-only imports', async () => {
    const { exitCode, stdout } = await checkImports('cycle');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('no-circular');
  });

  it('fail on a layer importing the CLI, and on a command folder importing another', async () => {
    const { exitCode, stdout } = await checkImports('layers');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('layers-below-the-cli: src/api/client.ts → src/cli/run.ts');
    expect(stdout).toContain(
      'command-folders-stand-alone: src/cli/commands/otp/verify.ts → src/cli/commands/send/flags.ts',
    );
  });

  it('fail on a layer below the commands loading the emulator, or a value of its control types', async () => {
    const { exitCode, stdout } = await checkImports('layers');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('only-the-cli-starts-the-emulator: src/api/starts-emulator.ts → src/emulator/index.ts');
    expect(stdout).toContain('control-types-as-types-only: src/api/starts-emulator.ts → src/emulator/control/types.ts');
  });

  it('fail on the emulator importing a CLI module, and on the shared duration grammar importing anything', async () => {
    const { exitCode, stdout } = await checkImports('grammar');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('emulator-stands-alone: src/emulator/clock.ts → src/limits.ts');
    expect(stdout).toContain('duration-grammar-is-a-leaf: src/duration.ts → src/limits.ts');
    expect(stdout).not.toContain('src/emulator/clock.ts → src/duration.ts');
  });

  it("fail on the emulator's lower layers calling up, and on its middle layer calling the HTTP layer back", async () => {
    const { exitCode, stdout } = await checkImports('emulator-layers');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain(
      'emulator-lower-layers-stay-below: src/emulator/delivery/worker.ts → src/emulator/instruments/attempt-log.ts',
    );
    expect(stdout).toContain(
      'emulator-lower-layers-stay-below: src/emulator/live/feed.ts → src/emulator/control/chat-view.ts',
    );
    expect(stdout).toContain(
      'emulator-middle-layer-below-http: src/emulator/operations/send-text.ts → src/emulator/http/server.ts',
    );
  });

  it("fail on the console's page importing a server module, a value of the control types, or reaching a Node built-in", async () => {
    const { exitCode, stdout } = await checkImports('page-fence');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('console-page-fenced: src/emulator/console/page/views/app.ts → src/emulator/store/db.ts');
    expect(stdout).toContain(
      'console-page-control-types-as-types: src/emulator/console/page/views/app.ts → src/emulator/control/types.ts',
    );
    expect(stdout).toContain(
      'console-page-reaches-no-node-builtin: src/emulator/console/page/views/devices.ts → crypto',
    );
    expect(stdout).not.toContain('console-page-fenced: src/emulator/console/page/views/devices.ts');
  });

  it("fail on the control API's one client loading anything but its types, or those as values", async () => {
    const { exitCode, stdout } = await checkImports('page-fence');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('control-client-loads-nothing: src/emulator/control/client.ts → src/emulator/store/db.ts');
    expect(stdout).toContain(
      'control-client-reads-types-as-types: src/emulator/control/client.ts → src/emulator/control/types.ts',
    );
  });

  it("pass imports that run one way: the CLI and the page using the control API's one client and reading its types as types, both halves the duration grammar, every layer of the emulator the answer model", async () => {
    const { exitCode, stdout } = await checkImports('one-way');
    expect(stdout).toContain('no dependency violations found');
    expect(exitCode).toBe(0);
  });
});
