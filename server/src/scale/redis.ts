// --redis redis://host:port[/db]: Colyseus's Redis presence (pub/sub between processes, seat
// reservations and remote room calls) and Redis driver (the room listing every process reads),
// so several server processes share rooms and matchmaking. Each process also needs the address
// clients reach it at (publicAddress), because a client's WebSocket must go to the process that
// hosts its room (docs/server.md, "Several processes").
import { RedisPresence } from '@colyseus/redis-presence';
import { RedisDriver } from '@colyseus/redis-driver';
import { checkRedisUrl } from './redis-url.js';

export { checkRedisUrl };

export function redisScaleOut(url: string): { presence: RedisPresence; driver: RedisDriver } {
  checkRedisUrl(url);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
