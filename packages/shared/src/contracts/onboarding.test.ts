import { describe, expect, it } from 'vitest';
import { ONBOARDING_CHANNELS, ZOnboardingData } from './onboarding.ts';

const MINIMAL = { name: 'Ana', email: 'ana@example.com', brand: 'Ana Co', goals: 'Grow', cadence: 'Weekly' };

describe('ZOnboardingData', () => {
  it('offers the seven channels of the questionnaire', () => {
    expect(ONBOARDING_CHANNELS).toEqual(['YouTube', 'Instagram', 'X/Twitter', 'LinkedIn', 'TikTok', 'Blog', 'Newsletter']);
  });

  it('trims every text field and lower-cases the email', () => {
    const data = ZOnboardingData.parse({
      name: '  Ana  ',
      email: '  Ana@Example.COM ',
      brand: '\tAna Co\n',
      website: ' https://ana.example ',
      goals: '  Grow  ',
      cadence: ' Weekly ',
      notes: '  call me  ',
    });
    expect(data).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
      brand: 'Ana Co',
      website: 'https://ana.example',
      goals: 'Grow',
      cadence: 'Weekly',
      notes: 'call me',
    });
  });

  it('defaults every optional field to empty text and channels to an empty list', () => {
    expect(ZOnboardingData.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      website: '',
      instagram: '',
      twitter: '',
      youtube: '',
      pillars: '',
      channels: [],
      approvalFlow: '',
      assetsUrl: '',
      notes: '',
    });
  });

  it('de-duplicates channels, keeping the first-seen order', () => {
    const data = ZOnboardingData.parse({ ...MINIMAL, channels: ['TikTok', 'Blog', 'TikTok', 'YouTube', 'Blog'] });
    expect(data.channels).toEqual(['TikTok', 'Blog', 'YouTube']);
  });

  it('refuses a channel that is not offered', () => {
    const result = ZOnboardingData.safeParse({ ...MINIMAL, channels: ['MySpace'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['channels', 0]);
  });

  it('refuses channels that are not a list, with its own message', () => {
    const result = ZOnboardingData.safeParse({ ...MINIMAL, channels: 'Blog' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['channels'], message: 'Channels must be a list of the offered channels' }),
    ]);
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['brand', 'Brand is required'],
    ['goals', 'Goals is required'],
    ['cadence', 'Cadence is required'],
  ] as const)('requires %s', (field, message) => {
    const { [field]: _omitted, ...rest } = MINIMAL;
    const result = ZOnboardingData.safeParse(rest);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it('treats a blank required field as missing', () => {
    const result = ZOnboardingData.safeParse({ ...MINIMAL, goals: '   ' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['goals'], message: 'Goals is required' })]);
  });

  it('refuses a malformed email', () => {
    const result = ZOnboardingData.safeParse({ ...MINIMAL, email: 'ana@' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['email'], message: 'Email must be a valid email address' })]);
  });

  it('enforces the maximum lengths after trimming', () => {
    expect(ZOnboardingData.safeParse({ ...MINIMAL, goals: 'g'.repeat(4000) }).success).toBe(true);
    expect(ZOnboardingData.safeParse({ ...MINIMAL, goals: `  ${'g'.repeat(4000)}  ` }).success).toBe(true);
    expect(ZOnboardingData.safeParse({ ...MINIMAL, goals: 'g'.repeat(4001) }).error?.issues[0].message).toBe(
      'Goals must be at most 4000 characters',
    );
    expect(ZOnboardingData.safeParse({ ...MINIMAL, cadence: 'c'.repeat(201) }).error?.issues[0].message).toBe(
      'Cadence must be at most 200 characters',
    );
    expect(ZOnboardingData.safeParse({ ...MINIMAL, instagram: 'i'.repeat(121) }).error?.issues[0].message).toBe(
      'Instagram must be at most 120 characters',
    );
  });
});
