/**
 * Counts the catalogue reads instead of counting services, kept by triggers (the listing-counts migration),
 * one row per cell with its count in `listed`; a question's total is the sum of its cells.
 */

/** Public services (active, provider approved) per category and price bucket. */
export const LISTING_COUNTS_TABLE = 'service_listing_counts';

/** Public term rows per term, category and price bucket: the services found under one term. */
export const TERM_COUNTS_TABLE = 'search_term_counts';
