import type { AnyRoute, RouteOutput, RouteRequest } from '@lp/contracts';
import { ApiError } from './api-error';
import { buildUrl, retryToken, toFormData, type LooseArgs } from './client';
import { currentToken } from './token-refresh';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100 */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
}

/** A form body as the browser has it: text fields and files (the gateway stores the files and hands the service references). */
export type FormFields = Record<string, string | number | boolean | Blob | null | undefined>;

export interface UploadArgs<Rt extends AnyRoute> {
  params?: RouteRequest<Rt>['params'];
  body: FormFields;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends a multipart (`bodyKind: 'form'`) route with XMLHttpRequest, whose upload
 * events report progress (fetch has none). Errors are the same ApiError as callRoute's.
 */
export async function uploadRoute<Rt extends AnyRoute>(
  route: Rt,
  upload: UploadArgs<Rt>,
  options: UploadOptions = {},
): Promise<RouteOutput<Rt>> {
  if (route.bodyKind !== 'form') throw new Error(`${route.subject} takes a JSON body; use callRoute`);
  const token = await currentToken();
  try {
    return await send(route, upload as LooseArgs, token, options);
  } catch (error) {
    const fresh = error instanceof ApiError ? await retryToken(token, error) : null;
    if (!fresh) throw error;
    return send(route, upload as LooseArgs, fresh, options);
  }
}

function send<Rt extends AnyRoute>(route: Rt, args: LooseArgs, token: string | null, options: UploadOptions): Promise<RouteOutput<Rt>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildUrl(route, args));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!options.onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      options.onProgress({ loaded: event.loaded, total, percent: total ? Math.round((event.loaded / total) * 100) : 0 });
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as RouteOutput<Rt>);
      else reject(ApiError.fromResponse(xhr.status, body));
    };
    xhr.onerror = () => reject(ApiError.network(new Error('Network error')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (args.signal) {
      if (args.signal.aborted) {
        xhr.abort();
        return;
      }
      args.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(toFormData(args.body));
  });
}
