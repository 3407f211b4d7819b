import type { TBlueskyConnectRequest, TSocialConnection, TWorkspace } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { signInToBluesky } from '../networks/bluesky/bluesky-adapter.ts';
import { InstanceUrlError, normalizeInstanceUrl } from '../networks/instance-url.ts';
import { PublishError } from '../publishing/channel-publisher.ts';
import { listSocialConnections } from './list-social-connections.ts';
import { storeConnectedAccounts } from './store-connected-accounts.ts';

/**
 * Connects a Bluesky account with an app password: signs in on its service (checked like a
 * Mastodon instance: public https only unless private instances are allowed), and stores the
 * session's tokens; the refresh job keeps the session alive. A refused sign-in is a 400 with
 * Bluesky's reason, as is a named server that cannot be reached; Bluesky's own out of reach, a 502.
 */
export async function connectBluesky(
  deps: { config: AppConfig; db: Db; box: SecretBox },
  input: { workspace: Pick<TWorkspace, 'id' | 'access'>; who: string; body: TBlueskyConnectRequest },
): Promise<TSocialConnection> {
  const { config } = deps;
  let serviceUrl: string | undefined;
  try {
    if (input.body.service)
      serviceUrl = await normalizeInstanceUrl(input.body.service, {
        allowPrivate: config.CHANNEL_ALLOW_PRIVATE_INSTANCES,
        network: 'Bluesky',
      });
  } catch (error) {
    if (error instanceof InstanceUrlError) throw new HttpError(400, error.message);
    throw error;
  }
  let signedIn;
  try {
    signedIn = await signInToBluesky(
      config,
      { identifier: input.body.identifier, appPassword: input.body.appPassword, serviceUrl },
      AbortSignal.timeout(30_000),
    );
  } catch (error) {
    // Bluesky's own service out of reach is a passing outage; a server the user named is theirs to check.
    if (error instanceof PublishError && error.temporary && !serviceUrl) throw new HttpError(502, error.message);
    throw new HttpError(
      400,
      serviceUrl && error instanceof PublishError && error.temporary
        ? `${error.message} Check the server address.`
        : (error as Error).message,
    );
  }
  // The account's PDS comes from its DID document: it is held to the same rule as a named service.
  try {
    await normalizeInstanceUrl(signedIn.instanceUrl, { allowPrivate: config.CHANNEL_ALLOW_PRIVATE_INSTANCES, network: 'Bluesky' });
  } catch (error) {
    if (error instanceof InstanceUrlError) throw new HttpError(400, `This account's server cannot be used: ${error.message}`);
    throw error;
  }
  await storeConnectedAccounts(deps, {
    workspace: input.workspace,
    who: input.who,
    provider: 'bluesky',
    instanceUrl: signedIn.instanceUrl,
    connected: { tokens: signedIn.tokens, accounts: [signedIn.account] },
    scope: 'app-password',
  });
  const connections = await listSocialConnections(deps.db, input.workspace.id);
  return connections.find((connection) => connection.provider === 'bluesky' && connection.handle === signedIn.account.handle)!;
}
