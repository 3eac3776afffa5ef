export const CENSUS_EXAMPLE = { params: {}, response: {} } as unknown;
