import type { MouseEvent } from 'react';
import { identityRoutes } from '@lp/contracts';
import { API_BASE } from '../config/product';
import { callRoute } from './client';
import { useRouteQuery } from './route-hooks';

/**
 * Files the browser fetches by itself (a video's src, a PDF frame, a link opened in a new
 * tab) cannot carry the bearer header, and a token must never ride in a URL. Such a file
 * is opened with a download link: made for this one path and this session, for minutes.
 */
export async function downloadLink(path: string): Promise<string> {
  const { url } = await callRoute(identityRoutes.downloadLink, { body: { path } });
  return url;
}

const isOwnFile = (url: string) => url.startsWith(`${API_BASE}/`);

/** A media element's src: a link for the platform's own files (renewed before it ends), other addresses as given. */
export function useFileUrl(url: string): string | undefined {
  const own = isOwnFile(url);
  const link = useRouteQuery(
    identityRoutes.downloadLink,
    { body: { path: url } },
    // a link lasts 15 minutes: renew it well before, for a page left open
    { enabled: own, staleTime: 10 * 60_000, refetchInterval: 10 * 60_000, select: (answer) => answer.url },
  );
  return own ? link.data : url;
}

/**
 * Opens one of the platform's files in a new tab. The tab is opened at once, inside the
 * click (a pop-up blocker allows that), and sent to the link when it arrives.
 */
export async function openFile(url: string): Promise<void> {
  if (!isOwnFile(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  const tab = window.open('about:blank', '_blank');
  try {
    const link = await downloadLink(url);
    if (tab) {
      tab.opener = null;
      tab.location.href = link;
    } else window.location.assign(link);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** For an `<a href>` to one of the platform's files: the click opens it through a link. */
export function openFileFromClick(event: MouseEvent<HTMLAnchorElement>, url: string): void {
  if (!isOwnFile(url)) return;
  event.preventDefault();
  void openFile(url);
}
