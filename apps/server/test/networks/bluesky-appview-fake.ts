import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake AppView received. */
export interface AppViewRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

interface StoredRecord {
  uri: string;
  cid: string;
  value: Record<string, unknown>;
}

interface Failure {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const subjectUri = (value: Record<string, unknown>, ...keys: string[]): string | undefined => {
  let node: unknown = value;
  for (const key of keys) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/**
 * A stand-in for Bluesky's AppView, which counts a post's likes, reposts, replies and quotes from
 * every repository it indexes (running the real one needs its whole indexing stack). On each
 * app.bsky.feed.getPosts it reads the local PDS's repositories (com.atproto.sync.listRepos,
 * com.atproto.repo.listRecords) and counts the like, repost and post records that point at the
 * asked posts, as the AppView does from the firehose. Answers in the AppView's postView shape;
 * failNext answers the next call with an error of the tests' choosing (429 with ratelimit-*
 * headers, 5xx), as the public AppView can.
 */
export async function startBlueskyAppViewFake(pdsUrl: string) {
  const requests: AppViewRequest[] = [];
  const failures: Failure[] = [];

  async function readPds<T>(method: string, query: Record<string, string>): Promise<T> {
    const response = await fetch(`${pdsUrl}/xrpc/${method}?${new URLSearchParams(query)}`);
    if (!response.ok) throw new Error(`${method} on the PDS: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Every account's handle and its likes, reposts and posts, read from the PDS now. */
  async function indexPds() {
    const { repos } = await readPds<{ repos: Array<{ did: string }> }>('com.atproto.sync.listRepos', { limit: '1000' });
    const handles = new Map<string, string>();
    const records: Record<'like' | 'repost' | 'post', StoredRecord[]> = { like: [], repost: [], post: [] };
    for (const { did } of repos) {
      handles.set(did, (await readPds<{ handle: string }>('com.atproto.repo.describeRepo', { repo: did })).handle);
      for (const kind of ['like', 'repost', 'post'] as const) {
        const listed = await readPds<{ records: StoredRecord[] }>('com.atproto.repo.listRecords', {
          repo: did,
          collection: `app.bsky.feed.${kind}`,
          limit: '100',
        });
        records[kind].push(...listed.records);
      }
    }
    return { handles, ...records };
  }

  async function getPosts(uris: string[]) {
    const index = await indexPds();
    const count = (list: StoredRecord[], uri: string, ...keys: string[]) =>
      list.filter((record) => subjectUri(record.value, ...keys) === uri).length;
    const posts = index.post
      .filter((post) => uris.includes(post.uri))
      .map((post) => {
        const did = post.uri.split('/')[2]!;
        return {
          uri: post.uri,
          cid: post.cid,
          author: { did, handle: index.handles.get(did) ?? 'handle.invalid' },
          record: post.value,
          likeCount: count(index.like, post.uri, 'subject', 'uri'),
          repostCount: count(index.repost, post.uri, 'subject', 'uri'),
          replyCount: count(index.post, post.uri, 'reply', 'parent', 'uri'),
          quoteCount: count(index.post, post.uri, 'embed', 'record', 'uri'),
          indexedAt: post.value.createdAt,
        };
      });
    return { posts };
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://appview.local');
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    const failure = failures.shift();
    if (failure) return send(failure.status, failure.body, failure.headers);
    if (url.pathname !== '/xrpc/app.bsky.feed.getPosts') {
      return send(501, { error: 'MethodNotImplemented', message: 'Method Not Implemented' });
    }
    getPosts(url.searchParams.getAll('uris')).then(
      (body) => send(200, body),
      (error: Error) => send(500, { error: 'InternalServerError', message: error.message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { CHANNEL_BLUESKY_APPVIEW_URL: url },
    requests,
    failNext(status: number, body: unknown, headers: Record<string, string> = {}) {
      failures.push({ status, body, headers });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
