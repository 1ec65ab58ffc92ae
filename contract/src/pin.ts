// zod/mini: the getting-started page and the reset-PIN dialog load it on demand.
import * as z from 'zod/mini';

/**
 * The PIN of a cloud phone's users: what they sign in to the phone apps and desk phones with
 * (spec 001 sections 3 and 5). Set while getting started; reset from users and devices.
 * One rule for the browser and the server.
 *
 * The spec gives the two "too simple" messages and the server details they reword; the rest
 * is our decision:
 * - A PIN is exactly PIN_LENGTH digits (the spec's examples, 123456 and 555555, have six).
 * - Sequential: every digit is one more, or every digit one less, than the one before
 *   (123456, 345678, 987654; 890123 does not wrap round, so it is allowed).
 * - Repetitive: the PIN is one shorter block written again and again (555555, 121212,
 *   123123), which guessing tries as early as a run.
 * - The confirmation must be the same PIN.
 */

export const PIN_LENGTH = 6;

export const pinMessages = {
  required: 'PIN is a required field',
  digitsOnly: 'PIN must contain numbers only',
  length: `PIN must be ${PIN_LENGTH} digits`,
  /** Spec 001 section 5. */
  sequential: 'Sequential numbers i.e 123456 are not allowed',
  /** Spec 001 section 5. */
  repetitive: 'Repetitive numbers i.e 555555 are not allowed',
  confirmRequired: 'Confirm PIN is a required field',
  mismatch: 'The PINs do not match',
} as const;

/** The server details the spec rewords (spec 001 section 5), as the telephony platform sends them. */
export const PIN_SERVER_DETAILS = {
  sequential: 'password confirmation failed : password too simple: sequences are forbidden',
  repetitive: 'password confirmation failed : password too simple: repetitions are forbidden',
} as const;

/** Whether every digit is one more, or every digit one less, than the one before. @example isSequentialPin('654321') // true */
export function isSequentialPin(pin: string): boolean {
  if (pin.length < 2 || !/^\d+$/.test(pin)) return false;
  const steps = [...pin].slice(1).map((digit, i) => Number(digit) - Number(pin[i]));
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

/** Whether the PIN is one shorter block repeated. @example isRepetitivePin('121212') // true */
export function isRepetitivePin(pin: string): boolean {
  if (pin.length < 2) return false;
  for (let size = 1; size <= pin.length / 2; size += 1) {
    if (pin.length % size === 0 && pin.slice(0, size).repeat(pin.length / size) === pin) return true;
  }
  return false;
}

/** The first message a PIN breaks, in the order the person can act on it; undefined when it is fine. */
export function pinProblem(value: string): string | undefined {
  const pin = value.trim();
  if (pin === '') return pinMessages.required;
  if (!/^\d+$/.test(pin)) return pinMessages.digitsOnly;
  if (pin.length !== PIN_LENGTH) return pinMessages.length;
  if (isSequentialPin(pin)) return pinMessages.sequential;
  if (isRepetitivePin(pin)) return pinMessages.repetitive;
  return undefined;
}

/**
 * The words for a PIN error a server sent (spec 001 section 5): the platform's "too simple"
 * details become the spec's messages; anything else is shown as sent. The reset-PIN dialog
 * words the platform's answers with it.
 * @example rewordPinError('password confirmation failed : password too simple: sequences are forbidden') // 'Sequential numbers i.e 123456 are not allowed'
 */
export function rewordPinError(detail: string): string {
  const text = detail.trim().toLowerCase();
  if (text.includes('sequences are forbidden')) return pinMessages.sequential;
  if (text.includes('repetitions are forbidden')) return pinMessages.repetitive;
  return detail;
}

/** A PIN: the digits, trimmed, answered as typed when every rule holds. */
export const Pin = z.string({ error: pinMessages.required }).check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const problem = pinProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** A PIN and its confirmation, as a form sends them; the confirmation's message sits on `pin_confirmation`. */
export const PinWithConfirmation = z
  .object({
    pin: Pin,
    pin_confirmation: z
      .string({ error: pinMessages.confirmRequired })
      .check(z.trim(), z.minLength(1, pinMessages.confirmRequired)),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.pin_confirmation !== '' && value.pin !== value.pin_confirmation) {
        ctx.issues.push({
          code: 'custom',
          message: pinMessages.mismatch,
          path: ['pin_confirmation'],
          input: value.pin_confirmation,
        });
      }
    }),
  );
export type PinWithConfirmation = z.infer<typeof PinWithConfirmation>;
