/**
 * Runs `work` (a whole transaction) again when PostgreSQL ended it to break a deadlock (40P01),
 * at most twice more. For transactions that may still meet another in a lock cycle (the services
 * fee: applications/lock.ts takes the fee order, then the application, as a payment's
 * confirmation does, but a fee order made by Pay between its two reads is locked after): the
 * database picks one to end, and that one starts again instead of answering a 500. Only for work
 * that is safe to repeat whole (it was rolled back).
 */
export async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 3 || !isDeadlock(err)) throw err;
    }
  }
}

/** PostgreSQL's deadlock_detected (40P01), also when wrapped as an error's cause. */
const isDeadlock = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '40P01') return true;
  }
  return false;
};
