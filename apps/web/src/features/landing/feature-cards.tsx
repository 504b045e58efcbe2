import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FeatureKey = 'library' | 'mentorship' | 'onTheGo' | 'examPrep';

const icons: Record<FeatureKey, ReactNode> = {
  library: <path d="M4 19.5V5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2Zm0 0A2 2 0 0 0 6 22h13M8 7h7" />,
  mentorship: (
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  ),
  onTheGo: <path d="M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm4 16h2" />,
  examPrep: <path d="M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />,
};

const FEATURES: readonly FeatureKey[] = ['library', 'mentorship', 'onTheGo', 'examPrep'];

export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {t('landing.featuresTitle')}
        </h2>
        <p className="mt-3 text-slate-600">{t('landing.featuresText')}</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((key) => (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={`feature-${key}`}>
            <div className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-secondary-soft text-secondary-foreground">
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                {icons[key]}
              </svg>
            </div>
            <h3 className="text-lg font-semibold text-slate-900">{t(`landing.features.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`landing.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
