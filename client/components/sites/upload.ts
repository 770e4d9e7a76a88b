import { SITE_ASSET_MAX_BYTES, SITE_ASSET_TYPES } from '../../../server/sites/schema';

/** What the upload route accepts, checked here first to spare a doomed upload (the server checks the bytes). */
export const IMAGE_TYPES = SITE_ASSET_TYPES;

/**
 * Stores an image for a site (`POST /api/sites/:siteId/assets`, the session cookie) and returns its
 * public address. Throws an Error whose message says what was wrong with the file.
 */
export async function uploadSiteImage(siteId: string, file: File): Promise<{ id: string; url: string }> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error('The image must be a PNG, JPEG, WebP or GIF file');
  if (file.size > SITE_ASSET_MAX_BYTES) throw new Error('The image must be 5 MB or smaller');
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/sites/${encodeURIComponent(siteId)}/assets`, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new Error('Could not reach the server. Check your connection and try again.');
  }
  const answer = (await response.json().catch(() => null)) as { id?: string; url?: string; message?: string; issues?: { path: string; message: string }[] } | null;
  if (!response.ok || !answer?.id || !answer.url) {
    const issue = answer?.issues?.[0];
    throw new Error(issue ? `${issue.path ? `${issue.path}: ` : ''}${issue.message}` : (answer?.message ?? `The upload failed (${response.status})`));
  }
  return { id: answer.id, url: answer.url };
}
