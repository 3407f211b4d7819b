import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
export const ZReadyResponse = z.object({ status: z.literal('ready'), database: z.literal('ok') });
