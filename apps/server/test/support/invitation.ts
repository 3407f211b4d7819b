import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from './mail.ts';
import { ORIGIN, sessionCookie, TEST_BASE_URL } from './test-app.ts';

/** The link of an invitation mail: the accept page, with the token in the fragment. */
export const INVITATION_LINK = /http:\/\/localhost:3000\/invitation#token=([A-Za-z0-9_-]+)/;

/** The link and token of an invitation mail; fails the test when the mail has none. */
export function invitationLinkOf(mail: ParsedMail): { link: URL; token: string } {
  const match = INVITATION_LINK.exec(mail.text);
  if (!match) throw new Error(`no invitation link in mail:\n${mail.text}`);
  return { link: new URL(match[0], TEST_BASE_URL), token: match[1] };
}

/** What the invitation page asks for first: the workspace and address the token is for. */
export function lookUpInvitation(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/api/invitations/lookup', headers: ORIGIN, payload: { token } });
}

/** What the invitation page sends to accept; the answer's cookie is the new account's session. */
export async function acceptInvitation(app: FastifyInstance, input: { token: string; password: string; name?: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/invitations/accept', headers: ORIGIN, payload: input });
  return { response, cookie: sessionCookie(response.headers['set-cookie']) };
}

/** What the invitation page sends for a teammate whose address has an account: the signed-in session joins. */
export function joinInvitation(app: FastifyInstance, cookie: string, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/invitations/join',
    headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { token },
  });
}
