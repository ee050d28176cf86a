/** Runs at most `limit` tasks at once (sharp is CPU-bound: the rest of the API must stay responsive). */
export function limiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** The one queue for image work in this process: resizing media and encoding uploads share two slots. */
export const imageWork = limiter(2);
