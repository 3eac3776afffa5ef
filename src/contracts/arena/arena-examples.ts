// Placeholder: replaced by answers captured from test/arena on the recorded Hyperliquid data.
export const ARENA_ROUNDS_EXAMPLE = { params: {}, response: {} as any };
export const ARENA_PREDICT_EXAMPLE = { params: {}, response: {} as any };
export const ARENA_DIAGNOSTIC_EXAMPLE = { params: {}, response: {} as any };
export const ARENA_PERFORMANCE_EXAMPLE = { params: {}, response: {} as any };
export const ARENA_SPONSOR_EXAMPLE = { params: {}, response: {} as any };
