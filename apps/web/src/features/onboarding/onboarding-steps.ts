import { EMPTY_ONBOARDING_DATA, type TOnboardingChannel, type TOnboardingInput } from '@hookline/shared';

export type OnboardingForm = Required<Omit<TOnboardingInput, 'channels'>> & { channels: TOnboardingChannel[] };

export const EMPTY_FORM: OnboardingForm = EMPTY_ONBOARDING_DATA;

export const STEP_TITLES = ['Contact', 'Strategy', 'Ops', 'Assets'] as const;

/** Each step's rule for Next: the message to show, or null when the step is complete. */
export function validateStep(step: number, form: OnboardingForm): string | null {
  if (step === 0 && (!form.name.trim() || !form.email.trim() || !form.brand.trim())) return 'Please fill your name, email, and brand.';
  if (step === 1 && !form.goals.trim()) return 'Please describe your goals.';
  if (step === 2 && !form.cadence.trim()) return 'Please note your desired cadence.';
  return null;
}
