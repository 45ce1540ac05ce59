/**
 * A ticket code with one character of its signature changed: a forgery that must be refused. The
 * character is in the middle of the signature, where each carries six of its bits, so the bytes
 * always differ. Replacing the last three characters with "AAA" did not always: they carry the
 * signature's top byte, which is often zero, and a CI run drew a code that already ended so (the
 * server rightly answered "already used" to the unaltered code).
 */
export function forgedCode(code: string): string {
  const at = code.lastIndexOf('.') + 10;
  return `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`;
}
