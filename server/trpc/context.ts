import type { AppDeps } from '../deps';

export type TrpcContext = {
  deps: AppDeps;
  requestId: string;
  req: Request;
};

/** Built per request: only references, no I/O, so a call costs nothing it does not use. */
export function createTrpcContext(deps: AppDeps, req: Request, requestId: string): TrpcContext {
  return { deps, requestId, req };
}
