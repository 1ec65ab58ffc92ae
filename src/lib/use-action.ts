import { useState } from 'react';

export interface Action<Args extends unknown[], Result> {
  /** Runs the action; resolves with its result, rejects with its error. */
  run: (...args: Args) => Promise<Result>;
  isPending: boolean;
  error: unknown;
}

/**
 * A one-off async action with a pending flag and the last error, for the sign-in
 * (auth/api/login.ts) and the sign-out (auth/api/logout.ts) only: the login page and the
 * shell every signed-in page loads first, whose bundle budget (bench/bundle.mjs) has no
 * room for TanStack's mutation code. Every other page's action is a useMutation hook in
 * its feature's api/ folder.
 */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): Action<Args, Result> {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = async (...args: Args) => {
    setPending(true);
    setError(null);
    try {
      return await action(...args);
    } catch (caught) {
      setError(caught);
      throw caught;
    } finally {
      setPending(false);
    }
  };

  return { run, isPending, error };
}
