// A finished game's whole record on a fair table. The room keeps events=deal (only the current
// and the previous deal's events), and the table's record() carries the fair lines (commit,
// nonce, reveal) of the events kept: the last deals only (docs/tables.md, "Fair deals"). The
// room stores the fair lines of each change as it happens (ChangeRow.fair); completeRecord puts
// the missing ones back where the table would have written them (docs/records.md#fair-deals):
//
//   commit K and the nonce lines sent for it     just before deal K's `deal` line
//   reveal K                                     just before `commit K+1` (after hand K)
//
// The reader requires that once a record has a commit, every later deal has its own: so only a
// run of whole deals ending just before the record's first committed deal is put back (a deal
// whose lines were not all stored ends the run; everything before it stays without).

interface DealLines {
  commit?: string;
  nonces: string[];
  reveal?: string;
}

export const LOST = 'lost'; // a change whose fair lines could not be read: the deals before it are not put back

// Groups the stored lines (in the order they happened) by deal. Nonce lines belong to the
// latest commit before them. Everything before a LOST line is dropped.
export function dealsOf(lines: string[]): Map<number, DealLines> {
  let deals = new Map<number, DealLines>();
  let current = 0;
  const of = (k: number) => {
    let d = deals.get(k);
    if (!d) deals.set(k, (d = { nonces: [] }));
    return d;
  };
  for (const line of lines) {
    if (line === LOST) {
      deals = new Map();
      current = 0;
      continue;
    }
    const m = /^(commit|reveal) (\d+) /.exec(line);
    if (m) {
      const k = Number(m[2]);
      if (m[1] === 'commit') {
        of(k).commit = line;
        current = k;
      } else of(k).reveal = line;
    } else if (/^nonce \d+ /.test(line) && current > 0) of(current).nonces.push(line);
  }
  return deals;
}

// The record with the stored fair lines of its earlier deals put back. `stored`: every change's
// fair text in seq order (each one or more lines). Returns the record unchanged when nothing is
// missing (events=all, or a game of one or two deals).
export function completeRecord(record: string, stored: string[]): string {
  const lines = record.split('\n');
  const present = new Set(lines);
  let firstCommitted = 0; // the record's first deal with a commit line
  for (const l of lines) {
    const m = /^commit (\d+) /.exec(l);
    if (m) {
      firstCommitted = Number(m[1]);
      break;
    }
  }
  if (firstCommitted <= 1) return record; // whole already, or not a fair record
  const deals = dealsOf(stored.flatMap((s) => s.split('\n')).filter((l) => l !== ''));
  // The run of whole deals m..firstCommitted-1.
  let m = firstCommitted;
  while (m > 1) {
    const d = deals.get(m - 1);
    if (!d?.commit || !d.reveal) break;
    --m;
  }
  if (m === firstCommitted) return record;
  const out: string[] = [];
  let dealNo = 0;
  const add = (l: string | undefined) => {
    if (l !== undefined && !present.has(l)) out.push(l);
  };
  for (const l of lines) {
    if (/^deal /.test(l)) {
      const k = ++dealNo;
      if (k >= m && k < firstCommitted) {
        if (k > m) add(deals.get(k - 1)!.reveal);
        add(deals.get(k)!.commit);
        for (const n of deals.get(k)!.nonces) add(n);
      }
    } else if (l.startsWith(`commit ${firstCommitted} `)) {
      add(deals.get(firstCommitted - 1)!.reveal);
    }
    out.push(l);
  }
  return out.join('\n');
}

// The fair lines of table events (the spectator's stream): what ChangeRow.fair holds.
export function fairLines(events: { type: string; [k: string]: unknown }[]): string {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'commit') out.push(`commit ${e.deal} ${e.commitment}`);
    else if (e.type === 'nonce') out.push(`nonce ${e.seat} ${e.nonce}`);
    else if (e.type === 'reveal') out.push(`reveal ${e.deal} ${e.seed} ${e.salt}`);
  }
  return out.join('\n');
}
