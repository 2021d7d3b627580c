import { describe, expect, it } from 'vitest';
import { decodeSavedBlockIds, decodeSavedMessage, encodeSavedMessage, noteRoomName, originAllowed, parseNoteRoomName, parseRoomName, roomName, sameSecret } from '../../worker/src/domain/room-protocol';

describe('room protocol', () => {
  it('names a room for its owner and concept, and reads the name back', () => {
    expect(roomName(7, 42)).toBe('u7-c42');
    expect(parseRoomName(roomName(7, 42))).toEqual({ userId: 7, conceptId: 42 });
    for (const bad of ['u7-c', 'x7-c42', 'u7-c42-extra', 'u-1-c2', '']) expect(parseRoomName(bad)).toBeNull();
  });

  it("names a daily note's room apart from a concept's, and carries the blocks' ids in its saved note", () => {
    expect(noteRoomName(7, 42)).toBe('u7-n42');
    expect(parseNoteRoomName(noteRoomName(7, 42))).toEqual({ userId: 7, noteId: 42 });
    expect(parseRoomName(noteRoomName(7, 42))).toBeNull();
    expect(parseNoteRoomName(roomName(7, 42))).toBeNull();
    expect(decodeSavedBlockIds(encodeSavedMessage('AQID', { abc: 3 }))).toEqual({ abc: 3 });
    expect(decodeSavedMessage(encodeSavedMessage('AQID', { abc: 3 }))).toBe('AQID');
    expect(decodeSavedBlockIds(encodeSavedMessage('AQID'))).toBeNull();
  });

  it("round-trips the room's saved note and ignores other frames", () => {
    expect(decodeSavedMessage(encodeSavedMessage('AQID'))).toBe('AQID');
    expect(decodeSavedMessage('{"type":"other","state_vector":"AQID"}')).toBeNull();
    expect(decodeSavedMessage('not json')).toBeNull();
    expect(decodeSavedMessage('null')).toBeNull();
  });

  it('matches a secret only when it is set and equal', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cre', 's3cret')).toBe(false);
    expect(sameSecret('s3creT', 's3cret')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });

  it('allows listed origins, and local hosts only in development', () => {
    const listed = { environment: 'production', allowedOrigins: 'https://a.example, https://b.example' };
    expect(originAllowed('https://b.example', listed)).toBe(true);
    expect(originAllowed('https://c.example', listed)).toBe(false);
    expect(originAllowed('http://127.0.0.1:8787', listed)).toBe(false);
    expect(originAllowed('http://127.0.0.1:8787', { environment: 'development' })).toBe(true);
    expect(originAllowed('http://localhost.evil.example', { environment: 'development' })).toBe(false);
  });
});
