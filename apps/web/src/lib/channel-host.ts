/**
 * The server a Mastodon or Bluesky account lives on, as its host ('mastodon.social'), shown beside
 * the handle; null for the networks that have one home.
 */
export function instanceHost(instanceUrl: string | null): string | null {
  if (!instanceUrl) return null;
  try {
    return new URL(instanceUrl).host;
  } catch {
    return instanceUrl;
  }
}
