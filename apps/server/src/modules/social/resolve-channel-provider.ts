import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { InstanceUrlError, normalizeInstanceUrl } from '../networks/instance-url.ts';
import { MASTODON_SCOPES, mastodonOAuthEndpoints, registerMastodonApp } from '../networks/mastodon/mastodon-connect.ts';
import { callbackUrlOf, getChannelProvider, type ChannelProvider } from './channel-providers.ts';

const APP_SECRET_CONTEXT = 'network-app-secret';

/** An OAuth provider to connect with, and the instance its accounts live on (Mastodon), else null. */
export type ResolvedProvider = ChannelProvider & { instanceUrl: string | null };

/**
 * The OAuth provider for a connection: this server's own client for the fixed networks, or, for
 * Mastodon, Hookline's client at the instance the user named, registered there the first time
 * anyone connects from that instance (the secret stored sealed). Bluesky does not connect by OAuth.
 */
export async function resolveChannelProvider(
  deps: { config: AppConfig; db: Db; box: SecretBox },
  id: string,
  instance: string | undefined,
): Promise<ResolvedProvider> {
  if (id === 'bluesky') throw new HttpError(400, 'Bluesky connects with an app password: use the form in Settings → Connected channels.');
  if (id !== 'mastodon') return { ...getChannelProvider(deps.config, id), instanceUrl: null };
  if (!instance?.trim()) throw new HttpError(400, 'Name your Mastodon instance (for example mastodon.social).');
  let instanceUrl: string;
  try {
    instanceUrl = await normalizeInstanceUrl(instance, { allowPrivate: deps.config.CHANNEL_ALLOW_PRIVATE_INSTANCES });
  } catch (error) {
    if (error instanceof InstanceUrlError) throw new HttpError(400, error.message);
    throw error;
  }
  const redirectUri = callbackUrlOf(deps.config, 'mastodon');
  const app = await findOrRegisterApp(deps, instanceUrl, redirectUri);
  const endpoints = mastodonOAuthEndpoints(instanceUrl);
  return {
    id: 'mastodon',
    label: 'Mastodon',
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    authUrl: endpoints.authUrl,
    tokenUrl: endpoints.tokenUrl,
    scopes: MASTODON_SCOPES.split(' '),
    authParams: {},
    clientAuth: 'post',
    instanceUrl,
  };
}

async function findOrRegisterApp(deps: { db: Db; box: SecretBox }, instanceUrl: string, redirectUri: string) {
  const find = () =>
    deps.db
      .selectFrom('networkApp')
      .selectAll()
      .where('provider', '=', 'mastodon')
      .where('instanceUrl', '=', instanceUrl)
      .where('redirectUri', '=', redirectUri)
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    let registered;
    try {
      registered = await registerMastodonApp(instanceUrl, redirectUri, AbortSignal.timeout(15_000));
    } catch (error) {
      throw new HttpError(502, `Could not register Hookline with ${new URL(instanceUrl).host}: ${(error as Error).message}`);
    }
    // Two first connections at once: the second's registration is simply not kept.
    await deps.db
      .insertInto('networkApp')
      .values({
        id: newId(),
        provider: 'mastodon',
        instanceUrl,
        redirectUri,
        clientId: registered.clientId,
        clientSecret: deps.box.seal(registered.clientSecret, APP_SECRET_CONTEXT),
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['provider', 'instanceUrl', 'redirectUri']).doNothing())
      .execute();
    row = (await find())!;
  }
  return { clientId: row.clientId, clientSecret: deps.box.open(row.clientSecret, APP_SECRET_CONTEXT) };
}
