import type en from './en.json';
import type enUpcoming from './en-upcoming.json';

/** Names of the product's areas (navigation labels, page titles, coming-soon pages). */
export type AreaKey = keyof (typeof en)['areas'];
export type NavGroupKey = keyof (typeof en)['nav']['groups'];
/** Areas whose page is not built yet: each has its coming-soon text (and a name among the areas). */
export type UpcomingAreaKey = keyof (typeof enUpcoming)['upcoming']['areas'] & AreaKey;
