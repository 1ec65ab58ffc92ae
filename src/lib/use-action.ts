import { useState } from 'react';

export interface Action<Args extends unknown[], Result> {
  /** Runs the action; resolves with its result, rejects with its error. */
  run: (...args: Args) => Promise<Result>;
  isPending: boolean;
  error: unknown;
}

/**
 * A one-off async action with a pending flag and the last error: what a sign-in or
 * sign-out button needs. (TanStack's useMutation does the same with a cache around it;
 * the shell's bundle budget has no room for that on every page.)
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
