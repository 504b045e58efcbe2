/**
 * The mentor dashboard's remaining tabs (spec 2.13), one component each, without props; the
 * dashboard places them in its tab list (Sessions, Mentee Progress, Analytics, Business Intel,
 * Resources) and MentorHeaderStats above it. The two chart tabs (analytics-tab.tsx,
 * business-intelligence-tab.tsx) are imported on their own, lazily: they bring recharts.
 */
export { MentorHeaderStats } from './header-stats';
export { MenteeProgressTab } from './mentee-progress-tab';
export { ResourcesTab } from './resources-tab';
export { SessionsTab } from './sessions-tab';
export { Block, Nothing, StatFigure } from './parts';

/** The two chart tabs, each its own chunk (they bring recharts), loaded the first time they show. */
export const loadAnalyticsTab = () => import('./analytics-tab');
export const loadBusinessIntelligenceTab = () => import('./business-intelligence-tab');
