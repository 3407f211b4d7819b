// Kept apart from the zod contracts: the clipper page's controls need these, not zod.

/** Seconds per clip the clipper accepts, and the slider's step and default. */
export const CLIP_DURATION = { min: 15, max: 90, step: 5, default: 30 } as const;
/** How many clips one job makes. */
export const NUM_CLIPS = { min: 1, max: 5, default: 3 } as const;
