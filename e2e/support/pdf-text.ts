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
 * Best-effort text of a PDF written with standard (WinAnsi) fonts, as PDFKit does for
 * Latin text: every stream is inflated when it is FlateDecode, then the strings of its
 * text operators are read. Enough to check that a name was printed; not a general parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const dict = raw.slice(Math.max(0, raw.lastIndexOf('<<', match.index)), match.index);
    let data = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(data);
      } catch {
        // a trailing newline before endstream is not part of the data: try without it
        try {
          data = inflateSync(pdf.subarray(start, raw[end - 1] === '\n' ? (raw[end - 2] === '\r' ? end - 2 : end - 1) : end));
        } catch {
          streamStart.lastIndex = end;
          continue;
        }
      }
    }
    lines.push(...textOfContent(data.toString('latin1')));
    streamStart.lastIndex = end;
  }
  return lines.join('\n');
}
