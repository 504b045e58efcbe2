import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';

/** Every screen names itself in the tab title, which screen readers announce on navigation. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
