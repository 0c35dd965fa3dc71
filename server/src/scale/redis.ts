// --redis redis://host:port[/db]: Colyseus's Redis presence (pub/sub between processes, seat
// reservations and remote room calls) and Redis driver (the room listing every process reads),
// so several server processes share rooms and matchmaking. Each process also needs the address
// clients reach it at (publicAddress), because a client's WebSocket must go to the process that
// hosts its room (docs/server.md, "Several processes").
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';

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

export function redisScaleOut(url: string): { presence: RedisPresence; driver: RedisDriver } {
  checkRedisUrl(url);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
