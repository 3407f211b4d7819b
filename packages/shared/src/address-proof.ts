// Kept apart from the zod contracts: the dashboard compares against it without loading zod.
/**
 * Why GET /api/workspace refuses (403) a client whose workspace was made for their address before
 * they signed up: the account has not shown the address is theirs. The dashboard tells this refusal
 * from the others by this exact text and answers it with its "Confirm your email address" panel.
 */
export const ADDRESS_PROOF_NEEDED =
  'A workspace is waiting for this email address. Choose your password with the link mailed to it; the workspace opens when you sign in with that password.';
