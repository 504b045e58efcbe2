import { extname } from 'node:path';

/** What an uploaded file must be: the kinds of content items and knowledge resources, and course covers. */
export type MediaKind = 'video' | 'audio' | 'pdf' | 'document' | 'image';

export const MEDIA_LABELS: Record<MediaKind, string> = {
  video: 'a video (MP4, MOV, AVI, WebM or MKV)',
  audio: 'an audio file (MP3, WAV, M4A, OGG, AAC or FLAC)',
  pdf: 'a PDF',
  document: 'a document (PDF, text, Markdown, HTML or Word)',
  image: 'a JPEG, PNG or WebP image',
};

const EXTENSIONS: Record<MediaKind, readonly string[]> = {
  video: ['.mp4', '.m4v', '.mov', '.avi', '.webm', '.mkv'],
  audio: ['.mp3', '.wav', '.m4a', '.ogg', '.oga', '.aac', '.flac'],
  pdf: ['.pdf'],
  document: ['.pdf', '.txt', '.md', '.markdown', '.html', '.htm', '.doc', '.docx'],
  image: ['.jpg', '.jpeg', '.png', '.webp'],
};

/** Declared types a browser sends for each kind (generic types are judged by the extension). */
const MIME: Record<MediaKind, (m: string) => boolean> = {
  video: (m) => m.startsWith('video/'),
  audio: (m) => m.startsWith('audio/'),
  pdf: (m) => m === 'application/pdf' || m === 'application/x-pdf',
  document: (m) =>
    m === 'application/pdf' ||
    m.startsWith('text/') ||
    m === 'application/msword' ||
    m === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  image: (m) => m === 'image/jpeg' || m === 'image/jpg' || m === 'image/png' || m === 'image/webp',
};
const GENERIC_MIME = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

export type Sniffed =
  | 'pdf'
  | 'mp4-video'
  | 'mp4-audio'
  | 'avi'
  | 'wav'
  | 'webp'
  | 'ebml'
  | 'mp3'
  | 'ogg'
  | 'flac'
  | 'zip'
  | 'ole'
  | 'jpeg'
  | 'png'
  | 'text'
  | null;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (b: Buffer, from: number, to: number): string => b.subarray(from, to).toString('latin1');

/** Recognises a file by its first bytes (at least 16 are needed for most formats). */
export function sniff(head: Buffer): Sniffed {
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    return brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ' ? 'mp4-audio' : 'mp4-video';
  }
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'AVI ') return 'avi';
    if (form === 'WAVE') return 'wav';
    if (form === 'WEBP') return 'webp';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'ebml';
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mp3'; // MPEG / ADTS frame sync
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (head.length >= 4 && head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'ole';
  if (head.length > 0 && !head.includes(0) && isUtf8(head)) return 'text';
  return null;
}

function isUtf8(b: Buffer): boolean {
  try {
    // a multi-byte character cut at the end of the head is fine
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, Math.max(0, b.length - 3)));
    return true;
  } catch {
    return false;
  }
}

const CONTENT_MATCHES: Record<MediaKind, ReadonlySet<Sniffed>> = {
  video: new Set<Sniffed>(['mp4-video', 'avi', 'ebml']),
  // some encoders write M4A audio with a video brand (mp42, isom): the declared type decides
  audio: new Set<Sniffed>(['mp3', 'wav', 'mp4-audio', 'mp4-video', 'ogg', 'flac']),
  pdf: new Set<Sniffed>(['pdf']),
  document: new Set<Sniffed>(['pdf', 'text', 'zip', 'ole']),
  image: new Set<Sniffed>(['jpeg', 'png', 'webp']),
};

/**
 * True when the file is of the expected kind: its bytes say so, and neither its declared
 * type nor its extension says otherwise (a generic declared type is judged by the extension).
 */
export function isMediaOfKind(kind: MediaKind, head: Buffer, declaredType: string, filename: string): boolean {
  if (!CONTENT_MATCHES[kind].has(sniff(head))) return false;
  const mime = declaredType.toLowerCase().split(';')[0]!.trim();
  const ext = extname(filename).toLowerCase();
  if (GENERIC_MIME.has(mime)) return EXTENSIONS[kind].includes(ext);
  return MIME[kind](mime);
}
