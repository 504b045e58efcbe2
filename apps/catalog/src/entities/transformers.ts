import type { ValueTransformer } from 'typeorm';

/** numeric and bigint columns arrive from pg as text: read them as numbers. */
export const asNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? v : Number(v)),
};
