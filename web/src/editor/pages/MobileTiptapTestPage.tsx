/** /mobile-tiptap-test (spec document 3 §2.9): the same editor, toggling between the desktop and the mobile toolbar. */
import { useState } from 'react';
import { PersistedTestEditor } from './TiptapTestPage';

export default function MobileTiptapTestPage() {
  const [mobile, setMobile] = useState(true);
  return (
    <main className={`mx-auto space-y-3 p-3 ${mobile ? 'max-w-sm' : 'max-w-4xl'}`}>
      <h1 className="text-lg font-semibold">Mobile Tiptap test</h1>
      <button type="button" className="btn-ghost text-sm" aria-pressed={mobile} onClick={() => setMobile((m) => !m)}>
        {mobile ? 'Afficher la barre d’outils bureau' : 'Afficher la barre d’outils mobile'}
      </button>
      <PersistedTestEditor toolbar={mobile ? 'mobile' : 'desktop'} />
    </main>
  );
}
