// A feature of the SPA is used by other features only through its public entry
// (features/<name>/index.ts), so it can reshape its insides without breaking its neighbours;
// the generic layers (ui/, lib/, api/) sit below the features and never import them.
import { posix } from 'node:path';
import { featureOf, webSource } from './paths.mjs';

const GENERIC_LAYERS = ['ui', 'lib', 'api'];
const ENTRY = /^(index)?(\.[cm]?[jt]sx?)?$/;

/** the import's target as a path inside apps/web/src (`features/catalog/x`), or null when it is a package */
function targetOf(fromRest, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = posix.normalize(posix.join(posix.dirname(fromRest), specifier));
  return target.startsWith('..') ? null : target;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'features import each other only through their index.ts; ui/, lib/ and api/ never import features' },
    schema: [],
    messages: {
      deepImport:
        "Import feature '{{feature}}' through its public entry ('{{entry}}', features/{{feature}}/index.ts), not '{{specifier}}'. If what you need is not exported there, export it from that index.ts, or move generic code to ui/ or lib/.",
      layerImport:
        "apps/web/src/{{layer}}/ sits below the features and may not import from them ('{{specifier}}'). Move what both need into ui/, lib/ or api/, or pass it in from the feature.",
    },
  },
  create(context) {
    const from = webSource(context.filename);
    if (!from) return {};
    const ownFeature = featureOf(from.rest);
    const layer = GENERIC_LAYERS.find((l) => from.rest.startsWith(`${l}/`));
    if (!ownFeature && !layer) return {};

    const check = (sourceNode) => {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const specifier = sourceNode.value;
      const target = targetOf(from.rest, specifier);
      const feature = target && featureOf(target);
      if (!feature) return;
      if (layer) {
        context.report({ node: sourceNode, messageId: 'layerImport', data: { layer, specifier } });
        return;
      }
      if (feature === ownFeature) return;
      const inside = target.slice(`features/${feature}`.length).replace(/^\//, '');
      if (ENTRY.test(inside)) return;
      const entry = posix.relative(posix.dirname(from.rest), `features/${feature}`);
      context.report({ node: sourceNode, messageId: 'deepImport', data: { feature, specifier, entry } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
