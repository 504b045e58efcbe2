import { describe, expect, it } from '@jest/globals';
import { dropUndefined } from './patch.js';
import { scopeSettings } from './tenancy.js';

describe('a partial update', () => {
  it('leaves out what the request did not give, and keeps null as a value to write', () => {
    expect(dropUndefined({ name: 'Acme', logoUrl: undefined, customText: null })).toEqual({ name: 'Acme', customText: null });
  });

  it('is empty when nothing was given', () => {
    expect(dropUndefined({ name: undefined })).toEqual({});
  });
});

describe('the settings row-level security reads', () => {
  it('are all set on every change of scope, unset ones empty, so a narrower scope never keeps a wider one', () => {
    expect(scopeSettings({ userId: 'u1', roots: ['r1', 'r2'] })).toEqual({
      'app.user_id': 'u1',
      'app.roots': '{r1,r2}',
      'app.visible': '{}',
      'app.bypass': '',
      'app.email': '',
    });
  });

  it('switch the bypass on for the system scope only', () => {
    expect(scopeSettings({ bypass: true })['app.bypass']).toBe('on');
  });
});
