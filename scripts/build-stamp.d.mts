// Types of build-stamp.mjs for the TypeScript that imports it (test/support/entry-point.ts).
export const root: string;
export const dist: string;
export const stamp: string;
export const TRANSPILE_OPTIONS: Record<string, unknown>;
export function filesUnder(dir: string): string[];
export function isStale(): boolean;
