import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { listTrustedOrigins } from './trusted-origins.ts';

describe('listTrustedOrigins', () => {
  it('never lists the opaque origin "null", which every sandboxed frame and file: page sends', () => {
    // A BASE_URL of another scheme has origin "null", as would a TRUSTED_ORIGINS entry in a configuration that skipped loadConfig.
    const config = { ...loadConfig({ BASE_URL: 'http://hookline.example' }), TRUSTED_ORIGINS: ['null', 'https://admin.hookline.example'] };
    expect(listTrustedOrigins(config)).toEqual(['http://hookline.example', 'https://admin.hookline.example']);
    expect(listTrustedOrigins(loadConfig({ BASE_URL: 'file:///srv/hookline' }))).not.toContain('null');
  });
});
