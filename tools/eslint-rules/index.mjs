// The workspace's own lint rules (issue 25), wired in eslint.config.mjs under the prefix `lp/`.
import featureBoundaries from './feature-boundaries.mjs';
import formHelper from './form-helper.mjs';
import rawSql from './raw-sql.mjs';

export default {
  meta: { name: 'lp' },
  rules: { 'raw-sql': rawSql, 'feature-boundaries': featureBoundaries, 'form-helper': formHelper },
};
