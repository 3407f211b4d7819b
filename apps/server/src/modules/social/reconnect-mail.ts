import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import { channelName } from './channel-providers.ts';
import type { SocialConnectionRow } from './list-social-connections.ts';

/** The settings page, where the channel's Reconnect button is highlighted. */
export const reconnectUrl = (baseUrl: string, connectionId: string) =>
  `${baseUrl}/dashboard/settings?${new URLSearchParams({ reconnect: connectionId })}#channels`;

export function renderReconnectMail(input: {
  to: string;
  workspaceName: string;
  channel: string;
  reason: string;
  url: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Reconnect ${input.channel} for ${input.workspaceName}`,
    text:
      `Hi,\n\n${input.channel} stopped accepting Hookline's access for "${input.workspaceName}":\n\n  ${input.reason}\n\n` +
      `Posts queued for it wait until it is reconnected; any whose time comes first will fail with this reason, and can be retried after reconnecting.\n\n` +
      `Reconnect it here (it takes a minute):\n\n${input.url}\n`,
  };
}

/** Mails the workspace owner a link to reconnect the channel. */
export async function sendReconnectMail(
  deps: { db: Db; mailer: Mailer; config: Pick<AppConfig, 'baseUrl'> },
  row: SocialConnectionRow,
  reason: string,
): Promise<void> {
  const workspace = await deps.db
    .selectFrom('workspace')
    .select(['name', 'ownerEmail'])
    .where('id', '=', row.workspaceId)
    .executeTakeFirst();
  if (!workspace) return;
  await deps.mailer.send(
    renderReconnectMail({
      to: workspace.ownerEmail,
      workspaceName: workspace.name,
      channel: channelName(row),
      reason,
      url: reconnectUrl(deps.config.baseUrl, row.id),
    }),
  );
}
