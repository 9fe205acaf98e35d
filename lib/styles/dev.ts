/*
 * `npm run dev`: `next dev` beside a watcher that rebuilds generated/app.css whenever a source
 * changes, because the stylesheet is built by lib/styles/build.ts, not by Next's pipeline, and
 * Tailwind must see new class names. The development server reads the file on every request,
 * so a reload shows the change. `next dev` listens on a loopback port behind lib/server/dev-front.ts,
 * which derives the client's address as `npm start` does, so the first password can be chosen
 * from this machine here too.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDevFront } from '../server/dev-front';
import { trustedProxiesFromEnv } from '../server/trusted-proxies';
import { buildStylesheet } from './build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where class names and the stylesheet's own source live. */
const watched = ['app', 'components', 'lib'];
const sources = /\.(css|tsx?|mdx?)$/;

let timer: ReturnType<typeof setTimeout> | null = null;

/** Rebuilds once a burst of saves has settled; a failed build keeps the last stylesheet. */
function rebuildSoon(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    buildStylesheet(root).catch((error: unknown) => console.error(`The stylesheet did not build: ${(error as Error).message}`));
  }, 150);
}

await buildStylesheet(root);
for (const dir of watched) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (file && sources.test(file)) rebuildSoon();
  });
}

/** Takes `--name value`, `--name=value` (or `-n value`) out of `args`, answering the value. */
function takeOption(args: string[], names: string[]): string | undefined {
  const joined = args.findIndex((arg) => names.some((name) => arg.startsWith(`${name}=`)));
  if (joined !== -1) return args.splice(joined, 1)[0].split('=').slice(1).join('=');
  const at = args.findIndex((arg) => names.includes(arg));
  return at === -1 ? undefined : args.splice(at, 2)[1];
}

/** A port free on loopback now, for `next dev` behind the front. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const args = process.argv.slice(2);
const port = Number(takeOption(args, ['--port', '-p']) ?? process.env.PORT ?? 3000);
const hostname = takeOption(args, ['--hostname', '-H']);
const innerPort = await freeLoopbackPort();
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const next = spawn(process.execPath, [nextBin, 'dev', '--port', String(innerPort), '--hostname', '127.0.0.1', ...args], { cwd: root, stdio: 'inherit' });
createDevFront({ host: '127.0.0.1', port: innerPort }, trustedProxiesFromEnv(process.env))
  .listen(port, hostname, () => console.log(`Tidings (development) at http://${hostname ?? 'localhost'}:${port}`));
next.once('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => next.kill(signal));
