// The normalised listing type lives in src/domain (storage keeps it and may not import services); this is its
// home for the discovery services and their callers (the probe, the demand reports).
export { INDEX_LABELS, listingKey } from "../../domain/mirrored-resource.js";
export type { IndexLabel, ListingTraction, MirroredResource } from "../../domain/mirrored-resource.js";
