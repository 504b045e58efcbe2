import { describe, expect, it } from '@jest/globals';
import { splitLinks } from './links';

describe('links in an e-mail text', () => {
  it('makes each address a link and leaves the words and sentence punctuation around it', () => {
    expect(splitLinks('Join here: http://localhost:5173/community/groups/g1?invitation=a.b-c_d. Or https://x.test/y, later')).toEqual([
      { text: 'Join here: ' },
      { href: 'http://localhost:5173/community/groups/g1?invitation=a.b-c_d' },
      { text: '. Or ' },
      { href: 'https://x.test/y' },
      { text: ', later' },
    ]);
  });

  it('keeps a text without addresses whole and never links another scheme', () => {
    expect(splitLinks('No link here, javascript:alert(1) neither')).toEqual([{ text: 'No link here, javascript:alert(1) neither' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
