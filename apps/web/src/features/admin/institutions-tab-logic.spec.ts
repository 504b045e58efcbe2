import { describe, expect, it } from '@jest/globals';
import { canDecide, decisionDate, listQuery, statusFilterOf, statusTone } from './institutions-tab-logic';

describe('admin institutions tab', () => {
  it('asks for every institution unless a status is chosen', () => {
    expect(listQuery('all')).toEqual({});
    expect(listQuery('pending')).toEqual({ status: 'pending' });
    expect(listQuery('rejected')).toEqual({ status: 'rejected' });
  });

  it('reads an unknown filter value as all', () => {
    expect(statusFilterOf('verified')).toBe('verified');
    expect(statusFilterOf('archived')).toBe('all');
    expect(statusFilterOf('')).toBe('all');
  });

  it('offers approve and reject only on pending institutions', () => {
    expect(canDecide({ verification_status: 'pending' })).toBe(true);
    expect(canDecide({ verification_status: 'verified' })).toBe(false);
    expect(canDecide({ verification_status: 'rejected' })).toBe(false);
  });

  it('shows the decision date for verified and rejected ones only', () => {
    const at = '2026-11-20T10:00:00.000Z';
    expect(decisionDate({ verification_status: 'verified', verified_at: at })).toBe(at);
    expect(decisionDate({ verification_status: 'rejected', verified_at: at })).toBe(at);
    expect(decisionDate({ verification_status: 'pending', verified_at: at })).toBeNull();
    expect(decisionDate({ verification_status: 'verified', verified_at: null })).toBeNull();
  });

  it('colours the status badge', () => {
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('verified')).toBe('success');
    expect(statusTone('rejected')).toBe('danger');
  });
});
