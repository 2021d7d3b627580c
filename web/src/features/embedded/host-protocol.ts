/**
 * The embedded editor's side of the host-message protocol (spec document 3 §3, §4, §9):
 * webview-ready / editor-ready, content-changed every 3 s when the content changed and on
 * blur, set-content, get-content, save-content, keyboard-state-change (visible when the
 * viewport shrinks by more than 50 px), request-fullscreen / exit-fullscreen both ways,
 * concept-suggestions while a `[[` link is being typed. Tokens (auth-token,
 * request-auth-token) are handled by the auth provider. Only trusted origins are heard
 * (lib/native-bridge).
 */
import type { Editor } from '@tiptap/core';
import { useEffect, useRef, useState } from 'react';
import { contentToDoc } from '@domain/richtext';
import { onHostMessage, postToHost, type HostMessage } from '../../lib/native-bridge';

export const AUTO_SEND_MS = 3000;
export const KEYBOARD_THRESHOLD_PX = 50;
export const SAFE_AREA_OFFSET_PX = 10;
export const DEFAULT_BOTTOM_PADDING_PX = 60;

export interface KeyboardState {
  keyboardHeight: number;
  viewportHeight: number;
  windowHeight: number;
  isKeyboardOpen: boolean;
  safeAreaBottom: number;
  isFullscreen: boolean;
}

export function keyboardState(windowHeight: number, viewportHeight: number, isFullscreen: boolean): KeyboardState {
  const keyboardHeight = Math.max(0, Math.round(windowHeight - viewportHeight));
  return { keyboardHeight, viewportHeight: Math.round(viewportHeight), windowHeight: Math.round(windowHeight), isKeyboardOpen: keyboardHeight > KEYBOARD_THRESHOLD_PX, safeAreaBottom: SAFE_AREA_OFFSET_PX, isFullscreen };
}

/** Bottom padding that keeps the caret above the keyboard. */
export function bottomPadding(state: Pick<KeyboardState, 'isKeyboardOpen' | 'keyboardHeight' | 'safeAreaBottom'>): number {
  return state.isKeyboardOpen ? state.keyboardHeight + state.safeAreaBottom : DEFAULT_BOTTOM_PADDING_PX;
}

/** The `[[query` being typed just before the caret, if any. */
export function linkQueryBeforeCaret(textBefore: string): string | null {
  const match = /\[\[([^[\]\n]*)$/.exec(textBefore);
  return match ? match[1]! : null;
}

export interface HostBridge {
  fullscreen: boolean;
  setFullscreen(on: boolean): void;
  padding: number;
}

export function useHostBridge(editor: Editor | null, onSave: () => void): HostBridge {
  const [fullscreen, setFullscreenState] = useState(false);
  const [padding, setPadding] = useState(DEFAULT_BOTTOM_PADDING_PX);
  const lastSent = useRef<string | null>(null);
  const fullscreenRef = useRef(fullscreen);
  fullscreenRef.current = fullscreen;
  const saveRef = useRef(onSave);
  saveRef.current = onSave;

  useEffect(() => postToHost({ type: 'webview-ready' }), []);

  useEffect(() => {
    if (!editor) return;
    postToHost({ type: 'editor-ready' });
    lastSent.current = JSON.stringify(editor.getJSON());
    const sendContent = (force: boolean) => {
      const content = editor.getJSON();
      const json = JSON.stringify(content);
      if (!force && json === lastSent.current) return;
      lastSent.current = json;
      postToHost({ type: 'content-changed', content });
    };
    const timer = setInterval(() => sendContent(false), AUTO_SEND_MS);
    const onBlur = () => sendContent(false);
    window.addEventListener('blur', onBlur);

    const onUpdate = () => {
      const { from } = editor.state.selection;
      const query = linkQueryBeforeCaret(editor.state.doc.textBetween(Math.max(0, from - 200), from, '\n'));
      if (query !== null) postToHost({ type: 'concept-suggestions', query });
    };
    editor.on('update', onUpdate);

    const stop = onHostMessage((message: HostMessage) => {
      switch (message.type) {
        case 'set-content': {
          const doc = contentToDoc(message.content);
          editor.commands.setContent((doc as Parameters<typeof editor.commands.setContent>[0] | null) ?? '');
          lastSent.current = JSON.stringify(editor.getJSON());
          break;
        }
        case 'get-content':
          sendContent(true);
          break;
        case 'save-content':
          sendContent(true);
          saveRef.current();
          break;
        case 'keyboard-state-change':
          setPadding(bottomPadding({ isKeyboardOpen: message.isKeyboardOpen === true, keyboardHeight: Number(message.keyboardHeight) || 0, safeAreaBottom: Number(message.safeAreaBottom) || SAFE_AREA_OFFSET_PX }));
          break;
        case 'request-fullscreen':
          setFullscreenState(true);
          break;
        case 'exit-fullscreen':
          setFullscreenState(false);
          break;
      }
    });
    return () => {
      clearInterval(timer);
      window.removeEventListener('blur', onBlur);
      editor.off('update', onUpdate);
      stop();
    };
  }, [editor]);

  // The page's own view of the keyboard: the visual viewport shrinking.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    // The reading when the page opens: a later resize that does not change it (the padding
    // the host asked for bringing a scrollbar, say) is not a keyboard event.
    let open = keyboardState(window.innerHeight, viewport.height, fullscreenRef.current).isKeyboardOpen;
    const report = () => {
      const state = keyboardState(window.innerHeight, viewport.height, fullscreenRef.current);
      // Only a change of the page's own reading counts: any other resize (a bar appearing,
      // layout) must not undo the keyboard state the host reported.
      if (state.isKeyboardOpen === open) return;
      open = state.isKeyboardOpen;
      setPadding(bottomPadding(state));
      postToHost({ type: 'keyboard-state-change', ...state });
    };
    viewport.addEventListener('resize', report);
    return () => viewport.removeEventListener('resize', report);
  }, []);

  const setFullscreen = (on: boolean) => {
    setFullscreenState(on);
    postToHost({ type: on ? 'request-fullscreen' : 'exit-fullscreen' });
  };
  return { fullscreen, setFullscreen, padding };
}
