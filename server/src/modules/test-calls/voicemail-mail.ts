import type { FastifyInstance } from 'fastify';

import { fileTimestamp } from '@portal/contract';
import { displayDateTime } from '@portal/editor-core';

import { readWav } from '../../audio/check.ts';
import { MP3_CONTENT_TYPE, wavToMp3 } from '../../audio/mp3.ts';
import { limitCustomerMail } from '../../mail/customer-mail-limit.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { ApiError } from '../../plugins/errors.ts';
import * as customers from '../customers/index.ts';
import { voicemailSettingsOf } from '../phone-setup/index.ts';
import type { TestCallRow } from './test-calls-repository.ts';

/** The attached file's name: the recording's rule (spec 001 section 7) for a voicemail. */
export const voicemailFilename = (endedAt: Date) => `voicemail_${fileTimestamp(endedAt)}.mp3`;

/**
 * A message left in a test call, e-mailed as the product's voicemail to e-mail says (spec 001 section 3: voicemail
 * to e-mail, on or off, and its address), with the recording attached as MP3. Counted against the e-mails a customer
 * can make the portal send (the address is theirs to set): past the allowance the message is kept in call history
 * and not e-mailed. Answers whether it was sent.
 */
export async function mailTestCallVoicemail(
  app: FastifyInstance,
  call: TestCallRow,
  wav: Buffer,
  endedAt: Date,
): Promise<boolean> {
  const settings = await voicemailSettingsOf(app.db, call.productId);
  const to = settings.voicemailToEmailAddress.trim();
  if (!settings.voicemailToEmailEnabled || to === '') return false;
  const accountId = await customers.accountIdOfProduct(app.db, call.productId);
  if (accountId === undefined) return false;
  try {
    await limitCustomerMail(app, accountId, to);
  } catch (error) {
    // Past the allowance (429) the message stays in call history only; anything else is the caller's to report.
    if (!(error instanceof ApiError && error.statusCode === 429)) throw error;
    app.log.warn({ testCall: call.id }, 'voicemail e-mail of a test call not sent: over the allowance');
    return false;
  }
  const reading = readWav(wav);
  const seconds = reading.ok ? Math.max(1, Math.round(reading.wav.dataBytes / reading.wav.byteRate)) : null;
  const length = seconds === null ? '' : ` of ${seconds} second${seconds === 1 ? '' : 's'}`;
  await app.mailer.send({
    ...plainMail(to, `Voicemail left in a test call of "${call.flow.name}"`, [
      greeting(''),
      '',
      `A caller left a message${length} in a test call of your call flow "${call.flow.name}", made as if on ${displayDateTime(call.at)}.`,
      '',
      'The recording is attached. Test calls are listed, marked as such, in your call history.',
    ]),
    attachments: [
      { filename: voicemailFilename(endedAt), contentType: MP3_CONTENT_TYPE, content: await wavToMp3(wav) },
    ],
  });
  return true;
}
