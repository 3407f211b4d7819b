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

/** Hours a confirmation link stays valid. */
export const ADDRESS_CONFIRMATION_HOURS = 24;

/** The link that proves an account owns its address, which opens a workspace made for that address earlier. */
export function renderAddressConfirmationMail(input: { to: string; name: string; url: string }): MailMessage {
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const why = 'A Hookline workspace is waiting for this address. Confirm that the address is yours to open it';
  return {
    to: input.to,
    subject: 'Confirm your email address for Hookline',
    text: `${greeting}\n\n${why} (the link works for ${ADDRESS_CONFIRMATION_HOURS} hours):\n\n${input.url}\n\nIf you did not sign up for Hookline, ignore this mail: nothing is opened without this link.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(why)} (the link works for ${ADDRESS_CONFIRMATION_HOURS} hours):</p><p><a href="${escapeHtml(input.url)}">Confirm my email address</a></p><p>If you did not sign up for Hookline, ignore this mail: nothing is opened without this link.</p>`,
  };
}
