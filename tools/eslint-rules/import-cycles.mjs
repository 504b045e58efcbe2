// Import cycles (issue 25): eslint-plugin-import-x's `no-cycle` over the TypeScript sources.
// Its resolver follows what the compilers do here: the server's NodeNext imports name `.js`
// for a `.ts` file, the SPA imports without an extension, and an `@lp/*` package resolves
// through its `types` export to the library's src/ (the workspace links it into node_modules).
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const TS = ['.ts', '.tsx', '.mts', '.cts'];

/** a flat-config entry that reports import cycles among `files` */
export function importCycles(files, ignores = []) {
  return {
    files,
    ignores,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': [...TS, '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': TS },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: [...TS, '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'default'],
          mainFields: ['types', 'module', 'main'],
        }),
      ],
    },
    rules: {
      // a package from node_modules cannot be part of our cycle: not walking into them keeps lint fast
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}
