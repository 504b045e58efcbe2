import { describe, expect, it } from '@jest/globals';
import { transactionSettingsStatement } from './unit-of-work.js';

describe('transaction settings', () => {
  it('are set in one statement, names and values as parameters, local to the transaction', () => {
    expect(transactionSettingsStatement({ 'app.user_id': 'u1', 'app.bypass': '' })).toEqual({
      sql: 'SELECT set_config($1, $2, true), set_config($3, $4, true)',
      params: ['app.user_id', 'u1', 'app.bypass', ''],
    });
  });

  it('need no statement when there is nothing to set', () => {
    expect(transactionSettingsStatement({})).toBeNull();
  });
});
