import { useEffect, useRef, useState } from 'react';

import { accountMessages } from '@portal/contract';

import { userErrorText } from '../../lib/error-text.ts';

/** Where the exchange of a link's key (or a callback's code) stands. */
export type LinkExchange<T> = { kind: 'pending' } | { kind: 'done'; answer: T } | { kind: 'failed'; message: string };

interface LinkExchangeOptions<I, T> {
  /** What the page sends: a link's key, a callback's code. Null when the link has none: nothing is sent, and it fails as not valid. */
  input: I | null;
  /** Sends `input`; it must send it once even when called twice in a row (React StrictMode), as `once` does. */
  exchange: (input: I) => Promise<T>;
  /** With the answer, before the page shows it (e.g. going on to the next page). */
  onDone?: (answer: T) => void;
}

/**
 * Exchanges what a link or a callback brought for the server's answer, once on arrival (again
 * only if `input` changes). StrictMode runs effects twice; only the run still mounted goes on,
 * to `onDone` or to the failure with the server's message.
 * @example const state = useLinkExchange({ input: key, exchange: verifyEmail }) // pending, then done or failed
 */
export function useLinkExchange<I, T>({ input, exchange, onDone }: LinkExchangeOptions<I, T>): LinkExchange<T> {
  const [state, setState] = useState<LinkExchange<T>>(
    input === null ? { kind: 'failed', message: accountMessages.linkInvalid } : { kind: 'pending' },
  );
  // The latest callbacks, for the effect that runs once per input.
  const latest = useRef({ exchange, onDone });
  useEffect(() => {
    latest.current = { exchange, onDone };
  });

  useEffect(() => {
    if (input === null) return;
    let current = true;
    latest.current.exchange(input).then(
      (answer) => {
        if (!current) return;
        latest.current.onDone?.(answer);
        setState({ kind: 'done', answer });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: userErrorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [input]);

  return state;
}
