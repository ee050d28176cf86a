/** The demo art's colours: what each Colour option value looks like, and hex colour arithmetic. */

/** Colour name → [the product's colour, the studio backdrop it is shot on]. */
export const ART_COLOURS: Record<string, [string, string]> = {
  Indigo: ['#34457a', '#e4e7f1'],
  Sage: ['#8ea889', '#eef2ea'],
  Rust: ['#b0532c', '#f6ebe3'],
  Ivory: ['#efe7d6', '#e3e6e8'],
  Charcoal: ['#3b3d40', '#ecebe8'],
  Mustard: ['#d4a02c', '#f5f0e4'],
  Terracotta: ['#bf6a43', '#f4ece4'],
  Blush: ['#e2a9a0', '#f6efec'],
  Olive: ['#6d703f', '#eeeee4'],
  Sky: ['#8bb9da', '#edf2f5'],
};

// Colour arithmetic (hex in, hex out)

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
export const shade = (c: string, t: number) => mix(c, '#14110f', t);
export const tint = (c: string, t: number) => mix(c, '#ffffff', t);
export function isLight(c: string): boolean {
  const [r, g, b] = rgb(c);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}
/** A thread colour that shows on the fabric: darker on light cloth, lighter on dark. */
export const stitch = (c: string) => (isLight(c) ? shade(c, 0.35) : tint(c, 0.35));
