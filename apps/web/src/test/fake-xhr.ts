import { act } from '@testing-library/react';

/**
 * Stands in for XMLHttpRequest, which uploads use for their progress and jsdom would send to the
 * network: the test reads what was sent and drives the progress and the answer.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  response: unknown = null;
  method = '';
  url = '';
  body: FormData | null = null;
  /** The request headers set, by lower-case name. */
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(statusCode: number, body: unknown) {
    this.status = statusCode;
    this.response = body;
    act(() => this.onload?.());
  }
}
