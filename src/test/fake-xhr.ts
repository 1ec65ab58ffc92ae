import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads use it for their progress events) that records
 * the request and lets the test answer it. `installFakeXhr()` in a beforeEach puts it in
 * place; `sentXhr()` waits for the request in flight.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  // What the test does:
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
  failNetwork() {
    this.onerror?.();
  }
}

/** Replaces the global XMLHttpRequest with FakeXhr (undone by vi.unstubAllGlobals()). */
export function installFakeXhr(): void {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The request made by the upload in flight (after the CSRF value is known, a microtask or two later). */
export async function sentXhr(): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!FakeXhr.last?.body) throw new Error('not sent yet');
  });
  return FakeXhr.last!;
}
