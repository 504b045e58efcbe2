import { describe, expect, it } from '@jest/globals';
import { generatedCoverLook, hashText, initialsOf } from './course-cover-look';

const course = (
  title: string,
  category: Parameters<typeof generatedCoverLook>[0]['category'] = 'programming',
  id = '8d0c5a8e-3f7b-4a52-9b1e-1f2a3b4c5d6e',
) => ({
  id,
  title,
  category,
});

describe('generated course covers', () => {
  it('are the same for the same course, every time', () => {
    expect(generatedCoverLook(course('Python Basics'))).toEqual(generatedCoverLook(course('Python Basics')));
    expect(hashText('abc')).toBe(hashText('abc'));
  });

  it('differ between courses of one category, and follow the category hue', () => {
    const titles = ['Python Basics', 'Rust Deep Dive', 'Go for Teams', 'Intro to SQL', 'Algorithms 101', 'Web APIs'];
    const looks = titles.map((t) => generatedCoverLook(course(t)));
    expect(new Set(looks.map((l) => `${l.hue}-${l.pattern}-${l.shift}`)).size).toBe(titles.length);
    for (const l of looks) expect(Math.abs(l.hue - 222)).toBeLessThanOrEqual(24);
    const design = generatedCoverLook(course('Python Basics', 'design'));
    expect(Math.abs(design.hue - 318)).toBeLessThanOrEqual(24);
  });

  it('carry the title initials: first letters of the first two words, any script', () => {
    expect(initialsOf('python basics for everyone')).toBe('PB');
    expect(initialsOf('  C++ — the hard parts')).toBe('CT');
    expect(initialsOf('Économie')).toBe('É');
    expect(initialsOf('日本語 入門')).toBe('日入');
    expect(initialsOf('!!!')).toBe('');
  });
});
