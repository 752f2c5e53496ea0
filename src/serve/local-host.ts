/**
 * A Host header that names this machine by a loopback name: `localhost`, `<label>.localhost` (the
 * preview's other hosts, e.g. zh.localhost), `127.0.0.1` or `[::1]`, with an optional port. One
 * reading for the preview's links (preview-origins.ts), the host a request is for (serve-site.ts) and
 * the dev endpoints that must not answer a DNS-rebinding page (error-panel/open-endpoint.ts).
 */
export interface LocalHost {
  /** The name without the port, lower case. */
  name: string;
  /** The label before `.localhost`, if any. */
  label?: string;
  /** The port as written, or '' when none. */
  port: string;
}

const LOCAL = /^(?:localhost|127\.0\.0\.1|\[::1\]|([a-z0-9-]{1,63})\.localhost)(?::(\d{1,5}))?$/;

export function localHost(header: string | undefined): LocalHost | undefined {
  const text = (header ?? '').toLowerCase();
  const match = LOCAL.exec(text);
  if (!match || Number(match[2] ?? 0) > 65535) return undefined;
  const port = match[2] ?? '';
  return { name: port ? text.slice(0, -(port.length + 1)) : text, label: match[1], port };
}

/** A Host header's name without its port, lower case ('' when there is none). */
export function hostName(header: string | undefined): string {
  return (header ?? '').replace(/:\d+$/, '').toLowerCase();
}
