/**
 * The type of an audio file read from its first bytes (Anki's `[sound:…]`
 * media), never from its name: the formats browsers play in an `<audio>` element.
 */
export type AudioType = 'audio/mpeg' | 'audio/ogg' | 'audio/wav' | 'audio/flac' | 'audio/mp4' | 'audio/webm';

const startsWith = (bytes: Uint8Array, text: string, at = 0) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export function sniffAudioType(bytes: Uint8Array): AudioType | null {
  // MP3: an ID3 tag, or an MPEG audio frame header (11 sync bits, layer III).
  if (startsWith(bytes, 'ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe6) === 0xe2)) return 'audio/mpeg';
  if (startsWith(bytes, 'OggS')) return 'audio/ogg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(bytes, 'fLaC')) return 'audio/flac';
  if (startsWith(bytes, 'ftyp', 4)) return 'audio/mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  return null;
}
