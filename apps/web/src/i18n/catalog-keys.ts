import type en from './en.json';

/** Names of the product's areas (navigation labels, dashboard cards, not-yet-available pages). */
export type AreaKey = keyof (typeof en)['areas'];
/** Areas reachable from the navigation; each has a one-line description for dashboard cards. */
export type NavAreaKey = keyof (typeof en)['areaDescriptions'];
export type NavGroupKey = keyof (typeof en)['nav']['groups'];
