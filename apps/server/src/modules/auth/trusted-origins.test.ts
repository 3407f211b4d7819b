import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { listTrustedOrigins } from './trusted-origins.ts';

describe('listTrustedOrigins', () => {
  it('never lists the opaque origin "null", which every sandboxed frame and file: page sends', () => {
    // A TRUSTED_ORIGINS entry of another scheme has origin "null", in a configuration that skipped loadConfig.
    const config = { ...loadConfig({ BASE_URL: 'http://hookline.example' }), TRUSTED_ORIGINS: ['null', 'https://admin.hookline.example'] };
    expect(listTrustedOrigins(config)).toEqual(['http://hookline.example', 'https://admin.hookline.example']);
    // loadConfig refuses such a BASE_URL; a configuration built another way still trusts no "null".
    const fileBase = { ...loadConfig({}), BASE_URL: 'file:///srv/hookline', baseUrl: 'file:///srv/hookline' };
    expect(listTrustedOrigins(fileBase)).not.toContain('null');
  });
});
