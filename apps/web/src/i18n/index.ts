import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PRODUCT_NAME } from '../config/product';
import en from './en.json' with { type: 'json' };
import enAdmin from './en-admin.json' with { type: 'json' };
import enAnnouncements from './en-announcements.json' with { type: 'json' };
import enAssessmentAuthoring from './en-assessment-authoring.json' with { type: 'json' };
import enAssessmentTaking from './en-assessment-taking.json' with { type: 'json' };
import enAssignments from './en-assignments.json' with { type: 'json' };
import enBilling from './en-billing.json' with { type: 'json' };
import enCertificates from './en-certificates.json' with { type: 'json' };
import enCommunity from './en-community.json' with { type: 'json' };
import enCourseCovers from './en-course-covers.json' with { type: 'json' };
import enDashboard from './en-dashboard.json' with { type: 'json' };
import enLessonAuthoring from './en-lesson-authoring.json' with { type: 'json' };
import enMentorDesk from './en-mentor-desk.json' with { type: 'json' };
import enMentorInsights from './en-mentor-insights.json' with { type: 'json' };
import enMentoring from './en-mentoring.json' with { type: 'json' };
import enMessages from './en-messages.json' with { type: 'json' };
import enNotifications from './en-notifications.json' with { type: 'json' };
import enFigures from './en-figures.json' with { type: 'json' };
import enGamification from './en-gamification.json' with { type: 'json' };
import enInstitution from './en-institution.json' with { type: 'json' };
import enInstitutionNetwork from './en-institution-network.json' with { type: 'json' };
import enPortal from './en-portal.json' with { type: 'json' };
import enUpcoming from './en-upcoming.json' with { type: 'json' };

/**
 * The English catalog, one file per area (their top-level keys never overlap): several
 * areas are written at once without touching one big file.
 */
export const enTranslation = {
  ...en,
  ...enAnnouncements,
  ...enAssessmentAuthoring,
  ...enAssessmentTaking,
  ...enAssignments,
  ...enBilling,
  ...enAdmin,
  ...enCommunity,
  ...enCourseCovers,
  ...enCertificates,
  ...enDashboard,
  ...enFigures,
  ...enGamification,
  ...enInstitution,
  ...enInstitutionNetwork,
  ...enPortal,
  ...enLessonAuthoring,
  ...enMentorDesk,
  ...enMentorInsights,
  ...enMentoring,
  ...enMessages,
  ...enNotifications,
  ...enUpcoming,
};

/** Add a language by adding its catalog here; screens only know keys. */
export const resources = { en: { translation: enTranslation } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  showSupportNotice: false,
  interpolation: { escapeValue: false, defaultVariables: { product: PRODUCT_NAME } },
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export { i18n };
