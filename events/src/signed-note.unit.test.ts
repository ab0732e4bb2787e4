import { describe, expect, it } from 'vitest';
import {
  NoteError,
  checkpointText,
  generateSignerKey,
  openNote,
  parseCheckpoint,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  splitNotes,
  verifierKeyOf,
} from './signed-note';

/*
 * The reference key pair and note of golang.org/x/mod/sumdb/note (note_test.go), the implementation
 * the C2SP signed-note spec was written from. Ed25519 signatures are deterministic (RFC 8032), so a
 * correct signer reproduces the published note byte for byte.
 */
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const NOTE =
  TEXT +
  '\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';

describe('C2SP signed notes (Ed25519)', () => {
  it('derives the published verifier key and key ID from the signer key, and signs the note byte for byte', () => {
    const signer = parseSignerKey(SKEY);
    expect(verifierKeyOf(signer)).toBe(VKEY);
    expect(signer.keyId.toString('hex')).toBe('c74f20a3');
    expect(signNote(TEXT, signer)).toBe(NOTE);
  });

  it('opens the published note with the verifier key, and refuses it altered or under another key', () => {
    const verifier = parseVerifierKey(VKEY);
    expect(openNote(NOTE, verifier)).toBe(TEXT);
    expect(() => openNote(NOTE.replace('cryptography', 'cryptographY'), verifier)).toThrow(
      'The signature by the log key does not verify',
    );
    const other = parseVerifierKey(verifierKeyOf(parseSignerKey(generateSignerKey('PeterNeumann'))));
    expect(() => openNote(NOTE, other)).toThrow('The note is not signed by the log key');
    expect(() => openNote(TEXT, verifier)).toThrow(NoteError);
    expect(() => parseVerifierKey(VKEY.replace('c74f20a3', 'c74f20a4'))).toThrow('does not match');
  });

  it('signs and parses a tlog-checkpoint, and splits a file of saved notes', () => {
    const signer = parseSignerKey(generateSignerKey('panda.example/log'));
    const root = Buffer.alloc(32, 7);
    const a = signNote(checkpointText({ origin: 'panda.example/log', treeSize: 5, root }), signer);
    const b = signNote(checkpointText({ origin: 'panda.example/log', treeSize: 9, root }), signer);
    expect(a.split('\n').slice(0, 3)).toEqual(['panda.example/log', '5', root.toString('base64')]);
    expect(parseCheckpoint(openNote(a, signer))).toEqual({ origin: 'panda.example/log', treeSize: 5, root });
    expect(splitNotes(`${a}\n${b}\n\n`)).toEqual([a, b]);
    expect(() => parseCheckpoint('o\n05\nAAAA\n')).toThrow(NoteError);
    expect(() => splitNotes(`${a}o\n1\n`)).toThrow('no signature');
  });
});
