// Types for the TypeScript tests of the rules (libs/testing/src/lint-rules/).
import type { Rule } from 'eslint';

declare const plugin: {
  meta: { name: string };
  rules: Record<'raw-sql' | 'feature-boundaries' | 'form-helper', Rule.RuleModule>;
};
export default plugin;
