/**
 * Public services (active, provider approved) per category and price bucket: one row per cell with its
 * count in `listed`, kept by triggers on `services` (the listing-counts migration). A list's total is
 * the sum of its cells, so counting never reads the services themselves.
 */
export const LISTING_COUNTS_TABLE = 'service_listing_counts';
