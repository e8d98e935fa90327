/**
 * What a server that cannot listen tells the user (serve.ts, listenError). A taken port and an
 * address the machine does not have are met for real in serve-command.test.ts; a port the user may
 * not open cannot be, where the tests run as root, so its error is made here from the errno Node gives.
 */
import { describe, expect, it } from 'vitest';
import { listenError } from '../../src/dev/serve.ts';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('listenError', () => {
  it('names a port this user may not open, and what to pass instead', () => {
    expect(listenError(failure('EACCES'), 80, '127.0.0.1').message).toBe(
      'Port 80 on 127.0.0.1 may not be opened by this user (ports below 1024 need special rights). Pass another one with --port, such as 4173.',
    );
  });

  it('names a port in use, and a host that is no address of this machine (also one that does not resolve)', () => {
    expect(listenError(failure('EADDRINUSE'), 4173, '127.0.0.1').message).toBe('Port 4173 on 127.0.0.1 is already in use. Stop the other server or pass another one with --port.');
    expect(listenError(failure('ENOTFOUND'), 0, 'dev.invalid').message).toMatch(/^--host dev\.invalid is not an address of this machine \(ENOTFOUND\)\. /);
  });

  it('leaves any other failure as it is: a bug, printed with its stack', () => {
    const other = failure('EINVAL');
    expect(listenError(other, 0, '127.0.0.1')).toBe(other);
  });
});
