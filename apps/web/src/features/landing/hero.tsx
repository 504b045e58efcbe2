import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';

/** Decorative preview of the product; hidden from assistive tech, the text beside it says it all. */
function HeroPreview() {
  const bars = [82, 55, 100];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -top-6 -right-4 size-40 rounded-full bg-secondary/30 blur-2xl" />
      <div className="absolute -bottom-8 -left-6 size-44 rounded-full bg-primary/25 blur-2xl" />
      <div className="relative space-y-4 rounded-3xl border border-white/60 bg-white/90 p-5 shadow-xl backdrop-blur">
        <div className="flex items-center gap-3">
          <div className="size-10 rounded-xl bg-primary" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-2/3 rounded-full bg-slate-200" />
            <div className="h-2.5 w-1/3 rounded-full bg-slate-100" />
          </div>
        </div>
        {bars.map((width, i) => (
          <div key={i} className="space-y-1.5 rounded-2xl bg-slate-50 p-3">
            <div className="h-2.5 w-1/2 rounded-full bg-slate-200" />
            <div className="h-2 rounded-full bg-slate-200">
              <div className="h-2 rounded-full bg-gradient-to-r from-primary to-secondary" style={{ width: `${width}%` }} />
            </div>
          </div>
        ))}
        <div className="flex gap-2">
          <div className="h-8 flex-1 rounded-lg bg-primary" />
          <div className="h-8 w-20 rounded-lg bg-secondary" />
        </div>
      </div>
    </div>
  );
}

export function Hero({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-primary-soft via-white to-secondary-soft"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24">
        <div className="space-y-6">
          <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">{t('landing.heroEyebrow')}</p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {t('landing.heroTitle')}
          </h1>
          <p className="max-w-xl text-lg text-slate-700">{t('landing.heroText')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={onStart} data-testid="start-learning">
              {t('landing.startLearning')}
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a href="#features">{t('landing.exploreFeatures')}</a>
            </Button>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
