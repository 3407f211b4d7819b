import { z } from 'zod';

/** GET /api/config: what the browser needs to know about this deployment. */
export const ZRuntimeConfig = z.object({
  passwordPolicy: z.object({ minLength: z.number().int(), maxLength: z.number().int() }),
  providers: z.object({ google: z.boolean(), apple: z.boolean() }),
  enterpriseCallUrl: z.string(),
  avatarMaxBytes: z.number().int(),
  /** Admin setting: when false the server refuses public sign-up. */
  allowSelfSignup: z.boolean(),
  brandHue: z.number(),
  /** Where the browser sends clipper requests ('' = this server), and whether it may. */
  clipper: z.object({ enabled: z.boolean(), baseUrl: z.string() }),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
