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
