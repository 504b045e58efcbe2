import 'i18next';
import type { enTranslation } from './index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enTranslation };
  }
}
