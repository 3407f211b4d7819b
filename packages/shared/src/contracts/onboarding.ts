import { z } from 'zod';

export const ONBOARDING_CHANNELS = ['YouTube', 'Instagram', 'X/Twitter', 'LinkedIn', 'TikTok', 'Blog', 'Newsletter'] as const;
export const ZOnboardingChannel = z.enum(ONBOARDING_CHANNELS);
export type TOnboardingChannel = z.infer<typeof ZOnboardingChannel>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default('');

/** POST /api/onboarding/submit body; also the data of a client's onboarding record. */
export const ZOnboardingData = z.object({
  name: required('Name', 120),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address')),
  brand: required('Brand', 120),
  website: optional('Website', 500),
  instagram: optional('Instagram', 120),
  twitter: optional('Twitter/X', 120),
  youtube: optional('YouTube', 500),
  goals: required('Goals', 4000),
  pillars: optional('Pillars / Voice', 4000),
  channels: z
    .array(ZOnboardingChannel, { error: 'Channels must be a list of the offered channels' })
    .max(ONBOARDING_CHANNELS.length)
    .optional()
    .default([])
    .transform((list) => [...new Set(list)]),
  cadence: required('Cadence', 200),
  approvalFlow: optional('Approval workflow', 4000),
  assetsUrl: optional('Brand assets', 500),
  notes: optional('Notes', 4000),
});
export type TOnboardingData = z.infer<typeof ZOnboardingData>;

/** A blank questionnaire: the wizard's start and the console's editor for a client without one. */
export const EMPTY_ONBOARDING_DATA: TOnboardingData = {
  name: '',
  email: '',
  brand: '',
  website: '',
  instagram: '',
  twitter: '',
  youtube: '',
  goals: '',
  pillars: '',
  channels: [],
  cadence: '',
  approvalFlow: '',
  assetsUrl: '',
  notes: '',
};
export type TOnboardingInput = z.input<typeof ZOnboardingData>;

export const ZOnboardingSubmitResponse = z.object({ ok: z.literal(true), requestId: z.string() });
export type TOnboardingSubmitResponse = z.infer<typeof ZOnboardingSubmitResponse>;
