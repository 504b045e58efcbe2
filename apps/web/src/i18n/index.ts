import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PRODUCT_NAME } from '../config/product';
import en from './en.json';
import enAdmin from './en-admin.json';
import enAssessmentAuthoring from './en-assessment-authoring.json';
import enAssessmentTaking from './en-assessment-taking.json';
import enAssignments from './en-assignments.json';
import enBilling from './en-billing.json';
import enCertificates from './en-certificates.json';
import enCommunity from './en-community.json';
import enCourseCovers from './en-course-covers.json';
import enDashboard from './en-dashboard.json';
import enLessonAuthoring from './en-lesson-authoring.json';
import enMentorDesk from './en-mentor-desk.json';
import enMentorInsights from './en-mentor-insights.json';
import enMentoring from './en-mentoring.json';
import enFigures from './en-figures.json';
import enInstitution from './en-institution.json';
import enInstitutionNetwork from './en-institution-network.json';
import enPortal from './en-portal.json';
import enUpcoming from './en-upcoming.json';

/**
 * The English catalog, one file per area (their top-level keys never overlap): several
 * areas are written at once without touching one big file.
 */
export const enTranslation = {
  ...en,
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
  ...enInstitution,
  ...enInstitutionNetwork,
  ...enPortal,
  ...enLessonAuthoring,
  ...enMentorDesk,
  ...enMentorInsights,
  ...enMentoring,
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
