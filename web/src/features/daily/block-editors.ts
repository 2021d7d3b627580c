/** The note's block editors: loaded once the stored blocks are on screen (DailyNotePage.tsx), in a chunk of their own with the editor. */
export { BlockEditor } from './BlockEditor';
export { LiveNoteBlocks } from './LiveNoteBlocks';
