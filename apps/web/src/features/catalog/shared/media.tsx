import { useTranslation } from 'react-i18next';
import { openFileFromClick, useFileUrl } from '../../../api/file-url';
import { Button } from '../../../ui';

function embedUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    const host = parsed.hostname.replace(/^www\./, '');
    if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${parsed.pathname.slice(1)}`;
    if (host === 'youtube.com' || host === 'm.youtube.com') {
      const id = parsed.searchParams.get('v') ?? (parsed.pathname.startsWith('/embed/') ? parsed.pathname.split('/')[2] : null);
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    }
    if (host === 'vimeo.com') {
      const id = parsed.pathname.split('/').filter(Boolean)[0];
      return id && /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
    }
  } catch {
    return null;
  }
  return null;
}

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = embedUrl(url);
  if (embed) {
    return (
      <iframe
        src={embed}
        title={title}
        className="aspect-video w-full rounded-xl bg-black"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return <FileVideo url={url} title={title} />;
}

function FileVideo({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const src = useFileUrl(url);
  return (
    <video controls preload="metadata" src={src} className="aspect-video w-full rounded-xl bg-black" aria-label={title}>
      <a href={url} onClick={(e) => openFileFromClick(e, url)}>
        {t('media.openVideo')}
      </a>
    </video>
  );
}

export function AudioPlayer({ url, title }: { url: string; title: string }) {
  const src = useFileUrl(url);
  return <audio controls preload="metadata" src={src} className="w-full" aria-label={title} />;
}

export function PdfViewer({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const src = useFileUrl(url);
  return (
    <div className="space-y-3">
      {/* A PDF by URL may be any page: it may run its own viewer's scripts, but never navigate our tab, submit forms or open
          dialogs. Our own files come with a CSP of their own (sandboxed unless PDF) and never as HTML. */}
      <iframe
        src={src}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads"
        referrerPolicy="no-referrer"
        className="h-[70vh] w-full rounded-xl border border-slate-200 bg-white"
      />
      <Button asChild variant="outline" size="sm">
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={(e) => openFileFromClick(e, url)}>
          {t('media.openPdf')}
        </a>
      </Button>
    </div>
  );
}

/** Plain text keeps its line breaks. */
export function TextContent({ text }: { text: string }) {
  return <div className="max-w-prose text-base leading-relaxed break-words whitespace-pre-line text-slate-800">{text}</div>;
}

/**
 * Instructor-written HTML runs in a sandboxed frame with no scripts and no access to the
 * page, so a lesson can never act on the reader's session.
 */
export function HtmlContent({ html, title }: { html: string; title: string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>body{font-family:system-ui,sans-serif;line-height:1.6;color:#1e293b;margin:0;padding:1rem;word-wrap:break-word}img,video{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      sandbox=""
      srcDoc={doc}
      title={title}
      className="h-[50vh] min-h-64 w-full resize-y rounded-xl border border-slate-200 bg-white"
    />
  );
}
