import { serverDetail } from '../../api/error-text';

/** The server's reason (which field, which limit) under one of the spec's fixed failure texts. */
export function ServerReason({ error }: { error: unknown }) {
  const detail = serverDetail(error);
  return detail ? <span className="mt-1 block text-xs">{detail}</span> : null;
}
