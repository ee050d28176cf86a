/**
 * Arithmetic on integer minor units (ADR 0021): totals and discounts are computed on integers
 * only, so a receipt always adds up to the paisa. Zod-free: any page may use it.
 */

function assertMinor(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer, got ${n}`);
}

/** Sum of minor-unit amounts. */
export function sumMinor(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) {
    assertMinor(a, 'amount');
    total += a;
  }
  assertMinor(total, 'sum');
  return total;
}

/**
 * `percent` % of `amount`, rounded half away from zero to a whole minor unit. Percent may have up
 * to two decimals (12.5 %); it is taken in basis points so no float ever touches the money.
 */
export function percentOf(amount: number, percent: number): number {
  assertMinor(amount, 'amount');
  const bps = Math.round(percent * 100);
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`percent out of range: ${percent}`);
  const product = BigInt(amount) * BigInt(bps);
  const abs = product < 0n ? -product : product;
  const rounded = (abs + 5_000n) / 10_000n;
  return Number(product < 0n ? -rounded : rounded);
}

/**
 * Splits `total` across lines in proportion to `weights` (largest remainder method): every share
 * is a whole minor unit, no share exceeds its weight when total ≤ sum(weights), and the shares
 * add up to exactly `total`. Ties go to the earlier line, so the split is deterministic.
 */
export function allocateMinor(total: number, weights: readonly number[]): number[] {
  assertMinor(total, 'total');
  if (total < 0) throw new RangeError('total must not be negative');
  for (const w of weights) {
    assertMinor(w, 'weight');
    if (w < 0) throw new RangeError('weights must not be negative');
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || total === 0) return weights.map(() => 0);
  if (sum === 0) throw new RangeError('cannot allocate over weights that are all zero');
  const T = BigInt(total);
  const S = BigInt(sum);
  const shares = weights.map((w) => (T * BigInt(w)) / S);
  const remainders = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = Number(T - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left--;
  }
  return shares.map(Number);
}

/**
 * The tax contained in a tax-inclusive amount at `ratePercent` (amount × rate / (100 + rate)),
 * rounded half up to a whole minor unit.
 */
export function includedTax(amount: number, ratePercent: number): number {
  assertMinor(amount, 'amount');
  const bps = BigInt(Math.round(ratePercent * 100));
  if (bps <= 0n) return 0;
  const num = BigInt(amount) * bps * 2n;
  const den = (10_000n + bps) * 2n;
  return Number((num + den / 2n) / den);
}
