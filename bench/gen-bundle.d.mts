// Types of bench/gen-bundle.mjs for TypeScript callers (tests, the page benchmark).
export function prng(seed: number): () => number;
export const PLANTED_KEYWORDS: string[];
export function generateBundle(options?: { atoms?: number; seed?: number; unmatchable?: number }): Record<string, unknown> & { artifacts: unknown[] };
