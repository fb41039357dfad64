/** Reading a request's conditions on a cached answer: its ETag still current, and gzip accepted. */

/** Whether an If-None-Match header names `etag` (strongly or weakly) or is `*`: the client's copy is current. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/i.test(acceptEncoding ?? '');
}
