/**
 * The call runtime's side of the portal (ARCHITECTURE.md, call-runtime): internal endpoints on loopback only, with the
 * secret the server gave its runtime. Not part of the public API (hidden from the OpenAPI document); the runtime
 * claims a test call once, reads its greetings and speech, reports the walk's moments and the call's end.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  CALL_RUNTIME_SECRET_HEADER,
  ClaimTestCall,
  FinishedTestCall,
  internalTestCallPaths,
  TestCallMoment,
  TestCallSpeech,
} from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import { audioFileByStoredFilename, speakFor } from '../audio/index.ts';
import { tokenHash } from './handlers.ts';
import { addTestCallMoment, claimTestCall, finishTestCall, liveTestCall } from './test-calls-repository.ts';
import { mailTestCallVoicemail } from './voicemail-mail.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const forbidden = () => detailError(403, 'Only the call runtime may call this.');

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parse<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw detailError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Registers the internal endpoints when the server has a runtime secret. */
export function registerCallRuntimeRoutes(app: FastifyInstance, secret: string): void {
  // Server to server: no browser credential reaches these, so no CSRF header either.
  const hide = { schema: { hide: true }, config: { csrf: 'none' as const } };
  app.register(async (internal) => {
    // The socket's own address, not X-Forwarded-For: a proxy in front must not make a stranger look local.
    internal.addHook('onRequest', async (request: FastifyRequest) => {
      if (
        !LOOPBACK.has(request.socket.remoteAddress ?? '') ||
        !sameSecret(request.headers[CALL_RUNTIME_SECRET_HEADER], secret)
      )
        throw forbidden();
    });

    internal.post(internalTestCallPaths.claim, hide, async (request: FastifyRequest, reply: FastifyReply) => {
      const { token } = parse(ClaimTestCall, request.body);
      const row = await claimTestCall(app.db, tokenHash(token), app.now());
      if (!row) return reply.code(404).send({ detail: 'Not found.' });
      return {
        id: row.id,
        product_id: String(row.productId),
        flow: row.flow,
        at: row.at.toISOString(),
        holidays: row.holidays,
        names: row.names,
      };
    });

    internal.get(
      internalTestCallPaths.audio,
      hide,
      async (request: FastifyRequest<{ Params: { call: string; name: string } }>, reply: FastifyReply) => {
        const call = await liveTestCall(app.db, String(request.params.call));
        const name = String(request.params.name);
        if (!call || name.includes('\u0000')) return reply.code(404).send({ detail: 'Not found.' });
        const file = await audioFileByStoredFilename(app.db, call.productId, name);
        const bytes = file ? await app.audio.get(file.storageKey) : null;
        if (!bytes) return reply.code(404).send({ detail: 'Not found.' });
        return reply.type('audio/wav').send(bytes);
      },
    );

    internal.post(internalTestCallPaths.speech, hide, async (request: FastifyRequest, reply: FastifyReply) => {
      const { text } = parse(TestCallSpeech, request.body);
      return reply.type('audio/wav').send(await speakFor(request, text, 'female'));
    });

    internal.post(
      internalTestCallPaths.moment,
      hide,
      async (request: FastifyRequest<{ Params: { call: string } }>, reply: FastifyReply) => {
        const moment = parse(TestCallMoment, request.body);
        await addTestCallMoment(app.db, String(request.params.call), moment);
        return reply.code(204).send();
      },
    );

    internal.post(
      internalTestCallPaths.finish,
      { ...hide, bodyLimit: 4 * 1024 * 1024 },
      async (request: FastifyRequest<{ Params: { call: string } }>, reply: FastifyReply) => {
        const end = parse(FinishedTestCall, request.body);
        const call = await liveTestCall(app.db, String(request.params.call));
        if (!call) return reply.code(404).send({ detail: 'Not found.' });
        let voicemailKey: string | null = null;
        const voicemail = end.voicemail_wav ? Buffer.from(end.voicemail_wav, 'base64') : null;
        if (voicemail) {
          voicemailKey = `${call.productId}/test-call-${call.id}.wav`;
          await app.audio.put(voicemailKey, voicemail);
        }
        const endedAt = app.now();
        await finishTestCall(app.db, call.id, {
          path: end.path,
          outcome: end.outcome,
          endReason: end.reason,
          durationMs: end.duration_ms,
          voicemailKey,
          endedAt,
        });
        // The message is kept whatever happens to its e-mail.
        if (voicemail)
          await mailTestCallVoicemail(app, call, voicemail, endedAt).catch((error: unknown) =>
            app.log.error({ err: error, testCall: call.id }, 'voicemail e-mail of a test call failed'),
          );
        return reply.code(204).send();
      },
    );
  });
}
