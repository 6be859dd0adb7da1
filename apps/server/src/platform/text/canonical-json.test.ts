import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from './canonical-json';

describe('canonicalJson', () => {
  it('writes the same value the same way, whatever the order of its keys', () => {
    const a = { b: 1, a: [{ y: 'é', x: null }], c: { e: true, d: 'x"y' } };
    const b = { c: { d: 'x"y', e: true }, a: [{ x: null, y: 'é' }], b: 1 };
    expect(canonicalJson(a)).toBe('{"a":[{"x":null,"y":"é"}],"b":1,"c":{"d":"x\\"y","e":true}}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it('hashes with SHA-256 in hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
