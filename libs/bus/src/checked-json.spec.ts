import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { CheckedJson, EncodedAnswer, checkWithParts } from './checked-json.js';
import { decode, encode } from './wire.js';

const Entry = z.object({ rank: z.number().int(), name: z.string() });
const Answer = z.object({ title: z.string(), entries: z.array(Entry), me: Entry.nullable() });
const entries = [
  { rank: 1, name: 'Ada' },
  { rank: 2, name: 'Grace' },
];

describe('answers with a part checked once (CheckedJson)', () => {
  it('leaves an answer without parts to the usual check', () => {
    expect(checkWithParts(Answer, { title: 't', entries, me: null })).toBeNull();
    expect(checkWithParts(Answer, [1, 2])).toBeNull();
  });

  it('encodes the same JSON as checking the whole answer would, the rest stripped to the contract', () => {
    const part = CheckedJson.of(Answer.shape.entries, entries);
    const out = checkWithParts(Answer, { title: 't', entries: part, me: { rank: 9, name: 'Me', secret: 1 } });
    expect(out?.success).toBe(true);
    const answer = (out as { data: EncodedAnswer }).data;
    const whole = Answer.parse({ title: 't', entries, me: { rank: 9, name: 'Me' } });
    expect(decode(encode(answer))).toEqual(whole);
  });

  it('checks and strips the part when it is made, and refuses a part that breaks its schema', () => {
    const part = CheckedJson.of(Answer.shape.entries, [{ rank: 1, name: 'Ada', email: 'ada@x' } as { rank: number; name: string }]);
    expect(JSON.parse(part.json)).toEqual([{ rank: 1, name: 'Ada' }]);
    expect(() => CheckedJson.of(Answer.shape.entries, [{ rank: 1.5, name: 'Ada' }])).toThrow();
  });

  it('reports the rest of the answer outside its contract as zod does', () => {
    const out = checkWithParts(Answer, { title: 3, entries: CheckedJson.of(Answer.shape.entries, entries), me: null });
    expect(out?.success).toBe(false);
    expect((out as { error: z.ZodError }).error.issues[0]?.path).toEqual(['title']);
  });

  it('refuses a part checked against a schema other than its field, however alike', () => {
    const lookalike = CheckedJson.of(z.array(Entry), entries);
    expect(() => checkWithParts(Answer, { title: 't', entries: lookalike, me: null })).toThrow(/another schema/);
  });

  it('answers a response made only of parts', () => {
    const Only = z.object({ entries: z.array(Entry) });
    const out = checkWithParts(Only, { entries: CheckedJson.of(Only.shape.entries, entries) });
    expect(decode(encode((out as { data: EncodedAnswer }).data))).toEqual({ entries });
  });
});
