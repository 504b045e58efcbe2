// SQL text belongs in a repository (STYLE.md: handlers -> domain logic -> repository). A service,
// consumer or controller that hands SQL to `.query()` hides a query the repository does not
// know about; the few statements that must stay where they are (an advisory lock that has to be
// taken inside the caller's transaction, one atomic statement) say why in a `raw-sql:` comment.
import { slashed } from './paths.mjs';

const ALLOWED_FILE = /(\.repository|\.sql)\.[cm]?[jt]s$|\/migrations\//;
const HELPERS = new Set(['queryRows', 'queryOne']);
const MARKER = /raw-sql:(.*)/;
/** a reason of a few words at least, so `raw-sql: ok` does not pass as one */
const MIN_REASON = 10;

/** whether an argument is SQL text: a string or template literal, or a const bound to one */
function isSqlText(node, scope) {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return true;
  if (node.type !== 'Identifier') return false;
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(node.name);
    if (!variable) continue;
    const def = variable.defs[0];
    return (
      def?.type === 'Variable' &&
      def.parent.kind === 'const' &&
      def.node.init != null &&
      (def.node.init.type === 'TemplateLiteral' || (def.node.init.type === 'Literal' && typeof def.node.init.value === 'string'))
    );
  }
  return false;
}

/**
 * Which argument of a call is its SQL text: `<runner>.query(sql, params)`, and service-kit's
 * helpers over it, `queryRows(db, sql, params)` / `queryOne(db, sql, params)`; -1 for any other call.
 */
function sqlArgumentOf(callee) {
  const name =
    callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
  if (name === 'query') return callee.type === 'MemberExpression' ? 0 : -1;
  return HELPERS.has(name) ? 1 : -1;
}

/** the statement (or class member) a call is part of */
function statementOf(node) {
  let n = node;
  while (n.parent && !/Statement|Declaration|PropertyDefinition|Program/.test(n.parent.type)) n = n.parent;
  return n.parent && n.parent.type !== 'Program' ? n.parent : n;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: {
      description:
        'SQL text goes to `.query()` (or queryRows/queryOne) only from a repository, a *.sql.ts module or a migration, or with a `raw-sql:` reason',
    },
    schema: [],
    messages: {
      rawSql:
        'Raw SQL outside a repository: move this query into the module’s *.repository.ts (or a *.sql.ts module), or, when the statement must stay here (an advisory lock in this transaction, one atomic statement), put a `// raw-sql: <why>` comment right above it.',
      noReason: 'The `raw-sql:` comment needs a reason (why this statement cannot live in a repository).',
    },
  },
  create(context) {
    const file = slashed(context.filename);
    if (ALLOWED_FILE.test(file)) return {};
    const source = context.sourceCode;
    /** own-line comments by the line they end on */
    let byEndLine = null;
    const commentsEndingOn = (line) => {
      if (!byEndLine) {
        byEndLine = new Map();
        for (const c of source.getAllComments()) {
          const before = source.lines[c.loc.start.line - 1].slice(0, c.loc.start.column);
          if (before.trim() !== '') continue; // a trailing comment belongs to the code before it
          byEndLine.set(c.loc.end.line, [...(byEndLine.get(c.loc.end.line) ?? []), c]);
        }
      }
      return byEndLine.get(line) ?? [];
    };
    /** the block of comments that ends on the line right above `line` */
    const commentsAbove = (line) => {
      const block = [];
      for (let l = line - 1; ;) {
        const found = commentsEndingOn(l);
        if (!found.length) return block;
        block.push(...found);
        l = Math.min(...found.map((c) => c.loc.start.line)) - 1;
      }
    };

    return {
      CallExpression(node) {
        const sql = node.arguments[sqlArgumentOf(node.callee)];
        if (!sql || !isSqlText(sql, source.getScope(node))) return;
        // a reason may run on over several comment lines, so each block is read as one text
        const blocks = [statementOf(node).loc.start.line, node.loc.start.line].map((line) =>
          commentsAbove(line)
            .sort((a, b) => a.range[0] - b.range[0])
            .map((c) => c.value.replace(/^\*|\n\s*\*?/g, ' ').trim())
            .join(' '),
        );
        const reasons = blocks.map((text) => MARKER.exec(text)).filter(Boolean);
        if (reasons.some((m) => m[1].trim().length >= MIN_REASON)) return;
        context.report({ node, messageId: reasons.length ? 'noReason' : 'rawSql' });
      },
    };
  },
};
