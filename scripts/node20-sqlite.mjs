// Gives this checkout's emulator a SQLite on Node 20, the one supported line without node:sqlite: builds the
// better-sqlite3 devDependency once (its install script is denied in package.json's allowScripts, so that `npm ci`
// compiles nothing on Node 22.13 and later). Does nothing where node:sqlite exists or better-sqlite3 already loads.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

function hasBuiltinSqlite() {
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- Node 20 before 20.16 has no getBuiltinModule
    return process.getBuiltinModule?.('node:sqlite') !== undefined;
  } catch {
    return false;
  }
}

function betterSqliteLoads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

if (!hasBuiltinSqlite() && !betterSqliteLoads()) {
  const folder = dirname(require.resolve('better-sqlite3/package.json'));
  process.stderr.write(`Node ${process.versions.node} has no node:sqlite: building better-sqlite3 (once, 1-2 min)\n`);
  const build = spawnSync('npm', ['run', 'install'], { cwd: folder, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) {
    process.stderr.write('building better-sqlite3 failed (it needs python3, make and a C++ compiler)\n');
    process.exit(build.status ?? 1);
  }
}
