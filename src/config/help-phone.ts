import { displayPhone } from '@portal/editor-core';

/**
 * The help line the emergency-address dialog offers (spec 000, "a help phone number ({phone},
 * value not shown)"). A placeholder: 0306 999 0xxx is Ofcom's range of 03 numbers kept for
 * drama, so it rings no one. Put the real help line here before going live.
 */
export const helpPhone = {
  /** As every number is shown (editor-core displayPhone): +443069990123. */
  display: displayPhone('03069990123'),
  /** For the tel: link. */
  tel: '+443069990123',
} as const;
