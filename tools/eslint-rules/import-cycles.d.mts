import type { Linter } from 'eslint';

export declare function importCycles(files: string[], ignores?: string[]): Linter.Config;
