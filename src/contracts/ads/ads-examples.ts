export const ADS_CAMPAIGN_EXAMPLE = { params: {}, response: {} } as any;
export const ADS_CAMPAIGN_STATUS_EXAMPLE = { params: {}, response: {} } as any;
export const ADS_SERVE_EXAMPLE = { params: {}, response: {} } as any;
export const ADS_NETWORK_EXAMPLE = { params: {}, response: {} } as any;
