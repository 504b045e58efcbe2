import { inflateSync } from 'node:zlib';

/** The bytes of a PDF string operand: `<hex>` or `(literal)` with its escapes. */
function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  const padded = clean.length % 2 ? `${clean}0` : clean;
  return Buffer.from(padded, 'hex').toString('latin1');
}

function decodeLiteral(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, esc: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[esc] ?? String.fromCharCode(Number.parseInt(esc, 8));
  });
}

/** Text shown by the Tj/TJ operators of one content stream, one operator per line. */
function textOfContent(content: string): string[] {
  const lines: string[] = [];
  const op = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g;
  for (const m of content.matchAll(op)) {
    if (m[1] !== undefined) {
      const parts = [...m[1].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:[^()\\]|\\.)*)\)/g)].map((p) =>
        p[1] !== undefined ? decodeHex(p[1]) : decodeLiteral(p[2] ?? ''),
      );
      lines.push(parts.join(''));
    } else if (m[2] !== undefined) lines.push(decodeHex(m[2]));
    else lines.push(decodeLiteral(m[3] ?? ''));
  }
  return lines;
}

/**
 * The data of each stream of a PDF, inflated when it is FlateDecode. The data's extent
 * comes from the stream's /Length: the bytes themselves may end in CR or LF, so cutting at
 * "endstream" (or trimming the newline before it) truncates a stream now and then.
 */
function streamsOf(pdf: Buffer): Buffer[] {
  const raw = pdf.toString('latin1');
  const streams: Buffer[] = [];
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(raw))) {
    const start = match.index + match[0].length;
    const dict = raw.slice(Math.max(0, raw.lastIndexOf('<<', match.index)), match.index);
    const length = /\/Length\s+(\d+)(?!\d|\s+\d+\s+R)/.exec(dict);
    const end = length ? start + Number(length[1]) : raw.indexOf('endstream', start);
    if (end < start) break;
    let data = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(data);
      } catch {
        data = Buffer.alloc(0);
      }
    }
    streams.push(data);
    streamStart.lastIndex = end;
  }
  return streams;
}

/**
 * Best-effort text lines of a PDF written with standard (WinAnsi) fonts, as PDFKit does for
 * Latin text: one line per text operator. Enough to check what was printed; not a general parser.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  return streamsOf(pdf).flatMap((data) => textOfContent(data.toString('latin1')));
}

export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join('\n');
}
