import type { AppDeps } from '../deps';
import type { Auth } from '../kernel/caller';
import { registry } from '../kernel/registry';
import { noteLogOrganization } from '../logging';
import type { RequestMeta } from '../http/meta';

export type TrpcContext = {
  deps: AppDeps;
  requestId: string;
  req: Request;
  meta: RequestMeta;
  /** Response headers; procedures set cookies here. */
  resHeaders: Headers;
  /** Resolves the caller once, on first use: public procedures never pay for it. */
  getAuth(): Promise<Auth | null>;
};

export function createTrpcContext(args: { deps: AppDeps; req: Request; requestId: string; meta: RequestMeta; resHeaders: Headers }): TrpcContext {
  let auth: Promise<Auth | null> | undefined;
  return {
    ...args,
    getAuth() {
      auth ??= registry()
        .resolveCaller(args.deps, args.req.headers)
        .then(({ auth: resolved, setCookie }) => {
          if (setCookie) args.resHeaders.append('Set-Cookie', setCookie);
          noteLogOrganization(resolved?.organization?.id);
          return resolved;
        });
      return auth;
    },
  };
}
