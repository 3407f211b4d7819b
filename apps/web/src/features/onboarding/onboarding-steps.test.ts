import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, STEP_TITLES, validateStep, type OnboardingForm } from './onboarding-steps.ts';

const form = (patch: Partial<OnboardingForm>): OnboardingForm => ({ ...EMPTY_FORM, ...patch });
const CONTACT = { name: 'Ana', email: 'ana@example.com', brand: 'Ana Co' };

describe('onboarding wizard steps', () => {
  it('has the four steps in order', () => {
    expect(STEP_TITLES).toEqual(['Contact', 'Strategy', 'Ops', 'Assets']);
  });

  describe('step 1 (Contact)', () => {
    it.each([
      ['everything empty', {}],
      ['no name', { ...CONTACT, name: '' }],
      ['no email', { ...CONTACT, email: '' }],
      ['no brand', { ...CONTACT, brand: '' }],
      ['a blank name', { ...CONTACT, name: '   ' }],
    ])('asks for name, email and brand with %s', (_label, patch) => {
      expect(validateStep(0, form(patch))).toBe('Please fill your name, email, and brand.');
    });

    it('passes with name, email and brand', () => {
      expect(validateStep(0, form(CONTACT))).toBeNull();
    });
  });

  describe('step 2 (Strategy)', () => {
    it('asks for goals when they are empty or blank', () => {
      expect(validateStep(1, form(CONTACT))).toBe('Please describe your goals.');
      expect(validateStep(1, form({ ...CONTACT, goals: ' \n ' }))).toBe('Please describe your goals.');
    });

    it('passes with goals', () => {
      expect(validateStep(1, form({ goals: 'Grow' }))).toBeNull();
    });
  });

  describe('step 3 (Ops)', () => {
    it('asks for a cadence when it is empty or blank', () => {
      expect(validateStep(2, form({ goals: 'Grow' }))).toBe('Please note your desired cadence.');
      expect(validateStep(2, form({ cadence: '  ' }))).toBe('Please note your desired cadence.');
    });

    it('passes with a cadence', () => {
      expect(validateStep(2, form({ cadence: 'Weekly' }))).toBeNull();
    });
  });

  it('step 4 (Assets) has no required field', () => {
    expect(validateStep(3, EMPTY_FORM)).toBeNull();
  });

  it('checks only the current step', () => {
    // Step 2 does not re-check step 1's fields.
    expect(validateStep(1, form({ goals: 'Grow' }))).toBeNull();
  });
});
