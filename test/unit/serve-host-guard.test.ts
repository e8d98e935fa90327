import { describe, expect, it } from 'vitest';
import { createHostPolicy, isLoopback, parseHostHeader } from '../../src/dev/host-guard.ts';

describe('createHostPolicy', () => {
  const local = createHostPolicy({ listenHost: '127.0.0.1' });

  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['192.168.1.20', true], // an IP literal cannot be rebound: how --host 0.0.0.0 is reached on a LAN
    ['evil.example', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.evil.example', false],
    ['127.0.0.1.nip.io', false],
    ['localhost.', false],
    ['evil-localhost', false],
    ['', false],
  ])('on 127.0.0.1: %s -> %s', (hostname, allowed) => {
    expect(local.allowsHostname(hostname)).toBe(allowed);
  });

  it('answers the name it was told to listen on', () => {
    const named = createHostPolicy({ listenHost: 'devbox.local' });
    expect(named.allowsHostname('devbox.local')).toBe(true);
    expect(named.allowsHostname('devbox.local.evil.example')).toBe(false);
    expect(createHostPolicy({ listenHost: '[::1]' }).allowsHostname('::1')).toBe(true);
  });

  it('adds the names of --allowed-hosts, and a whole domain for a leading dot', () => {
    const policy = createHostPolicy({ listenHost: '127.0.0.1', allowedHosts: ['a.example', 'B.Example', '.team.example'] });
    expect(policy.allowsHostname('a.example')).toBe(true);
    expect(policy.allowsHostname('b.example')).toBe(true);
    expect(policy.allowsHostname('team.example')).toBe(true);
    expect(policy.allowsHostname('preview.team.example')).toBe(true);
    expect(policy.allowsHostname('sub.a.example')).toBe(false);
    expect(policy.allowsHostname('evilteam.example')).toBe(false);
    expect(policy.allowsHostname('evil.example')).toBe(false);
  });

  it('answers every name with --allowed-hosts all', () => {
    expect(createHostPolicy({ listenHost: '127.0.0.1', allowedHosts: 'all' }).allowsHostname('evil.example')).toBe(true);
  });
});

describe('parseHostHeader', () => {
  it.each([
    ['localhost:3000', { hostname: 'localhost', port: 3000 }],
    ['localhost', { hostname: 'localhost', port: 80 }],
    ['[::1]:3000', { hostname: '::1', port: 3000 }],
    ['127.0.0.1:4173', { hostname: '127.0.0.1', port: 4173 }],
  ])('%s -> %o', (value, parsed) => {
    expect(parseHostHeader(value)).toEqual(parsed);
  });

  it.each([undefined, '', '::1:3000', 'a:b:c', 'localhost:port'])('refuses %s', (value) => {
    expect(parseHostHeader(value)).toBeNull();
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
  ])('%s -> %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});
