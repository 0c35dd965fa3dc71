// The --redis argument, checked before the server opens anything.
export function checkRedisUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--redis ${JSON.stringify(url)} is not a URL (use redis://host:port)`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new Error(`--redis ${u.protocol}// is not a Redis URL (use redis://host:port)`);
  if (!u.hostname) throw new Error('--redis needs a host (redis://host:port)');
  return url;
}
