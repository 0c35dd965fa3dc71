// Fair deals (issue 22 item 4): before a deal the server publishes a commitment,
// SHA-256(salt || LE64(seed)), and after the hand reveals the seed and the salt; the browser
// checks the one against the other with Web Crypto. Seeds are unsigned 64-bit numbers written
// in decimal (or a number), salts and commitments hex.

const hexToBytes = (hex) => {
  if (typeof hex !== "string" || !/^([0-9a-fA-F]{2})*$/.test(hex)) throw new RangeError(`not hex: ${hex}`);
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
};
const bytesToHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// SHA-256(salt || LE64(seed)) as hex.
export async function commitmentOf(seed, saltHex) {
  const salt = hexToBytes(saltHex);
  const data = new Uint8Array(salt.length + 8);
  data.set(salt);
  new DataView(data.buffer).setBigUint64(salt.length, BigInt(seed), true);
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", data)));
}

// True when the revealed seed and salt give the commitment published before the deal.
export async function verifyReveal(commitment, reveal) {
  try {
    return (await commitmentOf(reveal.seed, reveal.salt)) === String(commitment).toLowerCase();
  } catch {
    return false;
  }
}

// A fresh nonce for a commitment: crypto-random bytes (32) as hex.
export function freshNonce(bytes = 32) {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

// The fair-deal lines of a record (docs/records.md "Fair deals"): "commit K HEX" before deal
// K, "reveal K SEED SALT" after it. Returns [{ deal, commitment, seed, salt }] in deal order.
export function fairDealsOfRecord(text) {
  const deals = new Map();
  const get = (k) => deals.get(k) ?? deals.set(k, { deal: k }).get(k);
  for (const line of text.split(/\r?\n/)) {
    let m = /^commit (\d+) ([0-9a-fA-F]{64})$/.exec(line.trim());
    if (m) get(Number(m[1])).commitment = m[2];
    m = /^reveal (\d+) (\d+) ([0-9a-fA-F]+)$/.exec(line.trim());
    if (m) Object.assign(get(Number(m[1])), { seed: m[2], salt: m[3] });
  }
  return [...deals.values()].sort((a, b) => a.deal - b.deal);
}

// Each deal of a record checked: [{ deal, commitment, seed, salt, ok }] (ok null: not revealed).
export async function verifyRecordDeals(text) {
  const deals = fairDealsOfRecord(text);
  for (const d of deals) d.ok = d.seed == null || d.commitment == null ? null : await verifyReveal(d.commitment, d);
  return deals;
}
