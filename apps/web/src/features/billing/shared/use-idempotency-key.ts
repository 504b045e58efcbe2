import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { newIdempotencyKey } from './idempotency';

/**
 * One Idempotency-Key per dialog opening (the dialog's form mounts when it opens): a double
 * click, or a retry after a lost answer, is the same request and is answered once. A definite
 * refusal (4xx) did nothing, so the next try, perhaps with other values, gets a new key: the
 * server refuses a key reused with another body.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const afterError = useCallback((error: unknown) => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) setKey(newIdempotencyKey());
  }, []);
  return { key, afterError };
}
