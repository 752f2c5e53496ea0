/**
 * Spec §7 third-party login: POST the payload to the passport API with credentials; on code 0 go to
 * the app with the token as `t` (new tab if asked). A nonzero code rejects (the API client's
 * ApiError carries the response), as does a code-0 answer without a token.
 */
import { ApiError, apiUrl, type ApiClient } from '../api/api-client.js';
import { isOnDomains, parseHttpUrl } from '../platform/urls.js';
import type { RuntimeConfig } from '../../src/model/browser-contract.js';

/** Spec §3 third-party login payload; every field is sent as given (undefined ones are left out). */
export interface ThirdPartyLoginForm {
  third_party: string;
  invite_code?: string;
  language?: string;
  source?: string;
  referer?: string;
  third_party_action_type?: string;
  regParam?: string;
  redirect_data?: string;
}

export interface ThirdPartyLoginDeps {
  api: ApiClient;
  config: Pick<RuntimeConfig, 'api' | 'app' | 'ownDomains'>;
  location: { assign(url: string): void };
  open?: (url: string, target: string, features: string) => unknown;
}

interface LoginData {
  token?: unknown;
  cpl?: unknown;
}

/** Spec §5 login language list; anything else is en-US. Accepts a site locale code or a tag. */
/**
 * Where a successful login continues: `cpl` when it is an http(s) URL on an own domain, else the
 * app URL; with `t=<token>` set. Undefined when neither is a usable URL.
 */
export function loginTarget(config: Pick<RuntimeConfig, 'app' | 'ownDomains'>, token: string, cpl: unknown): string | undefined {
  const fromServer = typeof cpl === 'string' ? parseHttpUrl(cpl) : undefined;
  const target = fromServer && isOnDomains(fromServer.hostname, config.ownDomains) ? fromServer : parseHttpUrl(config.app.appUrl);
  if (!target) return undefined;
  target.searchParams.set('t', token);
  return target.href;
}

/** Logs in and navigates; resolves with the URL gone to. */
export async function thirdPartyLogin(deps: ThirdPartyLoginDeps, form: ThirdPartyLoginForm, options: { newTab?: boolean } = {}): Promise<string> {
  const response = await deps.api<LoginData>({
    method: 'POST',
    url: apiUrl(deps.config.api, 'sys/user/passport/authorized-login'),
    credentials: true,
    form: { ...form },
  });
  const token = response.data?.token;
  if (typeof token !== 'string' || !token) throw new ApiError('no token', response);
  const target = loginTarget(deps.config, token, response.data?.cpl);
  if (!target) throw new ApiError('no target', response);
  if (options.newTab) {
    const open = deps.open ?? ((url: string, name: string, features: string) => globalThis.open(url, name, features));
    open(target, '_blank', 'noopener');
  } else {
    deps.location.assign(target);
  }
  return target;
}
