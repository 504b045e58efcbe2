import lp from '../../../../tools/eslint-rules/index.mjs';
import { at, ruleTester } from './rule-tester.js';

const inAssessment = at('apps/web/src/features/assessment/taking/take-quiz-page.tsx');

ruleTester().run('lp/feature-boundaries', lp.rules['feature-boundaries'], {
  valid: [
    // another feature through its public entry, however it is spelled
    { filename: inAssessment, code: "import { CourseCard } from '../../catalog';" },
    { filename: inAssessment, code: "import { CourseCard } from '../../catalog/index';" },
    { filename: inAssessment, code: "export * from '../../catalog/index.ts';" },
    { filename: at('apps/web/src/features/dashboard/role-dashboard-page.tsx'), code: "import { MentorCard } from '../mentoring';" },
    // the feature's own files, the generic layers, packages
    { filename: inAssessment, code: "import { QuizTimer } from '../shared/quiz-timer';\nimport { Button } from '../../../ui';" },
    { filename: inAssessment, code: "import { routeQuery } from '../../../api/route-hooks';\nimport { z } from 'zod';" },
    { filename: at('apps/web/src/ui/button.tsx'), code: "import { cn } from './cn';\nimport { Slot } from '@radix-ui/react-slot';" },
    // the app shell and the routes wire the features together
    {
      filename: at('apps/web/src/routes/app-routes.tsx'),
      code: "import { CoursePage } from '../features/catalog/detail/course-detail-page';",
    },
  ],
  invalid: [
    {
      filename: inAssessment,
      code: "import { CourseCard } from '../../catalog/shared/course-card';",
      errors: [
        { messageId: 'deepImport', data: { feature: 'catalog', specifier: '../../catalog/shared/course-card', entry: '../../catalog' } },
      ],
    },
    {
      filename: inAssessment,
      code: "export { CourseCard } from '../../catalog/shared/course-card';",
      errors: [{ messageId: 'deepImport' }],
    },
    {
      filename: inAssessment,
      code: "const page = lazy(() => import('../../catalog/detail/course-detail-page'));",
      errors: [{ messageId: 'deepImport' }],
    },
    { filename: inAssessment, code: "import type { Course } from '../../catalog/types';", errors: [{ messageId: 'deepImport' }] },
    // the generic layers sit below every feature
    {
      filename: at('apps/web/src/ui/course-card.tsx'),
      code: "import { LevelBadge } from '../features/catalog';",
      errors: [{ messageId: 'layerImport', data: { layer: 'ui', specifier: '../features/catalog' } }],
    },
    {
      filename: at('apps/web/src/lib/format.ts'),
      code: "import { x } from '../features/billing/money';",
      errors: [{ messageId: 'layerImport' }],
    },
    {
      filename: at('apps/web/src/api/client.ts'),
      code: "import { tokens } from '../features/auth/token';",
      errors: [{ messageId: 'layerImport' }],
    },
  ],
});
