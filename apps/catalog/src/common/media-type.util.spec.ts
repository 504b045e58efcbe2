import { describe, expect, it } from '@jest/globals';
import { isMediaOfKind, sniff } from './media-type.util.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
const MP4 = bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'mp42isom');
const M4A = bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42');
const AVI = bytes('RIFF', [1, 2, 3, 4], 'AVI LIST');
const WAV = bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ');
const WEBM = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
const MP3 = bytes('ID3', [4, 0, 0, 0, 0, 0, 0x23]);
const PNG = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 0x0d]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF');
const WEBP = bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ');

describe('sniff', () => {
  it('recognises the formats of the upload forms by their first bytes', () => {
    expect([PDF, MP4, M4A, AVI, WAV, WEBM, MP3].map(sniff)).toEqual(['pdf', 'mp4-video', 'mp4-audio', 'avi', 'wav', 'ebml', 'mp3']);
    expect(sniff(bytes('OggS', [0, 2]))).toBe('ogg');
    expect(sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniff(bytes('Plain notes\nline 2'))).toBe('text');
    expect([PNG, JPEG, WEBP].map(sniff)).toEqual(['png', 'jpeg', 'webp']);
    expect(sniff(bytes([0x89], 'PNG'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });
});

describe('isMediaOfKind', () => {
  it('accepts a file whose bytes, declared type and extension agree', () => {
    expect(isMediaOfKind('pdf', PDF, 'application/pdf', 'notes.pdf')).toBe(true);
    expect(isMediaOfKind('video', MP4, 'video/mp4', 'talk.mp4')).toBe(true);
    expect(isMediaOfKind('video', AVI, 'video/x-msvideo', 'talk.avi')).toBe(true);
    expect(isMediaOfKind('audio', M4A, 'audio/mp4', 'talk.m4a')).toBe(true);
    expect(isMediaOfKind('audio', WAV, 'audio/wav', 'talk.wav')).toBe(true);
    expect(isMediaOfKind('audio', MP4, 'audio/mp4', 'talk.m4a')).toBe(true);
    expect(isMediaOfKind('document', bytes('# Title\n'), 'text/markdown', 'a.md')).toBe(true);
  });

  it('judges a generic declared type by the extension', () => {
    expect(isMediaOfKind('pdf', PDF, 'application/octet-stream', 'notes.pdf')).toBe(true);
    expect(isMediaOfKind('pdf', PDF, 'application/octet-stream', 'notes.bin')).toBe(false);
  });

  it('refuses a file whose bytes are of another kind, whatever it claims', () => {
    expect(isMediaOfKind('pdf', PNG, 'application/pdf', 'fake.pdf')).toBe(false);
    expect(isMediaOfKind('video', PDF, 'video/mp4', 'fake.mp4')).toBe(false);
    expect(isMediaOfKind('document', PNG, 'text/plain', 'x.txt')).toBe(false);
    expect(isMediaOfKind('video', M4A, 'video/mp4', 'song.mp4')).toBe(false);
  });

  it('takes a cover image by its bytes: JPEG, PNG or WebP, never text or SVG named as one', () => {
    expect(isMediaOfKind('image', PNG, 'image/png', 'a.png')).toBe(true);
    expect(isMediaOfKind('image', JPEG, 'application/octet-stream', 'a.jpeg')).toBe(true);
    expect(isMediaOfKind('image', WEBP, 'image/webp', 'a.webp')).toBe(true);
    expect(isMediaOfKind('image', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 'a.png')).toBe(false);
    expect(isMediaOfKind('image', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'a.gif')).toBe(false);
    expect(isMediaOfKind('image', PNG, 'text/plain', 'a.png')).toBe(false);
  });

  it('refuses a declared type of another kind', () => {
    expect(isMediaOfKind('pdf', PDF, 'image/png', 'x.pdf')).toBe(false);
    expect(isMediaOfKind('video', MP4, 'audio/mpeg', 'x.mp4')).toBe(false);
  });
});
