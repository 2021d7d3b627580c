/**
 * The local stack's secrets stay off command lines: any local user reads every
 * process's arguments (`ps`, /proc/<pid>/cmdline), so the launcher hands the Worker and
 * the party server their secrets in files only this user can read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

const stack = inject('stack');

function commandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // The process ended meanwhile.
    }
  }
  return lines;
}

describe('the local stack', () => {
  it('puts no secret on the command line of any process it starts', () => {
    const lines = commandLines();
    const port = new URL(stack.url).port;
    const partyPort = stack.partyHost.split(':')[1]!;
    // This run's Worker and party server are among the processes looked at.
    expect(lines.some((l) => /wrangler/.test(l) && l.includes(`--port ${port}`))).toBe(true);
    expect(lines.some((l) => /partykit/.test(l) && l.includes(`--port ${partyPort}`))).toBe(true);
    for (const secret of [stack.jwtSecret, stack.internalSecret]) {
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});
