import { ZUpdateProfileRequest } from '@hookline/shared';
import { APIError } from 'better-auth/api';
import { z } from 'zod';

/**
 * An account's name and image under Better Auth's field names, held to the profile route's rules
 * (PATCH /api/me/profile) so no way of setting them admits what that route refuses. Better Auth's
 * name is never null (empty is "no name"); a null image clears it.
 */
const ZAccountName = ZUpdateProfileRequest.shape.displayName.unwrap();
const ZAccountProfileFields = z
  .object({
    name: ZAccountName,
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

/**
 * The same for an account being made, except that a name longer than the rule allows is cut to fit
 * and a picture the rule refuses is left out, instead of refused. Sign-up forms have had theirs
 * refused with the rule's message before they get here, so such values come from Google or Apple:
 * the person cannot change them there, and a refusal would fail their sign-in.
 */
export function parseNewAccountProfileFields(fields: { name?: unknown; image?: unknown }): AccountProfileFields {
  const name = typeof fields.name === 'string' ? cutToNameLength(fields.name) : fields.name;
  const image = ZAccountProfileFields.shape.image.safeParse(fields.image).success ? fields.image : null;
  return parseProfileFields({ name, image });
}

/** The trimmed name, cut to the longest the rule allows, never between the two halves of a character such as an emoji. */
function cutToNameLength(name: string): string {
  const max = ZAccountName.maxLength ?? Infinity;
  const trimmed = name.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = /[\uD800-\uDBFF]/.test(trimmed[max - 1]) ? trimmed.slice(0, max - 1) : trimmed.slice(0, max);
  return cut.trimEnd();
}
