import type { MailMessage } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderPasswordResetMail(input: { to: string; name: string; url: string }): MailMessage {
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  return {
    to: input.to,
    subject: 'Reset your Hookline password',
    text: `${greeting}\n\nSomeone asked to reset the password of your Hookline account.\nOpen this link within an hour to choose a new one:\n\n${input.url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone asked to reset the password of your Hookline account. Open this link within an hour to choose a new one:</p><p><a href="${escapeHtml(input.url)}">Reset my password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}

/**
 * The link that proves an account owns its address by choosing its password (Better Auth's reset
 * link, an hour): it opens a workspace made for that address before the account. The account may
 * have been signed up by anyone, so the mail names nobody.
 */
export function renderAddressConfirmationMail(input: { to: string; url: string }): MailMessage {
  const why = 'A Hookline workspace is waiting for this address. To open it, choose your password with this link (it works for an hour)';
  const ignore = 'If you did not ask for this, ignore this mail: nothing is opened and no password changes without this link.';
  return {
    to: input.to,
    subject: 'Confirm your email address for Hookline',
    text: `Hi,\n\n${why}:\n\n${input.url}\n\n${ignore}\n`,
    html: `<p>Hi,</p><p>${escapeHtml(why)}:</p><p><a href="${escapeHtml(input.url)}">Choose my password</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
