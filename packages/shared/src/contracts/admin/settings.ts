import { z } from 'zod';

/** GET /api/admin/settings (merged over the defaults) and PUT body. */
export const ZAdminSettings = z.object({
  supportEmail: z.string().trim().pipe(z.email('supportEmail must be an email address')),
  webhookUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'webhookUrl must be an http(s) URL or empty'),
  brandHue: z.number().min(0).max(360),
  allowSelfSignup: z.boolean(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

export const ZWebhookSecret = z.object({ secret: z.string() });

/** GET /api/admin/webhooks/deliveries: the last attempts, newest first. */
export const ZWebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  url: z.string(),
  attempt: z.number().int(),
  status: z.enum(['succeeded', 'failed']),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  ts: z.string(),
});
export const ZWebhookDeliveries = z.array(ZWebhookDelivery);
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** GET /api/admin/team and PUT /api/admin/team/{id} (founders only). */
export const ZStaffMember = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string() });
export const ZTeamResponse = z.array(ZStaffMember);
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZSetRoleRequest = z.object({ role: z.enum(['client', 'manager', 'admin']) });
export type TSetRoleRequest = z.infer<typeof ZSetRoleRequest>;
/** POST /api/admin/team: make an existing account staff, by email. */
export const ZGrantRoleRequest = ZSetRoleRequest.extend({
  email: z.string().trim().toLowerCase().pipe(z.email('email must be an email address')),
});
export type TGrantRoleRequest = z.input<typeof ZGrantRoleRequest>;
