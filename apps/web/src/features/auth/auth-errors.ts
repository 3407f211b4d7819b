/** Better Auth's error shape as its client returns it. */
export interface AuthClientError {
  status?: number;
  code?: string;
  message?: string;
}

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password.',
  INVALID_PASSWORD: 'Wrong email or password.',
  USER_NOT_FOUND: 'Wrong email or password.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead.',
  INVALID_EMAIL: 'Enter a valid email address.',
  INVALID_TOKEN: 'This reset link is invalid or has expired. Ask for a new one.',
};

/** A clear text for a sign-in service failure, else its own message, else the caller's fallback text. */
export function authErrorMessage(error: AuthClientError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  // An account's own lock says how long it lasts and that a password reset lifts it.
  if (error.status === 429 && error.code === 'TOO_MANY_FAILED_SIGN_INS' && error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  return error.message || fallback;
}

export function passwordPolicyError(password: string, policy: { minLength: number; maxLength: number } | undefined): string | null {
  if (!policy) return null;
  if (password.length < policy.minLength) return `Password must be at least ${policy.minLength} characters.`;
  if (password.length > policy.maxLength) return `Password must be at most ${policy.maxLength} characters.`;
  return null;
}
