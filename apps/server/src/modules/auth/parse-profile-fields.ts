import { ZUpdateProfileRequest } from '@hookline/shared';
import { APIError } from 'better-auth/api';
import { z } from 'zod';

/**
 * An account's name and image under Better Auth's field names, held to the profile route's rules
 * (PATCH /api/me/profile) so no way of setting them admits what that route refuses. Better Auth's
 * name is never null (empty is "no name"); a null image clears it.
 */
const ZAccountProfileFields = z
  .object({
    name: ZUpdateProfileRequest.shape.displayName.unwrap(),
    image: ZUpdateProfileRequest.shape.photoURL,
  })
  .partial();

export type AccountProfileFields = z.infer<typeof ZAccountProfileFields>;

/**
 * The name (trimmed) and image of an account being made or changed, or a 400 naming the field and
 * the rule, worded as the profile route words it. Fields not given are left out of the answer.
 */
export function parseProfileFields(fields: { name?: unknown; image?: unknown }): AccountProfileFields {
  const given = Object.fromEntries(Object.entries({ name: fields.name, image: fields.image }).filter(([, value]) => value !== undefined));
  const parsed = ZAccountProfileFields.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new APIError('BAD_REQUEST', { message: `${issue.path.join('.')}: ${issue.message}`, code: 'INVALID_PROFILE_FIELD' });
}
