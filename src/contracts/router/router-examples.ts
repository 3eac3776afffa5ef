export const DISCOVER_EXAMPLE = {} as unknown;
