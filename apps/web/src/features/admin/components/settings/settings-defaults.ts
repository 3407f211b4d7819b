import type { TAdminSettings } from '@hookline/shared';

/** What the form shows when the settings cannot be loaded. */
export const DEFAULT_SETTINGS: TAdminSettings = {
  supportEmail: 'support@hookline.app',
  webhookUrl: '',
  brandHue: 212,
  allowSelfSignup: true,
};
