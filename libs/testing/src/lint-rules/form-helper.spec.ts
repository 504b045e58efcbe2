import lp from '../../../../tools/eslint-rules/index.mjs';
import { at, ruleTester } from './rule-tester.js';

const form = at('apps/web/src/features/account/edit-profile-dialog.tsx');
const helperOnly = { messageId: 'helperOnly' };

ruleTester().run('lp/form-helper', lp.rules['form-helper'], {
  valid: [
    // the helper itself is where react-hook-form meets zod
    {
      filename: at('apps/web/src/ui/form/use-contract-form.ts'),
      code: "import { useForm } from 'react-hook-form';\nimport { zodResolver } from '@hookform/resolvers/zod';",
    },
    { filename: form, code: "import { useContractForm, FormDialog } from '../../ui/form';" },
    // react-hook-form's other hooks and types stay usable
    { filename: form, code: "import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';" },
    // parsing outside a component (a .ts module), or a parse that throws
    { filename: at('apps/web/src/features/account/profile-schema.ts'), code: 'export const ok = (v) => Schema.safeParse(v).success;' },
    { filename: form, code: 'const profile = ProfileSchema.parse(data);' },
  ],
  invalid: [
    { filename: form, code: "import { useForm } from 'react-hook-form';", errors: [helperOnly] },
    { filename: form, code: "import { useForm as useRhf, Controller } from 'react-hook-form';", errors: [helperOnly] },
    { filename: form, code: "import { zodResolver } from '@hookform/resolvers/zod';", errors: [helperOnly] },
    { filename: form, code: "import * as rhf from 'react-hook-form';\nconst f = rhf.useForm();", errors: [helperOnly] },
    {
      filename: at('apps/web/src/features/account/use-profile-form.ts'),
      code: "export { useForm } from 'react-hook-form';",
      errors: [helperOnly],
    },
    // outside the features too: only ui/form wires the form library
    { filename: at('apps/web/src/ui/dialog.tsx'), code: "import { useForm } from 'react-hook-form';", errors: [helperOnly] },
    { filename: form, code: 'const r = ProfileSchema.safeParse(values);', errors: [{ messageId: 'safeParse' }] },
    { filename: form, code: 'const r = await Schema.safeParseAsync(values);', errors: [{ messageId: 'safeParse' }] },
  ],
});
