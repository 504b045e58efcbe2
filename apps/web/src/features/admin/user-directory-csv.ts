import { toCsv, type AdminUserSchema } from '@lp/contracts';
import type { z } from 'zod';

type AdminUser = z.infer<typeof AdminUserSchema>;

/** Rows fetched per request: the route's largest page. */
export const EXPORT_PAGE_SIZE = 500;

export const USER_DIRECTORY_HEADER = ['id', 'name', 'email', 'phone', 'role', 'status', 'created_at'] as const;

/**
 * The user directory as a spreadsheet opens it: names and e-mails are whatever people typed
 * at registration (or an institution's bulk CSV put there), so each cell goes through the
 * CSV-injection rule (libs/contracts csvCell): `=HYPERLINK(...)` opens as text.
 */
export function userDirectoryCsv(users: readonly AdminUser[]): string {
  return toCsv(
    USER_DIRECTORY_HEADER,
    users.map((u) => [u.id, u.name, u.email, u.phone, u.role, u.status, u.created_at]),
  );
}

export const userDirectoryFileName = (today: Date): string => `learnhub-users-${today.toISOString().slice(0, 10)}.csv`;
