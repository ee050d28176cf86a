import pg from 'pg';

/**
 * Runs `hold` in a transaction on a second PostgreSQL connection (`url`), `meanwhile` while it is
 * open (300 ms), then commits: how a test makes a call wait on locks another writer holds.
 */
export async function whileHeld<T>(
  url: string,
  hold: (c: pg.Client) => Promise<unknown>,
  meanwhile: () => Promise<T>,
): Promise<T> {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query('begin');
    await hold(other);
    const waiting = meanwhile();
    await new Promise((r) => setTimeout(r, 300));
    await other.query('commit');
    return await waiting;
  } finally {
    await other.end();
  }
}
