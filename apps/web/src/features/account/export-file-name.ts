import { PRODUCT_NAME } from '../../config/product';

function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `<product>-data-<YYYY-MM-DD>.json`, dated by the user's own calendar. */
export function exportFileName(today: Date = new Date()): string {
  return `${PRODUCT_NAME}-data-${localIsoDate(today)}.json`;
}
