/** Runs one SIPp call of a scenario written from steps (scenarios.ts), on loopback, bounded in time. */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { freePort } from '../testing.ts';
import { scenario } from './scenarios.ts';

const run = promisify(execFile);

export interface SippCall {
  /** Where SIPp writes its scenario and error log. */
  folder: string;
  name: string;
  steps: string[];
  /** The SIP port called on 127.0.0.1. */
  port: number;
  /** The user part of the INVITE's address ([service]). */
  service: string;
  transport?: 'u1' | 't1';
  /** The loopback address SIPp sends from (127.0.0.1 unless a test calls from elsewhere). */
  from?: string;
}

/** Fails when SIPp is not installed: Debian's sip-tester (.ci/run installs it). */
export async function requireSipp(): Promise<void> {
  // `sipp -v` exits 1 after printing its version; only a missing program is a failure here.
  await run('sipp', ['-v']).catch((error: { code?: unknown }) => {
    if (error.code === 'ENOENT') throw new Error('SIPp is not installed: apt-get install -y sip-tester (.ci/run does)');
  });
}

/** One call; resolves with SIPp's exit code (0 when the scenario ran to its end) and what it printed. */
export async function sipp(call: SippCall): Promise<{ code: number; output: string }> {
  const { folder, name } = call;
  const file = join(folder, `${name}.xml`);
  const errorFile = join(folder, `${name}-errors.log`);
  writeFileSync(file, scenario(name, call.steps));
  const from = call.from ?? '127.0.0.1';
  const args = [
    `127.0.0.1:${call.port}`,
    '-sf',
    file,
    '-s',
    call.service,
    '-m',
    '1',
    '-i',
    from,
    '-p',
    String(await freePort()),
    '-mp',
    String(20_000 + 2 * Math.floor(Math.random() * 10_000)),
    '-t',
    call.transport ?? 'u1',
    '-timeout',
    '30s',
    '-timeout_error',
    '-nostdin',
    '-trace_err',
    '-error_file',
    errorFile,
  ];
  try {
    const { stdout, stderr } = await run('sipp', args, { cwd: folder, timeout: 40_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    const errors = existsSync(errorFile) ? readFileSync(errorFile, 'utf8') : '';
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}\n${errors}` };
  }
}
