import { describe, it } from '@jest/globals';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';

// RuleTester declares one Jest test per case through these
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A RuleTester that reads TypeScript and TSX, as the workspace's files are. */
export const ruleTester = (): RuleTester =>
  new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

/** An absolute file name inside the workspace, as ESLint hands it to a rule. */
export const at = (path: string): string => `/repo/${path}`;
