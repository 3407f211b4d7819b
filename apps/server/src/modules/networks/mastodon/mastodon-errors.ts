/** What Mastodon wrote in an error body: {"error": "..."}, or OAuth's error_description beside an error code. */
export function readMastodonError(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof parsed.error_description === 'string') return parsed.error_description;
    return typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A clear sentence for a refusal, from Mastodon's own words. Undefined for 401, 429 and 5xx, whose
 * sentences (reconnect, try again) do not depend on what Mastodon wrote.
 */
export function explainMastodonRefusal(what: string): (status: number, body: string) => string | undefined {
  return (status, body) => {
    if (status === 401 || status === 429 || status >= 500) return undefined;
    const error = readMastodonError(body);
    if (!error) return undefined;
    const limit = /character limit of (\d+) exceeded/i.exec(error);
    if (limit) return `This Mastodon server takes at most ${limit[1]} characters in a post; shorten the text.`;
    return `Mastodon refused ${what}: ${error.replace(/[.!\s]+$/, '')}.`;
  };
}
