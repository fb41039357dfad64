/** The address the visitor used (without its query), as a proxy in front of the server saw it when one is trusted. */
export function pageUrl(requestUrl: string, forwardedProto: string | undefined, forwardedHost: string | undefined, trustProxy: boolean): string {
  const url = new URL(requestUrl);
  if (trustProxy && forwardedProto) url.protocol = `${forwardedProto.split(',')[0]!.trim()}:`;
  if (trustProxy && forwardedHost) url.host = forwardedHost.split(',')[0]!.trim();
  url.search = '';
  url.hash = '';
  return url.toString();
}
