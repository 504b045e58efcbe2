import type { Course } from '@lp/contracts';

/** Base hues per category (a course's own hue is shifted by its title). */
const CATEGORY_HUE: Record<Course['category'], number> = {
  programming: 222,
  business: 28,
  design: 318,
  marketing: 350,
  language: 168,
  'exam-prep': 262,
  'data-science': 196,
  'personal-development': 96,
};

/** FNV-1a: a stable, well-spread number from a string (the same title, the same cover). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Up to two letters: the first of the first two words (letters or digits, any script). */
export function initialsOf(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toLocaleUpperCase())
    .join('');
}

/** The drawing of a course without a picture: what varies with category and title. */
export function generatedCoverLook(course: Pick<Course, 'id' | 'title' | 'category'>) {
  const hash = hashText(`${course.title.trim().toLowerCase()}|${course.id}`);
  const hue = (CATEGORY_HUE[course.category] + (hash % 48) - 24 + 360) % 360;
  return {
    hue,
    /** dark enough that white text on it reads (contrast above 4.5:1) */
    from: `hsl(${hue} 62% 30%)`,
    to: `hsl(${(hue + 36) % 360} 58% 20%)`,
    pattern: (hash >>> 8) % 4,
    /** where the pattern's shapes sit */
    shift: (hash >>> 12) % 60,
    initials: initialsOf(course.title),
  };
}
