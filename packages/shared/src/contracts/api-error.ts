import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this shape. */
export const ZApiError = z.object({ error: z.string() });
export type TApiError = z.infer<typeof ZApiError>;
