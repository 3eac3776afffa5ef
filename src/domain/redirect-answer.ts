/**
 * A handler's answer that is a redirect (302 with this Location) instead of a JSON body. The location must be
 * built from the service's own data, never echoed from the request (no open redirect).
 */
export class RedirectAnswer {
  constructor(readonly location: string) {}
}
