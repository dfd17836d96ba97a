// Our own origins: the one the request reached and the public one Twilio and browsers are given.
export function isOwnOrigin(env: Env, requestUrl: string, origin: string): boolean {
  return origin === new URL(requestUrl).origin || origin === new URL(env.PUBLIC_BASE_URL).origin;
}
