/**
 * A URL as it may appear in a log line: user name and password replaced, and query values that look like
 * secrets (key, token, secret, password, signature) masked. Anything that does not parse as a URL is
 * replaced whole, since it may be a credential typed in the wrong place.
 */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "[unparseable URL redacted]";
  }
  if (url.username !== "") url.username = "REDACTED";
  if (url.password !== "") url.password = "REDACTED";
  for (const name of [...url.searchParams.keys()]) {
    if (/key|token|secret|pass|sig|auth/i.test(name)) url.searchParams.set(name, "REDACTED");
  }
  return url.toString();
}
