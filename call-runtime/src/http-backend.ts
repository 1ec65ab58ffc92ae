/** The portal as the runtime sees it: the server's internal endpoints on loopback, with the shared secret. */
import {
  buildPath,
  CALL_RUNTIME_SECRET_HEADER,
  ClaimedTestCall,
  internalTestCallPaths,
  type FinishedTestCall,
} from '@portal/contract';
import type { CallMoment } from '@portal/editor-core';

import type { CallBackend, TestCallGrant, TestCallReport } from './backend.ts';
import { decodeWav, encodeWav } from './wav.ts';

export class HttpBackend implements CallBackend {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  private async call(path: string, init: { method: 'GET' | 'POST'; json?: unknown }): Promise<Response> {
    return fetch(new URL(path, this.baseUrl), {
      method: init.method,
      headers: {
        [CALL_RUNTIME_SECRET_HEADER]: this.secret,
        ...(init.json !== undefined && { 'content-type': 'application/json' }),
      },
      ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
      signal: AbortSignal.timeout(10_000),
    });
  }

  async claim(token: string): Promise<TestCallGrant | null> {
    const response = await this.call(internalTestCallPaths.claim, { method: 'POST', json: { token } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`claim answered ${response.status}`);
    const claimed = ClaimedTestCall.parse(await response.json());
    return {
      id: claimed.id,
      productId: claimed.product_id,
      flow: claimed.flow,
      at: new Date(claimed.at),
      holidays: claimed.holidays,
      names: claimed.names,
    };
  }

  async audio(grant: TestCallGrant, audioFile: string): Promise<Int16Array | null> {
    const response = await this.call(
      buildPath(internalTestCallPaths.audio, { call: grant.id, name: encodeURIComponent(audioFile) }),
      { method: 'GET' },
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`audio answered ${response.status}`);
    return decodeWav(Buffer.from(await response.arrayBuffer()));
  }

  async speak(text: string): Promise<Int16Array> {
    const response = await this.call(internalTestCallPaths.speech, { method: 'POST', json: { text } });
    if (!response.ok) throw new Error(`speech answered ${response.status}`);
    return decodeWav(Buffer.from(await response.arrayBuffer())) ?? new Int16Array(0);
  }

  moment(grant: TestCallGrant, moment: CallMoment): void {
    this.call(buildPath(internalTestCallPaths.moment, { call: grant.id }), { method: 'POST', json: moment }).then(
      (response) => void response.body?.cancel(),
      (error: unknown) => this.log(`moment of ${grant.id}: ${String(error)}`),
    );
  }

  async finish(grant: TestCallGrant, report: TestCallReport): Promise<void> {
    const body: FinishedTestCall = {
      path: report.result?.path ?? [],
      outcome: report.result?.outcome ?? null,
      reason: report.reason,
      duration_ms: Math.max(0, Math.round(report.durationMs)),
      voicemail_wav: report.voicemail ? encodeWav(report.voicemail).toString('base64') : null,
    };
    const response = await this.call(buildPath(internalTestCallPaths.finish, { call: grant.id }), {
      method: 'POST',
      json: body,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`finish answered ${response.status}`);
  }
}
