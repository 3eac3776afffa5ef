export const PROBE_EXAMPLE = { params: { origin: "https://api.example.com" }, response: {} as never };
