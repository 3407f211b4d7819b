import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** The real HTTP API, called in-process the way a browser on baseUrl would; any 4xx or 5xx stops the seed. */
export function demoApi(app: FastifyInstance, baseUrl: string) {
  const call = async (
    method: Method,
    url: string,
    payload?: object | Buffer,
    options: { cookie?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: { origin: baseUrl, cookie: options.cookie ?? '', ...options.headers },
    });
    if (response.statusCode >= 400) throw new Error(`demo seed: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response;
  };
  /** The cookie header of the session a sign-up or sign-in answer opened. */
  const sessionOf = (response: Awaited<ReturnType<typeof call>>) =>
    [response.headers['set-cookie']]
      .flat()
      .filter((value) => value !== undefined)
      .map((value) => String(value).split(';')[0])
      .join('; ');
  return {
    call,
    async signUp(login: { email: string; password: string; name: string }): Promise<string> {
      return sessionOf(await call('POST', '/api/auth/sign-up/email', login));
    },
    async signIn(login: { email: string; password: string }): Promise<string> {
      return sessionOf(await call('POST', '/api/auth/sign-in/email', { email: login.email, password: login.password }));
    },
  };
}

export type DemoApi = ReturnType<typeof demoApi>;
