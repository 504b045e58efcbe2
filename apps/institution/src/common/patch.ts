/**
 * The fields of a partial update that were given: a route's PATCH leaves out what it does not
 * change (undefined), while null is a value to write.
 */
export function dropUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
