import { z } from 'zod';

/** A weekly posting slot: ISO weekday (1 = Monday … 7 = Sunday) and a 24-hour wall-clock time. */
export const ZPostingSlot = z.object({
  weekday: z.number().int().min(1, 'weekday must be 1 (Monday) to 7 (Sunday)').max(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM on a 24-hour clock, such as 09:30'),
});
export type TPostingSlot = z.infer<typeof ZPostingSlot>;

export const MAX_POSTING_SLOTS = 100;

/**
 * GET /api/workspace/posting-slots: the slots, earliest in the week first, and the zone they are
 * in (the workspace's, else UTC). With slots, Queue takes the next one no other post of the same
 * channel holds; without, one hour ahead.
 */
export const ZPostingSlots = z.object({ timeZone: z.string(), slots: z.array(ZPostingSlot) });
export type TPostingSlots = z.infer<typeof ZPostingSlots>;

/** PUT /api/workspace/posting-slots: replaces them all (owner and staff); duplicates are kept once. */
export const ZReplacePostingSlotsRequest = z.object({
  slots: z.array(ZPostingSlot).max(MAX_POSTING_SLOTS, `at most ${MAX_POSTING_SLOTS} posting slots`),
});
export type TReplacePostingSlotsRequest = z.infer<typeof ZReplacePostingSlotsRequest>;
