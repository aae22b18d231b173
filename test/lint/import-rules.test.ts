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

  it('pass imports that run one way, the control client reading the control types as types, and both halves the duration grammar', async () => {
    const { exitCode, stdout } = await checkImports('one-way');
    expect(stdout).toContain('no dependency violations found');
    expect(exitCode).toBe(0);
  });
});
