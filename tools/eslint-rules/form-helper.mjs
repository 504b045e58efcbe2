// Forms of the SPA go through the shared, contract-driven helper in apps/web/src/ui/form/
// (`useContractForm`, `FormDialog`): one place wires react-hook-form to the route's zod schema,
// maps the gateway's field errors and keeps the texts consistent. A form that calls `useForm`
// or `zodResolver` itself, or validates by hand with `.safeParse()` in a component, drifts.
import { webSource } from './paths.mjs';

/** what only apps/web/src/ui/form/ may import, by package */
const HELPER_ONLY = { 'react-hook-form': ['useForm'], '@hookform/resolvers/zod': ['zodResolver'] };
const SAFE_PARSE = new Set(['safeParse', 'safeParseAsync']);

const nameOf = (node) => (node.type === 'Identifier' ? node.name : node.value);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'forms use the shared helper of ui/form (useContractForm, FormDialog), not react-hook-form or zod by hand' },
    schema: [],
    messages: {
      helperOnly:
        "Use `useContractForm` (or `FormDialog`) from ui/form instead of `{{name}}` from '{{from}}': the helper binds the form to the route's contract schema and the gateway's field errors.",
      safeParse:
        'No hand-rolled validation in a component: let `useContractForm` (ui/form) validate against the contract schema, or move a non-form check into a .ts module of the feature.',
    },
  },
  create(context) {
    const from = webSource(context.filename);
    if (!from || from.rest.startsWith('ui/form/')) return {};
    const inFeatureComponent = from.rest.startsWith('features/') && /\.tsx$/.test(from.rest);
    /** local names of namespace imports of a package, with the names they may not be used for */
    const namespaces = new Map();

    const checkSpecifiers = (node, specifiers) => {
      const from = node.source?.value;
      const banned = HELPER_ONLY[from];
      if (!banned) return;
      for (const s of specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') namespaces.set(s.local.name, { from, banned });
        const imported = s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ExportSpecifier' ? nameOf(s.local) : null;
        if (imported && banned.includes(imported)) context.report({ node: s, messageId: 'helperOnly', data: { name: imported, from } });
      }
    };

    return {
      ImportDeclaration: (node) => checkSpecifiers(node, node.specifiers),
      ExportNamedDeclaration: (node) => checkSpecifiers(node, node.specifiers),
      MemberExpression(node) {
        if (node.computed || node.object.type !== 'Identifier' || node.property.type !== 'Identifier') return;
        const ns = namespaces.get(node.object.name);
        if (ns && ns.banned.includes(node.property.name)) {
          context.report({ node, messageId: 'helperOnly', data: { name: node.property.name, from: ns.from } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (!inFeatureComponent || callee.type !== 'MemberExpression' || callee.computed) return;
        if (SAFE_PARSE.has(callee.property.name)) context.report({ node, messageId: 'safeParse' });
      },
    };
  },
};
