/**
 * The test-call runtime (call-runtime/) as a child of the server: `npm start` starts it bound to 127.0.0.1 so the
 * README's two commands still do all the set-up, and it goes when the server goes (its IPC channel closes).
 * CALL_RUNTIME=off leaves it out; CALL_RUNTIME_SIP_PORT (5080) is where it answers SIP, and CALL_RUNTIME_SIP_HOST the
 * `host:port` test-call addresses name (127.0.0.1:port by default). Browsers' calls reach it through the portal: the
 * server passes their WebRTC offers to its loopback listener (a port the system picks, told in its ready message).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { childEnvironment } from './config.ts';
import { serverRoot } from './paths.ts';

export interface CallRuntimeSettings {
  sipPort: number;
  sipHost: string;
  /** The shared secret of the server's internal endpoints, new on every start. */
  secret: string;
}

/** The runtime's settings (config.ts's `callRuntime`), with the internal endpoints' secret, new on every start. */
export const callRuntimeSettings = (configured: { sipPort: number; sipHost: string }): CallRuntimeSettings => ({
  ...configured,
  secret: randomBytes(32).toString('hex'),
});

/** The runtime's entry: the bundle beside the server's (npm run build), else its sources through tsx. */
function entry(): { file: string; execArgv: string[] } {
  const built = join(serverRoot, '..', 'call-runtime', 'build', 'main.mjs');
  if (existsSync(built) && import.meta.url.endsWith('.mjs')) return { file: built, execArgv: [] };
  return { file: join(serverRoot, '..', 'call-runtime', 'src', 'main.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * Starts the runtime, which reads the portal at `portalUrl`. `onExit` is told if it stops on its own (a port in use,
 * a crash): test calls then answer 503 rather than an address nobody answers.
 */
export function startCallRuntime(
  settings: CallRuntimeSettings,
  portalUrl: string,
  onExit: (code: number | null) => void,
  onReady: (ready: { webUrl: string }) => void,
): ChildProcess {
  const { file, execArgv } = entry();
  const child = fork(file, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: childEnvironment({
      CALL_RUNTIME_ADDRESS: '127.0.0.1',
      CALL_RUNTIME_SIP_PORT: String(settings.sipPort),
      CALL_RUNTIME_PORTAL_URL: portalUrl,
      CALL_RUNTIME_SECRET: settings.secret,
    }),
  });
  child.on('exit', (code) => onExit(code));
  // Its ready message names the loopback port it takes browsers' calls on (the system picks it).
  child.on('message', (message: { ready?: boolean; webPort?: unknown }) => {
    if (message.ready && typeof message.webPort === 'number')
      onReady({ webUrl: `http://127.0.0.1:${message.webPort}` });
  });
  return child;
}
