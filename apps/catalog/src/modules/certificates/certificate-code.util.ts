import { randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `LH-XXXX-XXXX-XXXX`: 60 random bits. */
export function newVerificationCode(bytes: Buffer = randomBytes(12)): string {
  const chars = [...bytes.subarray(0, 12)].map((b) => ALPHABET[b & 31]!);
  return `LH-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`;
}

/** The downloaded file's name: the course title made safe for a file system. */
export function certificateFilename(courseTitle: string): string {
  const slug = courseTitle
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `certificate-${slug || 'course'}.pdf`;
}
