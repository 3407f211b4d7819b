import type { TOnboardingData } from '@hookline/shared';

export type OnboardingTextKey = Exclude<keyof TOnboardingData, 'channels'>;

/** How each onboarding value is shown and edited, in the questionnaire's order. Required values always show. */
export const ONBOARDING_FIELDS: Array<{
  key: keyof TOnboardingData;
  label: string;
  view: 'text' | 'link' | 'chips' | 'long';
  edit: 'text' | 'email' | 'chips' | 'textarea';
  required?: boolean;
}> = [
  { key: 'name', label: 'Name', view: 'text', edit: 'text', required: true },
  { key: 'email', label: 'Email', view: 'text', edit: 'email', required: true },
  { key: 'brand', label: 'Brand', view: 'text', edit: 'text', required: true },
  { key: 'website', label: 'Website', view: 'link', edit: 'text' },
  { key: 'instagram', label: 'Instagram', view: 'text', edit: 'text' },
  { key: 'twitter', label: 'Twitter/X', view: 'text', edit: 'text' },
  { key: 'youtube', label: 'YouTube', view: 'text', edit: 'text' },
  { key: 'cadence', label: 'Cadence', view: 'text', edit: 'text', required: true },
  { key: 'channels', label: 'Channels', view: 'chips', edit: 'chips' },
  { key: 'goals', label: 'Goals', view: 'long', edit: 'textarea', required: true },
  { key: 'pillars', label: 'Pillars / Voice', view: 'long', edit: 'textarea' },
  { key: 'approvalFlow', label: 'Approval Workflow', view: 'long', edit: 'textarea' },
  { key: 'assetsUrl', label: 'Brand Assets', view: 'link', edit: 'text' },
  { key: 'notes', label: 'Notes', view: 'long', edit: 'textarea' },
];

/** An http(s) address for a typed link ('example.com' → https://example.com); null for other schemes. */
export function safeHref(value: string): string | null {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  return `https://${text}`;
}
