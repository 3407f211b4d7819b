import { z } from 'zod';

/** The signed-in user as the app sees it (GET /api/me). */
export const ZProfile = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  role: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const ZPhotoUrl = z
  .string()
  .max(2000, 'Photo URL must be at most 2000 characters')
  .refine((value) => value.startsWith('/api/files/') || /^https?:\/\/[^\s]+$/i.test(value), 'Photo URL must be an http(s) address');

/** PATCH /api/me/profile: empty values are sent as null and clear the field. */
export const ZUpdateProfileRequest = z.object({
  displayName: z.string().trim().max(120, 'Display name must be at most 120 characters').nullable(),
  photoURL: ZPhotoUrl.nullable(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** POST /api/me/avatar (multipart, field "file"). */
export const ZUploadAvatarResponse = z.object({ url: z.string() });
export type TUploadAvatarResponse = z.infer<typeof ZUploadAvatarResponse>;
