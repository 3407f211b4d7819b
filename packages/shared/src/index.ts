export * from './roles.ts';
export * from './format-bytes.ts';
export * from './contracts/api-error.ts';
export * from './contracts/role.ts';
export * from './contracts/runtime-config.ts';
export * from './contracts/onboarding.ts';
export * from './contracts/profile.ts';
export * from './contracts/health.ts';
