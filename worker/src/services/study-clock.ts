/**
 * The time an answer is recorded at, and whether interval fuzz applies. Production always
 * uses the real clock and fuzz. Only when ENVIRONMENT is 'test' may a request carry
 * `x-test-now` (ms or ISO date) and `x-test-fuzz: off`, so API tests can replay answers
 * at chosen times and compare them with a pure ts-fsrs replay.
 */
export interface StudyClock {
  now: number;
  fuzz: boolean;
}

export function studyClock(environment: string | undefined, header: (name: string) => string | undefined): StudyClock {
  const real = { now: Date.now(), fuzz: true };
  if (environment !== 'test') return real;
  const given = header('x-test-now');
  const parsed = given === undefined ? NaN : /^\d+$/.test(given) ? Number(given) : Date.parse(given);
  return { now: Number.isFinite(parsed) ? parsed : real.now, fuzz: header('x-test-fuzz') !== 'off' };
}
