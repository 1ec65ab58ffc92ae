/**
 * The test-call runtime's process. The server starts it on `npm start` (CALL_RUNTIME=off leaves it out) and it ends
 * with the server: when its parent's IPC channel closes, it hangs up and exits.
 *
 * Environment: CALL_RUNTIME_SECRET (required: the server's internal endpoints check it), CALL_RUNTIME_PORTAL_URL
 * (http://127.0.0.1:8080), CALL_RUNTIME_ADDRESS (127.0.0.1: SIP, and RTP, listen there only),
 * CALL_RUNTIME_SIP_PORT (5080, UDP and TCP), CALL_RUNTIME_MAX_CALLS (200 per process; 503 past it),
 * CALL_RUNTIME_ALLOW (addresses that may call, comma separated; loopback by default), CALL_RUNTIME_WEB_PORT (the
 * loopback port the server passes browsers' WebRTC offers to; 0, the default, lets the system pick: the ready
 * message tells the server which).
 */
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

import { HttpBackend } from './http-backend.ts';
import { PacedClock } from './media-clock.ts';
import { CallRuntime } from './runtime.ts';
import { openWebListener } from './web.ts';

function setting(name: string, fallback?: string): string {
  const value = process.env[name] || fallback;
  if (value === undefined) {
    console.error(`${name} must be set`);
    process.exit(2);
  }
  return value;
}

function whole(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`${name} must be a whole number from 1 to ${max}, not "${process.env[name]}"`);
    process.exit(2);
  }
  return value;
}

/** Whether the kernel runs this process with a real-time policy (chrt -f / -r): field 41 of /proc/self/stat. */
function realTimePolicy(): string {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const policy = Number(fields[38]);
    return policy === 1
      ? 'real-time (FIFO)'
      : policy === 2
        ? 'real-time (RR)'
        : 'normal priority (pacing may stall on a busy machine)';
  } catch {
    return 'priority unknown';
  }
}

const address = setting('CALL_RUNTIME_ADDRESS', '127.0.0.1');
const sipPort = whole('CALL_RUNTIME_SIP_PORT', 5080, 65535);
const allow = (process.env.CALL_RUNTIME_ALLOW || '127.0.0.1,::1,::ffff:127.0.0.1')
  .split(',')
  .map((a) => a.trim())
  .filter(Boolean);
const log = (line: string) => console.log(`call runtime: ${line}`);

/** Whether the SIP port is free on UDP and TCP: the stack itself would only crash later on a port in use. */
async function portFree(): Promise<boolean> {
  const udp = await new Promise<boolean>((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(sipPort, address, () => socket.close(() => resolve(true)));
  });
  const tcp = await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(sipPort, address, () => server.close(() => resolve(true)));
  });
  return udp && tcp;
}
if (!(await portFree())) {
  console.error(
    `call runtime: SIP port ${address}:${sipPort} is in use (set CALL_RUNTIME_SIP_PORT, or CALL_RUNTIME=off)`,
  );
  process.exit(3);
}
const secret = setting('CALL_RUNTIME_SECRET');
const runtime = new CallRuntime({
  address,
  sipPort,
  clock: new PacedClock(),
  backend: new HttpBackend(setting('CALL_RUNTIME_PORTAL_URL', 'http://127.0.0.1:8080'), secret, log),
  allow,
  maxCalls: whole('CALL_RUNTIME_MAX_CALLS', 200, 10_000),
  log,
});
runtime.start();
const webPort = Number(process.env.CALL_RUNTIME_WEB_PORT || 0);
if (!Number.isInteger(webPort) || webPort < 0 || webPort > 65535) {
  console.error(`CALL_RUNTIME_WEB_PORT must be a port number, not "${process.env.CALL_RUNTIME_WEB_PORT}"`);
  process.exit(2);
}
// Loopback only, whatever CALL_RUNTIME_ADDRESS is: only the server on this machine passes browsers' calls on.
const web = await openWebListener(runtime, { address: '127.0.0.1', port: webPort, secret, log });
log(
  `SIP on ${address}:${sipPort} (UDP and TCP), browsers' calls through the portal (127.0.0.1:${web.port}), ${realTimePolicy()}`,
);
process.send?.({ ready: true, sipPort, webPort: web.port });

let stopping = false;
async function stop(why: string) {
  if (stopping) return;
  stopping = true;
  log(`${why}: hanging up and closing`);
  setTimeout(() => process.exit(1), 5000).unref();
  web.server.close();
  await runtime.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
// Started by the server with an IPC channel: when the server goes, so does this process.
process.on('disconnect', () => void stop('the server has gone'));
