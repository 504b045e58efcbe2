import { describe, expect, it } from '@jest/globals';
import { queuePrefix } from './queues.js';

describe('queuePrefix', () => {
  it('is lp alone in production and scoped by the bus prefix in tests', () => {
    expect(queuePrefix('')).toBe('lp');
    expect(queuePrefix('t1a2b3c4.')).toBe('lp:t1a2b3c4');
    expect(queuePrefix('staging')).toBe('lp:staging');
  });
});
